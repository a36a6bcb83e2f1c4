/**
 * The two argument-shape rules of `prepareCall` (lesson 5, steps "coerce" and "unwrap"), as pure
 * functions. Neither ever guesses: malformed JSON stays a string, and a string that does not look
 * like a JSON object or array is never parsed, so the shape check that follows rejects it.
 *
 * @module
 */
import { isPlainObject, type JsonSchema } from "../util/json.js";
import { pyStrip } from "../util/python-space.js";
import { inexactIntegerIn, readArgumentText } from "./argument-text.js";

/**
 * Step "coerce": `null`, `undefined`, `""` and blank strings become `{}` (a call with no
 * arguments); a string whose trimmed text starts with `{` or `[` is parsed when it is valid JSON;
 * every other value, malformed JSON included, is returned unchanged. This is
 * {@link readArgumentText} with the scope `"object-or-array"`.
 */
export function coerceArgumentValue(value: unknown): unknown {
  return readArgumentText(value, "object-or-array");
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

/**
 * What step "coerce" did, in a few words, for the trace `prepareCall` gives its observer: worked
 * out only when a trace is asked for, from the step's input and output.
 */
export function coerceStepDetail(input: unknown, output: unknown): string {
  if (input === null || input === undefined) return "no arguments: {}";
  if (typeof input !== "string") return "not a string: kept as given";
  if (typeof output === "string") {
    const t = pyStrip(input);
    if (inexactIntegerIn(input) !== null) return "an integer in it cannot be held exactly: kept as a string";
    return t.startsWith("{") || t.startsWith("[") ? "malformed JSON: kept as a string, never repaired" : "not JSON object text: kept as a string";
  }
  return pyStrip(input) === "" ? "blank text: {}" : "parsed JSON text";
}
