/**
 * The browser for the browser tests: Chrome, Chromium or Edge (found by `find-browser.ts`), headless,
 * driven through `playwright-core`, which never downloads a browser. `browser-setup.ts` starts it
 * once per run; each test file connects to it and opens its own context. Every browser test uses
 * this one helper, so the flags that work on a locked-down machine live in one place.
 *
 * When no browser is found, the browser tests are skipped and the run says so in one line (printed
 * by `browser-setup.ts`); with `WORKBOOK_REQUIRE_BROWSER=1`, as `.ci/run` sets, they fail instead.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { inject } from "vitest";
import type { ProvidedBrowser } from "./browser-setup.js";
import { CHROMIUM_ARGS, findBrowser, REQUIRE_BROWSER, systemHost, type BrowserSearch } from "./find-browser.js";

/** What the browser tests run with: the search's outcome, and whether a missing browser fails them. */
export interface BrowserPlan {
  search: BrowserSearch;
  /** The run's shared browser, when `browser-setup.ts` started one. */
  endpoint: string | null;
  /** Why the found browser did not start. */
  launchError: string | null;
  required: boolean;
  /** Skip the tests that need a browser: none was found and none is required. */
  skip: boolean;
}

/** The browser found and started once for the run by `browser-setup.ts`, or found here when the run has no such setup. */
export function browserPlan(): BrowserPlan {
  const provided = inject("workbookBrowser") as ProvidedBrowser | undefined;
  const search = provided?.search ?? findBrowser(systemHost());
  const required = process.env[REQUIRE_BROWSER] === "1";
  return { search, endpoint: provided?.endpoint ?? null, launchError: provided?.launchError ?? null, required, skip: search.found === null && !required };
}

/** A browser context of its own for one test file; `close` ends it (and the browser, when this file started one). */
export interface HeadlessBrowser {
  context: BrowserContext;
  executablePath: string;
  close(): Promise<void>;
}

const VIEWPORT = { width: 1280, height: 900 };

/** No Playwright time limit of its own (30 s by default): a busy machine is slow, and the test's timeout is the backstop. */
function untimed(context: BrowserContext): void {
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
}

/** Opens a fresh context in the run's shared browser, or starts one; throws the search's reason when none was found. */
export async function launchChromium(plan: BrowserPlan = browserPlan()): Promise<HeadlessBrowser> {
  const { search } = plan;
  if (search.found === null) throw new Error(`no browser for the browser tests (${REQUIRE_BROWSER}=1): ${search.reason}`);
  if (plan.launchError !== null) throw new Error(plan.launchError);
  const executablePath = search.found.path;
  if (plan.endpoint !== null) {
    const browser = await chromium.connect(plan.endpoint);
    const context = await browser.newContext({ viewport: VIEWPORT });
    untimed(context);
    return {
      context,
      executablePath,
      async close() {
        await context.close().catch(() => undefined);
        await browser.close().catch(() => undefined);
      },
    };
  }
  const profile = await mkdtemp(join(tmpdir(), "workbook-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: CHROMIUM_ARGS, viewport: VIEWPORT });
    untimed(context);
    return {
      context,
      executablePath,
      async close() {
        await context.close().catch(() => undefined);
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
