/**
 * Starts the operating system's Chromium, headless, through `playwright-core` (which never
 * downloads a browser). Every browser test uses this one helper, so the flags that work on a
 * locked-down machine live in one place.
 *
 * The browser is found at `$CHROMIUM_PATH`, else at the usual Debian/Ubuntu paths. Install it with
 * `sudo apt-get install chromium` (Debian) or point `CHROMIUM_PATH` at any Chrome or Chromium.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/** Where a Chromium is looked for, in order, after `$CHROMIUM_PATH`. */
export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** Flags for a quiet, offline, sandbox-free headless run (the sandbox needs privileges CI lacks). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The Chromium executable to use, or `null` when none is installed. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const given = env["CHROMIUM_PATH"];
  if (given !== undefined && given !== "") return existsSync(given) ? given : null;
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** A running headless browser with its own fresh profile; `close` removes the profile too. */
export interface HeadlessBrowser {
  context: BrowserContext;
  executablePath: string;
  close(): Promise<void>;
}

/** Launches Chromium headless with a fresh `--user-data-dir`; throws a clear error when none is installed. */
export async function launchChromium(): Promise<HeadlessBrowser> {
  const executablePath = findChromium();
  if (executablePath === null) {
    throw new Error(
      "no Chromium found: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chrome or Chromium executable",
    );
  }
  const profile = await mkdtemp(join(tmpdir(), "workbook-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
    });
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
