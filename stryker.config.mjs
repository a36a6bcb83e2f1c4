// Mutation testing of the worked answers: `npm run mutation`. Stryker changes one small thing at
// a time in `solutions/` (a condition, a string, a return value) and runs the exercise tests
// against it; a change that no test notices ("survived") is a wrong answer a learner could hand
// in and still see every check pass. Not part of `npm test`: it takes minutes.
//
// One exercise at a time, while writing its tests (only the tests that import it run):
//   npm run mutation -- --mutate "solutions/06-*/**"
//
// The differential properties run the learner's side (sent to solutions/, so mutated) against the
// worked answer read from the unmutated solutions/ outside the sandbox: they catch mutants too,
// not only the example tests.
//
// @ts-check

import { fileURLToPath } from "node:url";

// Mutants are made in solutions/, so the tests must import from there whatever the shell says.
delete process.env["WORKBOOK_TARGET"];
delete process.env["WORKBOOK_TARGET_DIR"];
// The worked answers the tests hold the learner's side against are read from here, outside
// Stryker's sandbox, so a mutant changes the learner's side only (test/proof/unmutated-answers.ts,
// wired in vitest.mutation.config.ts). The test runners Stryker starts inherit this variable.
process.env["WORKBOOK_UNMUTATED_SOLUTIONS"] = fileURLToPath(new URL("./solutions", import.meta.url));

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  // The tests import `exercises/NN-slug/…`; vitest.config.ts sends those imports to solutions/
  // unless WORKBOOK_TARGET says otherwise, so the mutants are made there: in the numbered
  // exercises' answers (the self-check answers are checked by their own tests, not these).
  mutate: ["solutions/[0-9][0-9]-*/**/*.ts"],
  // Only the exercise tests. Not Stryker's `testFiles`: with it, Stryker 9 switches mutants in a
  // module's top level (a constant, a `static` field) on after the module has loaded, and they
  // survive whatever the tests check.
  vitest: { configFile: "vitest.mutation.config.ts" },
  coverageAnalysis: "perTest",
  // The answers are checked with tsc by `npm test`; a mutant only has to be caught by a test.
  disableTypeChecks: "solutions/**/*.ts",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The exercises' tests wait on real timers (exercise 6 measures overlaps), so a loaded machine
  // needs room before a slow mutant counts as a timeout.
  timeoutMS: 10_000,
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};

export default config;
