// A small TypeDoc plugin for the workbook's site. Markdown links between the workbook's files
// become links between pages:
// - a link to a source file opens the page that shows it (see prepare.mjs), not a raw copy;
// - a link to a folder holding a README opens that README's page;
// - a README page takes its title from its first heading instead of the file name.
// - the mermaid bundle is copied next to the site's own scripts, for docs/site/diagrams.js to load
//   on the pages that have a diagram. It is the one-file "tiny" build of mermaid (@mermaid-js/tiny,
//   2.5 MB, no dependencies: flowcharts and sequence diagrams, all the workbook draws), not the full
//   package, whose 85 MB and dependencies every learner would install for this one file.
// - every icon is taken from the page's own icon set, so a page opened from disk (file://) has its
//   icons too;
// - each export is filed under the system its source file belongs to (categories.mjs), so the
//   reference is grouped by system, in the order of the lessons;
// - a section heading that folds (a <summary>) loses its permalink icon: a link inside the control
//   that folds the section is a control inside a control. The heading keeps its id, so links to the
//   section still work, and the page's "On This Page" list links to it.
// - the search index (assets/search.js, half a megabyte that TypeDoc's script unpacks as each page
//   loads) is read only when the reader opens the search: its <script> keeps its place and id, with
//   the address in data-src, and docs/site/diagrams.js sets src then.
import { copyFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Comment, CommentTag, Converter, PageEvent, ReflectionKind, RendererEvent } from "typedoc";
import { categoryOf } from "./categories.mjs";

const require = createRequire(fileURLToPath(import.meta.url));

/** The text of a document's first `# ` heading, if any. */
function firstHeading(doc) {
  const text = (doc.content ?? []).map((part) => part.text ?? "").join("");
  const match = /^#\s+(.+)$/m.exec(text);
  return match ? match[1].replace(/`/g, "").trim() : null;
}

/**
 * `html` without the permalinks (`<a … class="tsd-anchor-icon">…</a>`) that sit inside a
 * `<summary>`. One pass over the text with `indexOf`, so its cost grows with the page's length.
 */
export function withoutPermalinksInSummaries(html) {
  let out = "";
  let at = 0;
  for (;;) {
    const open = html.indexOf("<summary", at);
    if (open === -1) break;
    const close = html.indexOf("</summary>", open);
    if (close === -1) break;
    out += html.slice(at, open);
    let summary = html.slice(open, close);
    let cut = "";
    let from = 0;
    for (;;) {
      const anchor = summary.indexOf("<a ", from);
      if (anchor === -1) break;
      const end = summary.indexOf("</a>", anchor);
      const tagEnd = summary.indexOf(">", anchor);
      if (end === -1 || tagEnd === -1) break;
      cut += summary.slice(from, anchor);
      // Only the permalink icon goes; any other link is left for the browser test to find.
      if (summary.slice(anchor, tagEnd).includes("tsd-anchor-icon")) from = end + 4;
      else {
        cut += summary.slice(anchor, end + 4);
        from = end + 4;
      }
    }
    summary = cut + summary.slice(from);
    out += summary;
    at = close;
  }
  return out + html.slice(at);
}

/**
 * `html` with every icon taken from the page's own icon set (`href="#icon-…"`, which TypeDoc's
 * icons.js adds to each page) instead of `assets/icons.svg`: a page opened from disk may not read
 * another file's icons, and a browser reports each refused icon as an error.
 */
export function withLocalIcons(html) {
  return html.replace(/href="(?:\.\.\/)*assets\/icons\.svg#/g, 'href="#');
}

/** TypeDoc's tag for the search index, as it writes it on every page. */
const SEARCH_SCRIPT = /<script async src="((?:\.\.\/)*assets\/search\.js)" id="tsd-search-script"><\/script>/;

/**
 * `html` with the search index's `<script>` left without `src`: the address goes to `data-src`,
 * for the site's script to load when the reader opens the search. A page without that tag is
 * returned as it is.
 */
export function withSearchOnDemand(html) {
  return html.replace(SEARCH_SCRIPT, '<script data-src="$1" id="tsd-search-script"></script>');
}

/**
 * Files each top-level export under its system with a `@category` tag, unless it has one; the
 * category plugin, which runs after, then groups by it.
 * @param {import("typedoc").Context} context
 */
function fileBySystem(context) {
  const project = context.project;
  const topLevel = project.getReflectionsByKind(ReflectionKind.SomeExport).filter((r) => r.parent === project || r.parent?.kindOf(ReflectionKind.SomeModule));
  for (const reflection of topLevel) {
    const file = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile().fileName;
    const category = file === undefined ? null : categoryOf(file);
    if (category === null) continue;
    const signature = reflection.signatures?.[0];
    const comment = reflection.comment ?? signature?.comment ?? (reflection.comment = new Comment());
    if (comment.blockTags.some((tag) => tag.tag === "@category")) continue;
    comment.blockTags.push(new CommentTag("@category", [{ kind: "text", text: category }]));
  }
}

/** Registers the plugin. @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, fileBySystem);
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const project = context.project;
    for (const doc of project.getReflectionsByKind(ReflectionKind.Document)) {
      const path = project.files.getReflectionPath(doc);
      if (path === undefined) continue;
      const source = doc.frontmatter?.source;
      // A source page lives in docs/generated/source/; its `source` is relative to the repository.
      if (typeof source === "string") project.files.registerReflectionPath(resolve(dirname(path), "../../..", source), doc);
      if (/(^|[\\/])README\.md$/i.test(path)) {
        // Links to a folder may be written with or without the trailing slash.
        project.files.registerReflectionPath(dirname(path), doc);
        project.files.registerReflectionPath(`${dirname(path)}/`, doc);
        if (doc.name === "README") doc.name = firstHeading(doc) ?? doc.name;
      }
    }
  });
  app.renderer.on(PageEvent.END, (page) => {
    if (typeof page.contents === "string") page.contents = withSearchOnDemand(withLocalIcons(withoutPermalinksInSummaries(page.contents)));
  });
  app.renderer.on(RendererEvent.END, (event) => {
    copyFileSync(require.resolve("@mermaid-js/tiny"), join(event.outputDirectory, "assets", "mermaid.min.js"));
  });
}
