/**
 * Grading a class: `npm run grade` runs the workbook's own copies of the tests
 * (`exercises/_cli/pristine-tests/`), which must equal the tests in `test/` and hold every test file
 * they import; a learner's changed or missing test file is named. The GitHub Classroom workflow is
 * the one the catalog writes, lists every exercise and question once with its points, and each of
 * its commands selects exactly its item, which fails on the untouched stubs and passes on the
 * worked answers (graded in this process, all items at once, once per side). The reports' command
 * line, their JSON on standard output or in a file, and the learner's recorded hints are checked
 * here too; the commands as a learner types them are in `learner-cli.test.ts`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { listItems, normalize, ROOT, SOLUTIONS_DIR, type Exercise } from "../../exercises/_cli/catalog.js";
import { CLASSROOM_WORKFLOW, classroomWorkflow, GRADE_TIMEOUT_MINUTES, gradeArgsOf } from "../../exercises/_cli/classroom.js";
import { gradeExitCode, gradeWork, type GradeItem, type GradeReport } from "../../exercises/_cli/grading.js";
import { bannerAdvice, npmBannerPrinted, writeJsonFile } from "../../exercises/_cli/json-out.js";
import { materializePristine, type PristineCopy } from "../../exercises/_cli/pristine.js";
import { changedTests, expectedPristineTests, pristineTestFiles, pristineTestText, relativeImports, withTestImports } from "../../exercises/_cli/pristine-tests.js";
import { readReportArgs } from "../../exercises/_cli/report-args.js";
import { readState } from "../../exercises/_cli/state.js";

const items = listItems();
let stubs: PristineCopy | undefined;
let onStubs: GradeReport;
let onSolutions: GradeReport;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "workbook-grade-test-"));
  stubs = await materializePristine();
  [onStubs, onSolutions] = await Promise.all([gradeWork({ exercisesDir: stubs.exercisesDir }), gradeWork({ exercisesDir: SOLUTIONS_DIR })]);
}, 120_000);

afterAll(async () => {
  await stubs?.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

function gradedItem(report: GradeReport, item: Exercise): GradeItem {
  const found = [...report.exercises, ...report.questions].find((g) => g.kind === item.kind && g.number === item.number);
  return found ?? expect.fail(`${item.label} is not in the report`);
}

/** The file's text in git's HEAD, or null (no git, or not committed). */
function atHead(file: string): string | null {
  try {
    return normalize(execFileSync("git", ["show", `HEAD:${file}`], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  } catch {
    return null;
  }
}

describe("the workbook's copies of the graded tests", () => {
  it("hold every exercise's and question's test and every test file they import, nothing else", () => {
    const expected = expectedPristineTests();
    for (const item of items) expect(expected).toContain(item.testFile);
    expect(expected).toEqual(expect.arrayContaining(["test/exercises/_support/tools.ts", "test/self-check/_answer.ts", "test/self-check/_thrown-texts.ts"]));
    expect(pristineTestFiles(), "run `npx tsx exercises/_cli/sync-pristine.ts`").toEqual(expected);
  });

  it("equal the tests in test/ (a learner's uncommitted edit aside)", () => {
    if (process.env["WORKBOOK_SKIP_PRISTINE_CHECK"] === "1") return;
    const drift = changedTests()
      .filter((change) => atHead(change.file) !== normalize(pristineTestText(change.file)))
      .map((change) => `${change.file} (${change.change})`);
    expect(drift, "after changing a graded test, run `npx tsx exercises/_cli/sync-pristine.ts`").toEqual([]);
  });

  it("follow relative imports into test/ only, through each other", () => {
    const files: Record<string, string> = {
      "test/a.test.ts": 'import { x } from "./_h/one.js";\nimport { y } from "../src/tools/base.js";\nimport { z } from "../exercises/05-x/prepare.js";',
      "test/_h/one.ts": 'export { w } from "./two.js";\nimport "vitest";',
      "test/_h/two.ts": 'import { x } from "./one.js";',
    };
    expect(relativeImports(files["test/a.test.ts"] ?? "")).toEqual(["./_h/one.js", "../src/tools/base.js", "../exercises/05-x/prepare.js"]);
    expect(withTestImports(["test/a.test.ts"], (f) => files[f] ?? expect.fail(`read ${f}`))).toEqual(["test/_h/one.ts", "test/_h/two.ts", "test/a.test.ts"]);
  });

  it("a learner's changed or missing test file is named, line endings aside", () => {
    const root = join(scratch, "learner");
    for (const file of pristineTestFiles()) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), pristineTestText(file).replace(/\n/g, "\r\n"));
    }
    writeFileSync(join(root, "test/exercises/05-argument-processing.test.ts"), 'import { it } from "vitest";\nit("passes", () => {});\n');
    rmSync(join(root, "test/self-check/_answer.ts"));
    expect(changedTests(root)).toEqual([
      { file: "test/exercises/05-argument-processing.test.ts", change: "changed" },
      { file: "test/self-check/_answer.ts", change: "missing" },
    ]);
  });
});

describe("grading in this process", () => {
  it("the worked answers pass every exercise and question, with every point", () => {
    expect(onSolutions.error).toBeUndefined();
    const failed = [...onSolutions.exercises, ...onSolutions.questions].filter((g) => g.result !== "passed").map((g) => `${g.command}: ${g.reason ?? ""}`);
    expect(failed).toEqual([]);
    for (const item of items) expect(gradedItem(onSolutions, item).tests, `${item.label} ran its tests`).toBeGreaterThan(0);
    expect(onSolutions.points).toBe(onSolutions.maxPoints);
    expect(onSolutions.maxPoints).toBe(items.reduce((sum, item) => sum + item.points, 0));
    expect(gradeExitCode(onSolutions)).toBe(0);
  });

  it("the untouched stubs fail every exercise and question, with no point", () => {
    expect(onStubs.error).toBeUndefined();
    for (const item of items) expect(gradedItem(onStubs, item)).toMatchObject({ result: "failed", state: "not started", points: 0 });
    expect(onStubs.points).toBe(0);
    expect(gradeExitCode(onStubs)).toBe(1);
  });
});

describe("the GitHub Classroom workflow", () => {
  type Step = { id?: string; uses?: string; with?: Record<string, unknown>; env?: Record<string, string> };
  const text = readFileSync(CLASSROOM_WORKFLOW, "utf8");
  const workflow = parse(text) as { jobs: Record<string, { steps: Step[] }> };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const graders = steps.filter((s) => s.uses?.startsWith("classroom-resources/autograding-command-grader@") === true);

  it("is the one the exercise catalog writes", () => {
    expect(normalize(text), "run `npx tsx exercises/_cli/sync-pristine.ts`").toBe(classroomWorkflow());
  });

  it("limits the job as a whole: every grading command at its own limit, and no more than ten minutes besides", () => {
    const jobs = Object.values((parse(text) as { jobs: Record<string, { "timeout-minutes"?: number }> }).jobs);
    const limit = jobs[0]?.["timeout-minutes"] ?? 0;
    expect(jobs).toHaveLength(1);
    expect(limit).toBeGreaterThanOrEqual(graders.length * GRADE_TIMEOUT_MINUTES);
    expect(limit).toBeLessThanOrEqual(graders.length * GRADE_TIMEOUT_MINUTES + 10);
  });

  it("has one test per exercise and question, worth its points, and reports all of them", () => {
    expect(graders.map((s) => s.with?.["max-score"])).toEqual(items.map((item) => item.points));
    expect(graders.reduce((sum, s) => sum + Number(s.with?.["max-score"]), 0)).toBe(onSolutions.maxPoints);
    const ids = graders.map((s) => s.id ?? "");
    expect(
      ids.every((id) => /^[a-z0-9]+$/.test(id)),
      "the reporter reads <ID>_RESULTS: letters and digits only",
    ).toBe(true);
    expect(new Set(ids).size).toBe(items.length);
    const reporter = steps.find((s) => s.uses?.startsWith("classroom-resources/autograding-grading-reporter@") === true);
    expect(reporter?.with?.["runners"]).toBe(ids.join(","));
    expect(Object.keys(reporter?.env ?? {})).toEqual(ids.map((id) => `${id.toUpperCase()}_RESULTS`));
  });

  it("each command grades exactly its item, which fails on the stubs and passes on the worked answers", () => {
    const seen: string[] = [];
    for (const step of graders) {
      const command = String(step.with?.["command"]);
      const args = readReportArgs(gradeArgsOf(command), true, {});
      expect(args, command).toMatchObject({ json: false, out: null, help: false, unknown: [] });
      expect(args.items.length, `${command} names one item`).toBe(1);
      const [item] = args.items as [Exercise];
      seen.push(`${item.kind}${item.number}`);
      expect(step.with?.["max-score"], command).toBe(item.points);
      expect(gradedItem(onStubs, item).result, `${command} on the stubs`).toBe("failed");
      expect(gradedItem(onSolutions, item).result, `${command} on the worked answers`).toBe("passed");
    }
    expect(seen).toEqual(items.map((item) => `${item.kind}${item.number}`));
    expect(() => gradeArgsOf("npm test"), "only grading commands are read").toThrow(/not a grading command/);
  });
});

describe("the reports' command line and JSON", () => {
  it("reads items, --json, --out and --help, and names what it does not understand", () => {
    expect(readReportArgs(["q3", "5", "05", "--json", "--out=g.json"], true, {})).toMatchObject({ json: true, out: "g.json", unknown: [] });
    expect(readReportArgs(["q3", "5", "05"], true, {}).items.map((i) => i.command)).toEqual(["5", "q3"]);
    expect(readReportArgs(["--out", "--json", "12", "-x"], true, {}).unknown).toEqual(["--out (it needs a file name)", "12", "-x"]);
    expect(readReportArgs(["5"], false, {}).unknown, "progress names no items").toEqual(["5"]);
    expect(readReportArgs([], false, { npm_config_json: "true" }).json, "npm run progress --json hands the flag over").toBe(true);
  });

  it("knows when npm's banner went to standard output first", () => {
    const run = { npm_lifecycle_event: "grade", npm_command: "run" };
    expect(npmBannerPrinted(run)).toBe(true);
    expect(npmBannerPrinted({ ...run, npm_config_loglevel: "silent" }), "npm run -s").toBe(false);
    expect(npmBannerPrinted({ ...run, npm_config_json: "true" }), "npm's own --json").toBe(false);
    expect(npmBannerPrinted({}), "not started by npm").toBe(false);
    expect(bannerAdvice("grade")).toContain("npm run -s grade -- --json");
  });

  it("--out writes the JSON whole, relative to the folder npm was called from", () => {
    const written = writeJsonFile("sub/report.json", { points: 3 }, { INIT_CWD: scratch });
    expect(written).toBe(join(scratch, "sub", "report.json"));
    expect(JSON.parse(readFileSync(written, "utf8"))).toEqual({ points: 3 });
  });

  it("the learner's state keeps counts only, whatever the file holds", () => {
    const file = join(scratch, "state.json");
    writeFileSync(file, JSON.stringify({ hintsShown: { a: 2, b: -1, c: "3", d: 1.5 }, hintViews: [4], solutionViews: { a: 1 } }));
    expect(readState(file)).toEqual({ hintsShown: { a: 2 }, hintViews: {}, solutionViews: { a: 1 } });
    writeFileSync(file, "{ not json");
    expect(readState(file)).toEqual({ hintsShown: {}, hintViews: {}, solutionViews: {} });
  });
});
