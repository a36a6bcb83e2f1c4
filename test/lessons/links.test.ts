/**
 * Every relative link in the markdown the site is built from (lessons, exercises, docs/) must
 * point at a file that exists, or at a folder with a README (the site opens that README's page).
 * Web links and in-page anchors are not checked; the `#anchor` part of a file link is ignored.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PLAYGROUND_PAGE } from "../../playground/paths.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const LESSONS = join(ROOT, "lessons");
const SITE_SOURCES = [LESSONS, join(ROOT, "exercises"), join(ROOT, "docs")];

/** A part of a path that hides everything under it from the site. */
function skipped(part: string): boolean {
  return part === "node_modules" || part === "api" || part === "generated" || part.startsWith(".") || part.startsWith("_");
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((rel) => rel.endsWith(".md") && !rel.split(sep).some(skipped) && statSync(join(dir, rel)).isFile())
    .map((rel) => join(dir, rel))
    .sort();
}

/** The link targets of a markdown text: `[text](target)` and `[label]: target`, outside code fences. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  let inFence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(?:```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const withoutCode = line.replace(/`[^`]*`/g, "");
    for (const match of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1] ?? "");
    const reference = /^\s*\[[^\]]+\]:\s*(\S+)/.exec(withoutCode);
    if (reference !== null) targets.push(reference[1] ?? "");
  }
  return targets;
}

function isRelative(target: string): boolean {
  return target !== "" && !target.startsWith("#") && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("//");
}

// exercises/README.md is read in the repository, not on the site, and may point at folders.
const files = SITE_SOURCES.flatMap((dir) => markdownFiles(dir)).filter((f) => f !== join(ROOT, "exercises", "README.md"));

/** Link targets that a build writes (`npm run docs` builds the playground page before TypeDoc runs). */
const GENERATED = new Set([PLAYGROUND_PAGE]);

describe("links in the lessons, exercises and documents", () => {
  it("finds the lesson and exercise READMEs and the documents", () => {
    expect(files.filter((f) => f.startsWith(LESSONS)).length).toBeGreaterThanOrEqual(11);
    expect(files.some((f) => f.endsWith(join("docs", "landing.md")))).toBe(true);
    expect(files.some((f) => f.endsWith(join("exercises", "05-argument-processing", "README.md")))).toBe(true);
  });

  it("parses inline and reference links, skipping code", () => {
    const text = "see [a](../x.md#top) and `[no](nope.md)`\n```\n[no](fenced.md)\n```\n[ref]: ./y.ts\n[web](https://example.com)";
    expect(linkTargets(text)).toEqual(["../x.md#top", "./y.ts", "https://example.com"]);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))("%s: every relative link resolves", (_name, file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(file, "utf8")).filter(isRelative)) {
      const path = decodeURIComponent(target.split("#")[0]?.split("?")[0] ?? "");
      if (path === "") continue;
      const resolved = resolve(dirname(file), path);
      if (GENERATED.has(resolved)) continue;
      if (!existsSync(resolved)) broken.push(`${target} -> ${relative(ROOT, resolved)} (missing)`);
      else if (statSync(resolved).isDirectory() && !existsSync(join(resolved, "README.md"))) {
        broken.push(`${target} -> ${relative(ROOT, resolved)} (a folder without a README: link to a file in it)`);
      }
    }
    expect(broken, `broken links in ${relative(ROOT, file)}`).toEqual([]);
  });
});
