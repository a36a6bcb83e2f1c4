/**
 * Keeps the pattern engine's out-of-memory notice off the console. `re2-wasm` prints
 * "Cannot enlarge memory arrays …" through the `console.warn` it finds when it loads, each time
 * its fixed heap runs out. The engine handles that case itself (`./re2-engine.js` starts a fresh
 * heap and builds each program again), so to a reader of the console the notice is a false alarm.
 *
 * Imported before `re2-wasm`, this module lends it a `console.warn` that drops that one notice and
 * passes everything else on to whatever `console.warn` is at the time of the call.
 * `./re2-engine.js` gives the console its own `console.warn` back once `re2-wasm` has loaded, and
 * lends the quiet one again whenever it loads the package anew ({@link withQuietWarn}).
 *
 * @module
 */

/** The start of the notice `re2-wasm` prints when its heap runs out. */
export const RE2_OUT_OF_MEMORY_NOTICE = "Cannot enlarge memory arrays";

const consoleWarn = console.warn;

/** `console.warn`, without the out-of-memory notice. */
function quietWarn(...args: unknown[]): void {
  if (typeof args[0] === "string" && args[0].startsWith(RE2_OUT_OF_MEMORY_NOTICE)) return;
  const current = console.warn === quietWarn ? consoleWarn : console.warn;
  current.apply(console, args);
}

console.warn = quietWarn;

/** Gives the console back the `console.warn` it had before this module lent the quiet one. */
export function restoreConsoleWarn(): void {
  if (console.warn === quietWarn) console.warn = consoleWarn;
}

/** Runs `load` (which loads `re2-wasm` again) with the quiet `console.warn` lent to it. */
export function withQuietWarn<T>(load: () => T): T {
  const before = console.warn;
  console.warn = quietWarn;
  try {
    return load();
  } finally {
    console.warn = before;
  }
}
