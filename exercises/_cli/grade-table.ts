/**
 * The table `npm run grade` prints for the learner: each item passed or failed, its tests, its
 * points and the help shown, the total, and the test files that differ from the workbook's. The
 * copied-answer flags are not in it (a learner's run does not work them out: `npm run grade-class`
 * does, on the learners' folders). The table is also what a learner sees in the GitHub Classroom log.
 *
 * @module
 */
import { CAPSTONE } from "./catalog.js";
import type { CapstoneVerdict } from "./capstone-verdict.js";
import { bold, dim, green, red, yellow } from "./colour.js";
import type { GradeItem, GradeReport } from "./grading.js";
import { HELP_IS_LOCAL } from "./state.js";

function cell(text: string, width: number): string {
  return text.padStart(width);
}

function rowLines(item: GradeItem, showHelp: boolean): string[] {
  const result = item.result === "passed" ? green("passed") : item.state === "not started" ? yellow("failed") : red("failed");
  const tests = item.state === "not started" ? "—" : `${item.passed}/${item.tests}`;
  const name = item.kind === "question" ? (item.question ?? item.slug) : item.slug;
  const help = item.help;
  const helpCells =
    showHelp && help !== null ? `  ${cell(item.kind === "question" ? "—" : `${help.hintsShown}/${help.hintsAvailable}`, 5)}  ${cell(String(help.solutionViews), 8)}` : "";
  const line = `  ${cell(item.command, 3)}  ${result}  ${cell(tests, 5)}  ${cell(`${item.points}/${item.maxPoints}`, 7)}${helpCells}  ${name}`;
  return item.state === "failing" && item.reason !== null ? [line, dim(`                ${item.reason}`)] : [line];
}

/** The capstone's row: passed or failed, ungraded (it carries no points of its own). */
function capstoneLines(verdict: CapstoneVerdict, showHelp: boolean): string[] {
  const result = verdict.state === "passed" ? green("passed") : verdict.state === "not started" ? yellow("failed") : red("failed");
  const line = `  ${cell(verdict.command, 3)}  ${result}  ${cell("—", 5)}  ${cell("—", 7)}${showHelp ? `  ${cell("—", 5)}  ${cell("—", 8)}` : ""}  ${CAPSTONE.slug}: your nine answers as one agent (no points)`;
  return verdict.reason === null ? [line] : [line, dim(`                ${verdict.reason}`)];
}

/** The lines of the learner's grade table (with colour when colour is on), the capstone's row when it was run. */
export function gradeTableLines(report: GradeReport, capstone: CapstoneVerdict | null): string[] {
  const all = [...report.exercises, ...report.questions];
  const showHelp = all.every((item) => item.help !== null);
  const lines: string[] = [];
  lines.push(bold("Grade") + dim("  (your files in exercises/, graded by the workbook's own tests)"));
  lines.push(
    dim(`  ${report.learner}${report.commit === null ? "" : `, commit ${report.commit.slice(0, 12)}`}, graded ${report.time}, workbook ${report.workbookVersion ?? "?"}`),
  );
  if (report.partialCredit) lines.push(dim("  partial credit: points x passed checks / checks (the tests and the type check), rounded down to a tenth"));
  lines.push("");
  const helpHead = showHelp ? `  ${cell("hints", 5)}  ${cell("answers", 8)}` : "";
  lines.push(dim(`  ${cell("", 3)}  result  ${cell("tests", 5)}  ${cell("points", 7)}${helpHead}`));
  for (const item of report.exercises) lines.push(...rowLines(item, showHelp));
  if (capstone !== null) lines.push(...capstoneLines(capstone, showHelp));
  for (const item of report.questions) lines.push(...rowLines(item, showHelp));
  lines.push("");
  if (report.changedTests.length > 0) {
    lines.push(yellow("These test files differ from the workbook's; they were not used (the workbook's own copies were):"));
    for (const change of report.changedTests) lines.push(`  ${change.file} (${change.change})`);
    lines.push("");
  }
  if (report.error !== undefined) lines.push(red("The tests could not run:"), report.error, "");
  lines.push(bold(`Total: ${report.points} of ${report.maxPoints} points`) + ` — ${report.passed} of ${report.total} passed.`);
  if (all.some((item) => item.state === "not started")) lines.push(dim("tests —: not started (the files are still the stubs), so not run."));
  if (showHelp) lines.push(dim("hints: the highest hint shown, of those there are; answers: how often --solution showed the worked answer (both on this machine only)."));
  else lines.push(dim(`The ${HELP_IS_LOCAL}.`));
  return lines;
}
