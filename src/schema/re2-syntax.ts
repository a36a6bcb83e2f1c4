/**
 * ECMAScript's meaning of a pattern, written so RE2 reads it the same way. JSON Schema patterns
 * are ECMAScript regular expressions, and RE2 (`./re2-engine.js`) differs from JavaScript's own
 * engine on some of their pieces, whatever the string:
 *
 * - `\s` (and `\S`): JavaScript counts Unicode's blank space (U+00A0, U+1680, U+2000–U+200A,
 *   U+2028, U+2029, U+202F, U+205F, U+3000), U+000B and U+FEFF; RE2 only tab, line feed, form
 *   feed, carriage return and space;
 * - `.`: JavaScript matches no line terminator (line feed, carriage return, U+2028, U+2029); RE2
 *   only refuses the line feed;
 * - `\p{…}` and `\P{…}`: RE2's Unicode tables are older than JavaScript's (letters added in
 *   recent versions are missing), and RE2 knows neither the long names (`\p{Letter}`) nor the
 *   `Script=`, `sc=`, `Script_Extensions=`, `scx=`, `General_Category=` and `gc=` spellings;
 * - `\ud83d\ude00`: JavaScript reads an escaped surrogate pair as the one code point it encodes
 *   (😀); RE2 reads two code points it can never find.
 *
 * {@link ecmaScriptForRe2} spells those pieces out as explicit classes before RE2 compiles the
 * pattern; a `\p{…}` class is read from JavaScript's own tables ({@link propertyRanges}), so both
 * engines give the same answer on every well-formed string. A pattern JavaScript does not accept
 * (with the `u` flag) is refused, even when RE2 would read it. `\d`, `\w`, `\b` and their
 * negations are ASCII-only in both already. One pass over the pattern.
 *
 * What no spelling can give is refused with a `SyntaxError` that says why: `\B` (RE2 finds it
 * inside a character), and a lone surrogate in the pattern (`\ud800` on its own, or a property such
 * as `\p{Cs}` that holds nothing else): RE2 works on UTF-8, where a lone surrogate cannot be
 * written, and the engine checks well-formed strings only (`./re2-engine.js`).
 *
 * @module
 */

/** JavaScript's `\s` under the `u` flag, as class members. */
const ECMASCRIPT_SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";

/** Every code point that is not in {@link ECMASCRIPT_SPACE}, as class ranges: JavaScript's `\S`. */
const ECMASCRIPT_NON_SPACE =
  "\\x00-\\x08\\x0e-\\x1f\\x21-\\x9f\\xa1-\\u167f\\u1681-\\u1fff\\u200b-\\u2027\\u202a-\\u202e\\u2030-\\u205e\\u2060-\\u2fff\\u3001-\\ufefe\\uff00-\\u{10ffff}";

/** Every code point, as one class range. */
const ANY = "\\x00-\\u{10ffff}";

/** JavaScript's `.` without the `s` flag: anything but a line terminator. */
const ECMASCRIPT_DOT = "[^\\n\\r\\u2028\\u2029]";

/** A lone surrogate code unit in a string, under the `u` flag (a pair is one code point there). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** True when `text` holds a UTF-16 surrogate that is not half of a pair. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Every code point but the surrogates, in order, once built (about 2.2 million UTF-16 units). */
let everyCodePoint: string | null = null;

function everyCodePointText(): string {
  if (everyCodePoint === null) {
    const parts: string[] = [];
    for (let start = 0; start <= 0x10ffff; start += 0x1000) {
      const chunk: number[] = [];
      for (let code = start; code < start + 0x1000 && code <= 0x10ffff; code++) if (code < 0xd800 || code > 0xdfff) chunk.push(code);
      parts.push(String.fromCodePoint(...chunk));
    }
    everyCodePoint = parts.join("");
  }
  return everyCodePoint;
}

/** The code point ranges already worked out for a property escape `\p{…}`, by its text. */
const rangesOf = new Map<string, readonly (readonly [number, number])[]>();

/** `code` as an RE2 class member. */
function member(code: number): string {
  return `\\x{${code.toString(16)}}`;
}

/** The ranges of code points (surrogates left out) that `\p{…}` matches in JavaScript, from its text. */
function positiveRanges(escape: string): readonly (readonly [number, number])[] {
  const known = rangesOf.get(escape);
  if (known !== undefined) return known;
  const runs = new RegExp(`[${escape}]+`, "gu");
  const ranges: [number, number][] = [];
  for (const match of everyCodePointText().matchAll(runs)) {
    const text = match[0];
    const first = text.codePointAt(0) as number;
    const tail = text.length >= 2 && (text.charCodeAt(text.length - 1) & 0xfc00) === 0xdc00 ? text.length - 2 : text.length - 1;
    const last = text.codePointAt(tail) as number;
    // The text has no surrogates, so a run from below them to above them is two ranges.
    if (first < 0xd800 && last > 0xdfff) ranges.push([first, 0xd7ff], [0xe000, last]);
    else ranges.push([first, last]);
  }
  rangesOf.set(escape, ranges);
  return ranges;
}

/** The code points (surrogates left out) outside `ranges`, which are in order and apart. */
function complement(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  const keep = (first: number, last: number): void => {
    if (first > last) return;
    if (first < 0xd800 && last > 0xdfff) out.push([first, 0xd7ff], [0xe000, last]);
    else if (first >= 0xd800 && last <= 0xdfff) return;
    else out.push([first >= 0xd800 && first <= 0xdfff ? 0xe000 : first, last >= 0xd800 && last <= 0xdfff ? 0xd7ff : last]);
  };
  for (const [first, last] of ranges) {
    keep(next, first - 1);
    next = last + 1;
  }
  keep(next, 0x10ffff);
  return out;
}

/**
 * The code points (surrogates left out) that JavaScript's own engine matches with the property
 * escape `escape` (such as `\p{Letter}`, `\P{Script=Greek}` or `\p{gc=Lu}`), as RE2 class members:
 * `\x{41}-\x{5a}\x{61}-\x{7a}…`. Read from JavaScript's tables, so every spelling JavaScript
 * accepts means what it means there, with the Unicode version of this runtime. Throws the
 * `SyntaxError` JavaScript gives for a property it does not know. `\P{…}` is the complement of
 * `\p{…}`; each `\p{…}` is read once.
 */
export function propertyRanges(escape: string): string {
  const negated = escape.startsWith("\\P");
  const positive = positiveRanges(negated ? `\\p${escape.slice(2)}` : escape);
  let out = "";
  for (const [first, last] of negated ? complement(positive) : positive) out += first === last ? member(first) : `${member(first)}-${member(last)}`;
  return out;
}

/** The code point of `\uHHHH` (or `\u{H…}`) at `source[i] === "\\"`, and the escape's length; `null` when it is not one. */
function unicodeEscape(source: string, i: number): [code: number, length: number] | null {
  if (source[i + 1] !== "u") return null;
  if (source[i + 2] === "{") {
    const close = source.indexOf("}", i + 3);
    const digits = close === -1 ? "" : source.slice(i + 3, close);
    return /^[0-9a-f]+$/i.test(digits) ? [Number.parseInt(digits, 16), close - i + 1] : null;
  }
  const digits = source.slice(i + 2, i + 6);
  return /^[0-9a-f]{4}$/i.test(digits) ? [Number.parseInt(digits, 16), 6] : null;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function loneSurrogateError(what: string): SyntaxError {
  return new SyntaxError(`${what} is a lone surrogate, which the engine cannot match: it checks well-formed strings only, as UTF-8`);
}

/**
 * `source`, a pattern in JavaScript's syntax with the `u` flag, with `\s`, `\S` and `.` spelled
 * out as the classes JavaScript means by them, every `\p{…}` and `\P{…}` as the code points
 * JavaScript's tables give it ({@link propertyRanges}), an escaped surrogate pair as the one code
 * point it encodes, a `[` inside a class escaped (RE2 would read `[[:alpha:]]` as a POSIX class),
 * `\b` inside a class written as the backspace it is there, and the empty classes `[]` and `[^]`
 * written as classes RE2 reads. Everything else is kept as written.
 *
 * Throws a `SyntaxError` for a pattern JavaScript does not accept with the `u` flag (its own
 * message), for `\B` (RE2 finds it inside a character, where JavaScript cannot), and for a lone
 * surrogate, escaped or written (a property of surrogates only, such as `\p{Cs}`, included).
 * For example, `^\s*a.b$` becomes `^[<JavaScript's blank space>]*a[^\n\r\u2028\u2029]b$`.
 */
export function ecmaScriptForRe2(source: string): string {
  // Only JavaScript's parser: nothing is matched, so no pattern can make this slow.
  void new RegExp(source, "u");
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\" && i + 1 < source.length) {
      const next = source[i + 1] as string;
      if ((next === "p" || next === "P") && source[i + 2] === "{") {
        const close = source.indexOf("}", i + 3);
        const escape = source.slice(i, close + 1);
        const ranges = propertyRanges(escape);
        if (ranges === "") throw loneSurrogateError(`every code point of ${escape}`);
        out += inClass ? ranges : `[${ranges}]`;
        i = close;
        continue;
      }
      const unicode = unicodeEscape(source, i);
      if (unicode !== null) {
        const [code, length] = unicode;
        const after = length === 6 && isHighSurrogate(code) ? unicodeEscape(source, i + 6) : null;
        if (after !== null && after[1] === 6 && isLowSurrogate(after[0])) {
          out += member(0x10000 + ((code - 0xd800) << 10) + (after[0] - 0xdc00));
          i += 11;
          continue;
        }
        if (isHighSurrogate(code) || isLowSurrogate(code)) throw loneSurrogateError(source.slice(i, i + length));
        out += source.slice(i, i + length);
        i += length - 1;
        continue;
      }
      i++;
      if (next === "s") out += inClass ? ECMASCRIPT_SPACE : `[${ECMASCRIPT_SPACE}]`;
      else if (next === "S") out += inClass ? ECMASCRIPT_NON_SPACE : `[${ECMASCRIPT_NON_SPACE}]`;
      // In a class JavaScript reads `\b` as the backspace, which RE2 does not accept there.
      else if (next === "b" && inClass) out += "\\x08";
      // RE2 matches `\B` between the bytes of one character too (inside "a\u00a0a"), where
      // JavaScript sees no position at all: no spelling gives JavaScript's answer, so it is refused.
      else if (next === "B" && !inClass) throw new SyntaxError("\\B is not supported: RE2 also finds it inside a character, where JavaScript finds no position");
      else out += c + next;
      continue;
    }
    const unit = c.charCodeAt(0);
    if (isHighSurrogate(unit) && i + 1 < source.length && isLowSurrogate(source.charCodeAt(i + 1))) {
      out += c + (source[i + 1] as string);
      i++;
      continue;
    }
    if (isHighSurrogate(unit) || isLowSurrogate(unit)) throw loneSurrogateError(`the character \\u${unit.toString(16)}`);
    if (inClass) {
      if (c === "]") inClass = false;
      out += c === "[" ? "\\[" : c;
      continue;
    }
    if (c === "[") {
      // JavaScript's empty class `[]` matches nothing and `[^]` anything; RE2 would read that `]`
      // as a member and look for another.
      if (source.startsWith("[]", i)) {
        out += `[^${ANY}]`;
        i += 1;
        continue;
      }
      if (source.startsWith("[^]", i)) {
        out += `[${ANY}]`;
        i += 2;
        continue;
      }
      inClass = true;
      out += c;
      continue;
    }
    out += c === "." ? ECMASCRIPT_DOT : c;
  }
  return out;
}
