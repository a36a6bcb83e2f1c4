/**
 * The quick check behind `npm run exercise N`: one exercise's test file run without starting vite
 * and vitest's server. The test file and the workbook's files it imports are bundled by esbuild
 * (`./test-bundle.js`) while a worker thread loads vitest's runner (`./quick-worker.js`); the worker
 * runs the bundle with vitest's own runner and `expect`, and the report has the shape vitest's gives
 * (`RunReport`), so the verdict is printed by the same code.
 *
 * It gives way to vitest whenever it cannot be sure to judge as vitest would: the bundle is refused
 * (see `./test-bundle.js`), the worker fails to start or to load, or the run cannot be read. Then it
 * returns null and the caller runs vitest; the learner sees no difference but the time. A file that
 * does not finish is stopped at the same deadline as under vitest (`./deadline.js`), and reported
 * the same way. `test/proof/quick-run.test.ts` runs every exercise's tests both ways (the stubs,
 * the worked answers and every wrong answer of the catalogue) and requires the same report.
 *
 * @module
 */
import { rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { Worker } from "node:worker_threads";
import { ROOT } from "./catalog.js";
import { deadlineSeconds } from "./deadline.js";
import type { QuickError, QuickMessage, QuickRequest } from "./quick-worker.js";
import type { Target } from "./target.js";
import { bundleTests } from "./test-bundle.js";
import type { FileOutcome, RunReport, TestFailure, TestOutcome } from "./vitest-run.js";

/** The setup every learner run has (`./matcher-guard.js`), bundled ahead of the test file. */
export const QUICK_SETUP_FILE = join(ROOT, "exercises", "_cli", "matcher-guard.ts");

/** Where the bundles are written: one per test file and run, named after both, deleted when it has run. */
const BUNDLE_DIR = join(ROOT, "node_modules", ".cache", "workbook-quick");

/** How many bundles this process has written: part of each one's name. */
let bundles = 0;

/** Options for {@link quickRun}. */
export interface QuickOptions {
  /** Seconds a test file may be stuck (default: `deadline.ts`). */
  deadlineSeconds?: number;
  /** Called with the reason when the quick check gives way to vitest (for tests and `WORKBOOK_QUICK_DEBUG`). */
  onGiveWay?: (reason: string) => void;
}

function failureOf(error: QuickError): TestFailure {
  const failure: TestFailure = { message: error.message };
  if (error.diff !== undefined) failure.diff = error.diff;
  if (error.stack !== undefined) failure.stack = error.stack;
  if (error.name !== undefined) failure.name = error.name;
  return failure;
}

/** The worker thread: compiled next to this file by launch.mjs, or TypeScript through tsx. */
function startWorker(): Worker {
  const compiled = import.meta.url.endsWith(".mjs");
  const url = new URL(compiled ? "./quick-worker.mjs" : "./quick-worker.ts", import.meta.url);
  const worker = compiled
    ? new Worker(url, { stdout: true, stderr: true })
    : new Worker(`import("tsx/esm/api").then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`, { eval: true, stdout: true, stderr: true });
  // What the tests print is not shown, as under vitest (the CLI's vitest drops it too).
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

/** One file's outcome from the worker, or why there is none. */
type FileRun = QuickMessage | { type: "stuck" } | { type: "exit"; code: number } | { type: "error"; error: Error };

/** Sends one bundle to the worker and waits for its result, or for the deadline to pass with nothing moving. */
function runOne(worker: Worker, request: QuickRequest, seconds: number): Promise<FileRun> {
  return new Promise<FileRun>((resolvePromise) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: FileRun): void => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      resolvePromise(outcome);
    };
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish({ type: "stuck" }), seconds * 1000);
    };
    const onMessage = (message: QuickMessage): void => {
      if (message.type === "moved") arm();
      else finish(message);
    };
    const onError = (error: Error): void => finish({ type: "error", error });
    const onExit = (code: number): void => finish({ type: "exit", code });
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    arm();
    worker.postMessage(request);
  });
}

/** Options for {@link quickRunFiles}. */
export interface QuickFilesOptions extends QuickOptions {
  /** Whose code the tests' `exercises/` imports reach (default: the learner's `exercises/`), as for vitest (`./target.js`). */
  target?: Target;
}

/**
 * Runs `testFile` (relative to the root) against the learner's `exercises/`, or resolves with null
 * when vitest should run it instead.
 */
export async function quickRun(testFile: string, options: QuickOptions = {}): Promise<RunReport | null> {
  return quickRunFiles([join(ROOT, testFile)], options);
}

/**
 * Runs test files (absolute paths), one after the other in one worker thread, against `target`.
 * Files are named in the report relative to the workbook's root. Resolves with null when vitest
 * should run them instead; a file that is stuck ends the run there, as under vitest the files
 * after it are not judged by this worker.
 */
export async function quickRunFiles(testFiles: readonly string[], options: QuickFilesOptions = {}): Promise<RunReport | null> {
  const started = Date.now();
  const giveWay = (reason: string): null => {
    options.onGiveWay?.(reason);
    if (process.env["WORKBOOK_QUICK_DEBUG"] === "1") console.error(`(quick check: ${reason}; running vitest)`);
    return null;
  };
  if (process.env["WORKBOOK_QUICK"] === "0") return giveWay("WORKBOOK_QUICK=0");
  const target = options.target ?? { kind: "exercises" };
  const seconds = options.deadlineSeconds ?? deadlineSeconds();
  let worker: Worker;
  try {
    worker = startWorker();
  } catch (error) {
    return giveWay(`the worker did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const files: FileOutcome[] = [];
  const output: string[] = [];
  try {
    for (const absolute of testFiles) {
      const name = relative(ROOT, absolute).split("\\").join("/");
      // A name of its own: two checks at once (two terminals, two copies sharing one node_modules) never share a bundle.
      const bundleFile = join(BUNDLE_DIR, `${name.replace(/[^\w.-]/g, "_")}.${process.pid}.${++bundles}.mjs`);
      const bundle = await bundleTests(ROOT, [QUICK_SETUP_FILE, absolute], bundleFile, target);
      if (!bundle.ok) return giveWay(bundle.reason);
      const outcome = await runOne(worker, { bundle: bundle.file, testFile: absolute, root: ROOT }, seconds).finally(() => rm(bundleFile, { force: true }));
      switch (outcome.type) {
        case "stuck":
          return { files, tests: files.flatMap((f) => f.tests), exitCode: 1, output: output.join("\n"), durationMs: Date.now() - started, stuck: [{ file: name, seconds }] };
        case "done": {
          const tests: TestOutcome[] = outcome.tests.map((test) => {
            const failures = test.errors.map(failureOf);
            return { file: name, fullName: test.fullName, title: test.title, status: test.status, failureMessages: failures.map((f) => f.message), failures };
          });
          const fileErrors = outcome.fileErrors.map(failureOf);
          const passed = outcome.state === "pass" && fileErrors.length === 0;
          files.push({ file: name, status: passed ? "passed" : "failed", message: fileErrors.map((e) => e.message).join("\n"), tests });
          output.push(...outcome.unhandled.map((e) => `${e.message}\n${e.stack ?? ""}`));
          break;
        }
        case "failed":
          return giveWay(`the worker could not run the tests: ${outcome.reason}`);
        case "error":
          return giveWay(`the worker failed: ${outcome.error.message}`);
        case "exit":
          return giveWay(`the worker ended with code ${outcome.code}`);
        case "moved":
          return giveWay("unexpected message");
      }
    }
    return { files, tests: files.flatMap((f) => f.tests), exitCode: null, output: output.join("\n"), durationMs: Date.now() - started };
  } finally {
    await worker.terminate();
  }
}
