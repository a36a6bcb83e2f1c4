/**
 * Type errors in the learner's files, found by the TypeScript compiler at the same time as the
 * tests run. `npm run exercise N` prints them before the test results, with file:line, because a
 * file with type errors fails `npm test` even when its tests pass.
 *
 * The check runs the native compiler of TypeScript 7 (`typescript7`, a Go binary) in a child
 * process: it needs a small part of the CPU time of TypeScript 5's compiler API, which matters
 * most when the machine is busy and the tests want the same cores (`bench/learner-loop.ts`). Where that binary is missing
 * (an unsupported platform, an install without it), TypeScript 5 checks in a worker thread instead.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { trackChild } from "./children.js";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
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

/** A type checker: the compiler started per check, or kept alive between checks. */
export interface TypeChecker {
  /**
   * Type-checks `files` (absolute paths) and resolves with their problems. `changed` names the files
   * saved since the last check, for a checker that keeps files loaded (`./typecheck-session.js`).
   */
  check(files: readonly string[], changed?: readonly string[]): Promise<TypeProblem[]>;
  /** Ends whatever the checker keeps running (a worker thread, a compiler). */
  close(): Promise<void>;
}

/** Where the last verdicts are kept, keyed by what they depend on (git-ignored, like the rest of `.exercise-backups/`). */
const CACHE_FILE = join(BACKUP_DIR, "typecheck-cache.json");

/** The relative module specifiers a TypeScript text imports or re-exports (`"./helper.js"`), type-only ones included. */
export function relativeSpecifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*(?:\(\s*)?)["'](\.{1,2}\/[^"'\n]*)["']/g)) found.push(match[1] ?? "");
  for (const match of text.matchAll(/\/\/\/\s*<reference\s+path\s*=\s*["']([^"'\n]+)["']/g)) found.push(match[1] ?? "");
  return found;
}

/** The files a relative specifier may name, in the order the compiler tries them. */
function candidates(from: string, specifier: string): string[] {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, "");
  // `./x.js` names `x.ts` in the workbook: tried first, so most imports cost one look-up.
  return [`${stem}.ts`, base, `${stem}.tsx`, `${stem}.d.ts`, `${stem}.mts`, `${stem}.cts`, join(base, "index.ts")];
}

/**
 * Every file of the workbook a check of `files` reads: the files, and what they import through
 * relative paths, transitively (the learner's helper files, `src/`), sorted. A specifier that
 * names no file is kept as such (`<from> -> <specifier>`): adding that file later changes the key.
 */
export function checkedFiles(files: readonly string[]): string[] {
  const seen = new Set<string>();
  const missing: string[] = [];
  const queue = files.map((f) => resolve(f));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const specifier of relativeSpecifiers(text)) {
      const next = candidates(file, specifier).find((candidate) => statOrNull(candidate)?.isFile() === true);
      if (next === undefined) missing.push(`${file} -> ${specifier}`);
      else if (!next.includes(`${sep}node_modules${sep}`)) queue.push(next);
    }
  }
  return [...[...seen].sort(), ...missing.sort()];
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** The installed version of a package, or "none". */
function versionOf(name: string): string {
  try {
    return String((JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version?: unknown }).version);
  } catch {
    return "none";
  }
}

/**
 * A key for the verdict on `files`: everything the check reads — the text of each file it reaches
 * through relative imports (the learner's helpers, `src/`), `tsconfig.json`, the installed
 * packages as the lock file pins them, and the compilers' versions — or null when one cannot be read.
 */
export function cacheKey(files: readonly string[]): string | null {
  try {
    const hash = createHash("sha256");
    hash.update(`${versionOf("typescript7")}\0${versionOf("typescript")}\0${process.env["WORKBOOK_TYPECHECK"] ?? ""}\0`);
    hash.update(readFileSync(join(ROOT, "tsconfig.json"))).update("\0");
    // The installed packages (their types), as the lock file pins them: its size and time, not its text, to stay quick.
    const lock = statSync(join(ROOT, "package-lock.json"));
    hash.update(`${lock.size}:${lock.mtimeMs}\0`);
    for (const file of files) hash.update("root\0").update(resolve(file)).update("\0");
    for (const file of checkedFiles(files)) {
      hash.update(file).update("\0");
      if (statOrNull(file)?.isFile() === true) hash.update(readFileSync(file));
      hash.update("\0");
    }
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
    const entries = Object.entries(readCache())
      .filter(([k]) => k !== key)
      .slice(-49);
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
  let live: Promise<TypeChecker> | null = null;
  return {
    async check(files) {
      const key = cacheKey(files);
      const cached = key === null ? undefined : readCache()[key];
      if (cached !== undefined) return cached;
      live ??= nativeExe().then((exe) => (exe === null ? startWorker() : nativeChecker(exe)));
      const problems = await (await live).check(files);
      if (key !== null) writeCache(key, problems);
      return problems;
    },
    async close() {
      await (await live)?.close();
    },
  };
}

/** The native compiler of TypeScript 7 for this platform, or null when it is not installed. */
export async function nativeExe(): Promise<string | null> {
  if (process.env["WORKBOOK_TYPECHECK"] === "worker") return null;
  try {
    const module = (await import(pathToFileURL(join(ROOT, "node_modules", "typescript7", "lib", "getExePath.js")).href)) as { default: () => string };
    const exe = module.default();
    return existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

/**
 * The compiler's diagnostics as {@link TypeProblem}s: `file(line,col): error TS2322: message`, a
 * message going on over the indented lines that follow. Paths are taken from `cwd`.
 */
export function parseDiagnostics(output: string, cwd: string): TypeProblem[] {
  const problems: TypeProblem[] = [];
  for (const line of output.split(/\r?\n/)) {
    const match = /^(.+?)\((\d+),(\d+)\): error TS(\d+): (.*)$/.exec(line);
    if (match !== null) {
      const file = match[1] ?? "";
      problems.push({
        file: isAbsolute(file) ? file : resolve(cwd, file),
        line: Number(match[2]),
        column: Number(match[3]),
        code: Number(match[4]),
        message: match[5] ?? "",
      });
    } else if (/^\s+\S/.test(line) && problems.length > 0) {
      const last = problems[problems.length - 1];
      if (last !== undefined) last.message += `\n${line.trim()}`;
    }
  }
  return problems;
}

/** A checker that runs the native compiler once per check, on a project of the learner's files (their imports follow). */
function nativeChecker(exe: string): TypeChecker {
  const dir = join(ROOT, "node_modules", ".cache", "workbook-cli");
  return {
    check(files) {
      mkdirSync(dir, { recursive: true });
      // One build-info file per set of files, so checking exercise 5 again reuses what it learnt.
      const id = createHash("sha256").update(files.join("\0")).digest("hex").slice(0, 16);
      const config = join(dir, `tsconfig.check-${id}-${process.pid}.json`);
      writeFileSync(
        config,
        JSON.stringify({
          extends: join(ROOT, "tsconfig.json"),
          compilerOptions: { noEmit: true, skipLibCheck: true, incremental: true, tsBuildInfoFile: join(dir, `check-${id}.tsbuildinfo`) },
          include: [],
          files: [...files],
        }),
      );
      return new Promise<TypeProblem[]>((resolvePromise, reject) => {
        // One thread: the tests run beside it, and on two cores a second compiler thread would take theirs
        // (it saves no time here, and costs about a tenth more CPU).
        const child = trackChild(spawn(exe, ["-p", config, "--pretty", "false", "--singleThreaded"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }));
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("error", reject);
        child.on("close", () => {
          rmSync(config, { force: true });
          // An error with no file (a broken configuration, a missing library) means no verdict at all.
          const global = /^error TS\d+: .*$/m.exec(output);
          if (global !== null) return reject(new Error(global[0]));
          const wanted = new Set(files.map((f) => resolve(f)));
          resolvePromise(parseDiagnostics(output, ROOT).filter((p) => wanted.has(p.file)));
        });
      });
    },
    async close() {
      // Nothing stays alive between checks.
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
