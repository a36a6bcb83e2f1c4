/**
 * Builds the TypeDoc reference into a temporary folder and walks the generated HTML: the build has
 * no warnings, every internal link and anchor resolves, and the pages instructors need exist.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "./build-site.js";

let out = "";
const messages: string[] = [];

function htmlFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...htmlFiles(path));
    else if (entry.endsWith(".html")) files.push(path);
  }
  return files;
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "workbook-docs-"));
  const build = await buildSite(out);
  messages.push(...build.messages);
  expect(build.converted, "TypeDoc could not convert the project").toBe(true);
}, 300_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

describe("the API reference", () => {
  it("builds with no warnings or errors", () => {
    expect(messages).toEqual([]);
  });

  it("has pages for the main classes and every lesson", () => {
    const files = htmlFiles(out).map((f) => relative(out, f));
    for (const cls of ["ToolRegistry", "ToolLoader", "AgentRunner", "Tool"]) {
      const page = files.find((f) => f.startsWith("classes") && new RegExp(`(^|[/.])${cls}\\.html$`).test(f));
      expect(page, `no page for ${cls}`).toBeDefined();
    }
    const lessonPages = files.filter((f) => f.startsWith("documents") && /Lessons\./.test(f));
    expect(lessonPages.length, "no lesson pages under documents/").toBeGreaterThanOrEqual(12);
  });

  it("has no broken internal link or anchor", () => {
    const broken: string[] = [];
    const cache = new Map<string, string>();
    const read = (path: string): string => {
      let text = cache.get(path);
      if (text === undefined) {
        text = readFileSync(path, "utf8");
        cache.set(path, text);
      }
      return text;
    };
    for (const file of htmlFiles(out)) {
      const html = read(file);
      for (const match of html.matchAll(/\shref="([^"]*)"/g)) {
        const href = (match[1] ?? "").replace(/&amp;/g, "&");
        if (href === "" || /^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
        const [pathPart = "", anchor] = href.split("#");
        const target = pathPart === "" ? file : resolve(dirname(file), decodeURIComponent(pathPart));
        if (!existsSync(target)) {
          broken.push(`${relative(out, file)} -> ${href} (no such file)`);
          continue;
        }
        if (anchor && target.endsWith(".html")) {
          const id = decodeURIComponent(anchor);
          const text = read(target);
          if (!text.includes(`id="${id}"`) && !text.includes(`name="${id}"`)) {
            broken.push(`${relative(out, file)} -> ${href} (no anchor)`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
