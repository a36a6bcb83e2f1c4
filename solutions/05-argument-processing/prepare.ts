/**
 * Exercise 5, worked answer: argument processing in the flowchart's order.
 */
import { describeJsonType, isPlainObject } from "../../src/util/json.js";
import { pyStrip } from "../../src/util/python-space.js";
import { invalidParametersMessage, notAnObjectMessage, toolNotFoundMessage } from "../../src/tools/messages.js";
import type { PreparedCall } from "../../src/tools/registry.js";
import { suggestToolName } from "../../src/tools/suggest.js";
import { Tool, ToolResult, type JsonSchema } from "../../src/tools/base.js";

/**
 * Step "coerce": `null`, `undefined` and blank text become `{}` (`false` and `0` do not); text
 * that starts (once stripped of blank space as Python counts it) with `{` or `[` is parsed when it
 * is valid JSON; everything else — malformed JSON included — comes back unchanged. Never repair,
 * never guess.
 */
export function coerce(value: unknown): unknown {
  // No arguments at all is a real, valid call: a tool without parameters.
  if (value === null || value === undefined) return {};
  if (typeof value !== "string") return value;
  // Blank space as upstream's Python strips it (`str.strip()`): `trim()` would keep U+0085 and the
  // ASCII separators U+001C–U+001F, and strip the byte-order mark, which Python keeps.
  const text = pyStrip(value);
  if (text === "") return {};
  // Only text that looks like an object or array is parsed; "42" or "true" stay strings, so the
  // shape check rejects them instead of us guessing what the model meant.
  if (!text.startsWith("{") && !text.startsWith("[")) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Malformed JSON is kept as it is: repairing it could execute something the model never sent.
    return value;
  }
}

/**
 * Step "unwrap": when `value` is an object whose only key is `arguments`, and the schema has no
 * `arguments` property of its own, return the inner value, coerced. One level only; `value` itself
 * is never changed.
 */
export function unwrap(schema: JsonSchema, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== "arguments") return value;
  // A tool that declares an "arguments" parameter gets exactly what it declared.
  const properties = schema["properties"];
  if (isPlainObject(properties) && Object.hasOwn(properties, "arguments")) return value;
  return coerce(value["arguments"]);
}

/**
 * Prepares one call: exact lookup in `tools`, coerce, unwrap, require an object, `castParams`,
 * `validateParams`. Returns `{ tool, params, error: null }` only when every step passed;
 * otherwise an error `ToolResult` with the message from `src/tools/messages.ts`, and `tool` null
 * when no tool has that exact name, the tool found otherwise.
 */
export function prepare(tools: ReadonlyMap<string, Tool>, name: string, params: unknown): PreparedCall {
  // 1. Lookup comes first: unwrapping, casting and validating all need the tool's own schema.
  const tool = tools.get(name);
  if (tool === undefined) {
    // The suggestion only improves the message; nothing runs under the suggested name.
    const message = toolNotFoundMessage(name, suggestToolName(name, tools.keys()), [...tools.keys()]);
    return { tool: null, params, error: ToolResult.error(message) };
  }
  // 2–3. Shape normalisation that never guesses.
  const value = unwrap(tool.parameters, coerce(params));
  // 4. Only an object can hold named parameters.
  if (!isPlainObject(value)) {
    return { tool, params: value, error: ToolResult.error(notAnObjectMessage(tool.name, describeJsonType(value))) };
  }
  // 5–6. Cast first ("5" → 5 for an integer), then validate what was cast.
  const cast = tool.castParams(value);
  const problems = tool.validateParams(cast);
  if (problems.length > 0) {
    return { tool, params: cast, error: ToolResult.error(invalidParametersMessage(tool.name, problems)) };
  }
  return { tool, params: cast, error: null };
}
