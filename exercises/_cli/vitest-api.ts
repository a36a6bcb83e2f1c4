/**
 * The learner CLI's vitest, run in this process through vitest's Node API with a small inline
 * config (no config file to bundle, no child process, modules cached on disk between runs), so a
 * check starts fast (`npm run bench` times it: the learner loop). The tests run in a worker thread
 * that can be started before vitest is loaded and that stays loaded between runs
 * (`./warm-threads.js`); `--watch` keeps one instance alive and re-runs after invalidating what a
 * save changed (`./watch.js`).
 *
 * @module
 */
import { join, relative, sep } from "node:path";
import { Writable } from "node:stream";
import type { TestModule, Vitest } from "vitest/node";
import { ROOT } from "./catalog.js";
import { learnerAlias, type Target } from "./target.js";
import { workbookSources } from "./workbook-sources.js";
import type { FileOutcome, RunReport, TestFailure, TestOutcome } from "./vitest-run.js";
import { deadlineSeconds } from "./deadline.js";
import { closeWarmThreads, prestartWarmThread, terminateBusyThreads, warmThreads } from "./warm-threads.js";

/** What the tests saw of one error: the message (with the test's own hint), vitest's diff and where it failed. */
function toFailure(error: { message?: unknown; diff?: unknown; stack?: unknown; name?: unknown }): TestFailure {
  const failure: TestFailure = { message: typeof error.message === "string" ? error.message : String(error.message) };
  if (typeof error.diff === "string" && error.diff !== "") failure.diff = error.diff;
  if (typeof error.stack === "string") failure.stack = error.stack;
  if (typeof error.name === "string") failure.name = error.name;
  return failure;
}

/** A {@link RunReport} from vitest's test modules; files are named relative to `root`. */
export function reportFromModules(
  modules: ReadonlyArray<TestModule>,
  unhandled: ReadonlyArray<{ message?: unknown; stack?: unknown }>,
  durationMs: number,
  root: string = ROOT,
): RunReport {
  const files: FileOutcome[] = modules.map((module) => {
    const file = relative(root, module.moduleId).split("\\").join("/");
    const tests: TestOutcome[] = [...module.children.allTests()].map((test) => {
      const result = test.result();
      const failures = (result.errors ?? []).map(toFailure);
      return {
        file,
        fullName: test.fullName,
        title: test.name,
        status: result.state,
        failureMessages: failures.map((f) => f.message),
        failures,
      };
    });
    const moduleErrors = module.errors().map(toFailure);
    return {
      file,
      status: module.state() === "passed" && moduleErrors.length === 0 ? "passed" : "failed",
      message: moduleErrors.map((e) => e.message).join("\n"),
      tests,
    };
  });
  const output = unhandled.map((e) => `${typeof e.message === "string" ? e.message : ""}\n${typeof e.stack === "string" ? e.stack : ""}`).join("\n");
  return { files, tests: files.flatMap((f) => f.tests), exitCode: null, output, durationMs };
}

/** Options for {@link openVitest}. */
export interface OpenOptions {
  /** The folder whose `test/` holds the tests to run (by default the workbook; the grader's copy of the tests lives elsewhere). */
  root?: string;
  /**
   * Keep the modules vitest transformed on disk between runs (default: true). Grading turns it off:
   * a file on disk that graded code could rewrite is never what grading runs.
   */
  moduleCache?: boolean;
  /** Seconds a test file may run before its worker is stopped (default: `deadline.ts`). */
  deadlineSeconds?: number;
  /** The setup file run before each test file (default: {@link RUN_SETUP_FILE}; grading runs its own copy). */
  setupFile?: string;
}

/** A live vitest: run some test files, and close it at the end. */
export interface LiveVitest {
  /**
   * Runs `files` (relative to the root) and resolves with the report. A test file that does not
   * finish within the deadline is stopped with its worker thread, and named in the report's
   * `stuck`; the next run starts a fresh vitest.
   */
  run(files: readonly string[]): Promise<RunReport>;
  /**
   * Marks changed files (absolute paths) so the next run loads them, and every module that imports
   * them, afresh; true when a test file of the last runs depends on one of them.
   */
  invalidate(files: readonly string[]): boolean;
  /** The workbook's files the tests have imported so far (absolute paths; installed packages left out): what a save can change. */
  loadedFiles(): string[];
  /** Stops vitest and ends its worker thread. */
  close(): Promise<void>;
}

/** The file run before each test file: fresh workbook modules, and assertions the code under test cannot change. */
export const RUN_SETUP_FILE = join(ROOT, "exercises", "_cli", "run-setup.ts");

/** Starts vitest in this process against `target`, with the inline config the learner CLI needs. */
export async function openVitest(target: Target, options: OpenOptions = {}): Promise<LiveVitest> {
  const root = options.root ?? ROOT;
  const seconds = options.deadlineSeconds ?? deadlineSeconds();
  let live = await startVitest(target, root, options.moduleCache ?? true, options.setupFile ?? RUN_SETUP_FILE);
  /** Set after a run was stopped: that vitest is closed and the next run opens another. */
  let broken = false;
  return {
    async run(files) {
      const reports: RunReport[] = [];
      let left = [...files];
      for (;;) {
        if (broken) {
          live = await startVitest(target, root, options.moduleCache ?? true, options.setupFile ?? RUN_SETUP_FILE);
          broken = false;
        }
        const report = await live.run(left, seconds);
        reports.push(report);
        if (report.stuck === undefined) break;
        // The stopped worker's vitest is not used again; the files that did not run yet go on in a fresh one.
        broken = true;
        await live.vitest.close().catch(() => undefined);
        const seen = new Set([...report.files.map((f) => f.file), ...report.stuck.map((s) => s.file)]);
        const rest = left.filter((file) => !seen.has(file));
        if (rest.length === 0 || rest.length === left.length) break;
        left = rest;
      }
      return mergeReports(reports);
    },
    invalidate: (files) => (broken ? true : invalidate(live.vitest, files)),
    loadedFiles: () => (broken ? [] : loadedFiles(live.vitest)),
    async close() {
      if (!broken) await live.vitest.close();
      await closeWarmThreads();
    },
  };
}

/** One vitest instance and how to run files in it under a deadline. */
interface Instance {
  vitest: Vitest;
  run(files: readonly string[], seconds: number): Promise<RunReport>;
}

async function startVitest(target: Target, root: string, moduleCache: boolean, setupFile: string): Promise<Instance> {
  // The worker thread loads vitest's runtime on the other core while this one loads vitest.
  prestartWarmThread(ROOT);
  const { createVitest } = await import("vitest/node");
  let started = Date.now();
  let last: RunReport | null = null;
  /**
   * What the deadline watches: the test files queued and not finished (the last one queued is the
   * one the worker is on), and when the run last moved (a file queued, collected or finished, a test done).
   */
  const open: string[] = [];
  let movedAt = Date.now();
  const moved = (): void => {
    movedAt = Date.now();
  };
  const vitest = await createVitest(
    "test",
    {
      config: false,
      root,
      watch: false,
      include: ["test/**/*.test.ts"],
      setupFiles: [setupFile],
      pool: warmThreads,
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 20_000,
      reporters: [
        {
          onTestModuleQueued(module) {
            open.push(module.moduleId);
            moved();
          },
          onTestModuleStart(module) {
            // The file the worker runs now goes last: it is the one named if the run stops moving.
            const at = open.indexOf(module.moduleId);
            if (at !== -1) open.splice(at, 1);
            open.push(module.moduleId);
            moved();
          },
          onTestModuleCollected: moved,
          onTestCaseResult: moved,
          onTestModuleEnd(module) {
            const at = open.indexOf(module.moduleId);
            if (at !== -1) open.splice(at, 1);
            moved();
          },
          onTestRunEnd(modules, unhandled) {
            last = reportFromModules(modules, unhandled, Date.now() - started, root);
          },
        },
      ],
      // Keep the terminal to ourselves: vitest's own printing is replaced by the reporter above.
      silent: "passed-only",
      // One cache for every root: the workbook's, whichever folder the tests run from.
      ...(moduleCache ? { experimental: { fsModuleCache: true, fsModuleCachePath: join(ROOT, "node_modules", ".experimental-vitest-cache") } } : {}),
    },
    {
      resolve: { alias: [learnerAlias(ROOT, target)] },
      plugins: [workbookSources(ROOT, target)],
      logLevel: "silent",
      clearScreen: false,
    },
    { stdout: devNull(), stderr: devNull() },
  );
  return {
    vitest,
    async run(files, seconds) {
      started = Date.now();
      last = null;
      open.length = 0;
      movedAt = started;
      const specs = files.flatMap((file) => vitest.getModuleSpecifications(`${root}/${file}`));
      const fresh = specs.length > 0 ? specs : await vitest.getRelevantTestSpecifications(files.map((f) => `${root}/${f}`));
      const running = vitest.runTestSpecifications(fresh, false).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
      const stuck = await withDeadline(running, () => ({ file: open.at(-1) ?? null, since: movedAt }), seconds * 1000);
      if (stuck === null) {
        const error = await running;
        if (error !== null) throw error;
        return last ?? { files: [], tests: [], exitCode: 1, output: "vitest reported nothing", durationMs: Date.now() - started };
      }
      // The worker spins or waits for ever: end it, and let vitest notice (it may not, when it never heard of the file).
      await terminateBusyThreads();
      await Promise.race([running, sleep(2_000)]);
      const file = stuck.file === null ? (files[0] ?? "the tests") : relative(root, stuck.file).split("\\").join("/");
      const partial = reportFromModules(vitest.state.getTestModules(), [], Date.now() - started, root);
      // What the stopped file reported before it was stopped is not a verdict: it did not finish.
      const done = partial.files.filter((f) => f.file !== file && f.status !== "queued" && f.tests.length > 0 && f.tests.every((t) => t.status !== "pending"));
      return { files: done, tests: done.flatMap((f) => f.tests), exitCode: 1, output: "", durationMs: Date.now() - started, stuck: [{ file, seconds }] };
    },
  };
}

/** One report of several runs, one after the other. */
function mergeReports(reports: readonly RunReport[]): RunReport {
  if (reports.length === 1 && reports[0] !== undefined) return reports[0];
  const files = reports.flatMap((r) => r.files);
  const stuck = reports.flatMap((r) => r.stuck ?? []);
  const merged: RunReport = {
    files,
    tests: files.flatMap((f) => f.tests),
    exitCode: reports.at(-1)?.exitCode ?? null,
    output: reports
      .map((r) => r.output)
      .filter((o) => o !== "")
      .join("\n"),
    durationMs: reports.reduce((sum, r) => sum + r.durationMs, 0),
  };
  if (stuck.length > 0) merged.stuck = stuck;
  return merged;
}

/**
 * Resolves with null when `work` settles, or with where the run is when it has not moved for `ms`
 * (the clock restarts whenever a file or a test moves on, so a long run of quick files is never cut).
 */
async function withDeadline<T extends { since: number }>(work: Promise<unknown>, now: () => T, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolvePromise) => {
    const tick = (): void => {
      const at = now();
      const left = at.since + ms - Date.now();
      if (left <= 0) resolvePromise(at);
      else timer = setTimeout(tick, left);
    };
    timer = setTimeout(tick, ms);
  });
  try {
    return await Promise.race([work.then(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms).unref());
}

/** The module nodes of `file` in every environment of every project (vite's module graphs). */
function modulesOf(vitest: Vitest, file: string): Array<{ file: string | null; importers: Set<{ file: string | null }> }> {
  return vitest.projects.flatMap((project) => Object.values(project.vite.environments).flatMap((environment) => [...(environment.moduleGraph.getModulesByFile(file) ?? [])]));
}

/**
 * What vitest's own watcher does on a change, without its debounce: the file is transformed again,
 * and it and everything that imports it, up to the test files, are loaded afresh in the worker.
 */
function invalidate(vitest: Vitest, files: readonly string[]): boolean {
  const tests = new Set(vitest.state.getFilepaths());
  const seen = new Set<string>();
  let reachesTest = false;
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    vitest.invalidateFile(file);
    vitest.watcher.invalidates.add(file);
    if (tests.has(file)) reachesTest = true;
    for (const node of modulesOf(vitest, file)) for (const importer of node.importers) if (importer.file !== null) visit(importer.file);
  };
  for (const file of files) visit(file.split(sep).join("/"));
  return reachesTest;
}

function loadedFiles(vitest: Vitest): string[] {
  const files = new Set<string>(vitest.state.getFilepaths());
  for (const project of vitest.projects) {
    for (const environment of Object.values(project.vite.environments)) {
      for (const file of environment.moduleGraph.fileToModulesMap.keys()) if (!file.includes("/node_modules/")) files.add(file);
    }
  }
  return [...files];
}

/** A writable stream that drops everything (vitest's own logger output). */
function devNull(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}
