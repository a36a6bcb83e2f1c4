/**
 * Exercise 4's generators: a name and a list of registered names drawn so that the loose keys
 * meet often. A base word is drawn from a pool of characters (every script's letters and digits,
 * case corners such as Σ and İ, combining marks, characters outside the BMP, separators), and the
 * name and the registered names are variants of it (cased per character or as a whole string,
 * normalised, split by separators, padded) among unrelated and prototype-looking names, with
 * repeats, so that one match, no match, two matches and empty keys all turn up.
 *
 * @module
 */
import fc from "fast-check";
import {
  ASTRAL,
  CASE_CORNERS,
  COMBINING_MARKS,
  CONTROLS,
  LONE_SURROGATES,
  NOT_WHITESPACE_LOOKALIKES,
  NEWEST_LETTERS,
  OTHER_DIGITS,
  PROTOTYPE_KEYS,
  SEPARATORS,
  SHARED_WHITESPACE,
  PYTHON_ONLY_WHITESPACE,
  JS_ONLY_WHITESPACE,
} from "./domain.js";

/** Letters whose lower case depends on the whole word when a string is lower-cased at once (final sigma) or is longer than one character. */
export const GREEK_AND_SPECIAL = ["Σ", "Α", "Ο", "Δ", "ς", "σ", "İ", "ǅ", "Ǉ", "ẞ", "Ⅷ", "ⅷ", "\u{10400}", "\u{10428}", "\u{1e900}", "\u{1e922}"] as const;

/** Letters and digits of other scripts. */
export const OTHER_SCRIPTS = ["ч", "Ф", "ü", "ö", "é", "中", "ア", "ก", "א", "ع", "١", "٢", "५", "\uff13", "\u{1d7ce}", "\u{20000}"] as const;

/** Characters that are neither letters nor digits: separators, white space, marks, controls, lone surrogates, quotes. */
export const NOT_LETTERS = [
  ...SEPARATORS,
  ...SHARED_WHITESPACE.slice(0, 6),
  ...PYTHON_ONLY_WHITESPACE,
  ...JS_ONLY_WHITESPACE,
  ...NOT_WHITESPACE_LOOKALIKES,
  ...COMBINING_MARKS,
  "\u093f",
  "\u0345",
  ...CONTROLS,
  ...LONE_SURROGATES,
  "'",
  '"',
  "\\",
  "😀",
] as const;

/** One character of a base word: ASCII letters and digits often, every odd kind too (one flat pool: cheap to draw). */
export function nameChar(): fc.Arbitrary<string> {
  return fc.constantFrom(...NAME_CHARS);
}

const NAME_CHARS: readonly string[] = [
  ..."abcdefgrsxyzABCRSXYZ0123",
  ..."abcdefgrsxyzABCRSXYZ0123",
  ...GREEK_AND_SPECIAL,
  ...CASE_CORNERS,
  ...OTHER_SCRIPTS,
  ...OTHER_DIGITS,
  ...ASTRAL,
  ...NOT_LETTERS,
  ...NEWEST_LETTERS,
];

/** How a variant of a base word is written. */
export type Variant = "as is" | "upper" | "lower" | "per-char upper" | "per-char lower" | "NFC" | "NFD" | "NFKC" | "separated" | "padded" | "one less" | "one more";

const VARIANTS: readonly Variant[] = ["as is", "upper", "lower", "per-char upper", "per-char lower", "NFC", "NFD", "NFKC", "separated", "padded", "one less", "one more"];

function variantOf(base: string, how: Variant, sep: string, extra: string): string {
  const chars = [...base];
  switch (how) {
    case "as is":
      return base;
    case "upper":
      return base.toUpperCase();
    case "lower":
      return base.toLowerCase();
    case "per-char upper":
      return chars.map((ch) => ch.toUpperCase()).join("");
    case "per-char lower":
      return chars.map((ch) => ch.toLowerCase()).join("");
    case "NFC":
      return base.normalize("NFC");
    case "NFD":
      return base.normalize("NFD");
    case "NFKC":
      return base.normalize("NFKC");
    case "separated":
      return chars.join(sep);
    case "padded":
      return `${sep}${base}${extra}`;
    case "one less":
      return chars.slice(0, -1).join("");
    case "one more":
      return base + extra;
  }
}

/** A variant of a base word, written one of the ways above. */
function variant(base: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...VARIANTS), fc.constantFrom(...SEPARATORS, ...SHARED_WHITESPACE.slice(0, 3), "\u0085", "\u0301"), nameChar())
    .map(([how, sep, extra]) => variantOf(base, how, sep, extra));
}

/** A name and a list of registered names for {@link suggestName}-like functions. */
export interface NamesInput {
  readonly name: string;
  readonly registered: readonly string[];
}

/**
 * A name and registered names, built from base words drawn from `char` (default {@link nameChar}):
 * variants of the same base (so keys meet), unrelated words, prototype-looking names, the empty
 * name, and repeats; the list may be empty.
 */
export function namesInput(char: fc.Arbitrary<string> = nameChar()): fc.Arbitrary<NamesInput> {
  const base = fc.array(char, { minLength: 0, maxLength: 6 }).map((chars) => chars.join(""));
  return fc.tuple(base, base).chain(([first, second]) => {
    const pool = fc.oneof(
      { arbitrary: variant(first), weight: 4 },
      { arbitrary: variant(second), weight: 2 },
      { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, "", "read_file", "readFile"), weight: 1 },
    );
    // Now and then a name whose key is a member every plain object inherits ("constructor"), however it is written.
    const inherited = fc.constantFrom("constructor", "Constructor", "CONSTRUCTOR", "con_structor", "constructor_");
    const name = fc.oneof({ arbitrary: variant(first), weight: 5 }, { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 1 }, { arbitrary: inherited, weight: 1 });
    return name.chain((drawn) => {
      // Now and then the name itself less every character of one general category: keys that differ by one kind of character.
      const registered = fc.array(fc.oneof({ arbitrary: pool, weight: 2 }, { arbitrary: categoryTwin(drawn), weight: 1 }), { maxLength: 6 }).chain((names) =>
        // A name listed twice, now and then.
        names.length > 0
          ? fc.oneof(
              fc.constant(names),
              fc.constantFrom(...names).map((again) => [...names, again]),
            )
          : fc.constant(names),
      );
      return registered.map((list): NamesInput => ({ name: drawn, registered: list }));
    });
  });
}

/** The general categories of Unicode, by their short names (`Nd`, `No`, `Mn`, …): what a key rule tells apart. */
export const GENERAL_CATEGORIES = [
  "Lu",
  "Ll",
  "Lt",
  "Lm",
  "Lo",
  "Mn",
  "Mc",
  "Me",
  "Nd",
  "Nl",
  "No",
  "Pc",
  "Pd",
  "Ps",
  "Pe",
  "Pi",
  "Pf",
  "Po",
  "Sm",
  "Sc",
  "Sk",
  "So",
  "Zs",
  "Zl",
  "Zp",
  "Cc",
  "Cf",
  "Cs",
  "Co",
  "Cn",
] as const;

const CATEGORY_TESTS = GENERAL_CATEGORIES.map((category) => [category, new RegExp(`^\\p{${category}}$`, "u")] as const);

/** The general category of one character (a code point, or a lone surrogate). */
export function categoryOf(ch: string): string {
  return CATEGORY_TESTS.find(([, test]) => test.test(ch))?.[0] ?? "Cn";
}

/**
 * `name` less every character of one general category found in it (each category it holds equally
 * likely): two names whose keys differ exactly where a key rule draws its line, a decimal digit
 * against a Roman numeral or a fraction, a letter against a mark. The name itself when it is empty.
 */
export function categoryTwin(name: string): fc.Arbitrary<string> {
  const present = [...new Set([...name].map(categoryOf))];
  if (present.length === 0) return fc.constant(name);
  return fc.constantFrom(...present).map((category) => [...name].filter((ch) => categoryOf(ch) !== category).join(""));
}

/** Characters that are never letters or digits, with a few letters so that some keys are not empty. */
export function mostlyNotLetters(): fc.Arbitrary<string> {
  return fc.constantFrom(...NOT_LETTERS, "a", "Σ", "١");
}

/** Characters whose case is not one to one: the case corners, Greek, ASCII letters beside them. */
export function caseChar(): fc.Arbitrary<string> {
  return fc.constantFrom(...GREEK_AND_SPECIAL, ...CASE_CORNERS, "a", "K", "s", "S", "_", "I", "i");
}

/**
 * A small alphabet where lower-casing one character at a time and lower-casing the whole word
 * differ (final sigma, İ) and where normalising changes the key (é written in one or two
 * characters): few letters, so that names share keys often.
 */
export function perCharacterCaseChar(): fc.Arbitrary<string> {
  return fc.constantFrom("Σ", "Α", "ς", "σ", "İ", "i", "e", "\u0301", "é", "ß", "_");
}

/**
 * The characters where "letters and digits" draws its line, drawn often: numbers that are not
 * decimal digits (Roman numerals, superscripts, fractions, circled digits) and marks that are
 * alphabetic without being letters.
 */
const KEY_LINE = ["Ⅻ", "ⅻ", "²", "①", "\u00bd", "\u2167", "\u093f", "\u0345", "\u0903", "\u0bbe"] as const;

/** Letters and digits of every script, combining marks and astral letters among them; a third of them from {@link KEY_LINE}. */
export function scriptChar(): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: fc.constantFrom(...KEY_LINE), weight: 1 }, { arbitrary: anyScriptChar(), weight: 2 });
}

function anyScriptChar(): fc.Arbitrary<string> {
  return fc.constantFrom(
    ...OTHER_SCRIPTS,
    ...OTHER_DIGITS,
    ...ASTRAL,
    ...COMBINING_MARKS,
    ...NEWEST_LETTERS,
    "Ⅻ",
    "ⅻ",
    "²",
    "①",
    "\u093f",
    "\u0345",
    "\ufb01",
    "a",
    "1",
    "_",
    "-",
  );
}

/** The loose key as the exercise defines it, for the reach checks only (the properties compare with the worked answer). */
export function looseKeyForReach(name: string): string {
  let key = "";
  for (const ch of name) if (/[\p{L}\p{N}]/u.test(ch)) key += ch.toLowerCase();
  return key;
}

/** How many registered names share the name's key (for the reach checks). */
export function matchCount(input: NamesInput): number {
  const key = looseKeyForReach(input.name);
  return key === "" ? -1 : input.registered.filter((n) => looseKeyForReach(n) === key).length;
}
