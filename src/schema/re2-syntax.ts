/**
 * ECMAScript's meaning of a pattern, written so RE2 reads it the same way. JSON Schema patterns
 * are ECMAScript regular expressions, and RE2 (`./re2-engine.js`) differs from JavaScript's own
 * engine on two of their pieces, whatever the string:
 *
 * - `\s` (and `\S`): JavaScript counts Unicode's blank space (U+00A0, U+1680, U+2000–U+200A,
 *   U+2028, U+2029, U+202F, U+205F, U+3000), U+000B and U+FEFF; RE2 only tab, line feed, form
 *   feed, carriage return and space;
 * - `.`: JavaScript matches no line terminator (line feed, carriage return, U+2028, U+2029); RE2
 *   only refuses the line feed.
 *
 * {@link ecmaScriptForRe2} spells those pieces out as explicit classes before RE2 compiles the
 * pattern, so both engines give the same answer on every string. `\d`, `\w`, `\b` and their
 * negations are ASCII-only in both already. One pass over the pattern.
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

/**
 * `source`, a pattern in JavaScript's syntax with the `u` flag, with `\s`, `\S` and `.` spelled
 * out as the classes JavaScript means by them, a `[` inside a class escaped (RE2 would read
 * `[[:alpha:]]` as a POSIX class), `\b` inside a class written as the backspace it is there, and
 * the empty classes `[]` and `[^]` written as classes RE2 reads. Everything else is kept as written.
 * `\B` is refused with a `SyntaxError`: RE2 finds it inside a character, where JavaScript cannot.
 * For example, `^\s*a.b$` becomes `^[<JavaScript's blank space>]*a[^\n\r\u2028\u2029]b$`.
 */
export function ecmaScriptForRe2(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\" && i + 1 < source.length) {
      const next = source[i + 1] as string;
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
