/**
 * Checking the limits a programmer passes in: time limits, counts and sizes (the runner's
 * `toolTimeoutMs`, `maxIterations`, `maxConcurrency` and `maxToolResultChars`, the provider's
 * `timeoutMs`, `maxRetries`, `maxResponseBytes` and `maxRetryWaitMs`, the MCP connection's time
 * limits, `web_fetch`'s `maxBytes` and `maxRedirects`). Every one of them is read through
 * {@link durationOption} or {@link wholeNumberOption}, where it is given, so a bad value fails at
 * once with an error that names the option, shows the value and says what is allowed, instead of
 * failing later, or never, somewhere far from the typo.
 *
 * A time limit is held by a timer, and Node's timers take at most {@link MAX_TIMER_MS}
 * (2^31−1 ms, about 24.8 days): a longer delay fires at once, with a warning. So a longer limit is
 * clamped to that, which in practice means "no limit", rather than turned into "no time at all".
 *
 * @module
 */
import { bigintText } from "./json.js";

/** The longest delay a Node timer takes, 2^31−1 ms (about 24.8 days); longer time limits are clamped to it. */
export const MAX_TIMER_MS = 2_147_483_647;

/** How a value is shown in an option's error: short, and typed when it is not a number. */
function shown(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "string") {
    const text = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `${JSON.stringify(text)} (a string)`;
  }
  if (typeof value === "bigint") return `${bigintText(value)}n (a bigint)`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a value of type ${typeof value}`;
}

/**
 * Reads a time limit in milliseconds: `fallback` when `value` is undefined, otherwise a positive,
 * finite number (fractions are fine), clamped to {@link MAX_TIMER_MS}.
 *
 * @param name - the option's name, as the caller wrote it (`"toolTimeoutMs"`).
 * @throws TypeError when `value` is not a number; RangeError when it is `NaN`, infinite, 0 or negative.
 *
 * @example
 * {@includeCode ../../docs/examples/options.ts#duration-option}
 */
export function durationOption<F extends number | null>(name: string, value: unknown, fallback: F): number | F {
  if (value === undefined) return fallback;
  const allowed = `a positive, finite number of milliseconds (longer than ${MAX_TIMER_MS} counts as ${MAX_TIMER_MS})`;
  if (typeof value !== "number") throw new TypeError(`${name} must be ${allowed}; got ${shown(value)}`);
  if (!(value > 0) || value === Number.POSITIVE_INFINITY) throw new RangeError(`${name} must be ${allowed}; got ${shown(value)}`);
  return value > MAX_TIMER_MS ? MAX_TIMER_MS : value;
}

/** What {@link wholeNumberOption} accepts besides being a whole number. */
export interface WholeNumberRule {
  /** The smallest value allowed; omitted: any whole number. */
  min?: number;
  /** Added to the error to say what special values mean, e.g. `"0 or less turns the limit off"`. */
  note?: string;
}

/**
 * Reads a count or a size: `fallback` when `value` is undefined, otherwise a finite whole number of
 * at least `rule.min`. Large values are kept as they are: a size compares, it does not wait.
 *
 * @param name - the option's name, as the caller wrote it (`"maxIterations"`).
 * @throws TypeError when `value` is not a number; RangeError when it is `NaN`, infinite, has a
 *   fraction, or is below `rule.min`.
 *
 * @example
 * {@includeCode ../../docs/examples/options.ts#whole-number-option}
 */
export function wholeNumberOption<F extends number | null>(name: string, value: unknown, fallback: F, rule: WholeNumberRule = {}): number | F {
  if (value === undefined) return fallback;
  const min = rule.min;
  const allowed = (min === undefined ? "a whole number" : `a whole number of at least ${min}`) + (rule.note === undefined ? "" : ` (${rule.note})`);
  if (typeof value !== "number") throw new TypeError(`${name} must be ${allowed}; got ${shown(value)}`);
  if (!Number.isInteger(value) || (min !== undefined && value < min)) throw new RangeError(`${name} must be ${allowed}; got ${shown(value)}`);
  return value;
}
