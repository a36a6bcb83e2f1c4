/**
 * Generators that reach the odd corners of the domains the exercises' rules name: every kind of
 * white space (JavaScript's `\s` and Python's `str.isspace()` differ), characters outside the
 * Basic Multilingual Plane, lone surrogates, combining marks, title-case and special-casing
 * letters, digits of other scripts, letters of the newest Unicode version this Node knows,
 * prototype-looking keys, and truthy and falsy values that are not booleans.
 *
 * Each exercise's test file builds its inputs from these, and `test/exercises/_reach/` checks on a
 * fixed sample that they reach every kind they claim to.
 *
 * @module
 */
import fc from "fast-check";

/** White space for JavaScript's `\s` and `String.prototype.trim` and for Python's `str.isspace()` alike. */
export const SHARED_WHITESPACE: readonly string[] = [
  ..."\t\n\v\f\r \u00a0\u1680",
  // U+2000 to U+200A, the typographic spaces.
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  ..."\u2028\u2029\u202f\u205f\u3000",
];

/** White space for Python's `str.isspace()` (so `str.strip()` removes it) but not for JavaScript's `trim`. */
export const PYTHON_ONLY_WHITESPACE = ["\u001c", "\u001d", "\u001e", "\u001f", "\u0085"] as const;

/** White space for JavaScript's `trim` but not for Python's `str.isspace()`: the byte-order mark. */
export const JS_ONLY_WHITESPACE = ["\ufeff"] as const;

/** Characters that look like space but are white space for neither language. */
export const NOT_WHITESPACE_LOOKALIKES = ["\u200b", "\u200c", "\u200d", "\u2060", "\u180e", "\u00ad"] as const;

/** Letters outside the Basic Multilingual Plane (two UTF-16 units each) and an emoji that is not a letter. */
export const ASTRAL = ["\u{1d400}", "\u{1d4b6}", "\u{20000}", "\u{10400}", "\u{10428}", "\u{1f600}", "\u{1f44d}\u{1f3fd}", "\u{1f1eb}\u{1f1f7}"] as const;

/** Lone surrogates: legal in JavaScript strings and JSON text, not in UTF-8. */
export const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d"] as const;

/** Combining marks, which attach to the character before them. */
export const COMBINING_MARKS = ["\u0301", "\u0308", "\u0327", "\u20dd", "\u{1d165}"] as const;

/** Letters whose case changes are not one to one: title case, ß, dotted and dotless i, final sigma, ligatures. */
export const CASE_CORNERS = [
  "\u01c5",
  "\u01c8",
  "\u01cb",
  "\u01f2",
  "\u1f88",
  "ß",
  "ẞ",
  "\u0130",
  "\u0131",
  "Σ",
  "σ",
  "ς",
  "\ufb01",
  "\u0149",
  "K",
  "\u212a",
  "Å",
  "\u212b",
] as const;

/** Digits of other scripts (`\p{N}`): Arabic-Indic, Devanagari, full-width, a Roman numeral, a fraction. */
export const OTHER_DIGITS = ["٢", "५", "\uff13", "\u2167", "\u00bd", "\u{1d7ce}"] as const;

/** Letters added in the newest Unicode versions; kept only where this Node's RegExp knows them as letters. */
export const NEWEST_LETTERS = ["\u1c89", "\ua7cb", "\u{10d50}", "\u{11380}", "\u{16d43}", "\u{1e5d0}", "\u{16ea0}", "\u{31350}", "\u{323b0}"].filter((ch) =>
  /^\p{L}$/u.test(ch),
);

/** Controls and other characters a terminal shows as nothing. */
export const CONTROLS = ["\u0000", "\u0007", "\u001b", "\u007f", "\u0080", "\u009f"] as const;

/** Separators people put in names: underscore, hyphen, dot, slash, colon, space. */
export const SEPARATORS = ["_", "-", ".", "/", ":", " ", "__", "--"] as const;

/** Keys that look like `Object.prototype`'s own: a plain object or a careless lookup trips on them. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "__defineGetter__", "prototype"] as const;

/** Values that are truthy or falsy without being booleans, and the two booleans. */
export const NOT_QUITE_BOOLEANS: readonly unknown[] = [
  "false",
  "true",
  "0",
  "",
  " ",
  0,
  -0,
  1,
  -1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  null,
  undefined,
  [],
  [false],
  {},
  true,
  false,
];

/** Any one of the odd characters above, mixed with plain ASCII letters and digits (which stay common). */
export function oddChar(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), weight: 6 },
    { arbitrary: fc.constantFrom(...SHARED_WHITESPACE), weight: 3 },
    { arbitrary: fc.constantFrom(...PYTHON_ONLY_WHITESPACE, ...JS_ONLY_WHITESPACE), weight: 2 },
    { arbitrary: fc.constantFrom(...NOT_WHITESPACE_LOOKALIKES), weight: 1 },
    { arbitrary: fc.constantFrom(...ASTRAL), weight: 1 },
    { arbitrary: fc.constantFrom(...LONE_SURROGATES), weight: 1 },
    { arbitrary: fc.constantFrom(...COMBINING_MARKS), weight: 1 },
    { arbitrary: fc.constantFrom(...CASE_CORNERS), weight: 2 },
    { arbitrary: fc.constantFrom(...OTHER_DIGITS), weight: 1 },
    { arbitrary: fc.constantFrom(...NEWEST_LETTERS), weight: 1 },
    { arbitrary: fc.constantFrom(...CONTROLS), weight: 1 },
    { arbitrary: fc.constantFrom(...SEPARATORS), weight: 2 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 1 }), weight: 1 },
  );
}

/** A text of odd characters, `minLength` to `maxLength` of them (each may be one or two UTF-16 units). */
export function oddText(options: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.array(oddChar(), { minLength: options.minLength ?? 0, maxLength: options.maxLength ?? 12 }).map((chars) => chars.join(""));
}

/** A white space character of either language's definition, or a look-alike that is neither. */
export function anyWhitespace(): fc.Arbitrary<string> {
  return fc.constantFrom(...SHARED_WHITESPACE, ...PYTHON_ONLY_WHITESPACE, ...JS_ONLY_WHITESPACE, ...NOT_WHITESPACE_LOOKALIKES);
}

/** Text wrapped in white space of either definition on either side (possibly none). */
export function padded(inner: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const pad = fc.array(anyWhitespace(), { maxLength: 3 }).map((chars) => chars.join(""));
  return fc.tuple(pad, inner, pad).map(([before, text, after]) => `${before}${text}${after}`);
}

/**
 * A name as a model might send it: identifier-like words joined by separators, in any case, with
 * odd letters, prototype-looking names and white space at either end among them.
 */
export function nameLike(): fc.Arbitrary<string> {
  const word = fc.oneof(
    { arbitrary: fc.constantFrom("read", "file", "write", "list", "dir", "exec", "web", "fetch", "grep", "x", "a1", "v2"), weight: 6 },
    { arbitrary: oddText({ minLength: 1, maxLength: 4 }), weight: 2 },
  );
  const cased = fc
    .tuple(word, fc.constantFrom("as is", "upper", "lower", "title"))
    .map(([text, how]) =>
      how === "upper" ? text.toUpperCase() : how === "lower" ? text.toLowerCase() : how === "title" ? text.charAt(0).toUpperCase() + text.slice(1) : text,
    );
  const joined = fc.tuple(fc.array(cased, { minLength: 1, maxLength: 3 }), fc.constantFrom("_", "-", "", " ", ".", "__")).map(([words, sep]) => words.join(sep));
  return fc.oneof(
    { arbitrary: joined, weight: 8 },
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 1 },
    { arbitrary: padded(joined), weight: 1 },
    { arbitrary: fc.constant(""), weight: 1 },
  );
}

/** A value of any JSON-ish kind, the not-quite-booleans and prototype-looking keys made common. */
export function oddValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NOT_QUITE_BOOLEANS), weight: 3 },
    { arbitrary: oddText(), weight: 2 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.integer(), weight: 1 },
    {
      arbitrary: fc.anything({
        maxDepth: 2,
        maxKeys: 4,
        key: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom(...PROTOTYPE_KEYS)),
        withNullPrototype: true,
        withSparseArray: true,
        withBoxedValues: false,
      }),
      weight: 2,
    },
  );
}

/** Sizes around a limit: 0, 1, limit − 1, limit, limit + 1 made common, anything from 0 to twice the limit drawn too. */
export function aroundLimit(limit: number): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...new Set([0, 1, Math.max(0, limit - 1), limit, limit + 1])), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: Math.max(2, limit * 2) }), weight: 1 },
  );
}

/** A list of 0, 1 or many items, repeats made likely by drawing from a small pool. */
export function someOf<T>(pool: readonly T[], maxLength = 8): fc.Arbitrary<T[]> {
  return fc.oneof(
    fc.constant<T[]>([]),
    fc.constantFrom(...pool).map((item): T[] => [item]),
    fc.array(fc.constantFrom(...pool), { maxLength }),
  );
}

/** Predicates for reach checks: what kind of character a text holds. */
export const holds = {
  sharedWhitespace: (text: string): boolean => SHARED_WHITESPACE.some((ch) => text.includes(ch)),
  pythonOnlyWhitespace: (text: string): boolean => PYTHON_ONLY_WHITESPACE.some((ch) => text.includes(ch)),
  jsOnlyWhitespace: (text: string): boolean => JS_ONLY_WHITESPACE.some((ch) => text.includes(ch)),
  lookalikeSpace: (text: string): boolean => NOT_WHITESPACE_LOOKALIKES.some((ch) => text.includes(ch)),
  astral: (text: string): boolean => /[\u{10000}-\u{10ffff}]/u.test(text),
  loneSurrogate: (text: string): boolean => /\p{Cs}/u.test(text),
  combiningMark: (text: string): boolean => /\p{M}/u.test(text),
  caseCorner: (text: string): boolean => CASE_CORNERS.some((ch) => text.includes(ch)),
  otherDigit: (text: string): boolean => OTHER_DIGITS.some((ch) => text.includes(ch)),
  newestLetter: (text: string): boolean => NEWEST_LETTERS.some((ch) => text.includes(ch)),
  control: (text: string): boolean => /\p{Cc}/u.test(text),
  prototypeKey: (text: string): boolean => (PROTOTYPE_KEYS as readonly string[]).includes(text),
  leadingOrTrailingSpace: (text: string): boolean => text !== text.trim() || PYTHON_ONLY_WHITESPACE.some((ch) => text.startsWith(ch) || text.endsWith(ch)),
} as const;
