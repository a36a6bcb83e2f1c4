/**
 * Exercise 5: argument processing. Write the three rules that stand between a model's raw
 * arguments and `execute`: coerce a JSON string, unwrap an `{"arguments": …}` wrapper, and
 * prepare a call in the flowchart's order. The messages and the schema work come from `src/`.
 */
import { describeJsonType, isPlainObject } from "../../src/util/json.js";
import { invalidParametersMessage, notAnObjectMessage, toolNotFoundMessage } from "../../src/tools/messages.js";
import type { PreparedCall } from "../../src/tools/registry.js";
import { suggestToolName } from "../../src/tools/suggest.js";
import { Tool, ToolResult, type JsonSchema } from "../../src/tools/base.js";

/**
 * Step "coerce": `null`, `undefined` and blank text become `{}` (`false` and `0` do not); text
 * that starts (once stripped of blank space as Python's `str.strip()` counts it, not as `trim()`
 * does) with `{` or `[` is parsed when it is valid JSON; everything else — malformed JSON
 * included — comes back unchanged. Never repair, never guess.
 */
export function coerce(value: unknown): unknown {
  // TODO(lesson 5): turn "no arguments" into {}, parse JSON object/array text, keep everything else.
  throw new Error(`TODO(lesson 5): coerce ${typeof value}`);
}

/**
 * Step "unwrap": when `value` is an object whose only key is `arguments`, and the schema has no
 * `arguments` property of its own, return the inner value, coerced. One level only; `value` itself
 * is never changed.
 */
export function unwrap(schema: JsonSchema, value: unknown): unknown {
  // TODO(lesson 5): unwrap {"arguments": …} once, unless the tool really has an "arguments" parameter.
  throw new Error(`TODO(lesson 5): unwrap ${typeof value}`);
}

/**
 * Prepares one call: exact lookup in `tools`, coerce, unwrap, require an object, `castParams`,
 * `validateParams`. Returns `{ tool, params, error: null }` only when every step passed;
 * otherwise an error `ToolResult` with the message from `src/tools/messages.ts`, and `tool` null
 * when no tool has that exact name, the tool found otherwise.
 */
export function prepare(tools: ReadonlyMap<string, Tool>, name: string, params: unknown): PreparedCall {
  // TODO(lesson 5): 1. look the tool up by its exact name (not found: toolNotFoundMessage with a suggestion).
  // TODO(lesson 5): 2. coerce, 3. unwrap with the tool's parameters schema.
  // TODO(lesson 5): 4. not a plain object: notAnObjectMessage(name, describeJsonType(value)).
  // TODO(lesson 5): 5. tool.castParams, 6. tool.validateParams (problems: invalidParametersMessage).
  throw new Error(`TODO(lesson 5): prepare a call to ${name}`);
}
