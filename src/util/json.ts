/**
 * JSON helpers shared by every part of the workbook: the type of a schema fragment, the test for a
 * plain object, the JSON name of a value's type, a parse that never throws and a stringify that
 * never fails on a cycle or a BigInt. This module imports nothing, so any module may use it
 * without pulling in anything else.
 *
 * @module
 */

/** A JSON Schema fragment, as a plain object. A tool's root schema must be an object schema. */
export type JsonSchema = Record<string, unknown>;

/**
 * The type a schema asks for: its `type` when that is a string, the first entry that is not
 * `"null"` when it is a list, otherwise `null` (no type, or only `"null"`).
 */
export function resolveSchemaType(type: unknown): string | null {
  if (typeof type === "string") return type === "null" ? null : type;
  if (Array.isArray(type)) {
    for (const entry of type) if (typeof entry === "string" && entry !== "null") return entry;
  }
  return null;
}

/** True for an object literal or a `JSON.parse` object: not an array, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Names a value's type the way the model thinks of it: `string`, `array`, `number`, `boolean`,
 * `null`, `object`; anything JSON cannot hold is named by JavaScript (`undefined`, `bigint`,
 * `function`, `symbol`) or by its class (`Map`, `Date`).
 */
export function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const type = typeof value;
  if (type !== "object") return type;
  if (isPlainObject(value)) return "object";
  try {
    const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor;
    return typeof ctor?.name === "string" && ctor.name !== "" ? ctor.name : "object";
  } catch {
    return "object";
  }
}

/**
 * `JSON.parse(text)`, or `fallback` when the text is not JSON. The `SyntaxError` of a failed parse
 * is thrown away, so no stack trace is captured for it: malformed arguments are common, and the
 * trace would cost more than the parse.
 */
export function parseJsonOr(text: string, fallback: unknown): unknown {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * BigInts of more than this many decimal digits are described rather than written out: turning a
 * BigInt into decimal text costs more than linear time in its length (microseconds at this size,
 * seconds at a million digits), so only a bounded length is ever converted.
 */
export const MAX_BIGINT_DIGITS = 1_000;

/** The smallest BigInt with more than `MAX_BIGINT_DIGITS` digits. */
const BIGINT_LIMIT = 10n ** BigInt(MAX_BIGINT_DIGITS);

/**
 * A BigInt's decimal digits, or `[BigInt of more than 1000 digits]` for a longer one. Deciding
 * costs one comparison with a 1,000-digit BigInt, whatever the size of `value`.
 */
export function bigintText(value: bigint): string {
  return value < BIGINT_LIMIT && value > -BIGINT_LIMIT ? value.toString() : `[BigInt of more than ${MAX_BIGINT_DIGITS} digits]`;
}

/** What {@link safeJsonStringify} writes in place of an object that contains itself. */
export const CIRCULAR_MARK = "[Circular]";

/**
 * `JSON.stringify(value)`, on one line, except that it never fails on the two things plain JSON
 * cannot take: a BigInt is written as its decimal digits in a JSON string (`10n` gives `"10"`,
 * the spelling the result text and the replayed arguments use too; one of more than
 * `MAX_BIGINT_DIGITS` digits as `"[BigInt of more than 1000 digits]"`), and an object met again
 * inside itself is written as `"[Circular]"` (an object merely shared by two keys is written
 * twice, as JSON does). Like `JSON.stringify`, it gives `undefined` for a value JSON has no text
 * for (`undefined`, a function, a symbol), and what reading the value throws (a getter, a Proxy
 * trap, a `toJSON`) is thrown on.
 *
 * @example
 * {@includeCode ../../docs/examples/results.ts#safe-json-stringify}
 */
export function safeJsonStringify(value: unknown): string | undefined {
  // The objects being written, outermost first. The replacer is called with the object that
  // holds the current value as `this`, so everything after that holder is finished.
  const open: unknown[] = [];
  return JSON.stringify(value, function (this: unknown, _key: string, current: unknown): unknown {
    if (typeof current === "bigint") return bigintText(current);
    if (current === null || typeof current !== "object") return current;
    while (open.length > 0 && open[open.length - 1] !== this) open.pop();
    if (open.includes(current)) return CIRCULAR_MARK;
    open.push(current);
    return current;
  });
}
