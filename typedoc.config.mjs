// The API reference and the lessons as one site: `npm run docs` builds it into docs/api/.
// docs/site/prepare.mjs first writes docs/generated/ (a page for each source file the documents
// link to); docs/site/plugin.mjs turns the documents' links to files and folders into links to
// pages; docs/site/diagrams.js draws the mermaid diagrams in the browser, offline, each with a text
// version; docs/site/site.css adjusts TypeDoc's theme to WCAG 2.1 AA in light and dark.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { OptionDefaults } from "typedoc";
import { CATEGORIES } from "./docs/site/categories.mjs";
import { prepareSite } from "./docs/site/prepare.mjs";

const root = dirname(fileURLToPath(import.meta.url));
prepareSite(root);

/** @type {Partial<import("typedoc").TypeDocOptions>} */
const config = {
  entryPoints: ["src/index.ts"],
  tsconfig: "docs/tsconfig.json",
  out: "docs/api",
  name: "Tool calling workbook",
  readme: "docs/landing.md",
  projectDocuments: [
    "docs/lessons.md",
    "docs/exercises.md",
    "docs/architecture.md",
    "docs/fidelity.md",
    "docs/instructor-guide.md",
    "docs/course-plan.md",
    "docs/authoring.md",
    "docs/peers.md",
    "docs/generated/source.md",
  ],
  plugin: [join(root, "docs/site/plugin.mjs")],
  customJs: join(root, "docs/site/diagrams.js"),
  customCss: join(root, "docs/site/site.css"),
  favicon: join(root, "docs/site/favicon.svg"),
  treatWarningsAsErrors: true,
  treatValidationWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, rewrittenLink: true, notDocumented: true, unusedMergeModuleWith: true },
  excludePrivate: true,
  excludeInternal: true,
  githubPages: false,
  hideGenerator: true,
  disableSources: true,
  sort: ["kind", "instance-first", "alphabetical-ignoring-documents"],
  // Grouped by system (docs/site/categories.mjs files each export by its source folder), in the
  // order of the lessons; within a system, by kind.
  categorizeByGroup: false,
  categoryOrder: [...CATEGORIES.map(([name]) => name), "*"],
  navigation: { includeCategories: true, includeGroups: false },
  // Search finds the lessons and exercises by their words ("unwrap", "grade"), and the API by what
  // its comments say, not by names alone.
  searchInDocuments: true,
  searchInComments: true,
  ignoredHighlightLanguages: ["mermaid"],
  // TypeDoc's own languages, and PowerShell: every command a document gives for a POSIX shell only
  // is given for Windows PowerShell too.
  highlightLanguages: [...OptionDefaults.highlightLanguages, "powershell"],
  // An `@example` holds `{@includeCode docs/examples/<file>.ts#<region>}`: code that tsc checks.
  // Without this, TypeDoc would show an example that has no code fence as raw text in a code block.
  jsDocCompatibility: { exampleTag: false },
  logLevel: "Warn",
};
export default config;
