/**
 * The two argument-shape rules of `prepareCall` (lesson 5, steps "coerce" and "unwrap"), as pure
 * functions. Neither ever guesses: malformed JSON stays a string, and a string that does not look
 * like a JSON object or array is never parsed, so the shape check that follows rejects it.
 *
 * @module
 */
import type { JsonSchema } from "./base.js";
import { isPlainObject } from "./cast.js";

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
 * Step "coerce": `null`, `undefined`, `""` and blank strings become `{}` (a call with no
 * arguments); a string whose trimmed text starts with `{` or `[` is parsed when it is valid JSON;
 * every other value, malformed JSON included, is returned unchanged.
 */
export function coerceArgumentValue(value: unknown): unknown {
  if (value === null || value === undefined) return {};
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return {};
  const first = text.charCodeAt(0);
  if (first !== 0x7b /* { */ && first !== 0x5b /* [ */) return value;
  return parseJsonOr(text, value);
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
 * Step "unwrap": some models send `{"arguments": "<the real arguments>"}`. When the value is an
 * object whose only key is `arguments`, and the tool's schema declares no `arguments` property,
 * the inner value is coerced and used instead. Only one level is unwrapped.
 */
export function unwrapArgumentsPayload(schema: JsonSchema, value: unknown): unknown {
  // Most calls have no `arguments` key at all: say so without listing every key.
  if (!isPlainObject(value) || !Object.hasOwn(value, "arguments")) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== "arguments") return value;
  const properties = schema["properties"];
  if (isPlainObject(properties) && Object.hasOwn(properties, "arguments")) return value;
  return coerceArgumentValue(value["arguments"]);
}
