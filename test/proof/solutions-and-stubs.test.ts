/**
 * The workbook's proof, run by `npm test` (as rustlings' `check --require-solutions` does):
 * every exercise's tests and every self-check pass against `solutions/`, and every exercise's
 * untouched stub, and every unanswered self-check file, fails EACH of its tests. The stub run uses
 * the pristine copies, so it also holds while a learner has edited `exercises/`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listExercises, listQuestions, normalize, pristineText, ROOT, SELF_CHECK_ID, SELF_CHECKS } from "../../exercises/_cli/catalog.js";
import { materializePristine, type PristineCopy } from "../../exercises/_cli/pristine.js";
import { parseHints } from "../../exercises/_cli/state.js";
import { firstFailure, runVitest, type RunReport } from "../../exercises/_cli/vitest-run.js";

const exercises = listExercises();
const questions = listQuestions();
const exerciseFiles = exercises.map((e) => e.testFile);
const selfCheckFiles = SELF_CHECKS.map((c) => c.testFile);

let solutions: RunReport;
let stubs: RunReport;
let pristine: PristineCopy | undefined;

beforeAll(async () => {
  solutions = await runVitest([...exerciseFiles, ...selfCheckFiles], { kind: "solutions" });
  pristine = await materializePristine();
  stubs = await runVitest([...exerciseFiles, ...selfCheckFiles], { kind: "dir", dir: pristine.exercisesDir });
  console.info(`proof: solutions run ${solutions.durationMs} ms, stubs run ${stubs.durationMs} ms`);
}, 180_000);

afterAll(async () => {
  await pristine?.dispose();
});

function loadProblems(report: RunReport, files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const outcome = report.files.find((f) => f.file === file);
    if (outcome === undefined) return [`${file}: not in the report\n${firstFailure(report.output, 20)}`];
    if (outcome.tests.length === 0) return [`${file}: no tests ran: ${firstFailure(outcome.message, 12)}`];
    return [];
  });
}

describe("the worked answers in solutions/", () => {
  it("pass every exercise test and every self-check", () => {
    expect(loadProblems(solutions, [...exerciseFiles, ...selfCheckFiles]), "every test file must load and run").toEqual([]);
    const failed = solutions.tests
      .filter((t) => t.status !== "passed")
      .map((t) => `${t.file} › ${t.fullName} [${t.status}]\n${firstFailure(t.failureMessages[0] ?? "")}`);
    expect(failed, "these tests fail against solutions/").toEqual([]);
  });
});

describe("the untouched stubs (exercises/_cli/pristine)", () => {
  it.each(exercises.map((e) => [e.id, e] as const))("%s fails each of its tests", (_id, exercise) => {
    expect(loadProblems(stubs, [exercise.testFile]), "the test file must load against the stub (does the stub compile?)").toEqual([]);
    const tests = stubs.tests.filter((t) => t.file === exercise.testFile);
    const failed = tests.filter((t) => t.status === "failed").map((t) => t.fullName);
    const notFailed = tests.filter((t) => t.status !== "failed").map((t) => `${t.fullName} [${t.status}]`);
    console.info(`stub ${exercise.id} failed ${failed.length}/${tests.length}:\n  - ${failed.join("\n  - ")}`);
    expect(tests.length, `${exercise.testFile} must have tests`).toBeGreaterThan(0);
    expect(notFailed, `the stub of ${exercise.id} must fail every test; these did not fail`).toEqual([]);
  });

  it("fail every test of every self-check question (an unanswered question never passes)", () => {
    expect(loadProblems(stubs, selfCheckFiles)).toEqual([]);
    for (const file of selfCheckFiles) expect(stubs.tests.filter((t) => t.file === file).length, `${file} must have tests`).toBeGreaterThan(0);
    const notFailed = stubs.tests.filter((t) => selfCheckFiles.includes(t.file) && t.status !== "failed").map((t) => `${t.file} › ${t.fullName}`);
    expect(notFailed, "with untouched answer files no self-check test may pass").toEqual([]);
  });
});

describe("the exercise folders", () => {
  it.each(exercises.map((e) => [e.id, e] as const))("%s has a stub with lesson TODOs, a README, numbered hints, a solution and a test", (_id, exercise) => {
    expect(exercise.files.length, `exercises/_cli/pristine/${exercise.id}/ must hold the stub`).toBeGreaterThan(0);
    for (const file of exercise.files) {
      expect(pristineText(exercise, file), `${exercise.id}/${file} must mark its blanks with TODO(lesson ${exercise.number})`).toContain(
        `TODO(lesson ${exercise.number})`,
      );
      expect(existsSync(join(exercise.solutionDir, file)), `solutions/${exercise.id}/${file} must exist`).toBe(true);
    }
    const solutionFiles = readdirSync(exercise.solutionDir).filter((f) => f.endsWith(".ts")).sort();
    expect(solutionFiles, `solutions/${exercise.id}/ must mirror the exercise's files`).toEqual(exercise.files);
    expect(existsSync(join(exercise.dir, "README.md")), `exercises/${exercise.id}/README.md`).toBe(true);
    const hints = parseHints(readFileSync(join(exercise.dir, "hints.md"), "utf8"));
    expect(hints.length, `exercises/${exercise.id}/hints.md needs "## Hint 1", "## Hint 2", …`).toBeGreaterThanOrEqual(2);
    expect(existsSync(join(ROOT, exercise.testFile)), exercise.testFile).toBe(true);
  });

  it("self-check has one answer stub per question, marked TODO(lesson 11), with a worked answer and a test", () => {
    expect(questions.map((q) => q.number)).toEqual(SELF_CHECKS.map((c) => c.number));
    for (const question of questions) {
      const [file] = question.files;
      expect(file, `exercises/_cli/pristine/${SELF_CHECK_ID}/ must hold question ${question.number}'s stub`).toBeDefined();
      expect(pristineText(question, file!), `${SELF_CHECK_ID}/${file} must mark its blanks with TODO(lesson 11)`).toContain("TODO(lesson 11)");
      expect(existsSync(join(question.solutionDir, file!)), `solutions/${SELF_CHECK_ID}/${file} must exist`).toBe(true);
      expect(existsSync(join(ROOT, question.testFile)), question.testFile).toBe(true);
    }
    const stubs = readdirSync(join(ROOT, "exercises", SELF_CHECK_ID)).filter((f) => f.endsWith(".ts")).sort();
    expect(readdirSync(join(ROOT, "solutions", SELF_CHECK_ID)).filter((f) => f.endsWith(".ts")).sort(), "solutions/self-check/ must mirror exercises/self-check/").toEqual(stubs);
    expect(stubs, "every file in exercises/self-check/ must be a question of the catalog").toEqual(questions.flatMap((q) => q.files).sort());
  });

  it("keep the pristine copies equal to the committed stubs", () => {
    if (process.env["WORKBOOK_SKIP_PRISTINE_CHECK"] === "1") return;
    const drift: string[] = [];
    for (const exercise of [...exercises, ...questions]) {
      const onDisk = readdirSync(exercise.dir).filter((f) => f.endsWith(".ts") && (exercise.kind === "exercise" || exercise.files.includes(f))).sort();
      if (onDisk.join() !== exercise.files.join()) drift.push(`${exercise.id}: files ${onDisk.join(", ")} vs pristine ${exercise.files.join(", ")}`);
      for (const file of exercise.files) {
        const stub = normalize(pristineText(exercise, file));
        const path = join(exercise.dir, file);
        const working = existsSync(path) ? normalize(readFileSync(path, "utf8")) : null;
        if (working === stub) continue;
        // A learner's edits in the working tree are fine when the committed file is the stub.
        if (committed(`exercises/${exercise.id}/${file}`) === stub) continue;
        drift.push(`exercises/${exercise.id}/${file}`);
      }
    }
    expect(
      drift,
      "these stubs differ from exercises/_cli/pristine/ — after changing a stub run `npx tsx exercises/_cli/sync-pristine.ts` " +
        "(a learner who committed their own work can set WORKBOOK_SKIP_PRISTINE_CHECK=1)",
    ).toEqual([]);
  });
});

/** The file's text in git's HEAD, or null (no git, or not committed yet). */
function committed(path: string): string | null {
  try {
    return normalize(execFileSync("git", ["show", `HEAD:${path}`], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  } catch {
    return null;
  }
}
