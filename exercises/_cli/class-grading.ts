/**
 * Grading a class (`npm run grade-class`): every learner folder under a folder graded one after
 * the other with this copy's grader, or every grade JSON file in it read back, as rows of
 * `class-table.ts`.
 *
 * @module
 */
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./catalog.js";
import type { ClassRow } from "./class-table.js";
import { gradeWork, type GradeReport } from "./grading.js";
import { checkedTotal } from "./class-totals.js";
import { readState } from "./state.js";

/** What the command line asks for. */
export interface ClassArgs {
  /** The class folder. */
  dir: string | null;
  /** Read grade JSON files instead of grading folders. */
  reports: boolean;
  /** Also write the CSV here. */
  csv: string | null;
  /** Partial credit. */
  partial: boolean;
  /** Print the rows as JSON (`classJson`) instead of the table. */
  json: boolean;
  /** Print the options. */
  help: boolean;
  /** What was not understood. */
  unknown: string[];
}

/** Reads the command line of `grade-class`. */
export function readClassArgs(argv: readonly string[]): ClassArgs {
  const args: ClassArgs = { dir: null, reports: false, csv: null, partial: false, json: false, help: false, unknown: [] };
  const { tokens } = parseArgs({
    args: [...argv],
    options: { reports: { type: "boolean" }, csv: { type: "string" }, partial: { type: "boolean" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === "positional") {
      if (args.dir === null) args.dir = token.value;
      else args.unknown.push(token.value);
    } else if (token.kind !== "option") continue;
    else if (token.name === "reports" && token.inlineValue !== true) args.reports = true;
    else if (token.name === "partial" && token.inlineValue !== true) args.partial = true;
    else if (token.name === "json" && token.inlineValue !== true) args.json = true;
    else if (token.name === "help" && token.inlineValue !== true) args.help = true;
    else if (token.name === "csv" && token.value !== undefined && token.value !== "" && !token.value.startsWith("-")) args.csv = token.value;
    else if (token.name === "csv") args.unknown.push(`${token.rawName} (it needs a file name)`);
    else args.unknown.push(token.rawName);
  }
  return args;
}

/** True when `value` has the fields of a grade report this table reads. */
export function isGradeReport(value: unknown): value is GradeReport {
  if (typeof value !== "object" || value === null) return false;
  const report = value as Partial<Record<keyof GradeReport, unknown>>;
  return (
    Array.isArray(report.exercises) &&
    Array.isArray(report.questions) &&
    typeof report.points === "number" &&
    typeof report.maxPoints === "number" &&
    typeof report.learner === "string" &&
    Array.isArray(report.changedTests)
  );
}

/** Every `.json` file under `dir`, sorted; `node_modules/` and hidden folders are skipped. */
function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith(".") && entry.name !== "node_modules")
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return jsonFiles(path);
      return entry.isFile() && entry.name.endsWith(".json") ? [path] : [];
    })
    .sort();
}

/**
 * The rows of the grade reports found in `dir`; a file that is not one is a row with its problem.
 * Every row is self-reported (`ClassRow.selfReported`): the file came from the learner's own run
 * and a learner can edit every field. Only the total is checked: it is worked out again from the
 * items' points and maxima (`class-totals.ts`), and a report whose own total differs says so in
 * its row's problem.
 */
export function rowsFromReports(dir: string): ClassRow[] {
  return jsonFiles(dir).map((path): ClassRow => {
    const source = relative(dir, path).split("\\").join("/");
    try {
      const value: unknown = JSON.parse(readFileSync(path, "utf8"));
      if (!isGradeReport(value)) return { source, report: null, problem: "not a grade report (npm run grade -- --out <file> writes one)", selfReported: true };
      const { report, note } = checkedTotal(value);
      return { source, report, problem: note, selfReported: true };
    } catch (error) {
      return { source, report: null, problem: `not JSON: ${error instanceof Error ? error.message : String(error)}`, selfReported: true };
    }
  });
}

/** Grades one learner folder, copied-answer flags included, with this copy's `node_modules/` linked in while it has none. */
export async function gradeFolder(folder: string, partial: boolean): Promise<GradeReport> {
  const modules = join(folder, "node_modules");
  const linked = !existsSync(modules) && !isLink(modules);
  if (linked) symlinkSync(join(ROOT, "node_modules"), modules, "junction");
  try {
    return await gradeWork({
      exercisesDir: join(folder, "exercises"),
      learnerRoot: folder,
      state: readState(join(folder, ".exercise-backups", "state.json")),
      partial,
      showHelp: false,
      copyCheck: true,
    });
  } finally {
    if (linked) rmSync(modules, { force: true });
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The rows of every learner folder under `dir`, graded one after the other; `onRow` hears of each as it is done. */
export async function rowsFromFolders(dir: string, partial: boolean, onRow: (row: ClassRow) => void = () => {}): Promise<ClassRow[]> {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules")
    .map((entry) => entry.name)
    .sort();
  const rows: ClassRow[] = [];
  for (const name of folders) {
    const folder = join(dir, name);
    let row: ClassRow;
    if (!existsSync(join(folder, "exercises")) || !statSync(join(folder, "exercises")).isDirectory()) {
      row = { source: name, report: null, problem: "no exercises/ folder: not a copy of the workbook, not graded", selfReported: false };
    } else {
      try {
        row = { source: name, report: await gradeFolder(folder, partial), problem: null, selfReported: false };
      } catch (error) {
        row = { source: name, report: null, problem: `could not be graded: ${error instanceof Error ? error.message : String(error)}`, selfReported: false };
      }
    }
    onRow(row);
    rows.push(row);
  }
  return rows;
}
