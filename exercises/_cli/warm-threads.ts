/**
 * The worker threads the learner CLI's vitest runs tests in, kept loaded between runs.
 *
 * Vitest's own `threads` pool starts a new thread for every run and stops it at the end: the thread
 * loads vitest's test runtime again (a fifth of a second of CPU) and then every module the test
 * file imports. This pool hands vitest a thread that stays: `npm run exercise N -- --watch` re-runs
 * the test file in the thread that ran it last, where vitest's runtime, the installed packages and
 * the workbook's unchanged files are already transformed (a changed file and the files that import
 * it are transformed again, as vitest's own watch mode does). The workbook's own modules are run
 * afresh for each test file (`./run-setup.js`): a run never sees what an earlier one left in them.
 *
 * A thread can also be started before vitest itself is loaded ({@link prestartWarmThread}), so the
 * two load side by side on two cores. The pool takes it only if it was started exactly as vitest
 * would start one (the same options and environment); otherwise it starts its own.
 *
 * @module
 */
import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { isatty } from "node:tty";
import { Worker } from "node:worker_threads";
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from "vitest/node";

/** The pool's name, as vitest's `pool` option and its tasks know it. */
export const WARM_THREADS = "workbook-warm-threads";

/** One thread and what it was started with. */
interface Slot {
  thread: Worker;
  execArgv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** True once vitest's runtime in the thread has been set up (the first "start" was answered). */
  started: boolean;
  /** True while a vitest run uses it. */
  busy: boolean;
}

const slots: Slot[] = [];

/** How many threads this process has started for vitest: a count, for the tests that pin the reuse. */
export const warmThreadCount = { started: 0 };

function sameEnv(a: Readonly<Record<string, string | undefined>>, b: Readonly<Record<string, string | undefined>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function newSlot(distPath: string, execArgv: readonly string[], env: Readonly<Record<string, string | undefined>>): Slot {
  const thread = new Worker(join(distPath, "workers", "threads.js"), { env: { ...env }, execArgv: [...execArgv], stdout: true, stderr: true });
  // What the tests print reaches vitest through its own reporter calls; the thread's raw streams are not shown.
  thread.stdout.resume();
  thread.stderr.resume();
  // An idle thread must not keep the process alive; a thread at work is held by its run.
  thread.unref();
  warmThreadCount.started++;
  const slot: Slot = { thread, execArgv, env, started: false, busy: false };
  thread.once("exit", () => {
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
  });
  slots.push(slot);
  return slot;
}

/** The answer vitest's runtime gives to a request, sent on its behalf when the thread already did the work. */
function response(type: "started" | "stopped"): { __vitest_worker_response__: true; type: "started" | "stopped" } {
  return { __vitest_worker_response__: true, type };
}

/**
 * One run's hold on a thread. Vitest starts and stops a worker around each run; here "start" on a
 * thread whose runtime is set up and every "stop" are answered without reaching the thread, so it
 * stays loaded. A stop without a "stop" request (vitest forces one after a failure) ends the thread.
 */
class WarmThread implements PoolWorker {
  readonly name = WARM_THREADS;
  readonly #options: PoolOptions;
  readonly #events = new EventEmitter();
  #slot: Slot | null = null;
  /** True when vitest asked the thread to stop after a run that went as it should: the thread is kept. */
  #keep = false;
  /** Set when the thread's runtime failed to start: it is ended at the stop. */
  #broken = false;
  readonly #relay = (message: unknown): void => {
    if (isFailedStart(message)) this.#broken = true;
    this.#events.emit("message", message);
  };
  readonly #error = (error: unknown): void => void this.#events.emit("error", error);
  readonly #exit = (code: unknown): void => void this.#events.emit("exit", code);

  constructor(options: PoolOptions) {
    this.#options = options;
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.#events.on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.#events.off(event, callback);
  }

  send(message: WorkerRequest): void {
    const slot = this.#slot;
    if (slot === null) throw new Error("the warm thread was not started");
    if (message.type === "stop") {
      this.#keep = !this.#broken;
      queueMicrotask(() => this.#events.emit("message", response("stopped")));
      return;
    }
    if (message.type === "start") {
      if (slot.started) {
        queueMicrotask(() => this.#events.emit("message", response("started")));
        return;
      }
      slot.started = true;
    }
    slot.thread.postMessage(message);
  }

  start(): Promise<void> {
    if (this.#slot !== null) return Promise.resolve();
    const { distPath, execArgv } = this.#options;
    const env = this.#options.env as Record<string, string | undefined>;
    const slot = slots.find((s) => !s.busy && sameEnv(s.env, env) && s.execArgv.join("\0") === execArgv.join("\0")) ?? newSlot(distPath, execArgv, env);
    slot.busy = true;
    slot.thread.ref();
    slot.thread.on("message", this.#relay);
    slot.thread.on("error", this.#error);
    slot.thread.on("exit", this.#exit);
    this.#slot = slot;
    this.#keep = false;
    this.#broken = false;
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    const slot = this.#slot;
    if (slot === null) return;
    this.#slot = null;
    slot.thread.off("message", this.#relay);
    slot.thread.off("error", this.#error);
    slot.thread.off("exit", this.#exit);
    slot.busy = false;
    slot.thread.unref();
    // Forced (the run failed around the thread) or never set up: its state is unknown, it is not used again.
    if (!this.#keep) await endSlot(slot);
  }

  deserialize(data: unknown): unknown {
    return data;
  }
}

/** True for the runtime's answer to "start" when setting up failed. */
function isFailedStart(message: unknown): boolean {
  if (typeof message !== "object" || message === null) return false;
  const { type, error } = message as { type?: unknown; error?: unknown };
  return type === "started" && error !== undefined;
}

async function endSlot(slot: Slot): Promise<void> {
  const index = slots.indexOf(slot);
  if (index !== -1) slots.splice(index, 1);
  await slot.thread.terminate();
}

/** The pool to give vitest's `pool` option. */
export const warmThreads: PoolRunnerInitializer = { name: WARM_THREADS, createPoolWorker: (options) => new WarmThread(options) };

/** Ends every thread no run is using (the CLI calls it when it is done with vitest). */
export async function closeWarmThreads(): Promise<void> {
  await Promise.all(slots.filter((slot) => !slot.busy).map(endSlot));
}

/**
 * Ends every thread a run is using, at once: what the learner CLI does when a test file is past its
 * deadline (a thread that spins in a loop never answers, but `terminate` stops it all the same).
 */
export async function terminateBusyThreads(): Promise<void> {
  await Promise.all(slots.filter((slot) => slot.busy).map(endSlot));
}

/**
 * Starts a thread before vitest is loaded, with the options and environment vitest will ask for:
 * the installed vitest's worker entry, the conditions and flags it passes, the variables it and
 * vite set. The pool uses it when they match, and otherwise starts its own (the prediction only
 * saves time, it decides nothing).
 */
export function prestartWarmThread(root: string): void {
  if (slots.length > 0) return;
  try {
    const vitestDir = dirname(createRequire(join(root, "package.json")).resolve("vitest/package.json"));
    const execArgv = [
      ...process.execArgv.filter((arg) => arg.startsWith("--cpu-prof") || arg.startsWith("--heap-prof") || arg.startsWith("--diagnostic-dir")),
      "--experimental-import-meta-resolve",
      "--require",
      join(vitestDir, "suppress-warnings.cjs"),
      "--conditions",
      "node",
      "--conditions",
      "development",
    ];
    const nodeEnv = process.env["NODE_ENV"] ?? "development";
    const env = {
      ...process.env,
      // What vite sets from its configuration (mode "test", not a production build).
      NODE_ENV: nodeEnv,
      PROD: "",
      DEV: "1",
      BASE_URL: "/",
      MODE: "test",
      // What vitest adds for its workers.
      TEST: "true",
      VITEST: "true",
      // The CLI runs vitest without its own watcher, also for --watch (see watch.ts).
      VITEST_MODE: "RUN",
      FORCE_TTY: isatty(1) ? "true" : "",
    };
    newSlot(join(vitestDir, "dist"), execArgv, env);
  } catch {
    // No head start, then: the pool starts a thread when vitest asks for one.
  }
}
