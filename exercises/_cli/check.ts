/**
 * One check of an exercise or a self-check question against the learner's code: the type check
 * of the learner's files and the tests, at the same time, then the verdict — type errors first,
 * every failing test with its message and diff, and for a passing question its explanation.
 * Used by `npm run exercise` and by lesson 11's `--run N`.
 *
 * @module
 */
import { join } from "node:path";
import { selfCheckOf, type Exercise } from "./catalog.js";
import { bold, dim, yellow } from "./colour.js";
import { lessonsText, printExerciseSummary } from "./report.js";
import { startTypeChecker, type TypeChecker, type TypeProblem } from "./typecheck.js";
import { quickRun } from "./quick-run.js";
import { openVitest } from "./vitest-api.js";
import type { RunReport } from "./vitest-run.js";

/** The learner's files of an exercise, as absolute paths. */
export function learnerFiles(exercise: Exercise): string[] {
  return exercise.files.map((file) => join(exercise.dir, file));
}

/** Prints one check's verdict (and, for a passing question, its explanation); true when it passed. */
export function printVerdict(exercise: Exercise, report: RunReport, problems: readonly TypeProblem[]): boolean {
  const passed = printExerciseSummary(exercise, report, problems);
  const check = selfCheckOf(exercise);
  if (passed && check !== null) {
    console.log("");
    console.log(bold(`Why: ${check.question}`));
    console.log(wrap(check.explanation, 92, "  "));
    console.log("");
    const lessons = lessonsText(exercise);
    console.log(dim(`${lessons[0]?.toUpperCase() ?? ""}${lessons.slice(1)}. All questions: npm run lesson 11   Where you are: npm run progress`));
  }
  return passed;
}

/** `text` wrapped at `width` columns, each line indented. */
export function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(indent + line);
  return lines.join("\n");
}

/**
 * The type problems of an exercise's files, or none when the checker itself failed (the tests still
 * give a verdict). `changed`: the files saved since the last check, for a checker that keeps them loaded.
 */
export async function typeProblems(checker: TypeChecker, exercise: Exercise, changed: readonly string[] = []): Promise<TypeProblem[]> {
  try {
    return await checker.check(learnerFiles(exercise), changed);
  } catch (error) {
    console.log(yellow(`(The type check could not run: ${error instanceof Error ? error.message : String(error)})`));
    return [];
  }
}

/**
 * One check: the type check and the tests at the same time. The tests run in the quick check
 * (`./quick-run.js`: a bundle run by vitest's runner in a worker thread, no vite), which starts its
 * thread first, so it loads on the other core while this one bundles and works out whether the type
 * check's last verdict still holds. When the quick check gives way, vitest runs the tests in-process
 * as it always did.
 */
export async function checkOnce(exercise: Exercise): Promise<boolean> {
  const quick = quickRun(exercise.testFile).catch(() => null);
  const checker = startTypeChecker();
  const problems = typeProblems(checker, exercise);
  try {
    const report = await quick;
    if (report !== null) return printVerdict(exercise, report, await problems);
    const vitest = await openVitest({ kind: "exercises" }).catch(async (error: unknown) => {
      await problems.catch(() => undefined);
      throw error;
    });
    try {
      const slow = await vitest.run([exercise.testFile]);
      return printVerdict(exercise, slow, await problems);
    } finally {
      await vitest.close();
    }
  } finally {
    await checker.close();
  }
}
