/**
 * `npm run template -- <out-dir>`: writes the GitHub Classroom template of the workbook into
 * `<out-dir>`, a new or empty folder outside the workbook: the files git tracks (so nothing
 * ignored, no `node_modules/`, no learner state, leaks), without the worked answers (`solutions/`)
 * and without what reads them, the exercise tests' oracle moved aside (`template-plan.ts` says what
 * and why). It prints what it left out. In the template, `npm run exercise N -- --solution` says the
 * worked answers are not in that copy.
 *
 *     npm run template -- ../tool-calling-template
 *
 * Exit status: 0 when the template was written, 1 when it was refused or failed, 2 when the
 * command line was not understood.
 *
 * @module
 */
import { resolve } from "node:path";
import { runCommand } from "./run-command.js";
import { describeLeftOut, templateTargetProblem, writeTemplate } from "./template-copy.js";

function usage(): void {
  console.log("Usage: npm run template -- <out-dir>");
  console.log("");
  console.log("Writes the GitHub Classroom template of the workbook into <out-dir> (new or empty, outside the workbook):");
  console.log("the files git tracks, without the worked answers (solutions/) and what reads them. It prints what it left out.");
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    usage();
    return 0;
  }
  if (argv.length !== 1 || (argv[0] ?? "").startsWith("-")) {
    console.log(argv.length === 0 ? "Name the folder to write the template into." : `Not understood: ${argv.join(" ")}`);
    usage();
    return 2;
  }
  const out = resolve(process.env["INIT_CWD"] || process.cwd(), argv[0] ?? "");
  const problem = templateTargetProblem(out);
  if (problem !== null) {
    console.log(`Not written: ${problem}`);
    return 1;
  }
  const { written, leftOut, oracle } = await writeTemplate(out);
  console.log(`The Classroom template: ${out} (${written} files).`);
  console.log("");
  console.log("Left out:");
  for (const line of describeLeftOut(leftOut)) console.log(`  ${line}`);
  console.log("");
  console.log(`Kept as the exercise tests' oracle (they compare the learner's code with it), readable by whoever opens it:`);
  console.log(`  test/exercises/_oracle/ (${oracle.length} files), and the grader's sealed copy in exercises/_cli/pristine-tests/`);
  console.log("");
  console.log("Next: make it a git repository of its own, push it to GitHub and mark it a template (docs/instructor-guide.md).");
  return 0;
}

runCommand(
  main,
  process.argv.slice(2).filter((a) => a !== "--"),
);
