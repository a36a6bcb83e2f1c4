/**
 * The browser project's global setup: looks for a browser once per run and, when one is found,
 * starts it once (`launchServer`) for every browser test file to connect to. When none is found
 * the browser tests are skipped, and this prints the one line that says what was skipped, why, and
 * how to get a browser. With `WORKBOOK_REQUIRE_BROWSER=1` (`.ci/run`) nothing is printed here: the
 * tests run and fail with the same reason.
 */
import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, findBrowser, REQUIRE_BROWSER, systemHost, type BrowserSearch } from "./find-browser.js";

/** What the browser tests get: the search, and the running browser to connect to (or why it did not start). */
export interface ProvidedBrowser {
  search: BrowserSearch;
  /** The shared browser's endpoint, for `chromium.connect`. */
  endpoint: string | null;
  /** Why the found browser did not start, if it did not. */
  launchError: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The browser for this run, found and started once. */
    workbookBrowser: ProvidedBrowser;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const search = findBrowser(systemHost());
  let server: BrowserServer | undefined;
  let launchError: string | null = null;
  if (search.found !== null) {
    try {
      server = await chromium.launchServer({ executablePath: search.found.path, headless: true, args: CHROMIUM_ARGS });
    } catch (error) {
      launchError = `${search.found.path} (${search.found.source}) did not start: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  project.provide("workbookBrowser", { search, endpoint: server?.wsEndpoint() ?? null, launchError });
  if (search.found === null && process.env[REQUIRE_BROWSER] !== "1") {
    console.warn(`browser tests skipped (test/browser: the site and the playground in a real browser): ${search.reason}`);
  }
  return async () => {
    await server?.close();
  };
}
