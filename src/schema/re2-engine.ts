/**
 * The linear-time pattern engine: Google's RE2 compiled to WebAssembly (`re2-wasm`), on Node and in
 * the playground's page alike.
 *
 * RE2 matches UTF-8, and `re2-wasm` copies a string to UTF-8 as if every surrogate were the first
 * half of a pair: a lone surrogate (`"\ud800"`, legal in JSON) would swallow the character after
 * it. A string that holds one is therefore never matched: its check throws a `PatternCheckError`
 * (`"lone-surrogate"`) and the call is refused, saying why, so no such string is ever given an
 * answer JavaScript's engine would not give.
 *
 * Each compiled pattern owns its program: a schema's patterns are compiled once, when the schema
 * is, and every check runs the program it already has, whatever the number of patterns. (A shared
 * cache of programs would be pushed out by a schema with more patterns than it holds, and then
 * every check would compile again.) A program is freed when the compiled schema that holds it is
 * garbage.
 *
 * `re2-wasm` has a fixed 16 MiB heap, and one program with a Unicode class takes 200 KiB of it. When
 * the heap runs out the module aborts and the heap is spent; the module is then loaded again with a
 * fresh heap, the programs of the old one are dropped, and each is compiled again on the new heap
 * the next time it is used, once. A check or a compile that runs out of memory on a fresh heap as
 * well cannot finish: a check throws a `PatternCheckError` (the call is refused, see
 * `./pattern.js`), a compile throws an `Error` (the schema is refused).
 *
 * The package is imported statically, so this module names no Node built-in: the pure core (the
 * registry, casting, validation) reaches it without importing any `node:` module. Loading the
 * package again needs Node's synchronous `require`, which is looked up only then, through
 * `process.getBuiltinModule` (Node 20.16 and later). Where there is none (an older Node, a browser
 * page), a spent heap stays spent, and every check after it is refused, never passed. The notice
 * the package prints when its heap runs out is kept off the console (`./re2-console.js`).
 *
 * @module
 */
// First: lends `re2-wasm` a console.warn without its out-of-memory notice (see the module).
import { restoreConsoleWarn, withQuietWarn } from "./re2-console.js";
import { RE2 } from "re2-wasm";
import { PatternCheckError, type CompiledPattern, type PatternEngine } from "./pattern.js";
import { ecmaScriptForRe2, hasLoneSurrogate } from "./re2-syntax.js";
import { validationWork } from "./validation-work.js";

restoreConsoleWarn();

/** The part of `re2-wasm`'s `RE2` class used here. */
interface Re2Instance {
  test(input: string): boolean;
  /** The WebAssembly object behind it; `delete()` frees its heap memory. */
  wrapper?: { delete(): void };
}

type Re2Constructor = new (pattern: string, flags: string) => Re2Instance;

/** One loaded copy of the WebAssembly module: its heap, and the programs built on it. */
interface Heap {
  RE2: Re2Constructor;
  /** The compiled patterns whose program lives on this heap. */
  holders: Set<Holder>;
  /** True once the module aborted: nothing more can be built or run on it. */
  spent: boolean;
}

/** One compiled pattern's program, on the heap it was built on (`null` until built again). */
interface Holder {
  source: string;
  program: Re2Instance | null;
  heap: Heap | null;
}

/** The package's modules; the second one holds the heap. */
const RE2_MODULE_IDS = ["re2-wasm", "re2-wasm/build/wasm/re2.js"];

let heap: Heap = { RE2: RE2 as unknown as Re2Constructor, holders: new Set(), spent: false };

/**
 * Loads `re2-wasm` again, with a fresh heap: dropping its modules from `require`'s cache makes the
 * next `require` build a new one, and the old heap is garbage once nothing points to it. `null`
 * when this runtime offers no synchronous `require`.
 */
function requireFreshRe2(): Re2Constructor | null {
  if (typeof process !== "object" || typeof process.getBuiltinModule !== "function") return null;
  const require = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  for (const id of RE2_MODULE_IDS) delete require.cache[require.resolve(id)];
  return withQuietWarn(() => (require("re2-wasm") as { RE2: Re2Constructor }).RE2);
}

/** Gives up the spent heap: its programs are dropped (each is built again on next use) and a fresh module is loaded when one can be. */
function replaceHeap(): void {
  const old = heap;
  old.spent = true;
  for (const holder of old.holders) {
    holder.program = null;
    holder.heap = null;
  }
  old.holders.clear();
  const fresh = requireFreshRe2();
  heap = { RE2: fresh ?? old.RE2, holders: new Set(), spent: fresh === null };
  validationWork.engineReloads++;
}

/** Frees a program on a heap that still works; a spent heap is garbage as a whole. */
function free(holder: Holder): void {
  const { program, heap: on } = holder;
  holder.program = null;
  holder.heap = null;
  if (on === null || program === null) return;
  on.holders.delete(holder);
  if (on.spent) return;
  try {
    program.wrapper?.delete();
  } catch {
    // Already freed: nothing to give back.
  }
}

/** Frees the program of a compiled pattern once nothing can use it any more. */
const release = new FinalizationRegistry<Holder>(free);

/** The holder's program on the current heap, built now when it has none there. */
function programOf(holder: Holder): Re2Instance {
  if (holder.heap === heap && holder.program !== null) return holder.program;
  const program = new heap.RE2(holder.source, "u");
  validationWork.engineCompiles++;
  holder.program = program;
  holder.heap = heap;
  heap.holders.add(holder);
  return program;
}

/** True for the error `re2-wasm` throws when its heap is exhausted (the module aborts). */
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "RuntimeError" || /abort\(|Cannot enlarge memory/.test(error.message));
}

/** Runs `work` on the holder's program; after a heap abort, once more on a fresh heap; `outOfMemory` when that fails too. */
function withProgram<T>(holder: Holder, work: (program: Re2Instance) => T, outOfMemory: () => never): T {
  for (let attempt = 0; attempt < 2 && !heap.spent; attempt++) {
    try {
      return work(programOf(holder));
    } catch (error) {
      if (!isAbort(error)) throw error;
      replaceHeap();
    }
  }
  return outOfMemory();
}

/**
 * RE2 through `re2-wasm`: linear-time matching, no back-references and no lookaround. A pattern
 * means what it means in JavaScript: `\s`, `\S`, `.`, `\p{…}` and escaped surrogate pairs are
 * spelled out as JavaScript reads them before RE2 compiles it (`./re2-syntax.js`), so RE2 and
 * JavaScript's own engine agree on every well-formed string; a string with a lone surrogate is
 * refused (`PatternCheckError`, `"lone-surrogate"`), never answered. Compiling throws a
 * `SyntaxError` that says why: JavaScript does not accept the pattern, no spelling gives its
 * meaning on RE2 (`\B`, a lone surrogate), or RE2 cannot parse it. Each compiled pattern keeps its
 * own program (see the module's description).
 */
export const re2PatternEngine: PatternEngine = {
  name: "re2",
  linearTime: true,
  compile(source: string): CompiledPattern {
    const holder: Holder = { source, program: null, heap: null };
    try {
      holder.source = ecmaScriptForRe2(source);
      withProgram(
        holder,
        () => undefined,
        () => {
          throw new Error("the pattern needs more memory than the engine has");
        },
      );
    } catch (error) {
      // RE2's message quotes the pattern it compiled: show the one that was written.
      if (error instanceof SyntaxError && holder.source !== source) throw new SyntaxError(error.message.split(`/${holder.source}/`).join(`/${source}/`));
      throw error;
    }
    const compiled: CompiledPattern = {
      test: (input: string): boolean => {
        if (hasLoneSurrogate(input)) throw new PatternCheckError(input, "lone-surrogate");
        return withProgram(
          holder,
          (program) => program.test(input),
          () => {
            throw new PatternCheckError(input, "out-of-memory");
          },
        );
      },
    };
    release.register(compiled, holder);
    return compiled;
  },
};
