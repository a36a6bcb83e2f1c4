/**
 * Reading a JSON value the way upstream's Python reads it (lesson 7). The runner's guards key on
 * argument values exactly as upstream does, so that the same call counts as the same call in
 * both: blank space as `str.strip()` sees it, truthiness as `bool()` sees it, and spelling as
 * `str()` writes it.
 *
 * @module
 */
import { isPlainObject } from "../json.js";

/**
 * True for a UTF-16 unit Python's `str.strip()` removes (those for which `str.isspace()` is
 * true): `\t`–`\r`, `\x1c`–`\x1f`, the space, `\x85`, `\xa0`, `\u1680`, `\u2000`–`\u200a`,
 * `\u2028`, `\u2029`, `\u202f`, `\u205f` and `\u3000`.
 */
function isPySpace(code: number): boolean {
  if (code <= 0x20) return (code >= 0x09 && code <= 0x0d) || code >= 0x1c;
  if (code < 0x85) return false;
  return (
    code === 0x85 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000
  );
}

/** Python's `str.strip()`: blank space at both ends, as Python counts it. One pass from each end. */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPySpace(text.charCodeAt(start))) start++;
  while (end > start && isPySpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

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
  return String(value);
}
