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
 * The copied-answer flags (`copied.ts`) are not worked out here: nothing a learner runs shows one,
 * neither the table nor the JSON (each item's `copied` is null, `copiedChecked` false). The class
 * grader (`npm run grade-class`, on the learners' folders) works them out itself. The JSON names
 * the learner, the commit, the time and the workbook's version (`grade-meta.ts`).
 *
 * It exits with 0 when every graded item passed, 1 when one did not (or the tests could not run)
 * and 2 when the command line was not understood, so `npm run -s grade -- 5` is a grading command
 * of its own (the GitHub Classroom workflow runs one per item).
 *
 * @module
 */
import { appendFileSync } from "node:fs";
import { listExercises, listQuestions, rel } from "./catalog.js";
import { capstoneVerdictInThread } from "./capstone-thread.js";
import { classroomResultLine, classroomResultOf } from "./classroom.js";
import { red } from "./colour.js";
import { gradeExitCode, gradeWork } from "./grading.js";
import { gradeTableLines } from "./grade-table.js";
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
  console.log("  --partial      partial credit: an item earns its points x passed checks / checks (its tests and its type check),");
  console.log("                 rounded down to a tenth (WORKBOOK_PARTIAL_CREDIT=1 does the same)");
  console.log("  --classroom-result <file>   with one item named: append GitHub Classroom's result line to <file> (the workflow's partial-credit steps)");
  console.log("  --help, -h     this help");
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
  const capstone = args.items.length > 0 ? null : await capstoneVerdictInThread();
  if (!emitJson(capstone === null ? report : { ...report, capstone }, args, "grade")) for (const line of gradeTableLines(report, capstone)) console.log(line);
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
