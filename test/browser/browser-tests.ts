/**
 * The test files that open a real browser. `vitest.config.ts` runs them in the `browser` project
 * (one browser for all of them, or skipped with one line when none is installed), and
 * `npm run counts` counts their tests as the browser tests the prose speaks of. The other files in
 * `test/browser/` test the browser tooling itself and need no browser.
 */
export const BROWSER_TESTS: readonly string[] = [
  "test/browser/site.test.ts",
  "test/browser/playground.test.ts",
  "test/browser/a11y.test.ts",
  "test/browser/site-reader.test.ts",
  "test/browser/playground-keyboard.test.ts",
];
