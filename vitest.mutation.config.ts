import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import { UNMUTATED_ANSWERS, unmutatedAnswers } from "./test/proof/unmutated-answers.js";
import base from "./vitest.config.js";

const root = fileURLToPath(new URL(".", import.meta.url));
const oracle = process.env[UNMUTATED_ANSWERS];

/**
 * The vitest setup `npm run mutation` uses: the workbook's own config (so `exercises/NN-slug/…`
 * imports still resolve to `solutions/`), limited to the exercise tests. Stryker then runs, for
 * each mutant, only the exercise tests that import the changed file. The worked answers the tests
 * import as the answer side come from the unmutated folder `stryker.config.mjs` names
 * (`test/proof/unmutated-answers.ts`), so a mutant changes the learner's side alone.
 */
export default mergeConfig(
  base,
  defineConfig({
    plugins: oracle === undefined || oracle === "" ? [] : [unmutatedAnswers(root, oracle)],
    test: { include: ["test/exercises/*.test.ts"] },
  }),
);
