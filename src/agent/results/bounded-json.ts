/**
 * Writing any value as JSON, safely and within bounds (lesson 8). A tool may return anything: a
 * cycle, a BigInt, a Proxy whose every trap throws, a getter that throws, a list shared a million
 * times over. {@link boundedJson} writes all of it as JSON text without throwing, and stops once
 * the text, the number of values visited or the characters produced (those of unreadable parts,
 * written and then taken back, included) pass their budgets, so no value can make the work grow
 * without end.
 *
 * @module
 */
import { isToolResult } from "../../tools/base.js";
import { formatThrown } from "../../util/thrown.js";
import { bigintText, CIRCULAR_MARK } from "../../util/json.js";
import { STOP, TextSink } from "./text-sink.js";

/** Shown for a result that cannot be turned into text at all. */
export const UNREADABLE_RESULT_TEXT = "[a result that cannot be shown as text]";

/** Deeper than this, a value is shown as `"[Too deep]"` instead of being walked. */
const MAX_DEPTH = 64;

/**
 * How a function is shown in a result: `[function name]`, or `[function (anonymous)]`. Reading
 * the name never throws.
 */
export function describeFunction(fn: object): string {
  let name = "";
  try {
    const read: unknown = (fn as { name?: unknown }).name;
    name = typeof read === "string" ? read : "";
  } catch {
    name = "";
  }
  return `[function ${name === "" ? "(anonymous)" : name}]`;
}

function describeBytes(value: object): string | null {
  if (typeof Buffer !== "undefined" && Buffer.isBuffer(value)) return `[Buffer ${value.length} bytes]`;
  if (ArrayBuffer.isView(value)) {
    const ctor = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return `[${typeof ctor === "string" && ctor !== "" ? ctor : "TypedArray"} ${value.byteLength} bytes]`;
  }
  if (value instanceof ArrayBuffer) return `[ArrayBuffer ${value.byteLength} bytes]`;
  return null;
}

function describeSymbol(value: symbol): string {
  try {
    return value.toString();
  } catch {
    return "Symbol()";
  }
}

/**
 * Writes one value as JSON; returns false (writing nothing) for a value JSON leaves out:
 * `undefined`, or a `toJSON` that gives `undefined`. Every check on an object runs inside a try,
 * because a Proxy can throw from any of them; a part that throws midway is taken back and shown
 * as `"[unreadable: …]"`.
 */
function writeValue(value: unknown, key: string, ancestors: object[], sink: TextSink, useToJSON = true): boolean {
  sink.visit();
  switch (typeof value) {
    case "string":
      sink.quote(value);
      return true;
    case "number":
      sink.write(Number.isFinite(value) ? String(value) : "null");
      return true;
    case "boolean":
      sink.write(value ? "true" : "false");
      return true;
    case "undefined":
      return false;
    case "bigint":
      sink.quote(bigintText(value));
      return true;
    case "symbol":
      sink.quote(describeSymbol(value));
      return true;
    case "function":
      sink.quote(describeFunction(value));
      return true;
    default:
      break;
  }
  if (value === null) {
    sink.write("null");
    return true;
  }
  const obj = value as object;
  if (ancestors.includes(obj)) {
    sink.quote(CIRCULAR_MARK);
    return true;
  }
  if (ancestors.length >= MAX_DEPTH) {
    sink.quote("[Too deep]");
    return true;
  }
  const mark = sink.mark();
  ancestors.push(obj);
  try {
    return writeObject(obj, key, ancestors, sink, useToJSON);
  } catch (thrown) {
    if (thrown === STOP) throw thrown;
    sink.rollback(mark);
    sink.quote(`[unreadable: ${formatThrown(thrown)}]`);
    return true;
  } finally {
    ancestors.pop();
  }
}

/** A value that is not a plain object: its text, or null when it is walked like an object. */
function specialText(obj: object): string | null {
  // A ToolResult always has string content; an object only dressed as one (its prototype set by
  // hand) has none to show.
  if (isToolResult(obj)) return typeof obj.content === "string" ? obj.content : UNREADABLE_RESULT_TEXT;
  const bytes = describeBytes(obj);
  if (bytes !== null) return bytes;
  if (obj instanceof Error) return `[${formatThrown(obj)}]`;
  if (obj instanceof String) return String(obj.valueOf());
  return null;
}

function writeObject(obj: object, key: string, ancestors: object[], sink: TextSink, useToJSON: boolean): boolean {
  const proto: unknown = Object.getPrototypeOf(obj);
  const plain = proto === Object.prototype || proto === null;
  if (!plain) {
    const text = specialText(obj);
    if (text !== null) {
      sink.quote(text);
      return true;
    }
    if (obj instanceof Number || obj instanceof Boolean) return writeValue(obj.valueOf(), key, ancestors, sink, false);
  }
  if (useToJSON) {
    const toJSON: unknown = (obj as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return writeValue((toJSON as (key: string) => unknown).call(obj, key), key, ancestors, sink, false);
  }
  if (!plain && Array.isArray(obj)) {
    const length = obj.length;
    sink.write("[");
    for (let i = 0; i < length; i++) {
      if (i > 0) sink.prefix(",");
      let item: unknown;
      try {
        item = obj[i];
      } catch (thrown) {
        sink.visit();
        sink.quote(`[unreadable: ${formatThrown(thrown)}]`);
        continue;
      }
      if (!writeValue(item, String(i), ancestors, sink)) sink.write("null");
    }
    sink.write("]");
    return true;
  }
  if (!plain && obj instanceof Set) {
    sink.write("[");
    let first = true;
    for (const item of obj) {
      if (!first) sink.prefix(",");
      first = false;
      if (!writeValue(item, "", ancestors, sink)) sink.write("null");
    }
    sink.write("]");
    return true;
  }
  sink.write("{");
  let first = true;
  if (!plain && obj instanceof Map) {
    for (const [k, v] of obj) {
      const name = mapKeyText(k, sink);
      sink.key(name, !first);
      if (writeValue(v, name, ancestors, sink)) first = false;
      else sink.dropPrefix();
    }
  } else {
    // Every own enumerable string key, `__proto__` included: the text is written, never rebuilt
    // as an object, so no key can turn into a prototype on the way.
    for (const name of Object.keys(obj)) {
      sink.key(name, !first);
      let value: unknown;
      try {
        value = (obj as Record<string, unknown>)[name];
      } catch (thrown) {
        sink.visit();
        sink.quote(`[unreadable: ${formatThrown(thrown)}]`);
        first = false;
        continue;
      }
      if (writeValue(value, name, ancestors, sink)) first = false;
      else sink.dropPrefix();
    }
  }
  sink.write("}");
  return true;
}

/** The text of a Map key: strings as they are, other values by their usual spelling. */
function mapKeyText(key: unknown, sink: TextSink): string {
  sink.visit();
  if (typeof key === "string") return key;
  if (typeof key === "symbol") return describeSymbol(key);
  if (typeof key === "function") return describeFunction(key);
  if (key === null || typeof key !== "object") return String(key);
  try {
    return specialText(key) ?? Object.prototype.toString.call(key);
  } catch (thrown) {
    return `[unreadable: ${formatThrown(thrown)}]`;
  }
}

/** What {@link boundedJson} wrote. */
export interface BoundedJson {
  /** The JSON text; when `complete` is false, only the start that fitted the budgets. */
  text: string;
  /** False when a budget ran out and writing stopped. */
  complete: boolean;
  /** False for a value JSON leaves out (`undefined`, or a `toJSON` that gives `undefined`): nothing was written. */
  written: boolean;
}

/**
 * Writes `value` as JSON, made safe on the way: a cycle shows as `"[Circular]"`, a BigInt as its
 * digits (see {@link bigintText}), a function as `"[function name]"`, bytes as `"[Buffer 5 bytes]"`, an `Error` as
 * `"[TypeError: …]"`, a `ToolResult` as its content, a part that throws when read (a getter, a
 * Proxy trap, `toJSON`) as `"[unreadable: …]"`, and nesting deeper than 64 levels as
 * `"[Too deep]"`. Every own key is kept, `__proto__` included. Stops once the text passes
 * `maxChars` characters, `maxNodes` values have been visited, or it has produced four times
 * `maxChars` characters, those taken back included; then says so in `complete`.
 *
 * @example
 * {@includeCode ../../../docs/examples/results.ts#bounded-json}
 */
export function boundedJson(value: unknown, maxChars: number, maxNodes: number): BoundedJson {
  const sink = new TextSink(maxChars, maxNodes);
  try {
    const written = writeValue(value, "", [], sink);
    return { text: sink.text(), complete: true, written };
  } catch (thrown) {
    if (thrown === STOP) return { text: sink.text(), complete: false, written: true };
    throw thrown;
  }
}
