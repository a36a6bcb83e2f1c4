/**
 * `npm run grade-class -- <dir>`: grades a whole class at once. Every folder under `<dir>` is one
 * learner's copy of the workbook (a clone of their repository); each is graded as `npm run grade`
 * grades (the workbook's own copies of the tests, this copy's grader), one after the other, all with
 * this copy's `node_modules/` (linked into a folder that has none while it is graded, and unlinked
 * after). A folder without `exercises/` is reported in its row, not graded. With `--reports`, the
 * grade JSON files in `<dir>` (`npm run grade -- --out …`, at any depth) are read instead: their
 * points come from the learners' own runs and are not checked (a learner can edit the file), so
 * every such row is marked self-reported and the run says so in one line before the table; the
 * copied-answer flags are worked out only when the folders are graded.
 *
 *     npm run grade-class -- <dir>                        the table
 *     npm run grade-class -- <dir> --csv class-grades.csv and a CSV, one row per learner
 *     npm run grade-class -- <dir> --reports              from grade JSON files, without grading
 *     npm run grade-class -- <dir> --partial              partial credit
 *     npm run -s grade-class -- <dir> --json              the rows as JSON, each with `selfReported`
 *
 * Exit status: 0 when every row has a grade, 1 when one has not, 2 when the command line was not understood.
 *
 * @module
 */
import { existsSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { readClassArgs, rowsFromFolders, rowsFromReports } from "./class-grading.js";
import { classCsv, classJson, classTable, SELF_REPORTED_LINE } from "./class-table.js";
import { runCommand } from "./run-command.js";

function usage(): void {
  console.log("Usage: npm run grade-class -- <dir> [--reports] [--csv <file>] [--partial] [--json]");
  console.log("");
  console.log("Grades every learner folder under <dir> (each a copy of the workbook) with this copy's grader,");
  console.log("or with --reports reads every grade JSON file in <dir>, and prints one row per learner:");
  console.log("the points of every exercise and question, the total, and the copied-answer flags.");
  console.log("");
  console.log("  --reports      read grade JSON files (npm run grade -- --out <file>) instead of grading folders:");
  console.log("                 self-reported points, not checked, and no copied-answer flags");
  console.log("  --csv <file>   also write the rows as CSV to <file> (for example class-grades.csv)");
  console.log("  --partial      partial credit: points x passed checks / checks");
  console.log("  --json         the rows as JSON on standard output, each with selfReported (npm run -s keeps npm's lines out)");
  console.log("  --help, -h     this help");
}

async function main(argv: readonly string[]): Promise<number> {
  const args = readClassArgs(argv);
  if (args.help || args.unknown.length > 0 || args.dir === null) {
    if (args.unknown.length > 0) console.log(`Not understood: ${args.unknown.join(" ")}`);
    else if (!args.help) console.log("Name the class folder: npm run grade-class -- <dir>");
    usage();
    return args.help && args.unknown.length === 0 ? 0 : 2;
  }
  const dir = resolve(process.env["INIT_CWD"] || process.cwd(), args.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.log(`${args.dir}: not a folder (${dir})`);
    return 2;
  }
  const rows = args.reports
    ? rowsFromReports(dir)
    : await rowsFromFolders(dir, args.partial, (row) => process.stderr.write(`graded ${row.source}${row.problem === null ? "" : ` (${row.problem})`}\n`));
  if (rows.length === 0) {
    console.log(args.reports ? `No grade JSON file in ${dir}.` : `No learner folder in ${dir}.`);
    return 1;
  }
  // With --json, standard output holds the JSON alone: the line goes to standard error.
  if (args.reports) (args.json ? console.error : console.log)(SELF_REPORTED_LINE);
  process.stdout.write(args.json ? classJson(rows) : classTable(rows));
  if (args.csv !== null) {
    const target = resolve(process.env["INIT_CWD"] || process.cwd(), args.csv);
    writeFileSync(target, classCsv(rows));
    (args.json ? console.error : console.log)(`The CSV: ${target}`);
  }
  return rows.every((row) => row.report !== null) ? 0 : 1;
}

runCommand(
  main,
  process.argv.slice(2).filter((a) => a !== "--"),
);
