/**
 * The learner CLI's vitest, run in this process through vitest's Node API with a small inline
 * config (no config file to bundle, no child process, modules cached on disk between runs), so a
 * check starts fast (`npm run bench` times it: the learner loop). `--watch` keeps one instance alive
 * and re-runs on save.
 *
 * @module
 */
import { join, relative } from "node:path";
import { Writable } from "node:stream";
import type { TestModule } from "vitest/node";
import { ROOT } from "./catalog.js";
import { learnerAlias, type Target } from "./target.js";
import type { FileOutcome, RunReport, TestFailure, TestOutcome } from "./vitest-run.js";

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
  const output = unhandled.map((e) => `${String(e.message ?? "")}\n${typeof e.stack === "string" ? e.stack : ""}`).join("\n");
  return { files, tests: files.flatMap((f) => f.tests), exitCode: null, output, durationMs };
}

/** Options for {@link openVitest}. */
export interface OpenOptions {
  /** Keep watching the files the tests import, and call `onRun` after every re-run. */
  watch?: boolean;
  /** Called with every finished run (the first one too). */
  onRun?: (report: RunReport) => void;
  /** Called when a watched file changed, before its tests re-run. */
  onRerun?: () => void;
  /** The folder whose `test/` holds the tests to run (by default the workbook; the grader's copy of the tests lives elsewhere). */
  root?: string;
}

/** A live vitest: run some test files, and close it at the end. */
export interface LiveVitest {
  /** Runs `files` (relative to the root) and resolves with the report. */
  run(files: readonly string[]): Promise<RunReport>;
  /** Stops vitest (and its watcher). */
  close(): Promise<void>;
}

/** Starts vitest in this process against `target`, with the inline config the learner CLI needs. */
export async function openVitest(target: Target, options: OpenOptions = {}): Promise<LiveVitest> {
  const { createVitest } = await import("vitest/node");
  const root = options.root ?? ROOT;
  let started = Date.now();
  let last: RunReport | null = null;
  const vitest = await createVitest(
    "test",
    {
      config: false,
      root,
      watch: options.watch === true,
      include: ["test/**/*.test.ts"],
      pool: "threads",
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 20_000,
      reporters: [
        {
          onWatcherRerun() {
            started = Date.now();
            options.onRerun?.();
          },
          onTestRunEnd(modules, unhandled) {
            last = reportFromModules(modules, unhandled, Date.now() - started, root);
            options.onRun?.(last);
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
      const specs = (await Promise.all(files.map((file) => vitest.getModuleSpecifications(`${root}/${file}`)))).flat();
      const fresh = specs.length > 0 ? specs : await vitest.getRelevantTestSpecifications(files.map((f) => `${root}/${f}`));
      await vitest.runTestSpecifications(fresh, false);
      return last ?? { files: [], tests: [], exitCode: 1, output: "vitest reported nothing", durationMs: Date.now() - started };
    },
    close: () => vitest.close(),
  };
}

/** A writable stream that drops everything (vitest's own logger output). */
function devNull(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}
