/**
 * `npm run grade`: the learner's own files (`exercises/`, `exercises/self-check/`) graded by the
 * workbook's own copies of the tests, never the learner's: each exercise and each self-check
 * question passed or failed, its points, the hints and worked answers the CLI showed, the total,
 * and every learner test file that differs from the workbook's.
 *
 *     npm run grade                         the table
 *     npm run grade -- 5 q3                 only exercise 5 and question 3
 *     npm run -s grade -- --json            the same as JSON, alone on standard output
 *     npm run grade -- --out grade.json     the JSON written to a file (the table still printed)
 *     npm run grade -- --help               these options
 *
 * It exits with 0 when every graded item passed, 1 when one did not (or the tests could not run)
 * and 2 when the command line was not understood, so `npm run -s grade -- 5` is a grading command
 * of its own (the GitHub Classroom workflow runs one per item).
 *
 * @module
 */
import { CAPSTONE, listExercises, listQuestions, rel } from "./catalog.js";
import { capstoneVerdict, type CapstoneVerdict } from "./capstone-verdict.js";
import { bold, dim, green, red, yellow } from "./colour.js";
import { gradeExitCode, gradeWork, type GradeItem, type GradeReport } from "./grading.js";
import { emitJson, outProblem } from "./json-out.js";
import { PRISTINE_TESTS_DIR } from "./pristine-tests.js";
import { readReportArgs } from "./report-args.js";
import { runCommand } from "./run-command.js";

function usage(): void {
  const [exercises, questions] = [listExercises(), listQuestions()];
  console.log("Usage: npm run grade [-- [N | qN ...] [<option>]]");
  console.log("");
  console.log(`Grades your files in exercises/ with the workbook's own copies of the tests (${rel(PRISTINE_TESTS_DIR)}/),`);
  console.log(`never your copies in test/: exercises 1 to ${exercises.length} and self-check questions q1 to q${questions.length}, each passed or failed,`);
  console.log("with its points, the hints and worked answers shown, and the total. Name some to grade only those.");
  console.log("Exit status: 0 when every graded one passed, 1 when one did not, 2 when the command line was not understood.");
  console.log("");
  console.log("Options (after --):");
  console.log("  --json         the report as JSON on standard output (npm run -s grade -- --json keeps npm's own lines out)");
  console.log("  --out <file>   also write the JSON report to <file>");
  console.log("  --help, -h     this help");
}

function cell(text: string, width: number): string {
  return text.padStart(width);
}

function printRow(item: GradeItem): void {
  const result = item.result === "passed" ? green("passed") : item.state === "not started" ? yellow("failed") : red("failed");
  const tests = item.state === "not started" ? "—" : `${item.passed}/${item.tests}`;
  const hints = item.kind === "question" ? "—" : `${item.help.hintsShown}/${item.help.hintsAvailable}`;
  const name = item.kind === "question" ? (item.question ?? item.slug) : item.slug;
  console.log(
    `  ${cell(item.command, 3)}  ${result}  ${cell(tests, 5)}  ${cell(`${item.points}/${item.maxPoints}`, 6)}  ${cell(hints, 5)}  ${cell(String(item.help.solutionViews), 8)}  ${name}`,
  );
  if (item.state === "failing" && item.reason !== null) console.log(dim(`                ${item.reason}`));
}

/** The capstone's row: passed or failed, ungraded (it carries no points of its own). */
function printCapstone(verdict: CapstoneVerdict): void {
  const result = verdict.state === "passed" ? green("passed") : verdict.state === "not started" ? yellow("failed") : red("failed");
  console.log(
    `  ${cell(verdict.command, 3)}  ${result}  ${cell("—", 5)}  ${cell("—", 6)}  ${cell("—", 5)}  ${cell("—", 8)}  ${CAPSTONE.slug}: your nine answers as one agent (no points)`,
  );
  if (verdict.reason !== null) console.log(dim(`                ${verdict.reason}`));
}

function printTable(report: GradeReport, capstone: CapstoneVerdict | null): void {
  console.log(bold("Grade") + dim("  (your files in exercises/, graded by the workbook's own tests)"));
  console.log("");
  console.log(dim(`  ${cell("", 3)}  result  ${cell("tests", 5)}  ${cell("points", 6)}  ${cell("hints", 5)}  ${cell("answers", 8)}`));
  for (const item of report.exercises) printRow(item);
  if (capstone !== null) printCapstone(capstone);
  for (const item of report.questions) printRow(item);
  console.log("");
  if (report.changedTests.length > 0) {
    console.log(yellow("These test files differ from the workbook's; they were not used (the workbook's own copies were):"));
    for (const change of report.changedTests) console.log(`  ${change.file} (${change.change})`);
    console.log("");
  }
  if (report.error !== undefined) {
    console.log(red("The tests could not run:"));
    console.log(report.error);
    console.log("");
  }
  console.log(bold(`Total: ${report.points} of ${report.maxPoints} points`) + ` — ${report.passed} of ${report.total} passed.`);
  const all = [...report.exercises, ...report.questions];
  if (all.some((item) => item.state === "not started")) console.log(dim("tests —: not started (the files are still the stubs), so not run."));
  console.log(dim("hints: the highest hint shown, of those there are; answers: how often --solution showed the worked answer (both on this machine)."));
}

async function main(argv: readonly string[]): Promise<number> {
  const args = readReportArgs(argv, true);
  if (args.help || args.unknown.length > 0) {
    if (args.unknown.length > 0) console.log(red(`Not understood: ${args.unknown.join(" ")}`));
    usage();
    return args.unknown.length > 0 ? 2 : 0;
  }
  const refused = args.out === null ? null : outProblem(args.out);
  if (refused !== null) {
    console.log(red(refused));
    return 2;
  }
  const report = await gradeWork(args.items.length > 0 ? { items: args.items } : {});
  // The capstone is listed when everything is graded; it carries no points and leaves the exit status alone.
  const capstone =
    args.items.length > 0
      ? null
      : await capstoneVerdict().catch((error: unknown): CapstoneVerdict => ({
          state: "failing",
          reason: `the capstone could not run: ${error instanceof Error ? error.message : String(error)}`,
          command: CAPSTONE.command,
        }));
  if (!emitJson(capstone === null ? report : { ...report, capstone }, args, "grade")) printTable(report, capstone);
  return gradeExitCode(report);
}

runCommand(
  main,
  process.argv.slice(2).filter((a) => a !== "--"),
);
