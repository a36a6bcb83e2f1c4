/**
 * `npm run exercise N -- --watch`: the verdict again on every save, from one vitest and one type
 * checker that stay loaded.
 *
 * The folders of the files the tests import are watched (the learner's, `src/`, the test and its
 * helpers). A save is taken once its writes settle ({@link SETTLE_MS}: an editor may write a file
 * in more than one step); then what it changed is loaded afresh, the type checker is told which
 * files changed, and the exercise's test file runs again in the worker thread that ran it last
 * (`./warm-threads.js`), where each run starts from fresh copies of the workbook's modules
 * (`./run-setup.js`), so its verdict is the one a fresh `npm run exercise N` gives. A save during a
 * run is taken after it; a run that does not finish within the deadline (`./deadline.js`) is
 * stopped and said so, and the next save is taken as usual.
 *
 * @module
 */
import { watch, type FSWatcher } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ROOT, type Exercise } from "./catalog.js";
import { learnerFiles, printVerdict, typeProblems } from "./check.js";
import { dim } from "./colour.js";
import { startSessionChecker } from "./typecheck-session.js";
import { openVitest } from "./vitest-api.js";

/** How long a save is left to settle before the tests run again, in milliseconds. */
export const SETTLE_MS = 15;

/** Watches folders for changes to the files it follows. */
export interface FolderWatch {
  /** Follows these files too (absolute paths), watching their folders. */
  follow(files: readonly string[]): void;
  /** Stops watching. */
  close(): void;
}

/**
 * Calls `onChange` with the followed files that changed, once no write came for `settleMs`. Each
 * folder is watched, not each file, so a save that replaces the file (written elsewhere, then
 * renamed over it, as many editors do) is seen too; other files in those folders (an editor's
 * swap and backup files) are ignored.
 */
export function watchFolders(files: readonly string[], onChange: (changed: string[]) => void, settleMs = SETTLE_MS): FolderWatch {
  const followed = new Set<string>();
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    timer = undefined;
    const changed = [...pending];
    pending.clear();
    if (changed.length > 0) onChange(changed);
  };
  const follow = (more: readonly string[]): void => {
    for (const file of more.map((f) => resolve(f))) {
      followed.add(file);
      const dir = dirname(file);
      if (watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, (_event, name) => {
          const path = name === null ? null : join(dir, name.toString());
          if (path === null || !followed.has(path)) return;
          pending.add(path);
          clearTimeout(timer);
          timer = setTimeout(flush, settleMs);
        });
        watcher.on("error", () => watchers.delete(dir));
        watchers.set(dir, watcher);
      } catch {
        // A folder that cannot be watched (gone, or out of watches) only misses its saves.
      }
    }
  };
  follow(files);
  return {
    follow,
    close() {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/** Runs the exercise's tests and type check on every save until Ctrl+C; never resolves. */
export async function watchExercise(exercise: Exercise): Promise<never> {
  const mine = learnerFiles(exercise);
  const checker = startSessionChecker(mine);
  const vitest = await openVitest({ kind: "exercises" });
  let folders: FolderWatch | null = null;
  const stop = (): void => {
    folders?.close();
    void Promise.all([vitest.close(), checker.close()]).finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const footer = (): void => {
    console.log("");
    console.log(dim(`Watching ${exercise.files.map((f) => `exercises/${exercise.id}/${f}`).join(", ")} — save to re-run, Ctrl+C to stop.`));
  };
  const cycle = async (changed: readonly string[]): Promise<void> => {
    const problems = typeProblems(checker, exercise, changed);
    const report = await vitest.run([exercise.testFile]);
    const found = await problems;
    console.clear();
    printVerdict(exercise, report, found);
    footer();
    folders?.follow(vitest.loadedFiles());
  };
  let running = false;
  let waiting: Set<string> | null = null;
  const start = (changed: readonly string[]): void => {
    running = true;
    cycle(changed)
      .catch((error: unknown) => console.log(`The tests could not run: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
        const next = waiting;
        waiting = null;
        if (next !== null) onChange([...next]);
      });
  };
  const onChange = (changed: string[]): void => {
    if (running) {
      for (const file of changed) (waiting ??= new Set()).add(file);
      return;
    }
    const reachesTest = vitest.invalidate(changed);
    if (reachesTest || changed.some((file) => mine.includes(file))) start(changed);
  };
  folders = watchFolders([...mine, join(ROOT, exercise.testFile)], onChange);
  start([]);
  return new Promise<never>(() => undefined);
}
