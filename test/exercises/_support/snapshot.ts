/**
 * What a side of a differential property gave, frozen the moment it gave it: a plain tree that
 * keeps every difference a learner's code can make (`-0` and `0`, `NaN`, a key holding
 * `undefined` and a missing key, an array hole, a class instance and a plain object), so two
 * snapshots compare with `isDeepStrictEqual` and print the same way on every machine.
 *
 * @module
 */

/** A value, frozen: primitives as they are, everything else as a tagged plain record. */
export type Snapshot =
  | string
  | number
  | boolean
  | null
  | { readonly undefined: true }
  | { readonly number: "NaN" | "-0" | "Infinity" | "-Infinity" }
  | { readonly bigint: string }
  | { readonly symbol: string }
  | { readonly function: string }
  | { readonly array: readonly (Snapshot | { readonly hole: true })[] }
  | { readonly object: string; readonly keys: readonly (readonly [string, Snapshot])[] }
  | { readonly map: readonly (readonly [Snapshot, Snapshot])[] }
  | { readonly set: readonly Snapshot[] }
  | { readonly error: string; readonly message: string }
  | { readonly seen: "cycle" | "too deep" | "too many items" };

const MAX_DEPTH = 40;
const MAX_ITEMS = 5_000;

/**
 * Freezes `value` as a {@link Snapshot}. Own enumerable string keys are kept in their order (key
 * order is part of what JSON shows a model); getters are read once; a cycle, a tree deeper than
 * 40 levels or more than 5,000 items is marked instead of followed.
 */
export function snapshot(value: unknown): Snapshot {
  let items = 0;
  const open = new Set<object>();
  const walk = (current: unknown, depth: number): Snapshot => {
    if (++items > MAX_ITEMS) return { seen: "too many items" };
    switch (typeof current) {
      case "string":
      case "boolean":
        return current;
      case "number":
        if (Number.isNaN(current)) return { number: "NaN" };
        if (Object.is(current, -0)) return { number: "-0" };
        if (!Number.isFinite(current)) return { number: current > 0 ? "Infinity" : "-Infinity" };
        return current;
      case "undefined":
        return { undefined: true };
      case "bigint":
        return { bigint: current.toString() };
      case "symbol":
        return { symbol: current.description ?? "" };
      case "function":
        return { function: current.name };
    }
    if (current === null) return null;
    const object = current as object;
    if (open.has(object)) return { seen: "cycle" };
    if (depth >= MAX_DEPTH) return { seen: "too deep" };
    open.add(object);
    try {
      if (object instanceof Error) return { error: object.name, message: object.message };
      if (Array.isArray(object)) {
        const array: (Snapshot | { hole: true })[] = [];
        for (let i = 0; i < object.length && items <= MAX_ITEMS; i++) array.push(i in object ? walk(object[i], depth + 1) : { hole: true });
        return { array };
      }
      if (object instanceof Map) return { map: [...object].map(([k, v]) => [walk(k, depth + 1), walk(v, depth + 1)] as const) };
      if (object instanceof Set) return { set: [...object].map((v) => walk(v, depth + 1)) };
      const proto: unknown = Object.getPrototypeOf(object);
      const kind =
        proto === null ? "null-prototype object" : proto === Object.prototype ? "object" : ((proto as { constructor?: { name?: string } }).constructor?.name ?? "object");
      const keys = Object.keys(object).map((key) => [key, walk((object as Record<string, unknown>)[key], depth + 1)] as const);
      return { object: kind, keys };
    } finally {
      open.delete(object);
    }
  };
  return walk(value, 0);
}

/** One character as a reader can see it: visible ones as they are, the rest as `\u{…}` escapes. */
function showChar(ch: string): string {
  if (ch === '"') return '\\"';
  if (ch === "\\") return "\\\\";
  if (ch === "\n") return "\\n";
  if (ch === "\t") return "\\t";
  if (ch === "\r") return "\\r";
  // White space other than the plain space, controls, format characters, lone surrogates, private
  // use, unassigned code points and combining marks are escaped: they look like nothing, or like
  // another character, in a terminal.
  if (ch !== " " && /^[\p{White_Space}\p{C}\p{M}]$/u.test(ch)) {
    const code = ch.codePointAt(0) ?? 0;
    return code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\u{${code.toString(16)}}`;
  }
  return ch;
}

/** A string in double quotes, every invisible or look-alike character escaped. */
export function showString(text: string, limit = 300): string {
  let out = "";
  let shown = 0;
  for (const ch of text) {
    if (shown++ >= limit) return `"${out}…" (${text.length} UTF-16 units in all)`;
    out += showChar(ch);
  }
  return `"${out}"`;
}

/** A snapshot in a JavaScript-like notation a learner can read, at most `limit` characters. */
export function showSnapshot(value: Snapshot, limit = 1_500): string {
  const text = render(value);
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length} characters in all)` : text;
}

function render(value: Snapshot): string {
  if (value === null) return "null";
  if (typeof value === "string") return showString(value);
  if (typeof value !== "object") return String(value);
  if ("undefined" in value) return "undefined";
  if ("number" in value) return value.number;
  if ("bigint" in value) return `${value.bigint}n`;
  if ("symbol" in value) return `Symbol(${value.symbol})`;
  if ("function" in value) return `[function ${value.function || "(anonymous)"}]`;
  if ("seen" in value) return `<${value.seen}>`;
  if ("error" in value) return `${value.error}: ${showString(value.message)}`;
  if ("array" in value) return `[${value.array.map((item) => (typeof item === "object" && item !== null && "hole" in item ? "<hole>" : render(item))).join(", ")}]`;
  if ("map" in value) return `Map {${value.map.map(([k, v]) => `${render(k)} => ${render(v)}`).join(", ")}}`;
  if ("set" in value) return `Set {${value.set.map(render).join(", ")}}`;
  const body = value.keys.map(([key, item]) => `${/^[a-z_$][\w$]*$/i.test(key) ? key : showString(key)}: ${render(item)}`).join(", ");
  const prefix = value.object === "object" ? "" : `${value.object} `;
  return `${prefix}{${body === "" ? "" : ` ${body} `}}`;
}
