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
 *     npm run grade -- --partial            partial credit: points per passing check
 *     npm run grade -- --help               these options
 *
 * Each item also carries a copied-answer flag (`copied.ts`), shown in the table and the JSON; the
 * JSON names the learner, the commit, the time and the workbook's version (`grade-meta.ts`).
 *
 * It exits with 0 when every graded item passed, 1 when one did not (or the tests could not run)
 * and 2 when the command line was not understood, so `npm run -s grade -- 5` is a grading command
 * of its own (the GitHub Classroom workflow runs one per item).
 *
 * @module
 */
import { appendFileSync } from "node:fs";
import { CAPSTONE, listExercises, listQuestions, rel } from "./catalog.js";
import { capstoneVerdict, type CapstoneVerdict } from "./capstone-verdict.js";
import { classroomResultLine, classroomResultOf } from "./classroom.js";
import { bold, dim, green, red, yellow } from "./colour.js";
import { gradeExitCode, gradeWork, type GradeItem, type GradeReport } from "./grading.js";
import { emitJson, outProblem } from "./json-out.js";
import { PRISTINE_TESTS_DIR } from "./pristine-tests.js";
import { readReportArgs } from "./report-args.js";
import { runCommand } from "./run-command.js";
import { HELP_IS_LOCAL } from "./state.js";

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
  console.log("  --partial      partial credit: an item earns its points x passed checks / checks (its tests and its type check),");
  console.log("                 rounded down to a tenth (WORKBOOK_PARTIAL_CREDIT=1 does the same)");
  console.log("  --classroom-result <file>   with one item named: append GitHub Classroom's result line to <file> (the workflow's partial-credit steps)");
  console.log("  --help, -h     this help");
}

function cell(text: string, width: number): string {
  return text.padStart(width);
}

/** What the copied column shows. */
function copiedCell(item: GradeItem): string {
  return item.copied === null ? "—" : item.copied === "identical" ? "identical" : "imports";
}

function printRow(item: GradeItem, showHelp: boolean): void {
  const result = item.result === "passed" ? green("passed") : item.state === "not started" ? yellow("failed") : red("failed");
  const tests = item.state === "not started" ? "—" : `${item.passed}/${item.tests}`;
  const name = item.kind === "question" ? (item.question ?? item.slug) : item.slug;
  const help = item.help;
  const helpCells =
    showHelp && help !== null ? `  ${cell(item.kind === "question" ? "—" : `${help.hintsShown}/${help.hintsAvailable}`, 5)}  ${cell(String(help.solutionViews), 8)}` : "";
  const copied = item.copied === null ? cell(copiedCell(item), 9) : yellow(cell(copiedCell(item), 9));
  console.log(`  ${cell(item.command, 3)}  ${result}  ${cell(tests, 5)}  ${cell(`${item.points}/${item.maxPoints}`, 7)}  ${copied}${helpCells}  ${name}`);
  if (item.state === "failing" && item.reason !== null) console.log(dim(`                ${item.reason}`));
}

/** The capstone's row: passed or failed, ungraded (it carries no points of its own). */
function printCapstone(verdict: CapstoneVerdict, showHelp: boolean): void {
  const result = verdict.state === "passed" ? green("passed") : verdict.state === "not started" ? yellow("failed") : red("failed");
  console.log(
    `  ${cell(verdict.command, 3)}  ${result}  ${cell("—", 5)}  ${cell("—", 7)}  ${cell("—", 9)}${showHelp ? `  ${cell("—", 5)}  ${cell("—", 8)}` : ""}  ${CAPSTONE.slug}: your nine answers as one agent (no points)`,
  );
  if (verdict.reason !== null) console.log(dim(`                ${verdict.reason}`));
}

function printTable(report: GradeReport, capstone: CapstoneVerdict | null): void {
  const all = [...report.exercises, ...report.questions];
  const showHelp = all.every((item) => item.help !== null);
  console.log(bold("Grade") + dim("  (your files in exercises/, graded by the workbook's own tests)"));
  console.log(dim(`  ${report.learner}${report.commit === null ? "" : `, commit ${report.commit.slice(0, 12)}`}, ${report.time}, workbook ${report.workbookVersion ?? "?"}`));
  if (report.partialCredit) console.log(dim("  partial credit: points x passed checks / checks (the tests and the type check), rounded down to a tenth"));
  console.log("");
  const helpHead = showHelp ? `  ${cell("hints", 5)}  ${cell("answers", 8)}` : "";
  console.log(dim(`  ${cell("", 3)}  result  ${cell("tests", 5)}  ${cell("points", 7)}  ${cell("copied", 9)}${helpHead}`));
  for (const item of report.exercises) printRow(item, showHelp);
  if (capstone !== null) printCapstone(capstone, showHelp);
  for (const item of report.questions) printRow(item, showHelp);
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
  if (all.some((item) => item.state === "not started")) console.log(dim("tests —: not started (the files are still the stubs), so not run."));
  if (all.some((item) => item.copied !== null))
    console.log(yellow("copied: identical — the file is the worked answer once formatted; imports — it imports the worked answers. The points are the tests' own."));
  if (showHelp) console.log(dim("hints: the highest hint shown, of those there are; answers: how often --solution showed the worked answer (both on this machine only)."));
  else console.log(dim(`The ${HELP_IS_LOCAL}.`));
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
  if (args.classroomResult !== null && args.items.length !== 1) {
    console.log(red("--classroom-result grades one item: name exactly one (for example: 5 or q3)."));
    return 2;
  }
  const report = await gradeWork({ ...(args.items.length > 0 ? { items: args.items } : {}), ...(args.partial ? { partial: true } : {}) });
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
  const [graded] = [...report.exercises, ...report.questions];
  const [named] = args.items;
  if (args.classroomResult !== null && graded !== undefined && named !== undefined) {
    appendFileSync(args.classroomResult, classroomResultLine(classroomResultOf({ ...graded, label: named.label })));
  }
  return gradeExitCode(report);
}

runCommand(
  main,
  process.argv.slice(2).filter((a) => a !== "--"),
);
