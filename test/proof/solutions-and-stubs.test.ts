/**
 * The workbook's proof, run by `npm test` (as rustlings' `check --require-solutions` does): every
 * exercise's tests and every self-check pass against `solutions/`, and every exercise's untouched
 * stub, and every unanswered self-check file, fails EACH of its tests.
 *
 * Both halves run inside the same vitest run as the rest of the suite (`vitest.config.ts`): the
 * `workbook` project runs the exercise and self-check tests against `solutions/`, and the `stubs`
 * project runs them again against the pristine copies (`exercises/_cli/pristine/`, served by
 * `pristine-stubs.ts`), inverted by `stub-runner.ts` so that a test passes there only when it
 * failed against the stub. The stub half uses the pristine copies, so it also holds while a
 * learner has edited `exercises/`. This file checks that the two projects cover every exercise
 * and question, and that the folders are complete.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises, listQuestions, normalize, pristineText, ROOT, SELF_CHECK_ID, SELF_CHECKS } from "../../exercises/_cli/catalog.js";
import { parseHints } from "../../exercises/_cli/state.js";
import { targetFromEnv } from "../../exercises/_cli/target.js";
import config from "../../vitest.config.js";
import { pristineCopiesExist, pristineFiles } from "./pristine-stubs.js";

const exercises = listExercises();
const questions = listQuestions();
const exerciseFiles = exercises.map((e) => e.testFile);
const selfCheckFiles = SELF_CHECKS.map((c) => c.testFile);

interface ProjectConfig {
  test?: { name?: string; include?: string[]; exclude?: string[]; runner?: string };
  plugins?: Array<{ name?: string }>;
}

function project(name: string): ProjectConfig {
  const projects = (config.test?.projects ?? []) as ProjectConfig[];
  const found = projects.find((p) => p.test?.name === name);
  if (found === undefined) throw new Error(`vitest.config.ts has no project named ${name}`);
  return found;
}

/** Whether a test file (relative to the root) matches one of the simple globs the config uses. */
function matches(file: string, globs: readonly string[] = []): boolean {
  return globs.some((glob) => {
    const pattern = glob
      .split("**/")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*+/g, (stars) => (stars.length > 1 ? ".*" : "[^/]*")))
      .join("(?:[^/]+/)*");
    return new RegExp(`^${pattern}$`).test(file);
  });
}

describe("the proof's two halves", () => {
  it("the workbook project runs every exercise and self-check test against solutions/", () => {
    const workbook = project("workbook");
    const missed = [...exerciseFiles, ...selfCheckFiles].filter((file) => !matches(file, workbook.test?.include) || matches(file, workbook.test?.exclude));
    expect(missed, "these tests are not in the workbook project").toEqual([]);
    if (process.env["WORKBOOK_TARGET"] === undefined && process.env["WORKBOOK_TARGET_DIR"] === undefined) {
      expect(targetFromEnv(), "npm test checks the worked answers").toEqual({ kind: "solutions" });
    }
  });

  it("the stubs project runs every exercise and self-check test against the pristine stubs, where each test must fail", () => {
    const stubs = project("stubs");
    const missed = [...exerciseFiles, ...selfCheckFiles].filter((file) => !matches(file, stubs.test?.include) || matches(file, stubs.test?.exclude));
    expect(missed, "these tests are not in the stubs project").toEqual([]);
    expect(stubs.test?.runner, "the stubs project inverts each test's outcome").toBe("./test/proof/stub-runner.ts");
    expect(stubs.plugins?.map((p) => p.name)).toContain("workbook-pristine-stubs");
    expect(pristineCopiesExist(), "every exercise file has its pristine copy").toBe(true);
    const served = [...pristineFiles().keys()]
      .map((path) =>
        path
          .slice(ROOT.length + 1)
          .split("\\")
          .join("/"),
      )
      .sort();
    const expected = [...exercises, ...questions].flatMap((e) => e.files.map((file) => `exercises/${e.id}/${file}`)).sort();
    expect(served).toEqual(expected);
  });
});

describe("the exercise folders", () => {
  it.each(exercises.map((e) => [e.id, e] as const))("%s has a stub with lesson TODOs, a README, numbered hints, a solution and a test", (_id, exercise) => {
    expect(exercise.files.length, `exercises/_cli/pristine/${exercise.id}/ must hold the stub`).toBeGreaterThan(0);
    for (const file of exercise.files) {
      expect(pristineText(exercise, file), `${exercise.id}/${file} must mark its blanks with TODO(lesson ${exercise.number})`).toContain(`TODO(lesson ${exercise.number})`);
      expect(existsSync(join(exercise.solutionDir, file)), `solutions/${exercise.id}/${file} must exist`).toBe(true);
    }
    const solutionFiles = readdirSync(exercise.solutionDir)
      .filter((f) => f.endsWith(".ts"))
      .sort();
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
    const stubs = readdirSync(join(ROOT, "exercises", SELF_CHECK_ID))
      .filter((f) => f.endsWith(".ts"))
      .sort();
    expect(
      readdirSync(join(ROOT, "solutions", SELF_CHECK_ID))
        .filter((f) => f.endsWith(".ts"))
        .sort(),
      "solutions/self-check/ must mirror exercises/self-check/",
    ).toEqual(stubs);
    expect(stubs, "every file in exercises/self-check/ must be a question of the catalog").toEqual(questions.flatMap((q) => q.files).sort());
  });

  it("keep the pristine copies equal to the committed stubs", () => {
    if (process.env["WORKBOOK_SKIP_PRISTINE_CHECK"] === "1") return;
    const drift: string[] = [];
    for (const exercise of [...exercises, ...questions]) {
      const onDisk = readdirSync(exercise.dir)
        .filter((f) => f.endsWith(".ts") && (exercise.kind === "exercise" || exercise.files.includes(f)))
        .sort();
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
