/**
 * The pattern engine of the playground's page. `src/tools/re2-engine.ts` runs RE2 from WebAssembly
 * that it reads from disk, which a page cannot do; in the page, `pattern` keywords run on the
 * browser's own `RegExp` (`nativePatternEngine`), still under the schema budget's pattern limits.
 * The playground's Vite settings put this module in place of `re2-engine.ts`.
 *
 * @module
 */
import { nativePatternEngine, type PatternEngine } from "../src/tools/pattern.js";

/** In the page: the browser's own `RegExp`, behind the same interface as the Node engine. */
export const re2PatternEngine: PatternEngine = nativePatternEngine;

/** Kept for the same exports as the Node module; the browser engine keeps no programs of its own. */
export const RE2_LIVE_PROGRAMS = 0;
