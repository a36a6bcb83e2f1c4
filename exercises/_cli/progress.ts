/**
 * `npm run progress`: every exercise and self-check question with its state — passed, failing or
 * not started — and the next one to do, with the reason it fails. "Not started" means the files are
 * still exactly the pristine stubs; those are not run (the CI proof shows every stub fails).
 * Everything else is type-checked and run against `exercises/` in one in-process vitest.
 *
 *     npm run progress                     the table, and what to do next
 *     npm run -s progress -- --json        the same as JSON, alone on standard output, for instructors' scripts
 *     npm run progress -- --out progress.json   the JSON written to a file (the table still printed)
 *     npm run progress -- --help           these options
 *
 * The JSON also says, per item, the hints and worked answers the CLI showed (`help`).
 *
 * @module
 */
import { CAPSTONE, isUntouched, listItems, selfCheckOf, type Exercise } from "./catalog.js";
import { capstoneVerdictInThread } from "./capstone-thread.js";
import type { CapstoneVerdict } from "./capstone-verdict.js";
import { bold, dim, green, red, yellow } from "./colour.js";
import { stuckOf } from "./grading.js";
import { emitJson, outProblem } from "./json-out.js";
import { splitMissing } from "./missing-files.js";
import { readReportArgs } from "./report-args.js";
import { runCommand } from "./run-command.js";
import { helpCountersMeaningful, helpUsed, readState, type HelpUsed } from "./state.js";
import { startTypeChecker, type TypeProblem } from "./typecheck.js";
import { missingVerdict, reasonOf, verdictOf, type State, type Verdict } from "./verdict.js";
import { openVitest } from "./vitest-api.js";
import { firstFailure, type RunReport } from "./vitest-run.js";

export type { State } from "./verdict.js";

/** One row of the report: the item, and its {@link Verdict}. */
export interface ProgressItem extends Verdict {
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
  /** The hints and worked answers the CLI showed for it on this machine. */
  help: HelpUsed | null;
}

/** The whole report, as `--json` prints it. */
export interface ProgressReport {
  /** The exercises, in order (1 to 9 in the workbook as shipped). */
  exercises: ProgressItem[];
  /** The self-check questions, 1 to 5. */
  questions: ProgressItem[];
  /** The capstone (`npm run exercise 10` while there are nine exercises): the nine parts' answers as one agent. Not counted in `done` and `total`. */
  capstone: CapstoneVerdict;
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

function itemOf(item: Exercise, verdict: Verdict, help: HelpUsed | null): ProgressItem {
  const base: ProgressItem = { kind: item.kind, number: item.number, slug: item.slug, command: item.command, ...verdict, help };
  const check = selfCheckOf(item);
  return check === null ? base : { ...base, question: check.question };
}

/**
 * Builds the report: type-checks and runs every started item once. An item a file of whose check is
 * missing (its pristine copy, its test file: `missing-files.ts`) is not run; its row fails with the
 * line naming the file, and the other items are checked as usual.
 */
export async function buildProgress(): Promise<ProgressReport> {
  const all = listItems();
  const { ready, missing } = splitMissing(all, { testFile: true });
  const started = new Set(ready.filter((item) => !isUntouched(item)));
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
  const state = readState();
  const items = all.map((item) =>
    itemOf(
      item,
      missing.has(item)
        ? missingVerdict(missing.get(item) ?? "")
        : verdictOf(
            started.has(item),
            report?.tests.filter((t) => t.file === item.testFile) ?? [],
            problems.filter((p) => item.files.some((f) => p.file === `${item.dir}/${f}`)),
            stuckOf(item, report),
          ),
      helpCountersMeaningful() ? helpUsed(item, state) : null,
    ),
  );
  const nextItem = items.find((item) => item.state !== "passed");
  // Run after the tests, not beside them: both want the machine's cores.
  const capstone = await capstoneVerdictInThread();
  const result: ProgressReport = {
    exercises: items.filter((i) => i.kind === "exercise"),
    questions: items.filter((i) => i.kind === "question"),
    capstone,
    next:
      nextItem === undefined
        ? null
        : { kind: nextItem.kind, number: nextItem.number, command: `npm run exercise ${nextItem.command}`, reason: reasonOf(nextItem) ?? "failing" },
    done: items.filter((i) => i.state === "passed").length,
    total: items.length,
  };
  if (report !== null && report.tests.length === 0 && report.stuck === undefined) result.error = firstFailure(report.output || "no test ran", 20);
  return result;
}

function printRow(item: ProgressItem): void {
  const detail =
    item.state !== "failing" || item.missing !== null
      ? ""
      : item.typeErrors.length > 0
        ? dim(`  ${item.typeErrors.length} type error(s)`)
        : dim(`  ${item.passed}/${item.tests} tests pass`);
  const name = item.kind === "question" ? (item.question ?? item.slug) : item.slug.padEnd(22);
  console.log(`  ${item.command.padStart(2)}  ${item.kind === "question" ? label(item.state) + "  " + name : name + " " + label(item.state)}${detail}`);
  if (item.state === "failing") {
    const why = item.missing ?? item.stuck ?? item.typeErrors[0] ?? (item.firstFailure === null ? null : `${item.firstFailure.test}\n${item.firstFailure.message}`);
    if (why !== null)
      console.log(
        dim(
          why
            .split("\n")
            .map((line) => `        ${line}`)
            .join("\n"),
        ),
      );
  }
}

/** The capstone's row, under the nine exercises. */
function printCapstone(verdict: CapstoneVerdict): void {
  console.log(`  ${verdict.command.padStart(2)}  ${CAPSTONE.slug.padEnd(22)} ${label(verdict.state)}${dim("  your nine answers as one agent")}`);
  if (verdict.reason !== null && verdict.state !== "not started") console.log(dim(`        ${verdict.reason}`));
}

async function main(argv: readonly string[]): Promise<number> {
  const { json, out, help, unknown } = readReportArgs(argv, false);
  if (help || unknown.length > 0) {
    if (unknown.length > 0) console.log(red(`Not understood: ${unknown.join(" ")}`));
    console.log("Usage: npm run progress [-- <option>]");
    console.log("");
    console.log("Every exercise and self-check question against your files: passed, failing or not started, why, and what to do next.");
    console.log("");
    console.log("Options (after --):");
    console.log("  --json         the same report as JSON, for instructors' scripts (npm run -s progress -- --json keeps npm's own lines out)");
    console.log("  --out <file>   also write the JSON report to <file>");
    console.log("  --help, -h     this help");
    return unknown.length > 0 ? 2 : 0;
  }
  const refused = out === null ? null : outProblem(out);
  if (refused !== null) {
    console.log(red(refused));
    return 2;
  }
  const progress = await buildProgress();
  if (emitJson(progress, { json, out }, "progress")) return progress.error === undefined ? 0 : 1;
  console.log(bold("Exercises") + dim("  (your code in exercises/)"));
  for (const item of progress.exercises) printRow(item);
  printCapstone(progress.capstone);
  console.log("");
  console.log(bold("Self-check questions") + dim("  (your answers in exercises/self-check/, checked against src/)"));
  for (const item of progress.questions) printRow(item);
  console.log("");
  if (progress.error !== undefined) {
    console.log(red("The tests could not run:"));
    console.log(progress.error);
    return 1;
  }
  if (progress.next === null && progress.capstone.state !== "passed") {
    console.log(`${bold("Next:")} the capstone — npm run exercise ${progress.capstone.command}`);
    if (progress.capstone.reason !== null) console.log(dim(`  ${progress.capstone.reason}`));
  } else if (progress.next === null) console.log(green("Everything passes. Well done."));
  else {
    const what = progress.next.kind === "question" ? `question ${progress.next.number}` : `exercise ${progress.next.number}`;
    console.log(`${bold("Next:")} ${what} — ${progress.next.command}`);
    console.log(dim(`  ${progress.next.reason}`));
  }
  console.log(dim(`${progress.done} of ${progress.total} done.`));
  return 0;
}

runCommand(
  main,
  process.argv.slice(2).filter((a) => a !== "--"),
);
