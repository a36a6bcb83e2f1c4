// `npm run <name>` for the workbook authors' commands in a learner's copy (the GitHub Classroom
// template, `npm run template`): the benchmarks, mutation testing, the wrong answers, the instructor's
// commands and the like need files or tools this copy does not have. It says so, without a stack
// trace, and exits with 1.
const name = process.argv[2] ?? "this command";
console.log(`npm run ${name} is one of the workbook authors' commands: it is not in this copy of the workbook.`);
console.log("Your commands: npm run lesson, npm run exercise N, npm run progress, npm run grade, npm run docs.");
process.exitCode = 1;
