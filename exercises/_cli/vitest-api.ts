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
import type { FileOutcome, RunReport, TestFailure, TestOutcome } from "./vitest-run.js";
import { closeWarmThreads, prestartWarmThread, warmThreads } from "./warm-threads.js";

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
}

/** A live vitest: run some test files, and close it at the end. */
export interface LiveVitest {
  /** Runs `files` (relative to the root) and resolves with the report. */
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

/** Starts vitest in this process against `target`, with the inline config the learner CLI needs. */
export async function openVitest(target: Target, options: OpenOptions = {}): Promise<LiveVitest> {
  // The worker thread loads vitest's runtime on the other core while this one loads vitest.
  prestartWarmThread(ROOT);
  const { createVitest } = await import("vitest/node");
  const root = options.root ?? ROOT;
  let started = Date.now();
  let last: RunReport | null = null;
  const vitest = await createVitest(
    "test",
    {
      config: false,
      root,
      watch: false,
      include: ["test/**/*.test.ts"],
      pool: warmThreads,
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 20_000,
      reporters: [
        {
          onTestRunEnd(modules, unhandled) {
            last = reportFromModules(modules, unhandled, Date.now() - started, root);
          },
        },
      ],
      // Keep the terminal to ourselves: vitest's own printing is replaced by the reporter above.
      silent: "passed-only",
      // One cache for every root: the workbook's, whichever folder the tests run from.
      experimental: { fsModuleCache: true, fsModuleCachePath: join(ROOT, "node_modules", ".experimental-vitest-cache") },
    },
    {
      resolve: { alias: [learnerAlias(ROOT, target)] },
      logLevel: "silent",
      clearScreen: false,
    },
    { stdout: devNull(), stderr: devNull() },
  );
  return {
    async run(files) {
      started = Date.now();
      last = null;
      const specs = files.flatMap((file) => vitest.getModuleSpecifications(`${root}/${file}`));
      const fresh = specs.length > 0 ? specs : await vitest.getRelevantTestSpecifications(files.map((f) => `${root}/${f}`));
      await vitest.runTestSpecifications(fresh, false);
      return last ?? { files: [], tests: [], exitCode: 1, output: "vitest reported nothing", durationMs: Date.now() - started };
    },
    invalidate: (files) => invalidate(vitest, files),
    loadedFiles: () => loadedFiles(vitest),
    async close() {
      await vitest.close();
      await closeWarmThreads();
    },
  };
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
