/**
 * Putting a tool's result back into the conversation (lesson 8). Every call gets exactly one
 * `{ role: "tool", tool_call_id, name, content }` message whose `content` is a string:
 *
 * 1. an empty result becomes `(<name> completed with no output)`, so the model knows the call ran;
 * 2. any other non-string result becomes text ({@link toolResultToText});
 * 3. a text longer than the limit is saved under the workspace and replaced by a short reference
 *    with a preview ({@link persistToolResult}, {@link persistedReference}), or cut
 *    ({@link truncateText}) when there is no workspace or saving fails.
 *
 * `read_file` results skip step 3: the model asked for that text, and saving it to another file
 * would only send the model to read it again.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { link, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { ChatMessage, ToolCallRequest } from "../providers/base.js";
import { ToolResult } from "../tools/base.js";
import { isPlainObject } from "../tools/cast.js";
import { emptyResultMessage } from "../tools/messages.js";
import { formatThrown } from "../tools/thrown.js";

/** The default `maxToolResultChars`: results longer than this are persisted or truncated. */
export const DEFAULT_MAX_TOOL_RESULT_CHARS = 16_000;

/** How many characters of a persisted result the reference shows. */
export const PERSIST_PREVIEW_CHARS = 1_200;

/** Appended after `max` characters by {@link truncateText}. */
export const TRUNCATION_SUFFIX = "\n... (truncated)";

/** The folder, under the workspace, that holds persisted results (one sub-folder per session). */
export const TOOL_RESULTS_DIR = ".tool-results";

/** Tools whose results are never persisted or truncated. */
export const PERSISTENCE_EXEMPT_TOOLS: ReadonlySet<string> = new Set(["read_file"]);

/** Deeper than this, a value is shown as `"[Too deep]"` instead of being walked. */
const MAX_DEPTH = 64;

type TextBlock = { type: "text"; text: string };

function isTextBlockList(value: unknown): value is TextBlock[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => isPlainObject(item) && item["type"] === "text" && typeof item["text"] === "string")
  );
}

/**
 * True for a result that carries nothing for the model: `null`, `undefined`, a blank string, a
 * `ToolResult` with blank content, `[]`, or a list of only `{ type: "text", text }` blocks whose
 * texts are all blank.
 */
export function isEmptyToolResult(result: unknown): boolean {
  if (result === null || result === undefined) return true;
  if (typeof result === "string") return result.trim() === "";
  if (result instanceof ToolResult) return result.content.trim() === "";
  if (Array.isArray(result)) {
    if (result.length === 0) return true;
    return isTextBlockList(result) && result.map((b) => b.text).join("\n").trim() === "";
  }
  return false;
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

/** Turns any value into plain JSON data: no cycles, no BigInt, no functions, bounded depth. */
function toJsonSafe(value: unknown, ancestors: object[]): unknown {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
    case "undefined":
      return value;
    case "bigint":
      return value.toString();
    case "symbol":
      return value.toString();
    case "function":
      return describeFunction(value);
    default:
      break;
  }
  if (value === null) return null;
  const obj = value as object;
  if (ancestors.includes(obj)) return "[Circular]";
  if (ancestors.length >= MAX_DEPTH) return "[Too deep]";
  if (obj instanceof ToolResult) return obj.content;
  const bytes = describeBytes(obj);
  if (bytes !== null) return bytes;
  if (obj instanceof Error) return `[${formatThrown(obj)}]`;
  ancestors.push(obj);
  try {
    if (Array.isArray(obj)) {
      const out: unknown[] = [];
      for (let i = 0; i < obj.length; i++) out.push(readSafely(() => obj[i], ancestors));
      return out;
    }
    if (obj instanceof Map) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of obj) out[typeof k === "string" ? k : String(toJsonSafe(k, ancestors))] = toJsonSafe(v, ancestors);
      return out;
    }
    if (obj instanceof Set) return [...obj].map((v) => toJsonSafe(v, ancestors));
    const toJSON = (obj as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") {
      return readSafely(() => (toJSON as (key: string) => unknown).call(obj, ""), ancestors);
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(obj)) {
      out[key] = readSafely(() => (obj as Record<string, unknown>)[key], ancestors);
    }
    return out;
  } finally {
    ancestors.pop();
  }
}

function readSafely(read: () => unknown, ancestors: object[]): unknown {
  let value: unknown;
  try {
    value = read();
  } catch (thrown) {
    return `[unreadable: ${formatThrown(thrown)}]`;
  }
  return toJsonSafe(value, ancestors);
}

/**
 * The text the model reads for a result. A string is kept as it is and a `ToolResult` gives its
 * content; a list of only `{ type: "text", text }` blocks gives its texts joined by newlines;
 * numbers, booleans, BigInts and symbols give their usual spelling; anything else is JSON, made
 * safe first: a cycle shows as `"[Circular]"`, a BigInt as its digits, a function as
 * `"[function name]"`, bytes as `"[Buffer 5 bytes]"`, an `Error` as `"[TypeError: …]"`, and
 * nesting deeper than 64 levels as `"[Too deep]"`. `undefined` inside an object is left out, as
 * in JSON; on its own it gives `"undefined"`. Never throws.
 *
 * @example
 * ```ts
 * toolResultToText({ n: 1n, list: [1, 2] });     // '{"n":"1","list":[1,2]}'
 * const a: Record<string, unknown> = {}; a.self = a;
 * toolResultToText(a);                            // '{"self":"[Circular]"}'
 * toolResultToText(Buffer.from("hello"));         // "[Buffer 5 bytes]"
 * ```
 */
export function toolResultToText(result: unknown): string {
  try {
    if (typeof result === "string") return result;
    if (result instanceof ToolResult) return result.content;
    if (result === undefined) return "undefined";
    if (result === null) return "null";
    if (typeof result === "number" || typeof result === "boolean" || typeof result === "bigint") return String(result);
    if (typeof result === "symbol") return result.toString();
    if (typeof result === "function") return describeFunction(result);
    if (isTextBlockList(result)) return result.map((b) => b.text).join("\n");
    const safe = toJsonSafe(result, []);
    if (typeof safe === "string") return safe;
    return JSON.stringify(safe) ?? "undefined";
  } catch (thrown) {
    return `[a result that cannot be shown as text: ${formatThrown(thrown)}]`;
  }
}

/**
 * Cuts `text` to `max` characters and appends `"\n... (truncated)"` (so the output is a little
 * longer than `max`). A text of at most `max` characters, or a `max` of 0 or less, is returned
 * unchanged.
 */
export function truncateText(text: string, max: number): string {
  if (!(max > 0) || text.length <= max) return text;
  return text.slice(0, max) + TRUNCATION_SUFFIX;
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

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves a large result as `<workspace>/.tool-results/<session>/<call id>.txt` and returns that
 * path (`<session>` is the safe session key, or `default`). The text goes to a temporary file
 * first, which is flushed and then linked into place, so a reader never sees half a file. An
 * existing file is never overwritten: a call id names one call, so its file is kept and its path
 * returned. Rejects when the file cannot be written; the caller then truncates instead.
 */
export async function persistToolResult(opts: {
  workspace: string;
  sessionKey?: string;
  callId: string;
  text: string;
}): Promise<string> {
  const bucket = safeFileName(opts.sessionKey === undefined || opts.sessionKey === "" ? "default" : opts.sessionKey);
  const dir = join(opts.workspace, TOOL_RESULTS_DIR, bucket);
  const base = safeFileName(opts.callId);
  const target = join(dir, `${base}.txt`);
  await mkdir(dir, { recursive: true });
  // Best effort: old sessions' results are cleared away, and a failure here never blocks saving.
  await pruneToolResultBuckets(join(opts.workspace, TOOL_RESULTS_DIR), bucket).catch(() => undefined);
  if (await exists(target)) return target;
  const temp = join(dir, `.${base}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, "wx");
    try {
      await handle.writeFile(opts.text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      // link() fails instead of replacing an existing file: the "never overwrite" rule, atomically.
      await link(temp, target);
    } catch (thrown) {
      const code = (thrown as { code?: unknown } | null)?.code;
      if (code === "EEXIST") return target;
      // Some file systems have no hard links; fall back to a rename when the target is still free.
      if (await exists(target)) return target;
      await rename(temp, target);
    }
    return target;
  } finally {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** Session folders of persisted results older than this are removed. */
export const TOOL_RESULT_BUCKET_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many other session folders are kept, newest first. */
export const TOOL_RESULT_MAX_OTHER_BUCKETS = 31;

/**
 * Removes stale session folders under `root` (the `.tool-results` folder): every folder other
 * than `keep` whose last change is older than {@link TOOL_RESULT_BUCKET_MAX_AGE_MS}, then the
 * oldest ones beyond {@link TOOL_RESULT_MAX_OTHER_BUCKETS}. The current session's folder is never
 * removed. Returns the names removed.
 */
export async function pruneToolResultBuckets(root: string, keep: string, now: number = Date.now()): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const others: { name: string; mtime: number }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === keep) continue;
    const info = await stat(join(root, entry.name)).catch(() => null);
    if (info !== null) others.push({ name: entry.name, mtime: info.mtimeMs });
  }
  others.sort((a, b) => b.mtime - a.mtime);
  const removed: string[] = [];
  others.forEach((bucket, index) => {
    if (now - bucket.mtime > TOOL_RESULT_BUCKET_MAX_AGE_MS || index >= TOOL_RESULT_MAX_OTHER_BUCKETS) removed.push(bucket.name);
  });
  for (const name of removed) await rm(join(root, name), { recursive: true, force: true });
  return removed;
}

/**
 * The short text that stands in for a persisted result: where it was saved, its size, and the
 * first 1,200 characters, with a line telling the model to read the file when the preview is cut.
 *
 * @example
 * ```ts
 * persistedReference("/ws/.tool-results/default/call_1.txt", "x".repeat(5000));
 * // "[tool output persisted]\nFull output saved to: /ws/.tool-results/default/call_1.txt\n
 * //  Original size: 5000 chars\nPreview:\nxxxx…\n...\n(Only a preview is shown; read the saved file for the rest.)"
 * ```
 */
export function persistedReference(path: string, text: string): string {
  const preview = text.slice(0, PERSIST_PREVIEW_CHARS);
  const cut = text.length > PERSIST_PREVIEW_CHARS ? "\n...\n(Only a preview is shown; read the saved file for the rest.)" : "";
  return (
    "[tool output persisted]\n" +
    `Full output saved to: ${path}\n` +
    `Original size: ${text.length} chars\n` +
    `Preview:\n${preview}${cut}`
  );
}

/**
 * Builds the `role: "tool"` message for one call: `{ role, tool_call_id, name, content }` with the
 * name as the model called it and `content` always a string. Applies, in order, the empty-result
 * marker, the conversion to text, and — for a text longer than `maxToolResultChars` (0 or less
 * disables this) — persistence under `workspace` with a reference, or truncation when there is
 * no workspace or the file cannot be written. The reference is itself truncated when the limit is
 * smaller than it. `read_file` results are never persisted or truncated.
 */
export async function buildToolMessage(
  call: ToolCallRequest,
  result: unknown,
  opts: { maxToolResultChars: number; workspace?: string; sessionKey?: string },
): Promise<ChatMessage> {
  const name = call.name;
  const message = (content: string): ChatMessage => ({ role: "tool", tool_call_id: call.id, name, content });
  if (isEmptyToolResult(result)) return message(emptyResultMessage(name));
  const text = toolResultToText(result);
  if (text.trim() === "") return message(emptyResultMessage(name));
  const max = opts.maxToolResultChars;
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
      // Saving failed (read-only disk, bad path…): the model still gets the start of the text.
    }
  }
  return message(truncateText(text, max));
}
