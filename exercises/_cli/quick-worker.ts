/**
 * The worker thread of the quick check (`./quick-run.js`): runs one bundled test file
 * (`./test-bundle.js`) with vitest's own test runner (`@vitest/runner`) and vitest's own `expect`,
 * as vitest's worker does, without vite. What it keeps of vitest's worker, so that a test passes
 * or fails here exactly as it does there:
 *
 * - per test, the `expect` state vitest sets (assertion counts, `expect.assertions(n)` and
 *   `expect.hasAssertions()` checked after the test), and the test context's own `expect`;
 * - the time limits the learner CLI gives vitest (20 s per test and per hook);
 * - `process.exit` throws, as in vitest's worker, instead of ending the thread;
 * - errors thrown outside any test are collected, as vitest's "unhandled errors".
 *
 * It loads vitest while the main thread bundles, then runs each bundle it is sent, one at a time
 * (each bundle has its own copies of the workbook's modules, as each file gets under vitest). It
 * posts `moved` whenever a test starts or ends (the main thread keeps the deadline) and one `done`
 * per bundle with its results; the main thread ends it.
 *
 * @module
 */
import { pathToFileURL } from "node:url";
import { parentPort } from "node:worker_threads";
import type { Suite, Task, Test, VitestRunner, VitestRunnerConfig } from "@vitest/runner";

/** What the main thread sends: the bundle to run and the name vitest would give its file. */
export interface QuickRequest {
  /** The bundle's absolute path. */
  readonly bundle: string;
  /** The test file the bundle stands for (absolute), as vitest names it. */
  readonly testFile: string;
  /** The workbook's root. */
  readonly root: string;
}

/** One error as the report needs it (vitest's processed error: message, diff, stack, name). */
export interface QuickError {
  readonly message: string;
  readonly diff?: string;
  readonly stack?: string;
  readonly name?: string;
}

/** One test's result. */
export interface QuickTest {
  /** The describe blocks and the test's name, joined by " > ", as vitest's `fullName`. */
  readonly fullName: string;
  /** The test's own name. */
  readonly title: string;
  /** "passed", "failed" or "skipped", as vitest's reported tests say. */
  readonly status: string;
  readonly errors: readonly QuickError[];
}

/** What the worker posts. */
export type QuickMessage =
  | { readonly type: "moved" }
  | {
      readonly type: "done";
      readonly state: string;
      readonly fileErrors: readonly QuickError[];
      readonly tests: readonly QuickTest[];
      readonly unhandled: readonly QuickError[];
    }
  | { readonly type: "failed"; readonly reason: string };

const port = parentPort;
if (port === null) throw new Error("quick-worker runs as a worker thread");

process.setSourceMapsEnabled(true);
// Loaded while the main thread bundles: the runner, vitest's expect, and fast-check (every exercise's tests use it).
const loading = Promise.all([import("@vitest/runner"), import("vitest"), import("fast-check")]);
loading.catch(() => undefined);

const unhandled: QuickError[] = [];
process.on("uncaughtException", (error) => unhandled.push(errorOf(error)));
process.on("unhandledRejection", (reason) => unhandled.push(errorOf(reason)));

function errorOf(value: unknown): QuickError {
  if (typeof value === "object" && value !== null) {
    const { message, diff, stack, name } = value as { message?: unknown; diff?: unknown; stack?: unknown; name?: unknown };
    const error: { -readonly [K in keyof QuickError]: QuickError[K] } = { message: typeof message === "string" ? message : String(message) };
    if (typeof diff === "string" && diff !== "") error.diff = diff;
    if (typeof stack === "string") error.stack = stack;
    if (typeof name === "string") error.name = name;
    return error;
  }
  return { message: String(value) };
}

/** The runner settings the learner CLI's vitest runs with. */
function runnerConfig(root: string): VitestRunnerConfig {
  return {
    root,
    setupFiles: [],
    name: undefined,
    passWithNoTests: false,
    testNamePattern: undefined,
    allowOnly: true,
    sequence: { shuffle: false, concurrent: false, seed: 0, hooks: "stack", setupFiles: "parallel" },
    chaiConfig: undefined,
    maxConcurrency: 5,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    retry: 0,
    includeTaskLocation: false,
    tags: [],
    tagsFilter: undefined,
    strictTags: false,
  } as unknown as VitestRunnerConfig;
}

function testsOf(task: Task, path: readonly string[], out: QuickTest[]): QuickTest[] {
  if (task.type === "test") {
    const result = task.result;
    const state = result?.state;
    const status =
      state === "pass" ? "passed" : state === "fail" ? "failed" : task.mode === "skip" || task.mode === "todo" || state === "skip" || state === "todo" ? "skipped" : "pending";
    out.push({ fullName: [...path, task.name].join(" > "), title: task.name, status, errors: (result?.errors ?? []).map(errorOf) });
    return out;
  }
  // The file is the outermost suite: vitest's names start below it.
  const inner = "filepath" in task ? path : [...path, task.name];
  for (const child of task.tasks) testsOf(child, inner, out);
  return out;
}

async function run(request: QuickRequest): Promise<QuickMessage> {
  unhandled.length = 0;
  const [runnerModule, vitest] = await loading;
  const { startTests } = runnerModule;
  const { createExpect, expect: globalExpect } = vitest;
  // As vitest's worker: a test that calls process.exit fails instead of ending the run.
  process.exit = (code?: number) => {
    throw new Error(`process.exit unexpectedly called with "${code ?? process.exitCode ?? 0}"`);
  };
  const moved = (): void => port?.postMessage({ type: "moved" } satisfies QuickMessage);
  const bundleUrl = pathToFileURL(request.bundle).href;
  const names = (test: Test): string => {
    const parts: string[] = [];
    for (let suite: Suite | undefined = test.suite; suite !== undefined && suite !== (test.file as Suite); suite = suite.suite) parts.unshift(suite.name);
    return [...parts, test.name].join(" > ");
  };
  const runner: VitestRunner = {
    config: runnerConfig(request.root),
    async importFile() {
      await import(bundleUrl);
    },
    onBeforeRunTask() {
      moved();
    },
    onAfterRunTask() {
      moved();
    },
    onBeforeTryTask(test: Test) {
      globalExpect.setState({
        assertionCalls: 0,
        isExpectingAssertions: false,
        isExpectingAssertionsError: null,
        expectedAssertionsNumber: null,
        expectedAssertionsNumberErrorGen: null,
        currentTestName: names(test),
        snapshotState: undefined,
      });
    },
    onAfterTryTask(test: Test) {
      const context = test.context as unknown as { _local?: boolean; expect: typeof globalExpect };
      const state = context._local === true ? context.expect.getState() : globalExpect.getState();
      const { assertionCalls, expectedAssertionsNumber, expectedAssertionsNumberErrorGen, isExpectingAssertions, isExpectingAssertionsError } = state;
      if (expectedAssertionsNumber !== null && assertionCalls !== expectedAssertionsNumber) throw (expectedAssertionsNumberErrorGen as () => Error)();
      if (isExpectingAssertions === true && assertionCalls === 0) throw isExpectingAssertionsError ?? new Error("expected any number of assertion, but got none");
    },
    extendTaskContext(context) {
      let local: ReturnType<typeof createExpect> | undefined;
      Object.defineProperty(context, "expect", {
        get() {
          local ??= createExpect(context.task);
          return local;
        },
      });
      Object.defineProperty(context, "_local", {
        get() {
          return local !== undefined;
        },
      });
      return context;
    },
  };
  const [file] = await startTests([request.testFile], runner);
  if (file === undefined) return { type: "failed", reason: "the runner reported no file" };
  return {
    type: "done",
    state: file.result?.state ?? "fail",
    fileErrors: (file.result?.errors ?? []).map(errorOf),
    tests: testsOf(file, [], []),
    unhandled: [...unhandled],
  };
}

port.on("message", (request: QuickRequest) => {
  run(request).then(
    (message) => port.postMessage(message),
    (error: unknown) => port.postMessage({ type: "failed", reason: error instanceof Error ? error.message : String(error) } satisfies QuickMessage),
  );
});
