/**
 * Reading a JSON value the way upstream's Python reads it (lesson 7). The runner's guards key on
 * argument values exactly as upstream does, so that the same call counts as the same call in
 * both: truthiness as `bool()` sees it, and spelling as `str()` writes it. Blank space as
 * `str.strip()` sees it is `python-space.ts`, read one character at a time.
 *
 * @module
 */
import { isPlainObject } from "./json.js";

/** Python's truthiness for a JSON value: `null`, `false`, `0`, `""`, `[]` and `{}` are false. */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

function pyRepr(value: unknown, depth: number): string {
  if (typeof value === "string") {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const body = value
      .replace(/\\/g, "\\\\")
      .replace(/\n/g, "\\n")
      .replace(/\r/g, "\\r")
      .replace(/\t/g, "\\t")
      .split(quote)
      .join("\\" + quote);
    return quote + body + quote;
  }
  return pyStr(value, depth);
}

/**
 * Python's `str()` of a JSON value, closely enough to key on: `True`, `None`, `[1, 'a']`,
 * `{'k': 2}`. Nesting deeper than 32 levels is shown as `...`.
 *
 * @example
 * {@includeCode ../../docs/examples/results.ts#py-str}
 */
export function pyStr(value: unknown, depth = 0): string {
  if (depth > 32) return "...";
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return String(value).replace(/e([+-])(\d)$/, "e$10$2");
  if (Array.isArray(value)) return `[${value.map((v: unknown) => pyRepr(v, depth + 1)).join(", ")}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .map((k) => `${pyRepr(k, depth + 1)}: ${pyRepr(value[k], depth + 1)}`)
      .join(", ")}}`;
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what is left (a symbol, a function, a class instance) has no Python repr: String names it
  return String(value);
}
