/**
 * Blank space as upstream's Python counts it. JavaScript's `trim()` and `\s` disagree with
 * Python's `str.strip()` on six characters: Python strips U+001C–U+001F (the ASCII separators) and
 * U+0085 (next line), JavaScript does not; JavaScript strips U+FEFF (the byte-order mark), Python
 * does not. Argument text and number text are trimmed here, never with `trim()`, so a call is read
 * the same way in both.
 *
 * Like the JSON helpers, this module imports nothing, so the tools and the agent code can both use
 * it. Every function is one pass over the text.
 *
 * @module
 */

/**
 * True for the characters Python's `str.isspace()` accepts, which are the ones `str.strip()`
 * removes: tab, line feed, U+000B, U+000C, carriage return, U+001C–U+001F, space, U+0085, U+00A0,
 * U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F and U+3000.
 */
export function isPythonSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0x85) return false;
  if (code === 0x85 || code === 0xa0 || code === 0x1680) return true;
  if (code < 0x2000) return false;
  return code <= 0x200a || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000;
}

/**
 * True for the blank space Python's `int()` and `float()` skip around a number: the same as
 * {@link isPythonSpace} except U+001C–U+001F, which `int("\x1c2")` and `float("2.5\x1c")` refuse.
 */
export function isPythonNumberSpace(code: number): boolean {
  return isPythonSpace(code) && !(code >= 0x1c && code <= 0x1f);
}

/**
 * `text` without the characters at either end for which `isSpace` is true: the one strip every
 * other function here is made of. One pass from each end; `text` itself when nothing is removed.
 */
export function stripWhere(text: string, isSpace: (code: number) => boolean): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/**
 * Python's `str.strip()`: blank space at both ends, as Python counts it ({@link isPythonSpace}).
 * `pyStrip("\x1c{}\x85")` is `"{}"`; `pyStrip("\ufeff{}")` keeps the byte-order mark.
 */
export function pyStrip(text: string): string {
  // Most text has no blank space at either end: told by two characters, without the loop.
  const last = text.length - 1;
  if (last >= 0 && !isPythonSpace(text.charCodeAt(0)) && !isPythonSpace(text.charCodeAt(last))) return text;
  return stripWhere(text, isPythonSpace);
}
