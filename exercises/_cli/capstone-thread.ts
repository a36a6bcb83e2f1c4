/**
 * The capstone, run by the learner CLI in a worker thread of its own (`./capstone-worker.js`) and
 * stopped at the deadline (`./deadline.js`). It runs the learner's nine answers: a `while` whose
 * index never moves, or an `await` that never settles, in any of them would otherwise hold
 * `npm run progress`, `npm run grade` or `npm run exercise 10` for ever, silently, and a thread
 * spinning in the main thread cannot even answer Ctrl+C. The worker's scripted scenarios must be
 * judged within the deadline; the command's optional run with a real model, after them, has none.
 *
 * @module
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import { CAPSTONE_TEMP_VARIABLE } from "./capstone/temp.js";
import { CAPSTONE } from "./catalog.js";
import { verdictWithoutRunning, type CapstoneVerdict } from "./capstone-verdict.js";
import { red } from "./colour.js";
import { deadlineSeconds, stuckMessage } from "./deadline.js";

/** What the worker is to do: give the verdict on the answers in `dir` (default: `exercises/`), or run the command with its arguments. */
export type CapstoneTask = { kind: "verdict"; dir?: string } | { kind: "command"; argv: readonly string[] };

/** What the worker is started with: its task, and whether the main thread writes to a terminal. */
export type CapstoneRequest = CapstoneTask & {
  /** True when the main thread's stdout is a terminal: the worker then colours its output as the main thread would. */
  terminal: boolean;
};

/** What the worker posts: `graded` when the scripted scenarios are judged, then its answer. */
export type CapstoneMessage = { kind: "graded" } | { kind: "verdict"; verdict: CapstoneVerdict } | { kind: "exit"; code: number } | { kind: "error"; message: string };

/** How a run in the worker ended: its answer, or `stuck` when the deadline passed first. */
export type CapstoneOutcome = Exclude<CapstoneMessage, { kind: "graded" }> | { kind: "stuck"; seconds: number };

/** How long the worker may take to end once it has answered (its output reaches the terminal meanwhile). */
const CLOSE_GRACE_MS = 5_000;

/** The line the learner reads when the capstone was stopped. */
export function capstoneStuckMessage(seconds: number): string {
  return stuckMessage("the capstone (your nine answers together)", seconds);
}

/** The streams {@link forward} has written to; each has one listener that ignores its errors. */
const forwardedTo = new WeakSet<NodeJS.WriteStream>();

/**
 * Writes what the worker prints to `to`. As with the console, an error of the stream (a pipe that
 * `head` closed) is not the capstone's and does not end the command: the stream's errors are ignored.
 */
function forward(from: Readable, to: NodeJS.WriteStream): void {
  if (!forwardedTo.has(to)) {
    forwardedTo.add(to);
    to.on("error", () => undefined);
  }
  from.on("data", (chunk: Buffer) => {
    if (!to.destroyed) to.write(chunk);
  });
}

/**
 * The worker: compiled next to this file by launch.mjs, or TypeScript through tsx. The capstone's
 * workspaces go under `scratch` (`./capstone/temp.js`), so what a worker ended at the deadline
 * leaves there is deleted with it. The temp folder itself stays the process's: tsx keeps its cache
 * of compiled files there.
 */
function startWorker(request: CapstoneRequest, scratch: string): Worker {
  const compiled = import.meta.url.endsWith(".mjs");
  const url = new URL(compiled ? "./capstone-worker.mjs" : "./capstone-worker.ts", import.meta.url);
  const env = { ...process.env, [CAPSTONE_TEMP_VARIABLE]: scratch };
  const options = { workerData: request, stdout: true, stderr: true, env };
  const worker = compiled
    ? new Worker(url, options)
    : new Worker(`import("tsx/esm/api").then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`, { ...options, eval: true });
  forward(worker.stdout, process.stdout);
  forward(worker.stderr, process.stderr);
  return worker;
}

/**
 * Runs `task` in a new worker thread. Resolves with the worker's answer, or with `stuck` when
 * the scripted scenarios were not judged within `seconds` (the worker is then ended). Never rejects.
 */
export function runCapstoneThread(task: CapstoneTask, seconds: number = deadlineSeconds()): Promise<CapstoneOutcome> {
  return new Promise<CapstoneOutcome>((resolvePromise) => {
    let worker: Worker;
    let scratch: string | null = null;
    const removeScratch = (): void => {
      process.off("exit", removeScratch);
      if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
    };
    // A command stopped meanwhile (Ctrl+C) exits without waiting for the thread: the folder goes then.
    process.on("exit", removeScratch);
    try {
      scratch = mkdtempSync(join(tmpdir(), "workbook-capstone-thread-"));
      worker = startWorker({ ...task, terminal: process.stdout.isTTY === true }, scratch);
    } catch (error) {
      removeScratch();
      resolvePromise({ kind: "error", message: `the capstone's thread did not start: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    let outcome: CapstoneOutcome | null = null;
    let deadline: NodeJS.Timeout | undefined = setTimeout(() => {
      outcome = { kind: "stuck", seconds };
      void worker.terminate();
    }, seconds * 1000);
    let grace: NodeJS.Timeout | undefined;
    worker.on("message", (message: CapstoneMessage) => {
      if (message.kind === "graded") {
        clearTimeout(deadline);
        deadline = undefined;
        return;
      }
      clearTimeout(deadline);
      outcome ??= message;
      // Its output is flushed as it ends; one that holds on (a handle left open) is ended.
      grace = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
    });
    worker.on("error", (error: Error) => {
      outcome ??= { kind: "error", message: error.message };
    });
    worker.on("exit", () => {
      clearTimeout(deadline);
      clearTimeout(grace);
      removeScratch();
      resolvePromise(outcome ?? { kind: "error", message: "the capstone's thread ended without an answer" });
    });
  });
}

/** The failing verdict of a capstone that could not run, and why. */
function couldNotRun(why: string): CapstoneVerdict {
  return { state: "failing", reason: `the capstone could not run: ${why}`, command: CAPSTONE.command };
}

/**
 * The capstone's verdict for `npm run progress` and `npm run grade` on the answers in `dir`
 * (default: `exercises/`): without a thread when the capstone need not run (a part is still the
 * stub), else from its thread, stopped after `seconds`; a stop is a failing verdict that says so.
 * Never rejects.
 */
export async function capstoneVerdictInThread(options: { seconds?: number; dir?: string } = {}): Promise<CapstoneVerdict> {
  const { seconds = deadlineSeconds(), dir } = options;
  let early: CapstoneVerdict | null;
  try {
    early = verdictWithoutRunning(dir);
  } catch (error) {
    return couldNotRun(error instanceof Error ? error.message : String(error));
  }
  if (early !== null) return early;
  const outcome = await runCapstoneThread(dir === undefined ? { kind: "verdict" } : { kind: "verdict", dir }, seconds);
  switch (outcome.kind) {
    case "verdict":
      return outcome.verdict;
    case "stuck":
      return { state: "failing", reason: capstoneStuckMessage(outcome.seconds), command: CAPSTONE.command };
    default:
      return couldNotRun(outcome.kind === "error" ? outcome.message : `its thread ended with ${outcome.code}`);
  }
}

/** `npm run exercise 10`, from its thread: resolves with the exit code; a stop at the deadline prints why and gives 1. */
export async function capstoneCommandInThread(argv: readonly string[], seconds: number = deadlineSeconds()): Promise<number> {
  const outcome = await runCapstoneThread({ kind: "command", argv }, seconds);
  switch (outcome.kind) {
    case "exit":
      return outcome.code;
    case "stuck":
      console.log(red(`✘ The ${capstoneStuckMessage(outcome.seconds).replace(/^the /, "")}`));
      return 1;
    case "error":
      console.log(red(`✘ The capstone could not run: ${outcome.message}`));
      return 1;
    default:
      return 1;
  }
}
