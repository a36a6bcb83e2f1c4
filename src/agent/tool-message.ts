/**
 * Putting a tool's result back into the conversation (lesson 8). Every call gets exactly one
 * `{ role: "tool", tool_call_id, name, content }` message whose `content` is a string:
 *
 * 1. an empty result becomes `(<name> completed with no output)`, so the model knows the call ran;
 * 2. any other non-string result becomes text ({@link toolResultToText}), within a size and a
 *    work budget, whatever the value does when it is read;
 * 3. a text longer than the limit is saved under the workspace and replaced by a short reference
 *    with a preview ({@link persistToolResult}, {@link persistedReference}), or cut
 *    ({@link truncateText}) when there is no workspace or saving fails.
 *
 * `read_file` results skip step 3: the model asked for that text, and `read_file` already caps
 * what it returns.
 *
 * Saving never leaves the workspace: a `.tool-results` or session folder that is a symlink (or
 * not a folder) is never written through, an existing file is never overwritten or reused for a
 * different text, and clean-up removes only what the runner itself wrote.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { link, lstat, mkdir, open, readdir, realpath, rename, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ChatMessage, ToolCallRequest } from "../providers/base.js";
import { ToolResult } from "../tools/base.js";
import { isPlainObject } from "../tools/cast.js";
import { emptyResultMessage } from "../tools/messages.js";
import { formatThrown } from "../tools/thrown.js";
import { isPathInside } from "../tools/workspace.js";

/** The default `maxToolResultChars`: results longer than this are persisted or truncated. */
export const DEFAULT_MAX_TOOL_RESULT_CHARS = 16_000;

/** How many characters of a persisted result the reference shows. */
export const PERSIST_PREVIEW_CHARS = 1_200;

/** Appended after `max` characters by {@link truncateText}. */
export const TRUNCATION_SUFFIX = "\n... (truncated)";

/** The last line of a persisted-result reference whose preview is cut (upstream's exact text). */
export const PERSISTED_PREVIEW_CUT_LINE = "\n...\n(Read the saved file if you need the full output.)";

/** The folder, under the workspace, that holds persisted results (one sub-folder per session). */
export const TOOL_RESULTS_DIR = ".tool-results";

/**
 * The empty file the runner puts in each session folder it creates. Clean-up only ever touches
 * folders that hold it, so a folder someone else put under `.tool-results` is left alone.
 */
export const TOOL_RESULT_BUCKET_MARKER = ".created-by-runner";

/** Tools whose results are never persisted or truncated. */
export const PERSISTENCE_EXEMPT_TOOLS: ReadonlySet<string> = new Set(["read_file"]);

/** The most characters {@link toolResultToText} returns unless told otherwise. */
export const RESULT_TEXT_MAX_CHARS = 1_000_000;

/** The most values (objects, array items, primitives) {@link toolResultToText} visits unless told otherwise. */
export const RESULT_TEXT_MAX_NODES = 100_000;

/** Ends a text that {@link toolResultToText} stopped writing because a budget ran out. */
export const RESULT_TEXT_CUT_NOTE = "\n... (cut: the result is too large to show in full)";

/** Deeper than this, a value is shown as `"[Too deep]"` instead of being walked. */
const MAX_DEPTH = 64;

type TextBlock = { type: "text"; text: string };

function isTextBlockList(value: unknown): value is TextBlock[] {
  try {
    return (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((item) => isPlainObject(item) && item["type"] === "text" && typeof item["text"] === "string")
    );
  } catch {
    return false;
  }
}

/**
 * True for a result that carries nothing for the model: `null`, `undefined`, a blank string, a
 * `ToolResult` with blank content, `[]`, or a list of only `{ type: "text", text }` blocks whose
 * texts are all blank. A value that throws when inspected (a hostile Proxy) is not empty.
 */
export function isEmptyToolResult(result: unknown): boolean {
  if (result === null || result === undefined) return true;
  if (typeof result === "string") return result.trim() === "";
  try {
    if (result instanceof ToolResult) return typeof result.content === "string" && result.content.trim() === "";
    if (Array.isArray(result)) {
      if (result.length === 0) return true;
      return isTextBlockList(result) && result.map((b) => b.text).join("\n").trim() === "";
    }
  } catch {
    return false;
  }
  return false;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The first `end` UTF-16 units of `text`, one fewer when unit `end` would split a surrogate pair,
 * so a cut never leaves half of an emoji behind.
 */
export function sliceAtCodePoint(text: string, end: number): string {
  if (end >= text.length) return text;
  if (end <= 0) return "";
  const cut = isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end)) ? end - 1 : end;
  return text.slice(0, cut);
}

function describeFunction(fn: Function): string {
  let name = "";
  try {
    name = typeof fn.name === "string" ? fn.name : "";
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

/** Thrown (never escaping this module) to stop writing when a budget runs out. */
const STOP: unique symbol = Symbol("result text budget spent");

/** JSON texts of recently seen object keys: keys repeat across a list of records. */
const KEY_CACHE_LIMIT = 1_000;

/** The text written so far, with the two budgets that bound the work. */
class TextSink {
  readonly parts: string[] = [];
  length = 0;
  nodes = 0;
  readonly #keys = new Map<string, string>();
  constructor(
    readonly maxChars: number,
    readonly maxNodes: number,
  ) {}

  write(text: string): void {
    this.parts.push(text);
    this.length += text.length;
    if (this.length > this.maxChars) throw STOP;
  }

  /** Counts one visited value; every loop below visits at least one per step, so all loops end. */
  visit(): void {
    this.nodes += 1;
    if (this.nodes > this.maxNodes) throw STOP;
  }

  /** A JSON string literal, cut first to what the budget can still take (plus one, to trip it). */
  quote(text: string): void {
    const room = this.maxChars - this.length;
    const kept = text.length > room + 1 ? text.slice(0, Math.max(0, room) + 1) : text;
    this.write(JSON.stringify(kept));
  }

  /**
   * An object key and its colon (`"key":`, or `,"key":` when `comma`), remembered for the next
   * record with the same keys.
   */
  writeKey(key: string, comma: boolean): void {
    let known = this.#keys.get(key);
    if (known === undefined) {
      if (key.length > 64 || this.#keys.size >= KEY_CACHE_LIMIT) {
        if (comma) this.write(",");
        this.quote(key);
        this.write(":");
        return;
      }
      known = `${JSON.stringify(key)}:`;
      this.#keys.set(key, known);
    }
    this.write(comma ? `,${known}` : known);
  }

  /** Forgets everything written after the `count`-th part. */
  rollback(count: number, length: number): void {
    this.parts.length = count;
    this.length = length;
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
      sink.quote(value.toString());
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
    sink.quote("[Circular]");
    return true;
  }
  if (ancestors.length >= MAX_DEPTH) {
    sink.quote("[Too deep]");
    return true;
  }
  const count = sink.parts.length;
  const length = sink.length;
  ancestors.push(obj);
  try {
    return writeObject(obj, key, ancestors, sink, useToJSON);
  } catch (thrown) {
    if (thrown === STOP) throw thrown;
    sink.rollback(count, length);
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
  if (obj instanceof ToolResult) return typeof obj.content === "string" ? obj.content : "[a result that cannot be shown as text]";
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
      if (i > 0) sink.write(",");
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
      if (!first) sink.write(",");
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
      const count = sink.parts.length;
      const length = sink.length;
      const name = mapKeyText(k, sink);
      if (!first) sink.write(",");
      sink.quote(name);
      sink.write(":");
      if (writeValue(v, name, ancestors, sink)) first = false;
      else sink.rollback(count, length);
    }
  } else {
    // Every own enumerable string key, `__proto__` included: the text is written, never rebuilt
    // as an object, so no key can turn into a prototype on the way.
    for (const name of Object.keys(obj)) {
      const count = sink.parts.length;
      const length = sink.length;
      sink.writeKey(name, !first);
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
      else sink.rollback(count, length);
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
 * content; a list of only `{ type: "text", text }` blocks gives its texts joined by newlines;
 * numbers, booleans, BigInts and symbols give their usual spelling; anything else is JSON, made
 * safe on the way: a cycle shows as `"[Circular]"`, a BigInt as its digits, a function as
 * `"[function name]"`, bytes as `"[Buffer 5 bytes]"`, an `Error` as `"[TypeError: …]"`, a part
 * that throws when read (a getter, a Proxy trap, `toJSON`) as `"[unreadable: …]"`, and nesting
 * deeper than 64 levels as `"[Too deep]"`. Every own key is kept, `__proto__` included.
 * `undefined` inside an object is left out, as in JSON; on its own it gives `"undefined"`.
 *
 * Total and bounded: it never throws, and it stops writing once the text passes `maxChars` or
 * it has visited `maxNodes` values, so shared references (a value reached by many paths) cannot
 * make the work grow without end. A text that had to stop, strings included, is at most
 * `maxChars` long, cut at a code point and ended by `RESULT_TEXT_CUT_NOTE`. Pure: call it
 * once per result and reuse the text.
 *
 * @param result - the value a tool returned.
 * @param options - `maxChars`: the most characters (UTF-16 units) returned, default
 *   `RESULT_TEXT_MAX_CHARS` (1,000,000); `maxNodes`: the most values visited, default
 *   `RESULT_TEXT_MAX_NODES` (100,000).
 *
 * @example
 * ```ts
 * toolResultToText({ n: 1n, list: [1, 2] });     // '{"n":"1","list":[1,2]}'
 * const a: Record<string, unknown> = {}; a.self = a;
 * toolResultToText(a);                            // '{"self":"[Circular]"}'
 * toolResultToText(Buffer.from("hello"));         // "[Buffer 5 bytes]"
 * toolResultToText({ items: bigList }, { maxChars: 100 }).length <= 100;  // true
 * ```
 */
export function toolResultToText(result: unknown, options: { maxChars?: number; maxNodes?: number } = {}): string {
  const maxChars = positiveOr(options.maxChars, RESULT_TEXT_MAX_CHARS);
  const maxNodes = positiveOr(options.maxNodes, RESULT_TEXT_MAX_NODES);
  return capText(convert(result, maxChars, maxNodes), maxChars);
}

function convert(result: unknown, maxChars: number, maxNodes: number): string {
  const sink = new TextSink(maxChars, maxNodes);
  try {
    if (typeof result === "string") return capText(result, maxChars);
    if (result === undefined) return "undefined";
    if (result === null) return "null";
    if (typeof result === "number" || typeof result === "boolean" || typeof result === "bigint") return capText(String(result), maxChars);
    if (typeof result === "symbol") return capText(result.toString(), maxChars);
    if (typeof result === "function") return capText(describeFunction(result), maxChars);
    if (isTextBlockList(result)) {
      const texts: string[] = [];
      let length = 0;
      for (const block of result) {
        if (length > maxChars) break;
        texts.push(block.text);
        length += block.text.length + 1;
      }
      return capText(texts.join("\n"), maxChars);
    }
    if (!writeValue(result, "", [], sink)) return "undefined";
    const text = sink.parts.join("");
    // A value shown as one string (a Date, an Error, bytes, an unreadable part) is given unquoted.
    return text.startsWith('"') ? capText(String(JSON.parse(text)), maxChars) : text;
  } catch (thrown) {
    if (thrown === STOP) return cutWithNote(sink.parts.join(""), maxChars);
    try {
      return capText(`[a result that cannot be shown as text: ${formatThrown(thrown)}]`, maxChars);
    } catch {
      return "[a result that cannot be shown as text]";
    }
  }
}

/**
 * Cuts `text` to `max` characters and appends `"\n... (truncated)"` (so the output is a little
 * longer than `max`). A text of at most `max` characters, or a `max` of 0 or less, is returned
 * unchanged. The cut never splits a surrogate pair: when character `max` would be the second half
 * of one, the cut is one character earlier.
 */
export function truncateText(text: string, max: number): string {
  if (!(max > 0) || text.length <= max) return text;
  return sliceAtCodePoint(text, max) + TRUNCATION_SUFFIX;
}

/**
 * Makes a session key or call id safe as a file name: each of `< > : " / \ | ? *` and every
 * control character becomes `_`, then the ends are trimmed; an empty result, `.` or `..` become `_`.
 */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = String(name).replace(/[<>:"/\\|?*\u0000-\u001f]/g, "_").trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "_" : cleaned;
}

function errorCode(thrown: unknown): unknown {
  return (thrown as { code?: unknown } | null)?.code;
}

/**
 * Makes sure `parent/name` is a real folder (created when missing), never a symlink or a file.
 * Returns whether this call created it.
 */
async function ensurePlainFolder(path: string): Promise<boolean> {
  let created = true;
  try {
    await mkdir(path);
  } catch (thrown) {
    if (errorCode(thrown) !== "EEXIST") throw thrown;
    created = false;
  }
  const info = await lstat(path);
  if (info.isSymbolicLink() || !info.isDirectory()) {
    throw new Error(`${path} is not a plain folder (a symlink or a file); results are not saved through it`);
  }
  return created;
}

/** True when `path` is a regular file (not a symlink) holding exactly `text`. */
async function holdsText(path: string, text: string): Promise<boolean> {
  const info = await lstat(path).catch(() => null);
  if (info === null || !info.isFile() || info.size !== Buffer.byteLength(text, "utf8")) return false;
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch(() => null);
  if (handle === null) return false;
  try {
    return (await handle.readFile("utf8")) === text;
  } finally {
    await handle.close();
  }
}

/** The most file names tried for one call id before a random one is used. */
const MAX_NAME_TRIES = 100;

/**
 * Saves a large result as `<workspace>/.tool-results/<session>/<call id>.txt` and returns that
 * path (`<session>` is the safe session key, or `default`).
 *
 * - The text goes to a temporary file first, which is flushed and then linked into place, so a
 *   reader never sees half a file.
 * - An existing file is never overwritten. When it already holds this very text (the same
 *   result saved again), its path is returned; when it holds another text (a call id used
 *   twice), the result is saved as `<call id>.2.txt`, `<call id>.3.txt`, …, so a reference
 *   never points at another result's file.
 * - Nothing is written outside the workspace: the workspace must exist, and a `.tool-results`
 *   or session folder that is a symlink or a file is refused, as is a target file that is a
 *   symlink (the next name is used).
 *
 * Rejects when the file cannot be written safely; the caller then truncates instead.
 */
export async function persistToolResult(opts: {
  workspace: string;
  sessionKey?: string;
  callId: string;
  text: string;
}): Promise<string> {
  const bucket = safeFileName(opts.sessionKey === undefined || opts.sessionKey === "" ? "default" : opts.sessionKey);
  const base = safeFileName(opts.callId);
  // The workspace must exist (it is never created here); a file instead of a folder fails at mkdir.
  const workspace = await realpath(opts.workspace);
  const root = join(workspace, TOOL_RESULTS_DIR);
  await ensurePlainFolder(root);
  const dir = join(root, bucket);
  if (await ensurePlainFolder(dir)) await writeFile(join(dir, TOOL_RESULT_BUCKET_MARKER), "", { flag: "wx" }).catch(() => undefined);
  if (!isPathInside(workspace, await realpath(dir))) throw new Error(`${dir} resolves outside the workspace`);
  // Best effort: old sessions' results are cleared away, and a failure here never blocks saving.
  await pruneToolResultBuckets(root, bucket).catch(() => undefined);

  const shown = (name: string): string => join(opts.workspace, TOOL_RESULTS_DIR, bucket, name);
  let temp: string | null = null;
  try {
    for (let attempt = 1; ; attempt++) {
      const name =
        attempt === 1 ? `${base}.txt` : attempt <= MAX_NAME_TRIES ? `${base}.${attempt}.txt` : `${base}.${randomUUID()}.txt`;
      const target = join(dir, name);
      const existing = await lstat(target).catch(() => null);
      if (existing !== null) {
        if (await holdsText(target, opts.text)) return shown(name);
        continue;
      }
      if (temp === null) {
        temp = join(dir, `.${base}.${randomUUID()}.tmp`);
        const handle = await open(temp, "wx");
        try {
          await handle.writeFile(opts.text, "utf8");
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
      try {
        // link() fails instead of replacing an existing file: the "never overwrite" rule, atomically.
        await link(temp, target);
        return shown(name);
      } catch (thrown) {
        if (errorCode(thrown) === "EEXIST") {
          if (await holdsText(target, opts.text)) return shown(name);
          continue;
        }
        // Some file systems have no hard links; fall back to a rename when the target is still free.
        if ((await lstat(target).catch(() => null)) !== null) {
          if (await holdsText(target, opts.text)) return shown(name);
          continue;
        }
        await rename(temp, target);
        temp = null;
        return shown(name);
      }
    }
  } finally {
    if (temp !== null) await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** Session folders of persisted results older than this are removed. */
export const TOOL_RESULT_BUCKET_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many other session folders are kept, newest first. */
export const TOOL_RESULT_MAX_OTHER_BUCKETS = 31;

/** True for a file name the runner writes in a session folder. */
function isRunnerFile(name: string): boolean {
  return name === TOOL_RESULT_BUCKET_MARKER || name.endsWith(".txt") || name.endsWith(".tmp");
}

/** Deletes the runner's own files in one session folder, then the folder if that emptied it. */
async function removeBucket(path: string): Promise<boolean> {
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (!entry.isFile() || !isRunnerFile(entry.name)) continue;
    await unlink(join(path, entry.name)).catch(() => undefined);
  }
  try {
    await rmdir(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes stale session folders under `root` (the `.tool-results` folder): every folder other
 * than `keep` whose last change is older than {@link TOOL_RESULT_BUCKET_MAX_AGE_MS}, then the
 * oldest ones beyond {@link TOOL_RESULT_MAX_OTHER_BUCKETS}. The current session's folder is never
 * removed. Only what the runner created is touched: `root` and the folders must be real folders
 * (never symlinks), a folder must hold `TOOL_RESULT_BUCKET_MARKER`, and inside it only
 * regular `.txt`/`.tmp` files and the marker are deleted; a folder that still holds anything
 * else stays. Returns the names of the folders removed.
 */
export async function pruneToolResultBuckets(root: string, keep: string, now: number = Date.now()): Promise<string[]> {
  const rootInfo = await lstat(root);
  if (rootInfo.isSymbolicLink() || !rootInfo.isDirectory()) return [];
  const entries = await readdir(root, { withFileTypes: true });
  const others: { name: string; mtime: number }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === keep) continue;
    const path = join(root, entry.name);
    const info = await lstat(path).catch(() => null);
    if (info === null || !info.isDirectory()) continue;
    const marker = await lstat(join(path, TOOL_RESULT_BUCKET_MARKER)).catch(() => null);
    if (marker === null || !marker.isFile()) continue;
    others.push({ name: entry.name, mtime: info.mtimeMs });
  }
  others.sort((a, b) => b.mtime - a.mtime);
  const removed: string[] = [];
  for (const [index, bucket] of others.entries()) {
    if (now - bucket.mtime <= TOOL_RESULT_BUCKET_MAX_AGE_MS && index < TOOL_RESULT_MAX_OTHER_BUCKETS) continue;
    if (await removeBucket(join(root, bucket.name))) removed.push(bucket.name);
  }
  return removed;
}

/**
 * The short text that stands in for a persisted result: where it was saved, its size, and the
 * first 1,200 characters (cut at a code point), then, when the preview is cut, upstream's line
 * `PERSISTED_PREVIEW_CUT_LINE`.
 *
 * @example
 * ```ts
 * persistedReference("/ws/.tool-results/default/call_1.txt", "x".repeat(5000));
 * // "[tool output persisted]\nFull output saved to: /ws/.tool-results/default/call_1.txt\n
 * //  Original size: 5000 chars\nPreview:\nxxxx…\n...\n(Read the saved file if you need the full output.)"
 * ```
 */
export function persistedReference(path: string, text: string): string {
  const preview = sliceAtCodePoint(text, PERSIST_PREVIEW_CHARS);
  const cut = text.length > PERSIST_PREVIEW_CHARS ? PERSISTED_PREVIEW_CUT_LINE : "";
  return (
    "[tool output persisted]\n" +
    `Full output saved to: ${path}\n` +
    `Original size: ${text.length} chars\n` +
    `Preview:\n${preview}${cut}`
  );
}

/**
 * The text of a result for its message: a string or a `ToolResult`'s content as it is (upstream
 * keeps them whole, and they cost nothing to convert), anything else by {@link toolResultToText}
 * with room for at least `maxToolResultChars + 1` characters, so cutting or saving sees the same
 * start and the same "too long" verdict.
 */
function messageText(result: unknown, maxToolResultChars: number): string {
  if (typeof result === "string") return result;
  try {
    if (result instanceof ToolResult && typeof result.content === "string") return result.content;
  } catch {
    // A Proxy that throws on inspection: toolResultToText describes it.
  }
  const room = maxToolResultChars > 0 ? Math.max(RESULT_TEXT_MAX_CHARS, maxToolResultChars + 1) : RESULT_TEXT_MAX_CHARS;
  return toolResultToText(result, { maxChars: room });
}

/**
 * Builds the `role: "tool"` message for one call: `{ role, tool_call_id, name, content }` with the
 * name as the model called it and `content` always a string. Applies, in order, the empty-result
 * marker, the conversion to text, and — for a text longer than `maxToolResultChars` (0 or less
 * disables this) — persistence under `workspace` with a reference, or truncation when there is
 * no workspace or the file cannot be written. The reference is itself truncated when the limit is
 * smaller than it. `read_file` results are never persisted or truncated. Never rejects.
 */
export async function buildToolMessage(
  call: ToolCallRequest,
  result: unknown,
  opts: { maxToolResultChars: number; workspace?: string; sessionKey?: string },
): Promise<ChatMessage> {
  const name = call.name;
  const message = (content: string): ChatMessage => ({ role: "tool", tool_call_id: call.id, name, content });
  if (isEmptyToolResult(result)) return message(emptyResultMessage(name));
  const max = opts.maxToolResultChars;
  const text = messageText(result, max);
  if (text.trim() === "") return message(emptyResultMessage(name));
  if (PERSISTENCE_EXEMPT_TOOLS.has(name) || !(max > 0) || text.length <= max) return message(text);
  if (opts.workspace !== undefined && opts.workspace !== "") {
    try {
      const path = await persistToolResult({
        workspace: opts.workspace,
        callId: call.id,
        text,
        ...(opts.sessionKey !== undefined ? { sessionKey: opts.sessionKey } : {}),
      });
      return message(truncateText(persistedReference(path, text), max));
    } catch {
      // Saving failed (read-only disk, a symlinked folder, bad path…): the model still gets the start of the text.
    }
  }
  return message(truncateText(text, max));
}
