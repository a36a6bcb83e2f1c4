/**
 * The site and the playground page, built once per test run and shared by the tests that read
 * them (`test/docs/api-reference.test.ts`, the browser tests in `test/browser/`). The first test
 * file to ask builds, in a child process (so coverage does not instrument TypeDoc and the
 * compiler); the others wait for its result in the run's folder (`run-folder.ts`). A failed build
 * fails every test file that asked for it, with the build's own error. Other work done once per
 * run goes the same way ({@link oncePerRun}: the browser's visit of the site, `site-visit.ts`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import type { PlaygroundBuild } from "../../playground/build.js";
import type { SiteBuild } from "./build-site.js";
import { ROOT } from "./root.js";
import { runWithTsx } from "../setup/node-child.js";

/** The playground page, built once: where it is and what it was bundled from. */
export type SharedPlayground = PlaygroundBuild & { file: string };

let ownFolder: string | undefined;

/** The run's folder, or one for this test file when the run has no `run-folder.ts` setup. */
function runFolder(): string {
  const provided = inject("workbookRunFolder") as string | undefined;
  if (provided !== undefined) return provided;
  ownFolder ??= mkdtempSync(join(tmpdir(), "workbook-run-"));
  return ownFolder;
}

interface Outcome<T> {
  ok: boolean;
  value?: T;
  error?: string;
}

/**
 * Runs `make` once per run across all test files and workers, and hands every caller its result
 * (which must survive JSON). `name` names the work in the run's folder.
 */
export async function oncePerRun<T>(name: string, make: (folder: string) => Promise<T>): Promise<T> {
  const folder = runFolder();
  const resultFile = join(folder, `${name}.json`);
  let mine = false;
  try {
    mkdirSync(join(folder, `${name}.lock`));
    mine = true;
  } catch {
    mine = false;
  }
  if (mine) {
    let outcome: Outcome<T>;
    try {
      outcome = { ok: true, value: await make(folder) };
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    writeFileSync(`${resultFile}.tmp`, JSON.stringify(outcome));
    renameSync(`${resultFile}.tmp`, resultFile);
  }
  // Another test file builds it: wait for its result (the test's hook timeout is the only limit).
  while (!existsSync(resultFile)) await sleep(100);
  const outcome = JSON.parse(readFileSync(resultFile, "utf8")) as Outcome<T>;
  if (!outcome.ok) throw new Error(`${name}, done once for the run, failed:\n${outcome.error ?? "(no message)"}`);
  return outcome.value as T;
}

/** Runs `tsx test/docs/build-site.ts <args>` and parses the JSON it prints. */
async function buildInChild<T>(args: string[]): Promise<T> {
  const { status: code, stdout: out, stderr: err } = await runWithTsx([join(ROOT, "test/docs/build-site.ts"), ...args]);
  const last = out.trim().split("\n").at(-1) ?? "";
  if (code !== 0 || !last.startsWith("{")) throw new Error(`build-site.ts ${args.join(" ")} exited with ${String(code)}\n${err}${out}`);
  return JSON.parse(last) as T;
}

/** The playground page (`npm run docs`' first step), built once per run. */
export function sharedPlayground(): Promise<SharedPlayground> {
  return oncePerRun("playground", (folder) => buildInChild<SharedPlayground>(["playground", join(folder, "playground.html")]));
}

/** The whole site (the playground page, then TypeDoc), built once per run into the run's folder. */
export function sharedSite(): Promise<SiteBuild> {
  return oncePerRun("site", async (folder) => {
    await sharedPlayground();
    return buildInChild<SiteBuild>(["site", join(folder, "site")]);
  });
}
