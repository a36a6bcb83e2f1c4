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

/** Thrown (never escaping this module) to stop writing when a budget runs out: one object, made once. */
const STOP = new Error("result text budget spent");

/** JSON texts of recently seen object keys: keys repeat across a list of records. */
const KEY_CACHE_LIMIT = 1_000;

/** Small writes are joined into chunks of about this many characters; a larger write is a chunk of its own. */
const CHUNK_CHARS = 1_024;

/**
 * The most characters one conversion may produce, those taken back included, as a multiple of
 * its text budget: room for parts that are written and then found unreadable, with a bound.
 */
const SPENDING_FACTOR = 4;

/** Characters {@link boundedJson} produced in this process, those it took back included. */
let produced = 0;

/**
 * How many characters {@link boundedJson} has produced in this process so far, counting those it
 * wrote and then took back (the start of a part that turned out unreadable, the key of a value
 * JSON leaves out). Only grows; tests subtract two readings to count the work of one conversion.
 */
export function charactersProduced(): number {
  return produced;
}

/** Where the text stood at one moment: what {@link TextSink.rollback} returns to. */
interface Mark {
  length: number;
  pending: string;
}

/**
 * The text written so far, with the budgets that bound the work: the characters kept, the values
 * visited, and every character produced, those taken back included, so a value that keeps
 * writing and taking back cannot make the work grow past {@link SPENDING_FACTOR} times the text
 * budget.
 */
class TextSink {
  /** Finished chunks, and their total length. */
  readonly #chunks: string[] = [];
  #chunked = 0;
  /** The chunk being filled. */
  #current = "";
  /** A separator or key, written just before the next text and dropped if no text follows. */
  #pending = "";
  /** Characters kept. */
  length = 0;
  /** Characters produced, taken back or not. */
  #spent = 0;
  nodes = 0;
  readonly #keys = new Map<string, string>();
  constructor(
    readonly maxChars: number,
    readonly maxNodes: number,
  ) {}

  /** Counts `count` characters produced; past {@link SPENDING_FACTOR} times the text budget, writing stops. */
  #spend(count: number): void {
    this.#spent += count;
    produced += count;
    if (this.#spent > SPENDING_FACTOR * this.maxChars) throw STOP;
  }

  write(text: string): void {
    this.#spend(text.length);
    if (this.#pending !== "") {
      text = this.#pending + text;
      this.#pending = "";
    }
    this.length += text.length;
    if (text.length >= CHUNK_CHARS) {
      if (this.#current !== "") this.#push(this.#current);
      this.#current = "";
      this.#push(text);
    } else {
      this.#current += text;
      if (this.#current.length >= CHUNK_CHARS) {
        this.#push(this.#current);
        this.#current = "";
      }
    }
    if (this.length > this.maxChars) throw STOP;
  }

  #push(chunk: string): void {
    this.#chunks.push(chunk);
    this.#chunked += chunk.length;
  }

  /** Sets what the next write starts with: a separator, a key and its colon. */
  prefix(text: string): void {
    this.#spend(text.length);
    this.#pending += text;
  }

  /** Forgets a prefix that no text followed. */
  dropPrefix(): void {
    this.#pending = "";
  }

  /** Counts one visited value; every loop below visits at least one per step, so all loops end. */
  visit(): void {
    this.nodes += 1;
    if (this.nodes > this.maxNodes) throw STOP;
  }

  /** `text`, cut first to what the budget can still take (plus one, to trip it). */
  #fitted(text: string): string {
    const room = Math.min(this.maxChars - this.length, SPENDING_FACTOR * this.maxChars - this.#spent);
    return text.length > room + 1 ? text.slice(0, Math.max(0, room) + 1) : text;
  }

  /** A JSON string literal, cut first to what the budget can still take. */
  quote(text: string): void {
    this.write(JSON.stringify(this.#fitted(text)));
  }

  /**
   * An object key and its colon (`"key":`, or `,"key":` when `comma`), set as the prefix of the
   * value's text and remembered for the next record with the same keys.
   */
  key(key: string, comma: boolean): void {
    let known = this.#keys.get(key);
    if (known === undefined) {
      const fitted = this.#fitted(key);
      known = `${JSON.stringify(fitted)}:`;
      if (fitted === key && key.length <= 64 && this.#keys.size < KEY_CACHE_LIMIT) this.#keys.set(key, known);
    }
    this.prefix(comma ? `,${known}` : known);
  }

  mark(): Mark {
    return { length: this.length, pending: this.#pending };
  }

  /** Forgets everything written since `mark`. Costs at most two chunks' worth of copying. */
  rollback(mark: Mark): void {
    while (this.#chunked > mark.length) {
      const chunk = this.#chunks.pop() as string;
      this.#chunked -= chunk.length;
      this.#current = chunk;
    }
    this.#current = this.#current.slice(0, mark.length - this.#chunked);
    this.length = mark.length;
    this.#pending = mark.pending;
  }

  text(): string {
    return this.#chunks.join("") + this.#current;
  }
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
