/**
 * Walks the HTML of the TypeDoc reference (built once per run, `shared-site.ts`): the build has no
 * warnings, every internal link and anchor resolves, and the pages instructors need exist.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { dirname, join, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedSite } from "./shared-site.js";

let out = "";
const messages: string[] = [];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => !entry.isDirectory() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  const build = await sharedSite();
  out = build.out;
  messages.push(...build.messages);
  expect(build.converted, "TypeDoc could not convert the project").toBe(true);
}, 300_000);

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

  it("links documents to documents and source files to their rendered pages, never to raw copies", () => {
    // The one file TypeDoc copies as it is: the built playground, a page of its own.
    expect(existsSync(join(out, "media")) ? readdirSync(join(out, "media")) : [], "files were copied raw into media/").toEqual(["playground.html"]);
    const lesson2 = readFileSync(join(out, "documents", "Lessons.02._The_tool_loader.html"), "utf8");
    expect(lesson2).toMatch(/href="Exercises\.Exercise_2_[^"]*\.html"/);
    expect(lesson2).toContain('href="Source_files.lessons_02-tool-loader_demo.ts.html"');
    expect(lesson2).toContain('href="Source_files.src_tools_loader.ts.html"');
    const exercise2Page = readdirSync(join(out, "documents")).find((f) => f.startsWith("Exercises.Exercise_2_"));
    expect(exercise2Page, "no page for exercise 2").toBeDefined();
    const exercise2 = readFileSync(join(out, "documents", exercise2Page ?? ""), "utf8");
    expect(exercise2, "an exercise's link to its lesson folder opens the lesson page").toContain('href="Lessons.02._The_tool_loader.html"');
    const demo = readFileSync(join(out, "documents", "Source_files.lessons_02-tool-loader_demo.ts.html"), "utf8");
    expect(demo).toContain("explainExport");
  });

  it("has one main heading on the landing page", () => {
    const landing = readFileSync(join(out, "index.html"), "utf8");
    expect(landing.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
  });

  it("loads the diagram script, and ships the mermaid bundle beside it", () => {
    const lesson5 = readFileSync(join(out, "documents", "Lessons.05._Argument_processing.html"), "utf8");
    expect(lesson5).toContain('src="../assets/custom.js"');
    expect(lesson5).toMatch(/<code class="mermaid">/);
    expect(existsSync(join(out, "assets", "mermaid.min.js"))).toBe(true);
  });

  it("renders the examples from docs/examples/ as code, with no include tag left as text", () => {
    const registry = readFileSync(join(out, "classes", "index.ToolRegistry.html"), "utf8");
    const registryText = registry
      .replace(/<[^<>]*>/g, "")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
    expect(registry).toContain('<pre><code class="ts">');
    expect(registryText).toContain("const signal = AbortSignal.timeout(10_000);");
    expect(registryText).toContain('registry.prepareCall("ReadFile", \'{"path": "x"}\').error?.content;');
    const leftAsText = htmlFiles(out)
      .filter((file) => !relative(out, file).startsWith(join("documents", "Source_files.")))
      .filter((file) => readFileSync(file, "utf8").includes("@includeCode"));
    expect(leftAsText.map((file) => relative(out, file))).toEqual([]);
  });

  it("groups the reference by system, in the order of the lessons, with nothing left over", () => {
    const index = readFileSync(join(out, "modules", "index.html"), "utf8");
    const headings = [...index.matchAll(/<h2[^>]*>(?:<[^>]*>)*([^<]+)</g)].map((m) => (m[1] ?? "").trim());
    expect(headings).toEqual([
      "Tool contract",
      "Loading tools",
      "Registry and arguments",
      "Schemas",
      "Agent runner",
      "Tool results",
      "Guards and refusals",
      "Security",
      "Providers",
      "MCP",
      "Testing",
      "Utilities",
    ]);
  });

  it("shows nothing internal and nothing deprecated", () => {
    expect(readFileSync(join(out, "classes", "index.ToolRegistry.html"), "utf8")).not.toContain("prepareForRun");
    const api = htmlFiles(out).filter((file) => !relative(out, file).startsWith("documents") && !relative(out, file).startsWith("media"));
    expect(api.filter((file) => /id="deprecated"|tsd-tag-deprecated/.test(readFileSync(file, "utf8"))).map((file) => relative(out, file))).toEqual([]);
  });

  it("finds the lessons and the exercises by their words, not only names", () => {
    // The search data: base64 of deflated JSON, rows (one per page or member) and a lunr index.
    const script = readFileSync(join(out, "assets", "search.js"), "utf8");
    const encoded = /"([a-z0-9+/=]+)"/i.exec(script)?.[1] ?? "";
    const data = JSON.parse(inflateSync(Buffer.from(encoded, "base64")).toString("utf8")) as {
      rows: { url: string }[];
      index: { invertedIndex: [string, Record<string, unknown>][] };
    };
    /** The pages whose indexed text holds `term` (a term as lunr stores it: lower case, stemmed). */
    const pagesWith = (term: string): string[] => {
      const entry = data.index.invertedIndex.find(([t]) => t === term)?.[1] ?? {};
      const refs = Object.entries(entry).flatMap(([field, value]) => (field === "_index" ? [] : Object.keys(value as object)));
      return [...new Set(refs.map((ref) => data.rows[Number(ref)]?.url ?? ""))];
    };
    expect(pagesWith("unwrap")).toContain("documents/Lessons.05._Argument_processing.html");
    expect(pagesWith("grade")).toContain("documents/Instructor_s_guide.html");
    expect(pagesWith("stdio")).toContain("documents/Lessons.09._Tool,_Skill_and_MCP.html");
  });

  it("leaves the search index to the site's script on every page: its tag keeps its id, with the address in data-src", () => {
    const tag = /<script[^>]*id="tsd-search-script"[^>]*>/;
    // media/ holds files the pages link to (the playground), not pages of the site.
    const pages = htmlFiles(out).filter((file) => !relative(out, file).startsWith("media"));
    const wrong = pages.flatMap((file) => {
      const html = readFileSync(file, "utf8");
      const found = tag.exec(html)?.[0] ?? "";
      const depth = relative(out, file).split(/[\\/]/).length - 1;
      const wanted = `<script data-src="${"../".repeat(depth)}assets/search.js" id="tsd-search-script">`;
      return found === wanted && !/\bsrc="[^"]*search\.js"/.test(html.replace(wanted, "")) ? [] : [`${relative(out, file)}: ${found || "no tag"}`];
    });
    expect(wrong).toEqual([]);
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
          // Icons come from the icon set that assets/icons.js adds to every page.
          const text = id.startsWith("icon-") && pathPart === "" ? read(join(out, "assets", "icons.js")) : read(target);
          if (!text.includes(`id="${id}"`) && !text.includes(`name="${id}"`)) {
            broken.push(`${relative(out, file)} -> ${href} (no anchor)`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
