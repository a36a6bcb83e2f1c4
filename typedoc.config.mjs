// The API reference for instructors: `npm run docs` builds it into docs/api/.
/** @type {Partial<import("typedoc").TypeDocOptions>} */
const config = {
  entryPoints: ["src/index.ts"],
  tsconfig: "docs/tsconfig.json",
  out: "docs/api",
  name: "Tool calling workbook",
  readme: "docs/landing.md",
  projectDocuments: ["docs/lessons.md", "docs/architecture.md", "docs/instructor-guide.md", "docs/peers.md"],
  treatWarningsAsErrors: true,
  treatValidationWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, rewrittenLink: true, notDocumented: true, unusedMergeModuleWith: true },
  excludePrivate: true,
  excludeInternal: true,
  githubPages: false,
  hideGenerator: true,
  disableSources: true,
  sort: ["kind", "instance-first", "alphabetical-ignoring-documents"],
  navigation: { includeCategories: false, includeGroups: true },
  ignoredHighlightLanguages: ["mermaid"],
  logLevel: "Warn",
};
export default config;
