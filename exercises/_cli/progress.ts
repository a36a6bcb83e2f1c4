/**
 * `npm run progress`: every exercise and self-check question with its state — passed, failing or
 * not started — and the next one to do, with the reason it fails. "Not started" means the files are
 * still exactly the pristine stubs; those are not run (the CI proof shows every stub fails).
 * Everything else is type-checked and run against `exercises/` in one in-process vitest.
 *
 *     npm run progress                 the table, and what to do next
 *     npm run progress -- --json       the same as JSON, for instructors' scripts
 *     npm run progress -- --help       these options
 *
 * @module
 */
import { parseArgs } from "node:util";
import { isUntouched, listExercises, listQuestions, rel, selfCheckOf, type Exercise } from "./catalog.js";
import { bold, dim, green, red, yellow } from "./colour.js";
import { startTypeChecker, type TypeProblem } from "./typecheck.js";
import { openVitest } from "./vitest-api.js";
import { firstFailure, type RunReport, type TestOutcome } from "./vitest-run.js";

/** Where one exercise or question stands. */
export type State = "passed" | "failing" | "not started";

/** One row of the report. */
export interface ProgressItem {
  /** "exercise" or "question". */
  kind: Exercise["kind"];
  /** Its number. */
  number: number;
  /** Its name. */
  slug: string;
  /** The self-check question's text (questions only). */
  question?: string;
  /** What to type after `npm run exercise`. */
  command: string;
  /** Passed, failing or not started. */
  state: State;
  /** Tests that pass, of `tests`. */
  passed: number;
  /** Its tests that ran (0 when not started). */
  tests: number;
  /** Type errors in its files, as `file:line: TSnnnn message`. */
  typeErrors: string[];
  /** The first failing test and its message, when failing. */
  firstFailure: { test: string; message: string } | null;
}

/** The whole report, as `--json` prints it. */
export interface ProgressReport {
  /** The exercises, 1 to 9. */
  exercises: ProgressItem[];
  /** The self-check questions, 1 to 5. */
  questions: ProgressItem[];
  /** The next thing to do, or null when everything passes. */
  next: { kind: Exercise["kind"]; number: number; command: string; reason: string } | null;
  /** How many of all items pass. */
  done: number;
  /** How many items there are. */
  total: number;
  /** Set when the tests could not run at all. */
  error?: string;
}

function label(state: State): string {
  const text = state.padEnd(11);
  return state === "passed" ? green(text) : state === "failing" ? red(text) : yellow(text);
}

function itemOf(item: Exercise, started: boolean, tests: TestOutcome[], problems: readonly TypeProblem[]): ProgressItem {
  const typeErrors = problems.map((p) => `${rel(p.file)}:${p.line}: TS${p.code} ${p.message.split("\n")[0] ?? ""}`);
  const passed = tests.filter((t) => t.status === "passed").length;
  const state: State = !started ? "not started" : tests.length > 0 && passed === tests.length && typeErrors.length === 0 ? "passed" : "failing";
  const failing = tests.find((t) => t.status === "failed");
  const base: ProgressItem = {
    kind: item.kind,
    number: item.number,
    slug: item.slug,
    command: item.command,
    state,
    passed,
    tests: tests.length,
    typeErrors,
    firstFailure:
      state === "failing" && failing !== undefined
        ? { test: failing.fullName, message: firstFailure(failing.failureMessages[0] ?? "(no message)", 4) }
        : null,
  };
  const check = selfCheckOf(item);
  return check === null ? base : { ...base, question: check.question };
}

/** Why an item is the next one, in one line. */
function reasonOf(item: ProgressItem): string {
  if (item.state === "not started") return item.kind === "question" ? "not answered yet" : "not started yet";
  if (item.typeErrors.length > 0) return `type error: ${item.typeErrors[0]}`;
  if (item.firstFailure !== null) return `${item.firstFailure.test}: ${item.firstFailure.message.split("\n")[0] ?? ""}`;
  if (item.tests === 0) return "its tests did not run (does the file compile?)";
  return "failing";
}

/** Builds the report: type-checks and runs every started item once. */
export async function buildProgress(): Promise<ProgressReport> {
  const all = [...listExercises(), ...listQuestions()];
  const started = new Set(all.filter((item) => !isUntouched(item)));
  const startedList = all.filter((item) => started.has(item));
  const learnerFiles = [...new Set(startedList.flatMap((item) => item.files.map((f) => `${item.dir}/${f}`)))];
  const checker = startTypeChecker();
  const typeCheck = learnerFiles.length > 0 ? checker.check(learnerFiles).catch(() => [] as TypeProblem[]) : Promise.resolve([] as TypeProblem[]);
  let report: RunReport | null = null;
  try {
    if (startedList.length > 0) {
      const vitest = await openVitest({ kind: "exercises" });
      try {
        report = await vitest.run([...new Set(startedList.map((item) => item.testFile))]);
      } finally {
        await vitest.close();
      }
    }
  } finally {
    void typeCheck.finally(() => checker.close());
  }
  const problems = await typeCheck;
  const testsOf = (file: string): TestOutcome[] => report?.tests.filter((t) => t.file === file) ?? [];
  const items = all.map((item) =>
    itemOf(
      item,
      started.has(item),
      testsOf(item.testFile),
      problems.filter((p) => item.files.some((f) => p.file === `${item.dir}/${f}`)),
    ),
  );
  const nextItem = items.find((item) => item.state !== "passed");
  const result: ProgressReport = {
    exercises: items.filter((i) => i.kind === "exercise"),
    questions: items.filter((i) => i.kind === "question"),
    next: nextItem === undefined ? null : { kind: nextItem.kind, number: nextItem.number, command: `npm run exercise ${nextItem.command}`, reason: reasonOf(nextItem) },
    done: items.filter((i) => i.state === "passed").length,
    total: items.length,
  };
  if (report !== null && report.tests.length === 0) result.error = firstFailure(report.output || "no test ran", 20);
  return result;
}

function printRow(item: ProgressItem): void {
  const detail =
    item.state !== "failing"
      ? ""
      : item.typeErrors.length > 0
        ? dim(`  ${item.typeErrors.length} type error(s)`)
        : dim(`  ${item.passed}/${item.tests} tests pass`);
  const name = item.kind === "question" ? (item.question ?? item.slug) : item.slug.padEnd(22);
  console.log(`  ${item.command.padStart(2)}  ${item.kind === "question" ? label(item.state) + "  " + name : name + " " + label(item.state)}${detail}`);
  if (item.state === "failing") {
    const why = item.typeErrors[0] ?? (item.firstFailure === null ? null : `${item.firstFailure.test}\n${item.firstFailure.message}`);
    if (why !== null) console.log(dim(why.split("\n").map((line) => `        ${line}`).join("\n")));
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const { tokens } = parseArgs({ args: [...argv], options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } }, strict: false, allowPositionals: true, tokens: true });
  let json = process.env["npm_config_json"] === "true";
  let help = false;
  // Everything but `--json` itself is not understood, shown as it was typed (`--json=1` too: the flag takes no value).
  const unknown: string[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") unknown.push(token.value);
    else if (token.kind !== "option") continue;
    else if (token.name === "json" && token.inlineValue !== true) json = true;
    else if (token.name === "help" && token.inlineValue !== true) help = true;
    else unknown.push(token.inlineValue === true ? `${token.rawName}=${token.value ?? ""}` : token.rawName);
  }
  if (help || unknown.length > 0) {
    if (unknown.length > 0) console.log(red(`Not understood: ${unknown.join(" ")}`));
    console.log("Usage: npm run progress [-- <option>]");
    console.log("");
    console.log("Every exercise and self-check question against your files: passed, failing or not started, why, and what to do next.");
    console.log("");
    console.log("Options (after --):");
    console.log("  --json       the same report as JSON, for instructors' scripts (npm run --silent progress -- --json)");
    console.log("  --help, -h   this help");
    return unknown.length > 0 ? 2 : 0;
  }
  const progress = await buildProgress();
  if (json) {
    console.log(JSON.stringify(progress, null, 2));
    return progress.error === undefined ? 0 : 1;
  }
  console.log(bold("Exercises") + dim("  (your code in exercises/)"));
  for (const item of progress.exercises) printRow(item);
  console.log("");
  console.log(bold("Self-check questions") + dim("  (your answers in exercises/self-check/, checked against src/)"));
  for (const item of progress.questions) printRow(item);
  console.log("");
  if (progress.error !== undefined) {
    console.log(red("The tests could not run:"));
    console.log(progress.error);
    return 1;
  }
  if (progress.next === null) console.log(green("Everything passes. Well done."));
  else {
    const what = progress.next.kind === "question" ? `question ${progress.next.number}` : `exercise ${progress.next.number}`;
    console.log(`${bold("Next:")} ${what} — ${progress.next.command}`);
    console.log(dim(`  ${progress.next.reason}`));
  }
  console.log(dim(`${progress.done} of ${progress.total} done.`));
  return 0;
}

main(process.argv.slice(2).filter((a) => a !== "--")).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
