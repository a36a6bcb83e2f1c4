/**
 * The limits of a run, read from its spec once, before anything runs (lessons 6–8 and 10). Each
 * is checked by the shared option checker (`util/options.ts`), so a bad value — a fraction where a
 * count is meant, `NaN`, a string, a negative time — is reported with the option's name, the value
 * and what is allowed, instead of being quietly replaced or failing every call.
 *
 * @module
 */
import { durationOption, wholeNumberOption } from "../util/options.js";
import { DEFAULT_MAX_ITERATIONS, type AgentRunSpec } from "./run-spec.js";
import { DEFAULT_MAX_TOOL_RESULT_CHARS } from "./results/tool-message.js";

/** A run's limits, checked, with their defaults filled in. */
export interface RunLimits {
  /** How many model turns may ask for tools (0 or more). */
  maxIterations: number;
  /** At most this many calls of one batch at once (1 or more), or null for no cap. */
  maxConcurrency: number | null;
  /** Longer results are saved or cut; 0 or less turns both off. */
  maxToolResultChars: number;
  /** Each call's time limit in milliseconds (clamped to `MAX_TIMER_MS`), or null for none. */
  toolTimeoutMs: number | null;
}

/**
 * Reads and checks the limits of `spec`: `maxIterations` a whole number of at least 0 (default
 * 20), `maxConcurrency` a whole number of at least 1 (default: no cap), `maxToolResultChars` a
 * whole number (default 16,000; 0 or less turns saving and cutting off), `toolTimeoutMs` a
 * positive, finite number of milliseconds (default: none; over 2^31−1 counts as 2^31−1).
 *
 * @throws TypeError or RangeError naming the first bad option, its value and what is allowed.
 */
export function readRunLimits(spec: AgentRunSpec): RunLimits {
  return {
    maxIterations: wholeNumberOption("maxIterations", spec.maxIterations, DEFAULT_MAX_ITERATIONS, { min: 0 }),
    maxConcurrency: wholeNumberOption("maxConcurrency", spec.maxConcurrency, null, { min: 1 }),
    maxToolResultChars: wholeNumberOption("maxToolResultChars", spec.maxToolResultChars, DEFAULT_MAX_TOOL_RESULT_CHARS, {
      note: "0 or less turns saving and cutting off",
    }),
    toolTimeoutMs: durationOption("toolTimeoutMs", spec.toolTimeoutMs, null),
  };
}
