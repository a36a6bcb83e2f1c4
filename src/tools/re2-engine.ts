/**
 * The linear-time pattern engine on Node: Google's RE2 compiled to WebAssembly (`re2-wasm`).
 *
 * `re2-wasm` has a fixed 16 MiB heap and never frees a compiled pattern by itself, and one pattern
 * with a Unicode class can take 50 KiB of it. So the programs live in a small cache, least recently
 * used first out (and freed), and a pattern that was pushed out is compiled again when next used.
 * If the heap still runs out, the module is loaded again with a fresh heap and the check is
 * repeated once; a check that fails twice counts as not matching.
 *
 * This module is Node-only (`re2-wasm` reads its `.wasm` file synchronously with `fs`, which a
 * browser page cannot do); a browser build uses `nativePatternEngine` from `./pattern.js` instead.
 *
 * @module
 */
import { createRequire } from "node:module";
import type { CompiledPattern, PatternEngine } from "./pattern.js";

/** The part of `re2-wasm`'s `RE2` class used here. */
interface Re2Instance {
  test(input: string): boolean;
  /** The WebAssembly object behind it; `delete()` frees its heap memory. */
  wrapper?: { delete(): void };
}

type Re2Constructor = new (pattern: string, flags: string) => Re2Instance;

const require = createRequire(import.meta.url);

/** How many compiled programs stay in the WebAssembly heap at once. */
export const RE2_LIVE_PROGRAMS = 64;

/** One loaded copy of the WebAssembly module, with its own heap. */
interface Loaded {
  RE2: Re2Constructor;
  generation: number;
}

let loaded: Loaded | null = null;
let generation = 0;

/** Loads `re2-wasm` (again, with a fresh heap, when `fresh` is set). */
function load(fresh: boolean): Loaded {
  if (loaded !== null && !fresh) return loaded;
  if (fresh) {
    // Dropping the cached modules makes the next require build a new heap; the old one is
    // garbage once nothing points to it.
    for (const id of ["re2-wasm", "re2-wasm/build/wasm/re2.js"]) delete require.cache[require.resolve(id)];
    cache.clear();
  }
  const module = require("re2-wasm") as { RE2: Re2Constructor };
  loaded = { RE2: module.RE2, generation: ++generation };
  return loaded;
}

/** Compiled programs by source, least recently used first. */
const cache = new Map<string, { program: Re2Instance; generation: number }>();

function free(program: Re2Instance): void {
  try {
    program.wrapper?.delete();
  } catch {
    // Already freed, or its heap was replaced: nothing to give back.
  }
}

/** The live program for `source`, compiled now when it is not in the cache. */
function programFor(source: string): Re2Instance {
  const current = load(false);
  const hit = cache.get(source);
  if (hit !== undefined && hit.generation === current.generation) {
    cache.delete(source);
    cache.set(source, hit);
    return hit.program;
  }
  while (cache.size >= RE2_LIVE_PROGRAMS) {
    const oldest = cache.keys().next().value as string;
    free((cache.get(oldest) as { program: Re2Instance }).program);
    cache.delete(oldest);
  }
  const program = new current.RE2(source, "u");
  cache.set(source, { program, generation: current.generation });
  return program;
}

/** True for the error `re2-wasm` throws when its heap is exhausted (the module aborts). */
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "RuntimeError" || /abort\(|Cannot enlarge memory/.test(error.message));
}

/** Runs `work` on a live program; after a heap abort, once more on a fresh heap. */
function withProgram<T>(source: string, work: (program: Re2Instance) => T, onSecondAbort: () => T): T {
  try {
    return work(programFor(source));
  } catch (error) {
    if (!isAbort(error)) throw error;
  }
  load(true);
  try {
    return work(programFor(source));
  } catch (error) {
    if (!isAbort(error)) throw error;
    load(true);
    return onSecondAbort();
  }
}

/**
 * RE2 through `re2-wasm`: linear-time matching, no back-references and no lookaround. Compiling
 * throws a `SyntaxError` that says what RE2 cannot parse.
 */
export const re2PatternEngine: PatternEngine = {
  name: "re2",
  linearTime: true,
  compile(source: string): CompiledPattern {
    withProgram(
      source,
      () => undefined,
      () => {
        throw new Error("the pattern needs more memory than the engine has");
      },
    );
    return {
      test: (input: string): boolean =>
        withProgram(
          source,
          (program) => program.test(input),
          () => false,
        ),
    };
  },
};
