import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { UNMUTATED_ANSWERS, unmutatedAnswers } from "./test/proof/unmutated-answers.js";
import base from "./vitest.config.js";

const root = fileURLToPath(new URL(".", import.meta.url));
const oracle = process.env[UNMUTATED_ANSWERS];

/** The exercise tests: the only tests a mutant of `solutions/` is judged by. */
const EXERCISE_TESTS = ["test/exercises/*.test.ts"];

/**
 * The `workbook` project alone, limited to the exercise tests. The `browser` and `stubs` projects
 * would run the same test files under the same names against the learner's `exercises/` and the
 * pristine stubs, where no mutant reaches: their verdicts would then stand for the mutant's.
 */
const projects = (base.test?.projects ?? [])
  .filter((project): project is TestProjectInlineConfiguration => typeof project === "object" && "test" in project && project.test?.name === "workbook")
  .map((project) => ({ ...project, test: { ...project.test, include: EXERCISE_TESTS } }));
if (projects.length !== 1) throw new Error("vitest.config.ts has no project named workbook");

/**
 * The vitest setup `npm run mutation` uses: the workbook's own config and its `workbook` project (so
 * `exercises/NN-slug/…` imports still resolve to `solutions/`), limited to the exercise tests.
 * Stryker then runs, for each mutant, only the exercise tests that import the changed file. The
 * worked answers the tests import as the answer side come from the unmutated folder
 * `stryker.config.mjs` names (`test/proof/unmutated-answers.ts`), so a mutant changes the learner's
 * side alone.
 */
export default defineConfig({
  ...base,
  plugins: [...(base.plugins ?? []), ...(oracle === undefined || oracle === "" ? [] : [unmutatedAnswers(root, oracle)])],
  test: { ...base.test, include: EXERCISE_TESTS, projects },
});
