/**
 * Printing for the learner CLI: the summary of one exercise's run, coloured (on a terminal only)
 * with the command lines' shared colours of `colour.ts`.
 *
 * @module
 */
import { stripVTControlCharacters } from "node:util";
import { listExercises, listQuestions, rel, ROOT, selfCheckOf, type Exercise } from "./catalog.js";
import { bold, dim, green, red, useColour } from "./colour.js";
import { stuckMessage } from "./deadline.js";
import type { TypeProblem } from "./typecheck.js";
import { firstFailure, forLearners, type RunReport, type TestFailure, type TestOutcome } from "./vitest-run.js";

/** Passed and failed counts of a run. */
export function counts(report: RunReport): { passed: number; failed: number; total: number } {
  const passed = report.tests.filter((t) => t.status === "passed").length;
  const failed = report.tests.filter((t) => t.status === "failed").length;
  return { passed, failed, total: report.tests.length };
}

/** True when the run had tests and every one of them passed. */
export function allPassed(report: RunReport): boolean {
  const { passed, total } = counts(report);
  return total > 0 && passed === total && report.files.every((f) => f.status === "passed") && report.stuck === undefined;
}

function indent(text: string, by = "    "): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? "" : by + line))
    .join("\n");
}

/** True for a non-empty run of ASCII digits. */
function isDigits(text: string): boolean {
  if (text === "") return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * The `file:line:column` at the end of a stack line (`at f (file:///a/b.ts:3:7)`, `at /a/b.ts:3:7`):
 * the file (without `file://`) and the line, or `null`. Read from the end with string searches, so
 * a long line costs one pass.
 */
function stackLocation(stackLine: string): { file: string; line: string } | null {
  let text = stackLine.trim();
  if (text.endsWith(")")) text = text.slice(0, -1);
  let start = text.length;
  while (start > 0 && !/[\s()]/.test(text[start - 1] ?? "")) start--;
  let location = text.slice(start);
  if (location.startsWith("file://")) location = location.slice("file://".length);
  const columnColon = location.lastIndexOf(":");
  const lineColon = columnColon > 0 ? location.lastIndexOf(":", columnColon - 1) : -1;
  if (lineColon <= 0) return null;
  const line = location.slice(lineColon + 1, columnColon);
  if (!isDigits(line) || !isDigits(location.slice(columnColon + 1))) return null;
  return { file: location.slice(0, lineColon), line };
}

/** `file:line` of the first stack frame inside one of `folders` (relative to the root) whose file ends with `suffix`, or null. */
export function frameIn(stack: string | undefined, folders: readonly string[], suffix = ""): string | null {
  if (stack === undefined) return null;
  const root = ROOT.split("\\").join("/") + "/";
  for (const line of stack.split("\n")) {
    const match = stackLocation(line);
    if (match === null) continue;
    const path = match.file.split("\\").join("/");
    const rel = path.startsWith(root) ? path.slice(root.length) : path;
    if (folders.some((folder) => rel.startsWith(folder)) && rel.endsWith(suffix)) return `${rel}:${match.line}`;
  }
  return null;
}

/** Prints the type errors found in the learner's files; returns how many there were. */
export function printTypeProblems(problems: readonly TypeProblem[]): number {
  if (problems.length === 0) return 0;
  console.log(red(bold(`Type errors in your code (${problems.length}) — \`npm test\` fails on these even when every test passes:`)));
  for (const p of problems) {
    console.log(`  ${rel(p.file)}:${p.line}:${p.column}  ${dim(`TS${p.code}`)}  ${p.message.split("\n").join("\n      ")}`);
  }
  console.log("");
  return problems.length;
}

/** Prints one failing test: its name, where it failed, the test's own message and vitest's diff. */
export function printFailure(test: TestOutcome, learnerFolders: readonly string[]): void {
  console.log(red(`✘ ${test.fullName}`));
  const failures = test.failures ?? test.failureMessages.map((message): TestFailure => ({ message }));
  for (const failure of failures.length > 0 ? failures : [{ message: "(no message)" } as TestFailure]) {
    const where = [frameIn(failure.stack, learnerFolders), frameIn(failure.stack, ["test/"], ".test.ts")].filter((w): w is string => w !== null);
    if (where.length > 0) console.log(dim(`    at ${where.join(", test ")}`));
    const message = firstFailure(failure.message, 12);
    console.log(indent(message));
    if (failure.diff !== undefined) {
      const diff = forLearners(useColour() ? failure.diff : stripVTControlCharacters(failure.diff));
      const lines = diff.split("\n");
      const shown = lines.length > 40 ? [...lines.slice(0, 40), dim(`… ${lines.length - 40} more lines`)] : lines;
      console.log("");
      console.log(indent(shown.join("\n")));
    }
  }
  console.log("");
}

/**
 * Prints the result of one exercise's check: type errors first, then every failing test with its
 * message and diff. Returns true only when every test passes and the files type-check.
 */
export function printExerciseSummary(exercise: Exercise, report: RunReport, typeProblems: readonly TypeProblem[] = []): boolean {
  const { passed, failed, total } = counts(report);
  const title = `${exercise.label}: ${exercise.slug}`;
  const folders = [`exercises/${exercise.id}/`];
  printTypeProblems(typeProblems);
  if (allPassed(report) && typeProblems.length === 0) {
    console.log(green(`✔ ${title} — all ${total} tests pass.`));
    console.log(`  Compare with the worked answer: npm run exercise ${exercise.command} -- --solution`);
    console.log(`  ${nextStep(exercise)}`);
    return true;
  }
  for (const stopped of report.stuck ?? []) {
    const mine = exercise.files.map((f) => `exercises/${exercise.id}/${f}`).join(", ");
    console.log(red(`✘ ${stuckMessage(mine, stopped.seconds)}`));
    console.log(dim(`  Its tests (${stopped.file}) were stopped. Look for a loop whose condition never changes, or a promise nothing resolves.`));
    console.log("");
  }
  const broken = report.files.filter((f) => f.status !== "passed" && f.tests.length === 0);
  for (const file of broken) {
    console.log(red(`✘ ${file.file} could not run (does your code compile?):`));
    console.log(indent(firstFailure(file.message || report.output, 12)));
    console.log("");
  }
  for (const test of report.tests.filter((t) => t.status === "failed")) printFailure(test, folders);
  if (total === 0 && broken.length === 0 && report.stuck === undefined) console.log(firstFailure(report.output, 20));
  if (allPassed(report)) console.log(red(`✘ ${title} — all ${total} tests pass, but fix the type errors above first.`));
  else console.log(red(`✘ ${title} — ${passed} passed, ${failed} failed (of ${total}).`));
  console.log(`Edit ${exercise.files.map((f) => `exercises/${exercise.id}/${f}`).join(", ")} (look for TODO(lesson ${exercise.lesson})).`);
  const stuck =
    exercise.kind === "exercise"
      ? `Stuck? npm run exercise ${exercise.command} -- --hint    `
      : `Stuck? Read ${lessonsText(exercise)} and the src/ files the question names.    `;
  console.log(dim(`${stuck}Re-run on save: npm run exercise ${exercise.command} -- --watch`));
  return false;
}

/** `lesson 5`, or `lessons 7 and 8`: the lessons a question builds on, or an exercise's own lesson. */
export function lessonsText(item: Exercise): string {
  const lessons = selfCheckOf(item)?.lessons ?? [item.lesson];
  return lessons.length === 1 ? `lesson ${lessons[0]}` : `lessons ${lessons.slice(0, -1).join(", ")} and ${lessons.at(-1)}`;
}

/** What to do after `item` passes: the next exercise or question, with its lesson; or, after the last, the progress report. */
export function nextStep(item: Exercise): string {
  const all = [...listExercises(), ...listQuestions()];
  const next = all[all.findIndex((e) => e.kind === item.kind && e.number === item.number) + 1];
  if (next === undefined) return "That was the last one. See everything at once: npm run progress";
  const what = next.kind === "exercise" ? `exercise ${next.number}, ${next.slug.replaceAll("-", " ")}` : `self-check question ${next.number}`;
  const lesson = next.kind === "exercise" ? `lesson ${next.lesson}: lessons/${next.id}/README.md` : `lesson 11: lessons/11-self-check/README.md`;
  return `Next: ${what} (${lesson}) — npm run exercise ${next.command}`;
}
