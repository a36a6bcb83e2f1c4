/**
 * Headless Chromium for the browser tests: Debian's `chromium` package driven by `playwright-core`
 * (no browser download). `.ci/run` installs the package when it is absent; on a machine without it
 * the browser tests fail in CI and are skipped elsewhere, with the reason printed.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Where Debian installs Chromium; `CHROMIUM_PATH` overrides it. */
export const CHROMIUM_PATH = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/** Whether the browser tests can run here; in CI they must. */
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH) || process.env["CI"] !== undefined;

/** Starts a fresh headless Chromium (Playwright gives it a new, empty profile) that makes no background connections of its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
