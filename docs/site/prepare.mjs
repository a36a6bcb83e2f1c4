// Prepares what the TypeDoc build needs besides the sources: a page for every source file a
// document links to (so a link to `demo.ts` or `src/tools/loader.ts` opens a readable page, not a
// raw copy). Run by typedoc.config.mjs before every build.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** The folders whose markdown becomes pages of the site. */
const DOCUMENT_DIRS = ["docs", "lessons", "exercises"];

/** The markdown files of the site, relative to `root`. */
export function documentFiles(root) {
  const skipped = (part) => part === "node_modules" || part.startsWith(".") || part.startsWith("_") || part === "api" || part === "generated";
  const found = [];
  for (const dir of DOCUMENT_DIRS) {
    if (!existsSync(join(root, dir))) continue;
    for (const rel of readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })) {
      const parts = rel.split(sep);
      // At most two folders deep, e.g. lessons/05-argument-processing/README.md.
      if (parts.length > 3 || parts.some(skipped) || !rel.endsWith(".md")) continue;
      const path = join(root, dir, rel);
      if (!statSync(path).isDirectory()) found.push(relative(root, path));
    }
  }
  // The exercises' own overview is read in the repository, not on the site.
  // The site shows docs/*.md and the README of each lesson and exercise; the exercises' overview and
  // hint files are read in the repository.
  return found
    .map((file) => file.split(sep).join("/"))
    .filter((file) => file.startsWith("docs/") || (file.endsWith("/README.md") && file !== "exercises/README.md"))
    .sort();
}

/** Relative link targets of a markdown text, outside code fences and inline code. */
export function relativeLinks(markdown) {
  const targets = [];
  let inFence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const text = line.replace(/`[^`]*`/g, "");
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] ?? "";
      if (target === "" || target.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      targets.push(decodeURIComponent(target.split("#")[0] ?? ""));
    }
  }
  return targets.filter((t) => t !== "");
}

/** The source files (not markdown, not folders) that the site's documents link to, relative to `root`. */
export function linkedSourceFiles(root) {
  const files = new Set();
  for (const doc of documentFiles(root)) {
    const abs = join(root, doc);
    for (const target of relativeLinks(readFileSync(abs, "utf8"))) {
      const linked = resolve(dirname(abs), target);
      // A page of its own (the built playground) is opened as it is: TypeDoc copies it into the site.
      if (!existsSync(linked) || statSync(linked).isDirectory() || linked.endsWith(".md") || linked.endsWith(".html")) continue;
      const rel = relative(root, linked);
      if (rel.startsWith("..")) continue;
      files.add(rel.split(sep).join("/"));
    }
  }
  return [...files].sort();
}

/** The highlighting of a source page by the file's extension; any other file is shown as plain text (TypeDoc would otherwise read it as TypeScript). */
const LANGUAGES = { ts: "ts", mts: "ts", js: "js", mjs: "js", json: "json", sh: "sh" };

/** The markdown page that shows one source file. */
export function sourcePage(root, file) {
  const text = readFileSync(join(root, file), "utf8");
  const ext = file.split(".").pop() ?? "";
  let fence = "```";
  while (text.includes(fence)) fence += "`";
  return [
    "---",
    `title: ${JSON.stringify(file)}`,
    `source: ${JSON.stringify(file)}`,
    "---",
    "",
    `# ${file}`,
    "",
    `The file \`${file}\` of the workbook, as this reference was built from it. Open it in your editor to change it.`,
    "",
    `${fence}${LANGUAGES[ext] ?? "text"}`,
    text.replace(/\n$/, ""),
    fence,
    "",
  ].join("\n");
}

/** The page name of a source file's view: `src/tools/loader.ts` -> `src--tools--loader.ts.md`. */
export function sourcePageName(file) {
  return `${file.split("/").join("--")}.md`;
}

/**
 * Writes `text` to `path` unless it already holds it, through a temporary file and a rename, so a
 * build running at the same time (the docs tests run two) never reads a half-written page.
 */
function writeIfChanged(path, text) {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return;
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/**
 * Writes `docs/generated/`: one page per linked source file under `source/`, and their parent
 * page `source.md`. Returns the parent page.
 */
export function prepareSite(root) {
  const out = join(root, "docs", "generated");
  mkdirSync(join(out, "source"), { recursive: true });
  const files = linkedSourceFiles(root);
  const pages = new Set(files.map(sourcePageName));
  for (const stale of readdirSync(join(out, "source"))) if (!pages.has(stale) && !stale.endsWith(".tmp")) rmSync(join(out, "source", stale), { force: true });
  for (const file of files) writeIfChanged(join(out, "source", sourcePageName(file)), sourcePage(root, file));
  const index = [
    "---",
    "title: Source files",
    "children:",
    ...files.map((file) => `  - ./source/${sourcePageName(file)}`),
    "---",
    "",
    "# Source files",
    "",
    "The source files that the lessons and exercises link to, shown as they are in the repository.",
    "The API of `src/` is documented in full on the pages of its classes and functions.",
    "",
    ...files.map((file) => `- [${file}](./source/${sourcePageName(file)})`),
    "",
  ].join("\n");
  writeIfChanged(join(out, "source.md"), index);

  return { sourceIndex: join(out, "source.md") };
}
