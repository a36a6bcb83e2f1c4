/**
 * Printing for the learner CLI: colour only on a terminal and when `NO_COLOR` is unset, and the
 * summary of one exercise's run.
 *
 * @module
 */
import type { Exercise } from "./catalog.js";
import { firstFailure, type RunReport } from "./vitest-run.js";

const useColour = process.stdout.isTTY === true && (process.env["NO_COLOR"] ?? "") === "";

function paint(code: string, text: string): string {
  return useColour ? `\u001b[${code}m${text}\u001b[0m` : text;
}

/** Green text (on a terminal). */
export const green = (text: string): string => paint("32", text);
/** Red text (on a terminal). */
export const red = (text: string): string => paint("31", text);
/** Yellow text (on a terminal). */
export const yellow = (text: string): string => paint("33", text);
/** Dim text (on a terminal). */
export const dim = (text: string): string => paint("2", text);
/** Bold text (on a terminal). */
export const bold = (text: string): string => paint("1", text);

/** Passed and failed counts of a run. */
export function counts(report: RunReport): { passed: number; failed: number; total: number } {
  const passed = report.tests.filter((t) => t.status === "passed").length;
  const failed = report.tests.filter((t) => t.status === "failed").length;
  return { passed, failed, total: report.tests.length };
}

/** True when the run had tests and every one of them passed. */
export function allPassed(report: RunReport): boolean {
  const { passed, total } = counts(report);
  return total > 0 && passed === total && report.files.every((f) => f.status === "passed");
}

/** Prints the summary of one exercise's run; returns true when it passed. */
export function printExerciseSummary(exercise: Exercise, report: RunReport): boolean {
  const { passed, failed, total } = counts(report);
  const title = `Exercise ${exercise.number}: ${exercise.slug}`;
  if (allPassed(report)) {
    console.log(green(`✔ ${title} — all ${total} tests pass.`));
    console.log(`  Compare with the worked answer: npm run exercise ${exercise.number} -- --solution`);
    return true;
  }
  console.log(red(`✘ ${title} — ${passed} passed, ${failed} failed (of ${total}).`));
  const broken = report.files.find((f) => f.status !== "passed" && f.tests.length === 0);
  if (broken !== undefined) {
    console.log("");
    console.log("The test file could not run (does your code compile?):");
    console.log(firstFailure(broken.message || report.output, 12));
  }
  const first = report.tests.find((t) => t.status === "failed");
  if (first !== undefined) {
    console.log("");
    console.log(bold(`First failing test: ${first.fullName}`));
    console.log(firstFailure(first.failureMessages[0] ?? "(no message)"));
  }
  if (total === 0 && broken === undefined) {
    console.log(firstFailure(report.output, 20));
  }
  console.log("");
  console.log(`Edit ${exercise.files.map((f) => `exercises/${exercise.id}/${f}`).join(", ")} (look for TODO(lesson ${exercise.number})).`);
  console.log(dim(`Stuck? npm run exercise ${exercise.number} -- --hint    Re-run on save: npm run exercise ${exercise.number} -- --watch`));
  return false;
}
