// A small TypeDoc plugin for the workbook's site. Markdown links between the workbook's files
// become links between pages:
// - a link to a source file opens the page that shows it (see prepare.mjs), not a raw copy;
// - a link to a folder holding a README opens that README's page;
// - a README page takes its title from its first heading instead of the file name.
// - the mermaid bundle is copied next to the site's own scripts, for docs/site/diagrams.js to load
//   on the pages that have a diagram.
import { copyFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Converter, ReflectionKind, RendererEvent } from "typedoc";

const require = createRequire(fileURLToPath(import.meta.url));

/** The text of a document's first `# ` heading, if any. */
function firstHeading(doc) {
  const text = (doc.content ?? []).map((part) => part.text ?? "").join("");
  const match = /^#\s+(.+)$/m.exec(text);
  return match ? match[1].replace(/`/g, "").trim() : null;
}

/** Registers the plugin. @param {import("typedoc").Application} app */
export function load(app) {
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
  app.renderer.on(RendererEvent.END, (event) => {
    copyFileSync(require.resolve("mermaid/dist/mermaid.min.js"), join(event.outputDirectory, "assets", "mermaid.min.js"));
  });
}
