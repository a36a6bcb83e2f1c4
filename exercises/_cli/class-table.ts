/**
 * A class's grades side by side: one row per learner with when the graded commit was made, when it
 * was graded, the workbook's version, the points of every item, the total, the copied-answer flags
 * and the help the CLI gave (only a report written on the learner's own machine has it; grading a
 * folder or a Classroom run leaves it empty), as a table for the terminal and as CSV for a
 * spreadsheet. A report written before `committed` was recorded leaves that cell empty. A row read
 * from a learner's own grade JSON is marked `yes` in the last column, `self-reported`: nothing in it
 * was checked; its `copied` cell says `not checked` when the report holds no flag (a learner's run
 * never works them out). Pure: it reads
 * grade reports (`grading.ts`) or the reason a folder could not be graded, nothing else.
 *
 * @module
 */
import type { GradeItem, GradeReport } from "./grading.js";

/** One learner of the class: their grade, or why there is none. */
export interface ClassRow {
  /** The folder or report file it came from, as given. */
  source: string;
  /** The grade, when there is one. */
  report: GradeReport | null;
  /**
   * Why there is no grade (not a copy of the workbook, a file that is not a grade report…), or,
   * beside a grade, what is wrong with it (a report whose own total differs from its items').
   */
  problem: string | null;
  /**
   * True when the row was read from a grade JSON file (`--reports`): its points, flags and names
   * come from the learner's own run and are not checked; false when this copy graded the folder.
   */
  selfReported: boolean;
}

/** What a grade of a row read from a learner's own report says in the `self-reported` column. */
export const SELF_REPORTED = "yes";

/** The line `grade-class --reports` prints before its table. */
export const SELF_REPORTED_LINE =
  "These points come from the learners' own runs (their grade JSON files) and are not checked: a learner can edit the file. Grade their repositories (npm run grade-class -- <dir>, without --reports) for marks.";

/** What the `copied` column says when the report's flags were not worked out (a learner's own run). */
export const NOT_CHECKED = "not checked";

function itemsOf(report: GradeReport): GradeItem[] {
  return [...report.exercises, ...report.questions];
}

/** The items graded across the class, in the order the reports list them: `1` … `9`, `q1` … `q5`. */
export function classColumns(rows: readonly ClassRow[]): string[] {
  const seen: string[] = [];
  for (const row of rows) for (const item of row.report === null ? [] : itemsOf(row.report)) if (!seen.includes(item.command)) seen.push(item.command);
  const rank = (command: string): number => (command.startsWith("q") ? 1000 + Number(command.slice(1)) : Number(command));
  return seen.sort((a, b) => rank(a) - rank(b));
}

/** The flags of one row, as `7:identical 3:imports-solutions` (items in order), or empty. */
export function flagsOf(report: GradeReport): string {
  return itemsOf(report)
    .filter((item) => item.copied !== null)
    .map((item) => `${item.command}:${item.copied ?? ""}`)
    .join(" ");
}

/** The help the CLI gave, as `4:hints 2/3 answers 1 7:answers 2` (items with some, in order), or empty when the report has none. */
export function helpOf(report: GradeReport): string {
  return itemsOf(report)
    .flatMap((item) => {
      const help = item.help;
      if (help === null || help === undefined) return [];
      const parts = [
        item.kind === "exercise" && help.hintsShown > 0 ? `hints ${help.hintsShown}/${help.hintsAvailable}` : "",
        help.solutionViews > 0 ? `answers ${help.solutionViews}` : "",
      ].filter((part) => part !== "");
      return parts.length === 0 ? [] : [`${item.command}:${parts.join(" ")}`];
    })
    .join(" ");
}

/** The cells of one row: learner, source, commit, committed, graded, version, the points per column, total, max, flags, help, problem, self-reported. */
export function rowCells(row: ClassRow, columns: readonly string[]): string[] {
  const report = row.report;
  const selfReported = row.selfReported ? SELF_REPORTED : "";
  if (report === null) return ["", row.source, "", "", "", "", ...columns.map(() => ""), "", "", "", "", row.problem ?? "no grade", selfReported];
  const byCommand = new Map(itemsOf(report).map((item) => [item.command, item]));
  const problems = [
    row.problem ?? "",
    report.error === undefined ? "" : "the tests could not run",
    report.changedTests.length > 0 ? `changed tests: ${report.changedTests.map((c) => c.file).join(" ")}` : "",
  ];
  return [
    report.learner,
    row.source,
    report.commit?.slice(0, 12) ?? "",
    typeof report.committed === "string" ? report.committed : "",
    typeof report.time === "string" ? report.time : "",
    report.workbookVersion ?? "",
    ...columns.map((command) => {
      const item = byCommand.get(command);
      return item === undefined ? "" : String(item.points);
    }),
    String(report.points),
    String(report.maxPoints),
    flagsOf(report) || (report.copiedChecked === true ? "" : NOT_CHECKED),
    helpOf(report),
    problems.filter((p) => p !== "").join("; "),
    selfReported,
  ];
}

/** The header of the table and the CSV. */
export function classHeader(columns: readonly string[]): string[] {
  return ["learner", "source", "commit", "committed", "graded", "version", ...columns, "total", "max", "copied", "help", "problem", "self-reported"];
}

/** One CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled), and kept from being read as a formula. */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(?:\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The class as CSV (RFC 4180, CRLF line ends): a header, then one line per row. */
export function classCsv(rows: readonly ClassRow[]): string {
  const columns = classColumns(rows);
  return [classHeader(columns), ...rows.map((row) => rowCells(row, columns))].map((cells) => cells.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** The class as a plain-text table, columns padded to their widest cell. */
export function classTable(rows: readonly ClassRow[]): string {
  const columns = classColumns(rows);
  const lines = [classHeader(columns), ...rows.map((row) => rowCells(row, columns))];
  const widths = lines[0]?.map((_, at) => Math.max(...lines.map((cells) => (cells[at] ?? "").length))) ?? [];
  return (
    lines
      .map((cells) =>
        cells
          .map((cell, at) => cell.padEnd(widths[at] ?? 0))
          .join("  ")
          .trimEnd(),
      )
      .join("\n") + "\n"
  );
}

/** One row of `classJson`: where it came from, whether it is self-reported, and its grade or why there is none. */
export interface ClassJsonRow {
  /** The folder or report file it came from. */
  source: string;
  /** True when read from a learner's own grade JSON (`ClassRow.selfReported`): nothing in `report` was checked. */
  selfReported: boolean;
  /** Why there is no grade, or what is wrong with the grade beside it (a report's own total that differs from its items'), or null. */
  problem: string | null;
  /** The grade, or null. */
  report: GradeReport | null;
}

/** The class as JSON (`grade-class --json`): one object per row, `selfReported` on each. */
export function classJson(rows: readonly ClassRow[]): string {
  const out: ClassJsonRow[] = rows.map((row) => ({ source: row.source, selfReported: row.selfReported, problem: row.problem, report: row.report }));
  return `${JSON.stringify(out, null, 2)}\n`;
}
