import { existsSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { escapeRegExp } from "./exercises/_cli/escape-regexp.js";
import { learnerAlias, targetFromEnv } from "./exercises/_cli/target.js";
import { BROWSER_TESTS } from "./test/browser/browser-tests.js";
import { EXERCISE_TESTS, NOT_EXERCISE_TESTS } from "./test/proof/stub-tests.js";
import { pristineStubs } from "./test/proof/pristine-stubs.js";
import { stubsWithoutCoverage } from "./test/proof/stubs-without-coverage.js";
import { SlowFilesFirst } from "./test/setup/slow-files-first.js";

const root = fileURLToPath(new URL(".", import.meta.url));

/** Files under the temp folder, except the workbook's own (a clone under the temp folder, its node_modules included). */
function tempPluginFiles(): RegExp {
  return new RegExp(`^(?!${escapeRegExp(root)})${escapeRegExp(tmpdir())}[\\\\/]`);
}

/**
 * Tests import `../../exercises/<folder>/<file>.js`; the alias sends those imports to:
 * - `solutions/` (the default, so `npm test` checks the worked answers),
 * - `exercises/` when `WORKBOOK_TARGET=exercises`,
 * - any folder given as `WORKBOOK_TARGET_DIR`.
 * The learner CLI (`npm run exercise`, `npm run progress`) runs vitest in-process with the same alias.
 *
 * Three projects share the settings below:
 * - `workbook`: every test but the browser tests;
 * - `browser`: the site and the playground in a real browser (`test/browser/`), skipped with one
 *   line when no Chrome, Chromium or Edge is installed (a failure with `WORKBOOK_REQUIRE_BROWSER=1`);
 * - `stubs`: the exercise and self-check tests against the pristine stubs
 *   (`exercises/_cli/pristine/`), where every test must fail (`test/proof/stub-runner.ts`): with
 *   `workbook` running the same tests against `solutions/`, this is the proof that every worked
 *   answer passes and every untouched stub fails. It collects no coverage: the same tests against
 *   the worked answers reach all of `src/` these do (`test/proof/stubs-without-coverage.ts`).
 */
export default defineConfig({
  test: {
    // Hang guards, not speed limits: no test puts a ceiling on wall time, and a busy machine is slow.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two forks more than cores: vitest's default leaves one core idle, and a few files spend most of
    // their time waiting on a child process (the site's build, the browser, the learner's commands),
    // which then has that core; the two extra forks keep running the other files meanwhile.
    maxWorkers: availableParallelism() + 2,
    // Each fork runs one test file after another instead of starting afresh for every file: starting
    // a process and loading vitest and the installed packages again cost most of the run's CPU time.
    // A file still gets fresh copies of the workbook's own modules (`test/setup/fresh-modules.ts`).
    isolate: false,
    setupFiles: ["test/setup/fresh-modules.ts"],
    // The files that take longest on one core start first (`test/setup/slow-files-first.ts`).
    sequence: { sequencer: SlowFilesFirst },
    // The run's shared folder, where the site is built once for the docs and browser tests.
    globalSetup: ["test/docs/run-folder.ts"],
    // `npm test` runs with `--coverage`: src/ must keep lines >= 95% and branches >= 90%.
    coverage: {
      provider: "v8",
      include: ["src/**"],
      reporter: ["text-summary"],
      reportsDirectory: "coverage",
      reportOnFailure: true,
      thresholds: { lines: 95, branches: 90 },
    },
    // Plugin packages that tests and demos build under the temp folder import `src/` as
    // TypeScript; run them through the same transform as the tests instead of plain Node. Only
    // those: not the workbook itself when it was cloned under the temp folder (inlining its
    // node_modules made vite warn about the MCP SDK's source maps).
    server: { deps: { inline: [tempPluginFiles()] } },
    projects: [
      {
        extends: true,
        resolve: { alias: [learnerAlias(root, targetFromEnv(process.env, existsSync(resolve(root, "solutions"))))] },
        test: { name: "workbook", include: ["test/**/*.test.ts"], exclude: ["**/node_modules/**", ...BROWSER_TESTS] },
      },
      {
        extends: true,
        test: { name: "browser", include: [...BROWSER_TESTS], globalSetup: ["test/browser/browser-setup.ts"] },
      },
      {
        extends: true,
        plugins: [pristineStubs(), stubsWithoutCoverage()],
        resolve: { alias: [learnerAlias(root, { kind: "exercises" })] },
        test: { name: "stubs", include: EXERCISE_TESTS, exclude: NOT_EXERCISE_TESTS, runner: "./test/proof/stub-runner.ts" },
      },
    ],
  },
});
