/**
 * The linear-time pattern engine on Node: Google's RE2 compiled to WebAssembly (`re2-wasm`).
 *
 * `re2-wasm` has a fixed 16 MiB heap and never frees a compiled pattern by itself, and one pattern
 * with a Unicode class can take 50 KiB of it. So the programs live in a small cache, least recently
 * used first out (and freed), and a pattern that was pushed out is compiled again when next used.
 * If the heap still runs out, the module is loaded again with a fresh heap and the check is
 * repeated once; a check that fails twice counts as not matching.
 *
 * The package is imported statically, so this module names no Node built-in: the pure core (the
 * registry, casting, validation) reaches it without importing any `node:` module. Loading the
 * package again needs Node's synchronous `require`, which is looked up only then, through
 * `process.getBuiltinModule` (Node 20.16 and later; on an older Node a heap that runs out stays
 * spent, and its checks count as not matching).
 *
 * `re2-wasm` reads its `.wasm` file synchronously with `fs`, which a browser page cannot do; a
 * browser build puts `nativePatternEngine` from `./pattern.js` in place of this module.
 *
 * @module
 */
import { RE2 } from "re2-wasm";
import type { CompiledPattern, PatternEngine } from "./pattern.js";

/** The part of `re2-wasm`'s `RE2` class used here. */
interface Re2Instance {
  test(input: string): boolean;
  /** The WebAssembly object behind it; `delete()` frees its heap memory. */
  wrapper?: { delete(): void };
}

type Re2Constructor = new (pattern: string, flags: string) => Re2Instance;

/** How many compiled programs stay in the WebAssembly heap at once. */
export const RE2_LIVE_PROGRAMS = 64;

/** One loaded copy of the WebAssembly module, with its own heap. */
interface Loaded {
  RE2: Re2Constructor;
  generation: number;
}

/** The package's modules; the second one holds the heap. */
const RE2_MODULE_IDS = ["re2-wasm", "re2-wasm/build/wasm/re2.js"];

let loaded: Loaded = { RE2: RE2 as unknown as Re2Constructor, generation: 1 };

/**
 * Loads `re2-wasm` again, with a fresh heap: dropping its modules from `require`'s cache makes the
 * next `require` build a new one, and the old heap is garbage once nothing points to it. `null`
 * when this runtime offers no synchronous `require`.
 */
function requireFreshRe2(): Re2Constructor | null {
  if (typeof process !== "object" || typeof process.getBuiltinModule !== "function") return null;
  const require = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  for (const id of RE2_MODULE_IDS) delete require.cache[require.resolve(id)];
  return (require("re2-wasm") as { RE2: Re2Constructor }).RE2;
}

/** Replaces the loaded module with a fresh copy (when one can be loaded) and forgets every program. */
function reload(): void {
  cache.clear();
  const fresh = requireFreshRe2();
  if (fresh !== null) loaded = { RE2: fresh, generation: loaded.generation + 1 };
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
  const current = loaded;
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
  reload();
  try {
    return work(programFor(source));
  } catch (error) {
    if (!isAbort(error)) throw error;
    reload();
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
