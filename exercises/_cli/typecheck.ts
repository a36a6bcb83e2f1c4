/**
 * Type errors in the learner's files, found by the TypeScript compiler in a worker thread so the
 * check runs at the same time as the tests. `npm run exercise N` prints them before the test
 * results, with file:line, because a file with type errors fails `npm test` even when its tests pass.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { BACKUP_DIR, ROOT } from "./catalog.js";

/** One compiler diagnostic in a learner's file. */
export interface TypeProblem {
  /** Absolute path of the file. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** The TypeScript error code (2322 for TS2322). */
  code: number;
  /** The compiler's message. */
  message: string;
}

/** A type checker kept alive between checks (one worker thread). */
export interface TypeChecker {
  /** Type-checks `files` (absolute paths) and resolves with their problems. */
  check(files: readonly string[]): Promise<TypeProblem[]>;
  /** Ends the worker. */
  close(): Promise<void>;
}

/** Where the last verdicts are kept, keyed by what they depend on (git-ignored, like the rest of `.exercise-backups/`). */
const CACHE_FILE = join(BACKUP_DIR, "typecheck-cache.json");

/** The newest modification time of a `.ts` file anywhere under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isDirectory() && entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** A key for the verdict on `files`: their text, and the newest change to `src/` and the compiler options. */
function cacheKey(files: readonly string[]): string | null {
  try {
    const hash = createHash("sha256");
    for (const file of files) hash.update(file).update("\0").update(readFileSync(file)).update("\0");
    hash.update(String(newestMtime(join(ROOT, "src")))).update(String(statSync(join(ROOT, "tsconfig.json")).mtimeMs));
    return hash.digest("hex");
  } catch {
    return null;
  }
}

function readCache(): Record<string, TypeProblem[]> {
  try {
    return JSON.parse(readFileSync(CACHE_FILE, "utf8")) as Record<string, TypeProblem[]>;
  } catch {
    return {};
  }
}

function writeCache(key: string, problems: TypeProblem[]): void {
  try {
    const entries = Object.entries(readCache()).filter(([k]) => k !== key).slice(-49);
    mkdirSync(BACKUP_DIR, { recursive: true });
    const temp = `${CACHE_FILE}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(Object.fromEntries([...entries, [key, problems]])));
    renameSync(temp, CACHE_FILE);
  } catch {
    // A cache that cannot be written only costs time.
  }
}

/**
 * A type checker. The worker thread starts on the first check that is not answered from the cache
 * (files unchanged since their last check); later checks reuse the loaded compiler.
 */
export function startTypeChecker(): TypeChecker {
  let live: TypeChecker | null = null;
  return {
    async check(files) {
      const key = cacheKey(files);
      const cached = key === null ? undefined : readCache()[key];
      if (cached !== undefined) return cached;
      live ??= startWorker();
      const problems = await live.check(files);
      if (key !== null) writeCache(key, problems);
      return problems;
    },
    async close() {
      await live?.close();
    },
  };
}

function startWorker(): TypeChecker {
  // Compiled by launch.mjs, the worker sits next to this file as plain JavaScript. Run through tsx,
  // it is TypeScript too: register tsx in it before importing it (Node 20 workers do not inherit
  // the loader of the main thread).
  const compiled = import.meta.url.endsWith(".mjs");
  const workerUrl = new URL(compiled ? "./typecheck-worker.mjs" : "./typecheck-worker.ts", import.meta.url);
  const worker = compiled
    ? new Worker(workerUrl)
    : new Worker(`import("tsx/esm/api").then((api) => { api.register(); return import(${JSON.stringify(workerUrl.href)}); });`, { eval: true });
  worker.unref();
  let nextId = 0;
  const pending = new Map<number, { resolve: (problems: TypeProblem[]) => void; reject: (error: Error) => void }>();
  worker.on("message", (reply: { id: number; problems?: TypeProblem[]; error?: string }) => {
    const waiting = pending.get(reply.id);
    if (waiting === undefined) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.problems ?? []);
  });
  worker.on("error", (error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  return {
    check(files) {
      const id = nextId++;
      return new Promise<TypeProblem[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, root: ROOT, files: [...files] });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
