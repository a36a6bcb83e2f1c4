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
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { changedTests, pristineTestFiles, pristineTestText, sameTest } from "../../exercises/_cli/pristine-tests.js";
import { templateTargetProblem } from "../../exercises/_cli/template-copy.js";
import {
  AUTHORS_COMMANDS,
  deeperImports,
  INSTRUCTOR_DOCS,
  isGradedExerciseTest,
  learnerPackageJson,
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

function run(args: readonly string[]): { status: number | null; output: string } {
  const result = spawnSync(npm, [...args], {
    cwd: out,
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
  symlinkSync(join(ROOT, "node_modules"), join(out, "node_modules"), "junction");
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
    expect(readFileSync(join(out, "exercises", "README.md"), "utf8")).toContain("`../solutions/` (not in this copy)");
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
