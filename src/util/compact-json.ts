/**
 * Compact one-line JSON for people to read: the lesson CLI's trace and the playground show the
 * arguments a model sent with it. Any value the registry accepts can arrive there, a valid JSON
 * array nested 6,000 deep included, so the printer is bounded: it never goes deeper than
 * {@link COMPACT_JSON_MAX_DEPTH} levels (a deeper part is written as {@link TOO_DEEP_MARK}, so the
 * output says so), it stops writing once the text is longer than its limit, and it never throws.
 *
 * @module
 */

/** The most levels of nesting {@link compactJson} writes; anything deeper is {@link TOO_DEEP_MARK}. */
export const COMPACT_JSON_MAX_DEPTH = 32;

/** What {@link compactJson} writes, as a JSON string, in place of a part nested too deep. */
export const TOO_DEEP_MARK = `[nested deeper than ${COMPACT_JSON_MAX_DEPTH} levels]`;

/** How {@link compactJson} shortens and stops. */
export interface CompactJsonOptions {
  /** Longest string kept whole; a longer one is cut and ends with `ellipsis`. Default: no limit. */
  maxString?: number;
  /** The text stops growing soon after it passes this many characters (the caller cuts it). Default 100,000. */
  maxChars?: number;
  /** Ends a string that was cut. Default `"..."`. */
  ellipsis?: string;
}

/** Where the writer is: the options, the objects already written, and the characters so far. */
interface State {
  maxString: number;
  maxChars: number;
  ellipsis: string;
  seen: WeakSet<object>;
  length: number;
}

function shorten(text: string, state: State): string {
  if (text.length <= state.maxString) return text;
  return text.slice(0, Math.max(0, state.maxString - state.ellipsis.length)) + state.ellipsis;
}

/** The text of a thrown value, without calling anything on it that could throw or recurse. */
function thrownText(thrown: unknown): string {
  if (thrown instanceof Error) {
    try {
      return `${thrown.name}: ${thrown.message}`;
    } catch {
      return "Error";
    }
  }
  return typeof thrown === "string" ? thrown : typeof thrown;
}

/** One value as JSON, or `undefined` for what JSON leaves out; `depth` levels are open around it. */
function write(value: unknown, key: string, depth: number, state: State): string | undefined {
  let v = value;
  if ((v !== null && typeof v === "object") || typeof v === "bigint") {
    const toJSON: unknown = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") v = (toJSON as (key: string) => unknown).call(v, key);
  }
  if (v instanceof Number || v instanceof String || v instanceof Boolean) v = v.valueOf();
  switch (typeof v) {
    case "string":
      return JSON.stringify(shorten(v, state));
    case "number":
      return Number.isFinite(v) ? String(v) : JSON.stringify(String(v));
    case "boolean":
      return String(v);
    case "bigint":
      return JSON.stringify(`${v}n`);
    case "function":
      return '"[function]"';
    case "undefined":
    case "symbol":
      return undefined;
    default:
      break;
  }
  if (v === null) return "null";
  const obj = v as object;
  if (state.seen.has(obj)) return '"[Circular]"';
  if (depth >= COMPACT_JSON_MAX_DEPTH) return JSON.stringify(TOO_DEEP_MARK);
  state.seen.add(obj);
  const parts: string[] = [];
  const add = (text: string): boolean => {
    parts.push(text);
    state.length += text.length + 1;
    return state.length <= state.maxChars;
  };
  if (Array.isArray(obj)) {
    const length = obj.length;
    for (let i = 0; i < length; i++) if (!add(write(obj[i] as unknown, String(i), depth + 1, state) ?? "null")) break;
    return `[${parts.join(",")}]`;
  }
  for (const name of Object.keys(obj)) {
    const text = write((obj as Record<string, unknown>)[name], name, depth + 1, state);
    if (text !== undefined && !add(`${JSON.stringify(name)}:${text}`)) break;
  }
  return `{${parts.join(",")}}`;
}

/**
 * `value` as compact JSON, as `JSON.stringify` would write it, made safe to show: strings longer
 * than `maxString` are cut, a BigInt is written as `"12n"`, a function as `"[function]"`, a number
 * JSON cannot hold as its name (`"NaN"`), an object met a second time as `"[Circular]"`, a part
 * nested deeper than {@link COMPACT_JSON_MAX_DEPTH} levels as {@link TOO_DEEP_MARK}, and a value
 * that throws when read as `[unprintable: …]`. `undefined`, a symbol or a function on its own
 * gives `"undefined"`, `"[symbol]"` or `"[function]"`. Writing stops soon after `maxChars`
 * characters, so the work is bounded too; the caller cuts the text to its width. Never throws.
 */
export function compactJson(value: unknown, options: CompactJsonOptions = {}): string {
  const state: State = {
    maxString: options.maxString ?? Number.POSITIVE_INFINITY,
    maxChars: options.maxChars ?? 100_000,
    ellipsis: options.ellipsis ?? "...",
    seen: new WeakSet(),
    length: 0,
  };
  try {
    const text = write(value, "", 0, state);
    if (text !== undefined) return text;
    return typeof value === "symbol" ? "[symbol]" : "undefined";
  } catch (thrown) {
    return `[unprintable: ${thrownText(thrown)}]`;
  }
}
