/**
 * `npm run template -- <out-dir>`: the Classroom template, made in a temporary folder, holds no
 * `solutions/` and no file that reads the worked answers apart from the exercise tests, whose
 * oracle it keeps aside (and says so); there `npm run exercise 1` checks the stub,
 * `npm run exercise 1 -- --solution` says the worked answers are not in this copy, and a grade of
 * an answer copied from the oracle passes, with no copied-answer flag in the learner's JSON. It holds none of the instructor's material
 * (the guides, the commands that make the template and grade a class), neither as files nor as pages
 * of its site; no kept Markdown file links to a file that is not there; the authors' commands say
 * they are not in this copy, without a stack trace; and its tests are not "changed" when the
 * workbook's grader reads them. A non-empty folder, and a folder inside the workbook, are refused.
 * Its Markdown holds none of the passages the workbook marks as for its authors alone, and the
 * workbook's markers are paired and inline.
 *
 * Its scripts, with the learner install
 * (`npm ci --omit=dev`, built here from `package-lock.json` as links into the workbook's
 * `node_modules/`, `learner-install-links.ts`), each runs a file of the copy or a command that install
 * has, type-checks with TypeScript 5, or says in one line that it needs the full install. Its README lists only the
 * commands of the copy. The workbook's own `npm run template`, with the learner install (no
 * Prettier), says in one line that it needs the full install. The reports the guides write with `--out` are ignored by git.
 *
 * That the copy's own lint and format check pass with the full install, and its type check with
 * TypeScript 5 in the learner install, are a lint, a format check and a type check:
 * `npm run check:template` (`check-template.ts`) proves them, run by `npm run check` and so by CI.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fc from "fast-check";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { learnerInstall } from "./learner-install-links.js";
import { changedTests, pristineTestFiles, pristineTestText, sameTest } from "../../exercises/_cli/pristine-tests.js";
import { templateTargetProblem } from "../../exercises/_cli/template-copy.js";
import { AUTHORS_ONLY_CLOSE, AUTHORS_ONLY_OPEN, authorsOnlyProblem, withoutAuthorsOnly } from "../../exercises/_cli/template-markers.js";
import {
  AUTHORS_COMMANDS,
  deeperImports,
  devOnlyPackages,
  INSTALLED_SCRIPT,
  INSTRUCTOR_DOCS,
  isGradedExerciseTest,
  learnerPackageJson,
  learnerReadme,
  NOT_IN_COPY_SCRIPT,
  notInCopyScripts,
  QUIET_MODULES,
  templatePlan,
  toOracleImports,
  unlinkLeftOut,
  withoutDocuments,
} from "../../exercises/_cli/template-plan.js";

let base: string;
let out: string;
let made: { status: number | null; stdout: string };

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(args: readonly string[], cwd: string = out): { status: number | null; output: string } {
  const result = spawnSync(npm, [...args], {
    cwd,
    encoding: "utf8",
    shell: process.platform === "win32",
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", CI: "", GITHUB_ACTIONS: "" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Every file under `dir`, relative, `/`-separated; `node_modules/` skipped. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split("\\")
        .join("/"),
    )
    .filter((file) => !file.startsWith("node_modules/"));
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "workbook-template-"));
  out = join(base, "course");
  const result = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "exercises", "_cli", "template.ts"), out], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, INIT_CWD: ROOT },
  });
  made = { status: result.status, stdout: result.stdout };
  // The full install: each installed package linked. The caches stay the copy's own: the launcher
  // compiles the copy's CLI into node_modules/.cache/, which must not replace the workbook's while
  // other test files run it.
  mkdirSync(join(out, "node_modules"));
  for (const name of readdirSync(join(ROOT, "node_modules")))
    if (name !== ".cache" && name !== ".vite") symlinkSync(join(ROOT, "node_modules", name), join(out, "node_modules", name), "junction");
}, 300_000);

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("the Classroom template", () => {
  it("is written, and says what it left out and which answers it keeps as the oracle", () => {
    expect(made.status, made.stdout).toBe(0);
    expect(made.stdout).toContain("Left out:");
    expect(made.stdout).toMatch(/solutions\/ \(\d+ files\): the worked answers/);
    expect(made.stdout).toContain("test/exercises/_oracle/");
    expect(made.stdout).toContain("readable by whoever opens it");
  });

  it("holds no solutions/, no self-check answer, and no file but the CLI and prose that names the worked answers' folder", () => {
    const files = filesUnder(out);
    expect(existsSync(join(out, "solutions"))).toBe(false);
    expect(files.filter((file) => file.includes("self-check-answers"))).toEqual([]);
    const tracked = execFileSync("git", ["-C", ROOT, "ls-files"], { encoding: "utf8" })
      .split("\n")
      .filter((f) => f !== "");
    for (const file of files) expect(tracked.includes(file) || file.includes("/_oracle/"), `${file} is tracked or the oracle`).toBe(true);
    const naming = files.filter(
      (file) =>
        /\.(?:[cm]?ts|[cm]?js|txt)$/.test(file) &&
        !file.startsWith("exercises/_cli/") &&
        file !== "vitest.config.ts" &&
        /\.\.\/solutions\//.test(readFileSync(join(out, file), "utf8")),
    );
    expect(naming).toEqual([]);
  });

  it("npm run exercise 1 checks the learner's stub against the oracle", () => {
    const { status, output } = run(["run", "exercise", "1"]);
    expect(status, output).toBe(1);
    expect(output).toMatch(/Exercise 1: tool-contract — 0 passed, \d+ failed/);
  }, 300_000);

  it("keeps the whole learner CLI, the capstone's reference for exercise 1 read from the oracle", () => {
    expect(made.stdout).not.toMatch(/exercises\/_cli\/[^\s:]+: imports/);
    for (const file of ["exercises/_cli/exercise.ts", "exercises/_cli/grade.ts", "exercises/_cli/progress.ts", "exercises/_cli/capstone/reference-parts.ts"])
      expect(existsSync(join(out, file)), file).toBe(true);
    expect(readFileSync(join(out, "exercises/_cli/capstone/reference-parts.ts"), "utf8")).toContain('"../../../test/exercises/_oracle/01-tool-contract/word-count.js"');
  });

  it("npm run exercise 10 runs the capstone on the reference's parts and names exercise 1 first", () => {
    const { status, output } = run(["run", "exercise", "10"]);
    expect(status, output).toBe(1);
    expect(output).toContain("missing (the stub is untouched): exercise 1,");
  }, 300_000);

  it("npm run exercise 1 -- --solution says the worked answers are not in this copy", () => {
    const { status, output } = run(["run", "exercise", "1", "--", "--solution", "--yes"]);
    expect(status).toBe(1);
    expect(output).toContain("The worked answers are not in this copy of the workbook");
  }, 120_000);

  it("an answer copied from the oracle passes the learner's grade, and its JSON shows no flag (only the class grader works them out)", () => {
    const oracle = readFileSync(join(out, "test", "exercises", "_oracle", "01-tool-contract", "word-count.ts"), "utf8");
    writeFileSync(join(out, "exercises", "01-tool-contract", "word-count.ts"), oracle.replaceAll("../../../../src/", "../../src/"));
    const result = spawnSync(process.execPath, [join(out, "exercises", "_cli", "launch.mjs"), "grade", "1", "--json"], { cwd: out, encoding: "utf8" });
    const report = JSON.parse(result.stdout) as { copiedChecked: boolean; exercises: Array<{ result: string; copied: string | null }> };
    expect(report.exercises[0]).toMatchObject({ result: "passed", copied: null });
    expect(report.copiedChecked).toBe(false);
    expect(result.stdout).not.toMatch(/identical|imports-solutions|uses-reference/);
  }, 300_000);

  it("in partial credit, a grade with one bug earns part of the points and hands Classroom's reporter that score", () => {
    const file = join(out, "exercises", "01-tool-contract", "word-count.ts");
    const blank = 'if (text.trim() === "") return ToolResult.error("Error: text is empty");';
    const text = readFileSync(file, "utf8");
    expect(text).toContain(blank);
    writeFileSync(file, text.replace(blank, 'if (text.replaceAll(" ", "") === "") return ToolResult.error("Error: text is empty");'));
    const results = join(base, "github-output");
    const result = spawnSync(process.execPath, [join(out, "exercises", "_cli", "launch.mjs"), "grade", "1", "--json", "--classroom-result", results], {
      cwd: out,
      encoding: "utf8",
      env: { ...process.env, WORKBOOK_PARTIAL_CREDIT: "1" },
    });
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as { partialCredit: boolean; exercises: Array<{ points: number; passed: number; tests: number }> };
    const [item] = report.exercises;
    expect(report.partialCredit).toBe(true);
    expect(item?.points).toBe(Math.floor((10 * 10 * ((item?.passed ?? 0) + 1)) / ((item?.tests ?? 0) + 1)) / 10);
    expect(item?.points).toBeGreaterThan(0);
    expect(item?.points).toBeLessThan(10);
    const line = readFileSync(results, "utf8");
    expect(line).toMatch(/^result=[A-Za-z0-9+/=]+\n$/);
    const classroom = JSON.parse(Buffer.from(line.slice("result=".length).trim(), "base64").toString("utf8")) as {
      status: string;
      max_score: number;
      tests: Array<{ score: number }>;
    };
    expect(classroom).toMatchObject({ status: "fail", max_score: 10, tests: [{ score: item?.points }] });
  }, 300_000);
});

describe("the learners' copy holds no instructor's material, and promises nothing it lacks", () => {
  it("no instructor's guide, no instructor's command, and no site page for a guide left out", () => {
    for (const file of [...INSTRUCTOR_DOCS, "exercises/_cli/grade-class.ts", "exercises/_cli/class-table.ts", "exercises/_cli/template.ts", "exercises/_cli/template-plan.ts"])
      expect(existsSync(join(out, file)), file).toBe(false);
    const site = readFileSync(join(out, "typedoc.config.mjs"), "utf8");
    for (const doc of INSTRUCTOR_DOCS) expect(site).not.toContain(doc);
    expect(site).toContain('"docs/lessons.md"');
    for (const file of QUIET_MODULES) {
      const text = readFileSync(join(out, file), "utf8");
      expect(text, file).not.toMatch(/renamed|built at run time|_oracle`\) in it|flags it/);
      expect(text, file).toMatch(/^\/\*\*\n \* Part of the grader/);
    }
  });

  it("every relative link of every Markdown file resolves to a file or folder of the copy", () => {
    const broken: string[] = [];
    for (const file of filesUnder(out).filter((f) => f.endsWith(".md") && !f.startsWith("docs/api/"))) {
      for (const match of readFileSync(join(out, file), "utf8").matchAll(/\[[^[\]\n]*\]\(([^)\s]+)\)/g)) {
        const href = match[1] ?? "";
        if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#") || href.endsWith("playground.html")) continue;
        const target = join(out, file, "..", decodeURI(href.split("#")[0] ?? ""));
        if (!existsSync(target)) broken.push(`${file}: ${href}`);
      }
    }
    expect(broken).toEqual([]);
    expect(readFileSync(join(out, "README.md"), "utf8")).toContain("`solutions/` (not in this copy)");
  });

  it("the authors' commands say they are not in this copy, exit with 1, and print no stack trace", () => {
    const scripts = (JSON.parse(readFileSync(join(out, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const name of AUTHORS_COMMANDS) expect(scripts[name], name).toBe(`node exercises/_cli/not-in-copy.mjs ${name}`);
    for (const name of ["lesson", "exercise", "progress", "grade", "docs"]) expect(scripts[name], name).not.toContain("not-in-copy");
    for (const name of ["bench", "mutation", "wrong-answers"]) {
      const { status, output } = run(["run", name]);
      expect(status, output).toBe(1);
      expect(output).toContain(`npm run ${name} is one of the workbook authors' commands: it is not in this copy`);
      expect(output.split("\n").filter((line) => line.trimStart().startsWith("at "))).toEqual([]);
    }
  }, 120_000);

  it("its tests, which import the oracle, are not changed tests for the workbook's grader, nor the workbook's for the template's", () => {
    expect(changedTests(out)).toEqual([]);
    for (const file of pristineTestFiles()) {
      const text = pristineTestText(file);
      expect(sameTest(toOracleImports(text), text), file).toBe(true);
    }
    expect(sameTest("import { a } from './_oracle/01/x.js';", "import { a } from './mine/01/x.js';")).toBe(false);
  });
});

describe("passages for the authors alone", () => {
  it("the template's exercises/README.md has none of them and no marker; the workbook's keeps them, its markers paired and inline", () => {
    const made = readFileSync(join(out, "exercises", "README.md"), "utf8");
    for (const gone of [
      AUTHORS_ONLY_OPEN,
      AUTHORS_ONLY_CLOSE,
      "authors-only",
      "cp -R solutions/",
      "Copy-Item -Recurse",
      "`solutions/` — the worked answers",
      "npm run wrong-answers",
    ])
      expect(made).not.toContain(gone);
    expect(made).toContain("`TODO(lesson N)` — and `hints.md`.\n\n## Before you start");
    expect(made).toContain("each with the test that fails when it is broken.\n");
    expect(made).toContain("| Set by | Variable | The tests run against |\n|---|---|---|\n| `npm run exercise N`, ");
    const own = readFileSync(join(ROOT, "exercises", "README.md"), "utf8");
    expect(own).toContain("cp -R solutions/");
    const markdown = execFileSync("git", ["-C", ROOT, "ls-files", "*.md"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file !== "");
    for (const file of markdown) {
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(authorsOnlyProblem(text), file).toBeNull();
      // A comment that opens a line would start an HTML block: it would end the paragraph or the table it stands in.
      for (const line of text.split("\n")) if (line.includes("authors-only")) expect(line.trimStart().startsWith("<!--"), `${file}: ${line}`).toBe(false);
      if (existsSync(join(out, file))) expect(readFileSync(join(out, file), "utf8"), file).not.toContain("authors-only");
    }
  });

  it("a passage goes with its markers: a clause joins what stands around it, a table row goes whole, unpaired markers are refused", () => {
    expect(withoutAuthorsOnly(`One, two<!-- authors-only -->, and\nthree<!-- /authors-only -->.\n`)).toBe("One, two.\n");
    expect(withoutAuthorsOnly(`| a | b |\n|---|---|\n| <!-- authors-only -->x | y<!-- /authors-only --> |\n| z | w |`)).toBe("| a | b |\n|---|---|\n| z | w |");
    expect(withoutAuthorsOnly("no passage\n")).toBe("no passage\n");
    expect(authorsOnlyProblem("a <!-- authors-only --> b")).toBe("line 1: <!-- authors-only --> never closed");
    expect(authorsOnlyProblem("a\nb <!-- /authors-only -->")).toBe("line 2: <!-- /authors-only --> with no <!-- authors-only --> before it");
    expect(() => withoutAuthorsOnly("<!-- authors-only --><!-- authors-only --><!-- /authors-only -->")).toThrow(
      /line 1: <!-- authors-only --> inside the passage opened on line 1/,
    );
    expect(() => templatePlan(["README.md"], () => "x <!-- authors-only -->")).toThrow(/^README\.md: unpaired <!-- authors-only --> markers: line 1/);
  });

  it("never leaves a marker, nor any text of a passage, and keeps every word outside the passages", () => {
    const word = fc.constantFrom("alpha", "beta", "| cell |", "\n", " ", ".");
    const piece = fc.record({ before: fc.array(word, { maxLength: 4 }), secret: fc.array(fc.constantFrom("SECRET", "\n", " "), { maxLength: 4 }), passage: fc.boolean() });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const text = pieces.map((p) => p.before.join("") + (p.passage ? `${AUTHORS_ONLY_OPEN}${p.secret.join("")}${AUTHORS_ONLY_CLOSE}` : "")).join("");
        const result = withoutAuthorsOnly(text);
        expect(result).not.toContain("authors-only");
        expect(result).not.toContain("SECRET");
        const words = (t: string): string[] => t.match(/alpha|beta/g) ?? [];
        expect(words(result)).toEqual(words(pieces.map((p) => p.before.join("")).join("")));
      }),
    );
  });
});

describe("where the template may go", () => {
  it("not into a folder that holds anything, nor inside the workbook", () => {
    const full = join(base, "full");
    mkdirSync(full);
    writeFileSync(join(full, "notes.txt"), "mine");
    expect(templateTargetProblem(full)).toMatch(/is not empty/);
    expect(templateTargetProblem(join(ROOT, "course"))).toMatch(/inside the workbook/);
    expect(templateTargetProblem(ROOT)).toMatch(/inside the workbook/);
    expect(templateTargetProblem(join(base, "new", "deeper"))).toBeNull();
    const refused = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "exercises", "_cli", "template.ts"), full], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, INIT_CWD: ROOT },
    });
    expect(refused.status).toBe(1);
    expect(readdirSync(full)).toEqual(["notes.txt"]);
  });
});

describe("the plan of the template", () => {
  it("leaves out the answers and, in turn, whatever imports a file left out; rewrites the exercise tests to the oracle", () => {
    const texts: Record<string, string> = {
      "solutions/01-a/x.ts": 'import { T } from "../../src/t.js";',
      "solutions/self-check/q1.ts": "export const a = 1;",
      "test/exercises/01-a.test.ts": 'import * as answer from "../../solutions/01-a/x.js";',
      "test/check-answers.ts": 'const dir = "solutions";',
      "test/uses-check.test.ts": 'import { dir } from "./check-answers.js";',
      "test/plain.test.ts": 'import { T } from "../src/t.js";',
      "exercises/_cli/catalog.ts": 'const SOLUTIONS = "solutions";',
      "exercises/_cli/capstone/parts.ts": 'import { X } from "../../../solutions/01-a/x.js";',
      "README.md": "The worked answers are in solutions/.",
    };
    const plan = templatePlan(Object.keys(texts), (file) => texts[file] ?? "");
    expect(plan.leftOut.map((entry) => entry.file).sort()).toEqual(["solutions/01-a/x.ts", "solutions/self-check/q1.ts", "test/check-answers.ts", "test/uses-check.test.ts"]);
    expect(plan.keep.sort()).toEqual(["README.md", "exercises/_cli/catalog.ts", "test/plain.test.ts"]);
    expect(plan.write.get("exercises/_cli/capstone/parts.ts")).toBe('import { X } from "../../../test/exercises/_oracle/01-a/x.js";');
    expect(plan.write.get("test/exercises/01-a.test.ts")).toBe('import * as answer from "./_oracle/01-a/x.js";');
    expect(plan.write.get("test/exercises/_oracle/01-a/x.ts")).toBe('import { T } from "../../../../src/t.js";');
    expect(plan.write.get("exercises/_cli/pristine-tests/test/exercises/_oracle/01-a/x.ts.txt")).toBe('import { T } from "../../../../src/t.js";');
    expect(isGradedExerciseTest("exercises/_cli/pristine-tests/test/exercises/01-a.test.ts.txt")).toBe(true);
    expect(toOracleImports("from '../../solutions/a.js'")).toBe("from './_oracle/a.js'");
    expect(deeperImports('"../../src/x.js"')).toBe('"../../../../src/x.js"');
  });

  it("leaves out the instructor's material and whatever reads its guides; unlinks, unlists and stops what is gone", () => {
    const texts: Record<string, string> = {
      "docs/instructor-guide.md": "# Guide",
      "docs/lessons.md": "See [the guide](instructor-guide.md#grading), [lessons](../lessons/) and [answers](../solutions/).",
      "test/docs/guide.test.ts": 'readFileSync("docs/instructor-guide.md")',
      "exercises/_cli/grade-class.ts": "export {};",
      "exercises/_cli/grade.ts": "export {};",
      "lessons/x.md": "x",
      "solutions/01-a/x.ts": "export {};",
      "typedoc.config.mjs": 'projectDocuments: [\n    "docs/lessons.md",\n    "docs/instructor-guide.md",\n  ],',
      "package.json": JSON.stringify({ scripts: { grade: "node exercises/_cli/grade.ts", "grade-class": "tsx exercises/_cli/grade-class.ts", mutation: "stryker run" } }),
    };
    const plan = templatePlan(Object.keys(texts), (file) => texts[file] ?? "");
    expect(plan.leftOut.map((entry) => entry.file).sort()).toEqual([
      "docs/instructor-guide.md",
      "exercises/_cli/grade-class.ts",
      "solutions/01-a/x.ts",
      "test/docs/guide.test.ts",
    ]);
    expect(plan.write.get("docs/lessons.md")).toBe("See the guide (not in this copy), [lessons](../lessons/) and answers (not in this copy).");
    expect(plan.write.get("typedoc.config.mjs")).toBe('projectDocuments: [\n    "docs/lessons.md",\n  ],');
    expect(JSON.parse(plan.write.get("package.json") ?? "{}")).toEqual({
      scripts: {
        grade: "node exercises/_cli/grade.ts",
        "grade-class": "node exercises/_cli/not-in-copy.mjs grade-class",
        mutation: "node exercises/_cli/not-in-copy.mjs mutation",
      },
    });
    const gone = (file: string): boolean => file === "a.md";
    const here = ".";
    expect(unlinkLeftOut("b.md", `[x](https://a.md) [y](#a) [z](${here}/a.md)`, gone, ["a.md", "b.md"])).toBe("[x](https://a.md) [y](#a) z (not in this copy)");
    expect(withoutDocuments('  "a.md",\n  "b.md",', gone)).toBe('  "b.md",');
    expect(learnerPackageJson("{}", gone)).toBe("{}\n");
  });
});

/** The made copy's `package.json` scripts. */
function scriptsOf(dir: string): Record<string, string> {
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
}

/**
 * A copy of the template beside it with the learner install (`npm ci --omit=dev`): every top-level
 * package `package-lock.json` does not mark `dev`, linked from the workbook's `node_modules/`, and
 * the commands of `node_modules/.bin/` that belong to one of them. Returns the copy's folder and the
 * commands it has.
 */
function learnerCopy(): { dir: string; bins: Set<string> } {
  const dir = join(base, "learner");
  cpSync(out, dir, { recursive: true, filter: (source) => source !== join(out, "node_modules") });
  return { dir, bins: learnerInstallHere(dir) };
}

/** The learner install in `dir` (`learner-install-links.ts`), which leaves out TypeScript 7 and Prettier and keeps TypeScript 5. Returns the commands it has. */
function learnerInstallHere(dir: string): Set<string> {
  const { packages, bins } = learnerInstall(dir, ROOT);
  expect(packages.has("typescript7"), "the learner install leaves TypeScript 7 out").toBe(false);
  expect(packages.has("typescript"), "the learner install keeps TypeScript 5").toBe(true);
  expect(packages.has("prettier"), "the learner install leaves Prettier out").toBe(false);
  return bins;
}

/** Lines of a command's output that look like a stack trace's. */
function stackLines(output: string): string[] {
  return output.split("\n").filter((line) => /^\s+at /.test(line) || /^\w*Error(?: \[|:)/.test(line));
}

describe.skipIf(process.platform === "win32")("the learners' copy: every script works or says what it needs", () => {
  it("with the learner install, each script runs a file of the copy, an installed command, or says it is not in the copy", () => {
    const { dir, bins } = learnerCopy();
    const scripts = scriptsOf(dir);
    for (const [name, command] of Object.entries(scripts)) {
      for (const part of command.split("&&")) {
        const [program, first] = part.trim().split(/\s+/);
        if (program === "npm") continue;
        if (program === "node") {
          if (first !== undefined && !first.startsWith("-")) expect(existsSync(join(dir, first)), `${name}: ${part}`).toBe(true);
          continue;
        }
        expect(bins.has(program ?? ""), `${name}: ${part} (a command the learner install has)`).toBe(true);
      }
    }
    for (const name of ["lint", "format", "format:check"]) expect(scripts[name], name).toMatch(new RegExp(`^node ${INSTALLED_SCRIPT} `));
    expect(scripts["test"]).toContain(`node ${INSTALLED_SCRIPT} vitest run --coverage-if-installed`);
    expect(scripts["test"]).toContain(scripts["typecheck"]);
    expect(scripts["typecheck"]).toBe("node exercises/_cli/tsc.mjs --noEmit && node exercises/_cli/tsc.mjs --noEmit -p playground");
  }, 300_000);

  it("with the learner install, npm run typecheck runs TypeScript 5, and the tools it lacks are named in one line", () => {
    const dir = join(base, "learner");
    // npm run typecheck runs exercises/_cli/tsc.mjs twice (the previous test); asked for its version,
    // the compiler it picks here says which it is. That TypeScript 5 passes the copy is a type
    // check, run by npm run check:template.
    const compiler = spawnSync(process.execPath, [join(dir, "exercises", "_cli", "tsc.mjs"), "--version"], { cwd: dir, encoding: "utf8" });
    expect(compiler.status, compiler.stderr).toBe(0);
    expect(compiler.stdout.trim()).toMatch(/^Version 5\.\d+\.\d+$/);
    for (const [name, tool] of [
      ["lint", "eslint"],
      ["format", "prettier"],
      ["format:check", "prettier"],
      ["check", "eslint"],
    ] as const) {
      const { status, output } = run(["run", "-s", name], dir);
      expect(status, output).toBe(1);
      expect(output.trim(), name).toMatch(new RegExp(`^npm run [a-z:]+ needs the full install \\(npm ci\\): ${tool} is not in the learner install`));
      expect(output.trim().split("\n"), name).toHaveLength(1);
      expect(stackLines(output), name).toEqual([]);
    }
    const bench = run(["run", "-s", "bench"], dir);
    expect(bench.status).toBe(1);
    expect(bench.output).toContain("not in this copy");
    expect(stackLines(bench.output)).toEqual([]);
  }, 600_000);

  it("with the learner install, the workbook's own npm run template says in one line that it needs the full install, and writes nothing", () => {
    const dir = join(base, "workbook-learner");
    mkdirSync(dir);
    cpSync(join(ROOT, "package.json"), join(dir, "package.json"));
    cpSync(join(ROOT, "exercises", "_cli"), join(dir, "exercises", "_cli"), { recursive: true });
    learnerInstallHere(dir);
    expect(scriptsOf(dir)["template"]).toMatch(new RegExp(`^node ${INSTALLED_SCRIPT} --needs prettier tsx `));
    const target = join(base, "not-written");
    const { status, output } = run(["run", "-s", "template", "--", target], dir);
    expect(status, output).toBe(1);
    expect(output.trim()).toBe("npm run template needs the full install (npm ci): prettier is not in the learner install (npm ci --omit=dev) of this copy.");
    expect(stackLines(output)).toEqual([]);
    expect(existsSync(target)).toBe(false);
  }, 300_000);

  it("the README lists only the commands of the copy, and does not tell learners to run npm run check before they push", () => {
    const readme = readFileSync(join(out, "README.md"), "utf8");
    const scripts = scriptsOf(out);
    const gone = notInCopyScripts(readFileSync(join(out, "package.json"), "utf8"));
    expect(gone.size).toBeGreaterThan(0);
    const named = [...readme.matchAll(/`npm run ([\w:-]+)[ `]/g)].map((match) => match[1] ?? "");
    const table = readme.split("\n").filter((line) => line.startsWith("| `npm run "));
    expect(table.length).toBeGreaterThan(5);
    for (const line of table) {
      const name = /^\| `npm run ([\w:-]+)/.exec(line)?.[1] ?? "";
      expect(Object.hasOwn(scripts, name), line).toBe(true);
      expect(gone.has(name), line).toBe(false);
    }
    expect(named.filter((name) => gone.has(name) && name !== "fidelity")).toEqual([]);
    expect(readme).not.toContain("## Checking against nanobot itself");
    expect(table.find((line) => line.startsWith("| `npm run check` |"))).toContain("in this copy `npm test` fails until every exercise passes");
    expect(readme).not.toContain("run it before you push");
  });
});

describe("the reports written with --out", () => {
  it("under every name the guides give them, are ignored by git", () => {
    const docs = execFileSync("git", ["-C", ROOT, "ls-files", "*.md"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file !== "");
    const names = new Set<string>();
    for (const file of docs)
      for (const match of readFileSync(join(ROOT, file), "utf8").matchAll(/npm run (?:-s )?(?:progress|grade|grade-class)\b[^\n`]*?--out ([\w.-]+\.(?:json|csv))/g))
        names.add(match[1] ?? "");
    expect([...names]).toEqual(expect.arrayContaining(["grade.json", "progress-ada.json"]));
    for (const name of [...names, "progress-dan.json", "reports/progress-ada.json"]) {
      const ignored = spawnSync("git", ["-C", ROOT, "check-ignore", "--no-index", "-q", name]);
      expect(ignored.status, `${name} is ignored by git`).toBe(0);
    }
    const tracked = spawnSync("git", ["-C", ROOT, "check-ignore", "--no-index", "-q", "package.json"]);
    expect(tracked.status).toBe(1);
  });
});

describe("the scripts and the README of the learners' copy, as planned", () => {
  const pkg = JSON.stringify({
    scripts: {
      test: "node exercises/_cli/tsc.mjs --noEmit && vitest run --coverage",
      coverage: "vitest run --coverage --coverage.reporter=text",
      lint: "eslint --max-warnings 0 src",
      docs: "tsx playground/build.ts && typedoc",
      bench: "tsx bench/run.ts",
    },
    dependencies: { vitest: "1", tsx: "1", typedoc: "1" },
    devDependencies: { eslint: "1", "@vitest/coverage-v8": "1" },
  });

  it("sends what needs the full install through the launcher that says so, and keeps the rest", () => {
    expect([...devOnlyPackages(pkg)].sort()).toEqual(["@vitest/coverage-v8", "eslint"]);
    const scripts = (JSON.parse(learnerPackageJson(pkg, () => false)) as { scripts: Record<string, string> }).scripts;
    expect(scripts).toEqual({
      test: `node exercises/_cli/tsc.mjs --noEmit && node ${INSTALLED_SCRIPT} vitest run --coverage-if-installed`,
      coverage: `node ${INSTALLED_SCRIPT} vitest run --coverage --coverage.reporter=text`,
      lint: `node ${INSTALLED_SCRIPT} eslint --max-warnings 0 src`,
      docs: "tsx playground/build.ts && typedoc",
      bench: `node ${NOT_IN_COPY_SCRIPT} bench`,
    });
    expect([...notInCopyScripts(JSON.stringify({ scripts }))]).toEqual(["bench"]);
  });

  it("a script that runs an authors' command with npm runs the rest without it, and one that runs nothing else is an authors' command too", () => {
    const chained = JSON.stringify({
      scripts: {
        lint: "eslint src",
        "check:template": "tsx test/proof/check-template.ts",
        check: "npm run lint && npm run check:template && npm test",
        both: "npm run check:template && npm run bench",
        bench: "tsx bench/run.ts",
        test: "vitest run",
      },
      devDependencies: { eslint: "1" },
    });
    const scripts = (JSON.parse(learnerPackageJson(chained, () => false)) as { scripts: Record<string, string> }).scripts;
    expect(scripts).toEqual({
      lint: `node ${INSTALLED_SCRIPT} eslint src`,
      "check:template": `node ${NOT_IN_COPY_SCRIPT} check:template`,
      check: "npm run lint && npm test",
      both: `node ${NOT_IN_COPY_SCRIPT} both`,
      bench: `node ${NOT_IN_COPY_SCRIPT} bench`,
      test: "vitest run",
    });
    const readme =
      "| command | what |\n|---|---|\n| `npm run check` | `npm run lint`, `npm run check:template`, then `npm test`; run it before you push |\n| `npm run check:template` | the template's lint |\n";
    expect(learnerReadme(readme, new Set(["check:template"]))).toBe(
      "| command | what |\n|---|---|\n| `npm run check` | `npm run lint`, then `npm test`; in this copy `npm test` fails until every exercise passes |\n",
    );
  });

  it("leaves out an authors' test that imports a package the learner install lacks, and what imports it", () => {
    const texts: Record<string, string> = {
      "package.json": pkg,
      "test/lint-rules.ts": 'import type { Linter } from "eslint";',
      "test/uses-rules.test.ts": 'import { rules } from "./lint-rules.js";',
      "test/plain.test.ts": 'import { describe } from "vitest";',
      "eslint.config.js": 'import js from "eslint";',
    };
    const plan = templatePlan(Object.keys(texts), (file) => texts[file] ?? "");
    expect(plan.leftOut.map((entry) => entry.file).sort()).toEqual(["test/lint-rules.ts", "test/uses-rules.test.ts"]);
    expect(plan.leftOut[0]?.reason).toMatch(/imports eslint, which the learner install leaves out/);
  });

  it("the README loses the rows and the sections of the commands not in the copy", () => {
    const readme = [
      "# W",
      "",
      "| command | what it does |",
      "|---|---|",
      "| `npm run lesson N` | a lesson |",
      "| `npm run check` | lint, format, test; run it before you push |",
      "| `npm run bench` | the benchmarks |",
      "| `npm run fidelity -- /path` | compares |",
      "",
      "## Checking against nanobot",
      "",
      "`npm run fidelity -- /path` compares.",
      "",
      "## Licence",
      "",
      "MIT; `npm run fidelity` reads nanobot.",
      "",
    ].join("\n");
    expect(learnerReadme(readme, new Set(["bench", "fidelity"]))).toBe(
      [
        "# W",
        "",
        "| command | what it does |",
        "|---|---|",
        "| `npm run lesson N` | a lesson |",
        "| `npm run check` | lint, format, test; in this copy `npm test` fails until every exercise passes |",
        "",
        "## Licence",
        "",
        "MIT; `npm run fidelity` reads nanobot.",
        "",
      ].join("\n"),
    );
  });
});

describe.skipIf(process.platform === "win32")("putting the worked answers in place", () => {
  it("the command exercises/README.md gives copies every answer onto the exercises and leaves exercises/README.md as it is", () => {
    const guide = readFileSync(join(ROOT, "exercises", "README.md"), "utf8");
    const command = /```sh posix-only\n(cp -R solutions\/[^\n]+ exercises\/)\n```/.exec(guide)?.[1];
    expect(command, "exercises/README.md gives the command").toBeDefined();
    // No source ends in a slash: macOS's cp would copy a folder's contents, not the folder.
    expect(command?.split(" ").filter((word) => word.startsWith("solutions/") && word.endsWith("/"))).toEqual([]);
    expect(readFileSync(join(ROOT, "solutions", "README.md"), "utf8")).toContain("(../exercises/README.md)");
    const dir = mkdtempSync(join(tmpdir(), "workbook-answers-"));
    try {
      cpSync(join(ROOT, "exercises"), join(dir, "exercises"), { recursive: true, filter: (source) => !source.includes(`${join("exercises", "_cli")}`) });
      cpSync(join(ROOT, "solutions"), join(dir, "solutions"), { recursive: true });
      execFileSync("sh", ["-c", command ?? "false"], { cwd: dir });
      expect(readFileSync(join(dir, "exercises", "README.md"), "utf8")).toBe(guide);
      const answers = filesUnder(join(dir, "solutions")).filter((file) => file.endsWith(".ts"));
      expect(answers.length).toBeGreaterThan(9);
      for (const file of answers) expect(readFileSync(join(dir, "exercises", file), "utf8"), file).toBe(readFileSync(join(dir, "solutions", file), "utf8"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
