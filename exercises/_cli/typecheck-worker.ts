/**
 * The type check of the learner's files, run in a worker thread next to vitest (see
 * `typecheck.ts`). It compiles the learner's files with the project's compiler options and reports
 * the diagnostics of those files only. It stays alive for `--watch`: the parsed library and `src/`
 * files are kept, so a re-check after a save only re-reads the changed files.
 *
 * To answer fast it first checks without `@types/node` (half the files to parse), with a few
 * globals a learner may use declared instead. When a learner's file then has a "cannot find name or
 * module" error, which Node's types might explain, it checks again with the project's full options.
 *
 * @module
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parentPort } from "node:worker_threads";
import ts from "typescript";
import type { TypeProblem } from "./typecheck.js";

/** A request from the main thread: check these files (absolute paths). */
interface CheckRequest {
  id: number;
  root: string;
  files: string[];
}

let options: ts.CompilerOptions | null = null;
const previous = new Map<"lean" | "full", ts.Program>();
const cache = new Map<string, { mtimeMs: number; source: ts.SourceFile }>();

/** The few Node globals a learner's file may reasonably use, declared for the lean check. */
const LEAN_GLOBALS_NAME = "/__workbook_lean_globals.d.ts";
const LEAN_GLOBALS = `
interface Console { log(...data: unknown[]): void; error(...data: unknown[]): void; warn(...data: unknown[]): void; info(...data: unknown[]): void; debug(...data: unknown[]): void; dir(item?: unknown, options?: unknown): void; table(data: unknown): void; }
declare var console: Console;
interface AbortSignal { readonly aborted: boolean; readonly reason: unknown; throwIfAborted(): void; addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void; removeEventListener(type: "abort", listener: () => void): void; }
declare var AbortSignal: { timeout(ms: number): AbortSignal; abort(reason?: unknown): AbortSignal; any(signals: AbortSignal[]): AbortSignal };
declare class AbortController { readonly signal: AbortSignal; abort(reason?: unknown): void; }
declare function setTimeout(callback: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function clearTimeout(id: any): void;
declare function setInterval(callback: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function clearInterval(id: any): void;
declare function queueMicrotask(callback: () => void): void;
declare function structuredClone<T>(value: T): T;
declare class TextEncoder { encode(input?: string): Uint8Array; }
declare class TextDecoder { constructor(label?: string); decode(input?: Uint8Array): string; }
`;

/** "Cannot find name/module/namespace" and friends: errors that missing Node types could cause. */
const MAYBE_NODE_TYPES = new Set([2304, 2307, 2503, 2552, 2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 2686, 2792]);

function compilerOptions(root: string): ts.CompilerOptions {
  if (options !== null) return options;
  const configPath = join(root, "tsconfig.json");
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, root, undefined, configPath);
  options = { ...parsed.options, noEmit: true, incremental: false, skipLibCheck: true };
  return options;
}

function check(root: string, files: readonly string[]): TypeProblem[] {
  const lean = checkWith("lean", root, files);
  if (!lean.some((p) => MAYBE_NODE_TYPES.has(p.code))) return lean;
  return checkWith("full", root, files);
}

function checkWith(mode: "lean" | "full", root: string, files: readonly string[]): TypeProblem[] {
  const opts: ts.CompilerOptions = mode === "full" ? compilerOptions(root) : { ...compilerOptions(root), types: [] };
  const host = ts.createCompilerHost(opts, true);
  const readSource = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === LEAN_GLOBALS_NAME || fileExists(fileName);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (fileName === LEAN_GLOBALS_NAME) return ts.createSourceFile(fileName, LEAN_GLOBALS, languageVersion, true);
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(fileName).mtimeMs;
    } catch {
      return readSource(fileName, languageVersion, onError, shouldCreate);
    }
    const hit = cache.get(fileName);
    if (hit !== undefined && hit.mtimeMs === mtimeMs) return hit.source;
    const text = readFileSync(fileName, "utf8");
    const source = ts.createSourceFile(fileName, text, languageVersion, true);
    cache.set(fileName, { mtimeMs, source });
    return source;
  };
  const rootNames = mode === "lean" ? [...files, LEAN_GLOBALS_NAME] : [...files];
  const old = previous.get(mode);
  const program = ts.createProgram({ rootNames, options: opts, host, ...(old === undefined ? {} : { oldProgram: old }) });
  previous.set(mode, program);
  const problems: TypeProblem[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) continue;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    for (const d of diagnostics) {
      const at = d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: 0, character: 0 };
      problems.push({
        file: d.file?.fileName ?? file,
        line: at.line + 1,
        column: at.character + 1,
        code: d.code,
        message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
      });
    }
  }
  return problems;
}

parentPort?.on("message", (request: CheckRequest) => {
  try {
    parentPort?.postMessage({ id: request.id, problems: check(request.root, request.files) });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
