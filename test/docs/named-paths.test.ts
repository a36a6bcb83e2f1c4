/**
 * Every repository path that prose names exists: in code comments, hints, READMEs, lessons and doc
 * pages (`named-paths.ts` says what counts as a path). The site's link check covers links; this
 * covers the paths written as text, which go stale unseen when a file moves.
 */
import { describe, expect, it } from "vitest";
import { ROOT } from "./root.js";
import { allNamedPaths, namedPaths } from "./named-paths.js";

/**
 * Paths written as examples of what a user writes, not as files of the workbook: each with the
 * file that writes it and why it is not there.
 */
const EXAMPLES: readonly { file: string; written: string; why: string }[] = [
  { file: "src/tools/loader.ts", written: "./path/module.js", why: "the form of a plugin manifest's entry" },
  { file: "src/tools/plugin-manifest.ts", written: "./path/module.js", why: "the form of a plugin manifest's entry" },
  { file: "src/tools/plugin-manifest.ts", written: "./path/to/module.js", why: "the form of a plugin manifest's entry" },
  { file: "test/structure/import-graph.ts", written: "./x.js", why: "the form of a relative import specifier" },
  { file: "test/structure/unused-exports.test.ts", written: "./x.js", why: "the form of a dynamic import" },
  { file: "exercises/_cli/pristine-tests.ts", written: "./_support/tools.js", why: "an import as a test file writes it, read from the copy's folder" },
  { file: "exercises/_cli/typecheck.ts", written: "./helper.js", why: "the form of a relative import specifier" },
  { file: "exercises/_cli/typecheck.ts", written: "./x.js", why: "the form of a relative import specifier" },
  { file: "test/proof/typecheck-cache.test.ts", written: "./g.d.ts", why: "a triple-slash reference in a test's sample text" },
  { file: "docs/instructor-guide.md", written: "test/exercises/_oracle/", why: "a folder of the Classroom template only (npm run template)" },
  { file: "docs/instructor-guide.md", written: "exercises/_cli/pristine-tests/test/exercises/_oracle/", why: "a folder of the Classroom template only" },
  { file: "exercises/_cli/template-plan.ts", written: "test/exercises/_oracle/", why: "a folder of the Classroom template only" },
  { file: "docs/authoring.md", written: "exercises/10-double", why: "the guide's example exercise, added in a scratch copy by test/proof/authoring.test.ts" },
  { file: "docs/authoring.md", written: "test/exercises/10-double.test.ts", why: "the guide's example exercise's test, in the scratch copy only" },
  { file: "docs/authoring.md", written: "exercises/_cli/pristine/10-double/double.ts.txt", why: "the guide's example exercise's stub copy, in the scratch copy only" },
];

const isExample = (file: string, written: string): boolean => EXAMPLES.some((e) => e.file === file && e.written === written);

describe("the paths that prose names", () => {
  const named = allNamedPaths(ROOT);

  it("every repository path named in a code comment, a hint, a README or a doc page exists", () => {
    const missing = named.filter((n) => !n.exists && !isExample(n.file, n.written)).map((n) => `${n.file}: ${n.written}`);
    expect(missing, "a file moved or was renamed: name it as it is now").toEqual([]);
  });

  it("every path kept as an example is still written where the list says, and still names no file", () => {
    const stale = EXAMPLES.filter((e) => !named.some((n) => n.file === e.file && n.written === e.written && !n.exists));
    expect(stale).toEqual([]);
  });

  it("reads paths from the root and, in code comments, relative paths; skips placeholders and URLs", () => {
    const code = [
      "// See `src/util/python-space.ts` and ./root.js, not exercises/NN-slug/<file>.ts.",
      "/* `lessons/05-…` and https://github.com/HKUDS/nanobot/blob/main/x.py */",
      'const s = "src/not/in/a/comment.ts";',
    ].join("\n");
    expect(namedPaths("src/schema/fan-out.ts", code).map((n) => n.path)).toEqual(["src/util/python-space.ts", "src/schema/root.js"]);
    const markdown = "Open `docs/architecture.md` or ../secret.txt; `test/**/*.test.ts` runs.";
    expect(namedPaths("lessons/07-errors-as-results/README.md", markdown).map((n) => n.path)).toEqual(["docs/architecture.md"]);
  });
});
