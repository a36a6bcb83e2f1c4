import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The vitest setup `npm run mutation` uses: the workbook's own config (so `exercises/NN-slug/…`
 * imports still resolve to `solutions/`), limited to the exercise tests. Stryker then runs, for
 * each mutant, only the exercise tests that import the changed file.
 */
export default mergeConfig(base, defineConfig({ test: { include: ["test/exercises/*.test.ts"] } }));
