/**
 * Turning a tool's result into the text the model reads (lesson 8). A string is kept; anything
 * else becomes text within a size and a work budget, whatever the value does when it is read.
 * An empty result is recognised here too, so the message builder can put the empty-result marker
 * in its place.
 *
 * @module
 */
import { isToolResult } from "../../tools/base.js";
import { formatThrown } from "../../util/thrown.js";
import { boundedJson, describeFunction, UNREADABLE_RESULT_TEXT } from "./bounded-json.js";
import { sliceAtCodePoint } from "../../util/text-cut.js";
import { bigintText, isPlainObject } from "../../util/json.js";
import { pyStrip } from "../../util/python-space.js";

/** The most characters {@link toolResultToText} returns unless told otherwise. */
export const RESULT_TEXT_MAX_CHARS = 1_000_000;

/** The most values (objects, array items, primitives) {@link toolResultToText} visits unless told otherwise. */
export const RESULT_TEXT_MAX_NODES = 100_000;

/** Ends a text that {@link toolResultToText} stopped writing because a budget ran out. */
export const RESULT_TEXT_CUT_NOTE = "\n... (cut: the result is too large to show in full)";

type TextBlock = { type: "text"; text: string };

/**
 * True for a non-empty array whose every index, `0` to `length - 1`, holds a `{ type: "text", text }`
 * block. It reads at most `maxItems` items, as the budgeted walk visits at most that many values:
 * a longer array is not a list of blocks (it is written as JSON, within the same budget), and a
 * hole is not a block, so a sparse array with a huge `length` costs what its first hole costs.
 */
function isTextBlockList(value: unknown, maxItems = RESULT_TEXT_MAX_NODES): value is TextBlock[] {
  try {
    if (!Array.isArray(value)) return false;
    const length = value.length;
    if (length === 0 || length > maxItems) return false;
    for (let i = 0; i < length; i++) {
      const item: unknown = value[i];
      if (!(isPlainObject(item) && item["type"] === "text" && typeof item["text"] === "string")) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * True for a result that carries nothing for the model: `null`, `undefined`, a blank string, a
 * `ToolResult` with blank content, `[]`, or a list of only `{ type: "text", text }` blocks whose
 * texts are all blank. Blank is what Python's `str.strip()` removes (`src/util/python-space.ts`), as
 * upstream counts it: U+001C–U+001F and U+0085 are blank, the byte-order mark U+FEFF is not. A value that throws when inspected (a hostile Proxy) is not empty.
 *
 * @example
 * {@includeCode ../../../docs/examples/results.ts#is-empty-tool-result}
 */
export function isEmptyToolResult(result: unknown): boolean {
  if (result === null || result === undefined) return true;
  if (typeof result === "string") return pyStrip(result) === "";
  try {
    if (isToolResult(result)) return typeof result.content === "string" && pyStrip(result.content) === "";
    if (Array.isArray(result)) {
      if (result.length === 0) return true;
      if (!isTextBlockList(result)) return false;
      const texts: string[] = [];
      for (let i = 0; i < result.length; i++) texts.push((result[i] as TextBlock).text);
      return pyStrip(texts.join("\n")) === "";
    }
  } catch {
    return false;
  }
  return false;
}

function positiveOr(value: unknown, fallback: number): number {
  return typeof value === "number" && value > 0 ? value : fallback;
}

/** The start of `text`, cut at a code point and ended by `RESULT_TEXT_CUT_NOTE`, within `maxChars`. */
function cutWithNote(text: string, maxChars: number): string {
  if (maxChars <= RESULT_TEXT_CUT_NOTE.length) return sliceAtCodePoint(text, maxChars);
  return sliceAtCodePoint(text, maxChars - RESULT_TEXT_CUT_NOTE.length) + RESULT_TEXT_CUT_NOTE;
}

/** `text` when it fits in `maxChars`, otherwise `cutWithNote`. */
function capText(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : cutWithNote(text, maxChars);
}

/**
 * The text the model reads for a result. A string is kept as it is and a `ToolResult` gives its
 * content; a list of only `{ type: "text", text }` blocks (no holes, at most `maxNodes` of them)
 * gives its texts joined by newlines;
 * numbers, booleans, BigInts and symbols give their usual spelling (a BigInt of more than 1,000
 * digits as `[BigInt of more than 1000 digits]`); anything else is JSON, made safe on the way: a cycle
 * shows as `"[Circular]"`, a BigInt as its digits, a function as
 * `"[function name]"`, bytes as `"[Buffer 5 bytes]"`, an `Error` as `"[TypeError: …]"`, a part
 * that throws when read (a getter, a Proxy trap, `toJSON`) as `"[unreadable: …]"`, and nesting
 * deeper than 64 levels as `"[Too deep]"`. Every own key is kept, `__proto__` included.
 * `undefined` inside an object is left out, as in JSON; on its own it gives `"undefined"`.
 *
 * Total and bounded: it never throws, and it stops writing once the text passes `maxChars`, it
 * has visited `maxNodes` values, or it has produced four times `maxChars` characters (parts found
 * unreadable midway are written, then taken back), so shared references (a value reached by many
 * paths) cannot make the work grow without end. A text that had to stop, strings included, is at most
 * `maxChars` long, cut at a code point and ended by `RESULT_TEXT_CUT_NOTE`. Pure: call it
 * once per result and reuse the text.
 *
 * @param result - the value a tool returned.
 * @param options - `maxChars`: the most characters (UTF-16 units) returned, default
 *   `RESULT_TEXT_MAX_CHARS` (1,000,000); `maxNodes`: the most values visited, default
 *   `RESULT_TEXT_MAX_NODES` (100,000).
 *
 * @example
 * {@includeCode ../../../docs/examples/results.ts#tool-result-to-text}
 */
export function toolResultToText(result: unknown, options: { maxChars?: number; maxNodes?: number } = {}): string {
  const maxChars = positiveOr(options.maxChars, RESULT_TEXT_MAX_CHARS);
  const maxNodes = positiveOr(options.maxNodes, RESULT_TEXT_MAX_NODES);
  return capText(convert(result, maxChars, maxNodes), maxChars);
}

function convert(result: unknown, maxChars: number, maxNodes: number): string {
  try {
    if (typeof result === "string") return capText(result, maxChars);
    if (result === undefined) return "undefined";
    if (result === null) return "null";
    if (typeof result === "number" || typeof result === "boolean") return capText(String(result), maxChars);
    if (typeof result === "bigint") return capText(bigintText(result), maxChars);
    if (typeof result === "symbol") return capText(result.toString(), maxChars);
    if (typeof result === "function") return capText(describeFunction(result), maxChars);
    if (isTextBlockList(result, maxNodes)) {
      const texts: string[] = [];
      let length = 0;
      for (const block of result) {
        if (length > maxChars) break;
        texts.push(block.text);
        length += block.text.length + 1;
      }
      return capText(texts.join("\n"), maxChars);
    }
    const json = boundedJson(result, maxChars, maxNodes);
    if (!json.complete) return cutWithNote(json.text, maxChars);
    if (!json.written) return "undefined";
    // A value shown as one string (a Date, an Error, bytes, an unreadable part) is given unquoted.
    return json.text.startsWith('"') ? capText(String(JSON.parse(json.text)), maxChars) : json.text;
  } catch (thrown) {
    try {
      return capText(`${UNREADABLE_RESULT_TEXT.slice(0, -1)}: ${formatThrown(thrown)}]`, maxChars);
    } catch {
      return UNREADABLE_RESULT_TEXT;
    }
  }
}

/**
 * The text the model reads for a result, made once per result: `""` for an empty result (the
 * message builder then writes the empty-result marker), else {@link toolResultToText}. Whatever
 * the value does (a Proxy whose traps throw, an object dressed as a `ToolResult` without fields),
 * a string comes back.
 */
export function resultText(value: unknown): string {
  let empty = false;
  try {
    empty = isEmptyToolResult(value);
  } catch {
    empty = false;
  }
  if (empty) return "";
  try {
    const text: unknown = toolResultToText(value);
    return typeof text === "string" ? text : UNREADABLE_RESULT_TEXT;
  } catch {
    return UNREADABLE_RESULT_TEXT;
  }
}
