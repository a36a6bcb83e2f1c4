/**
 * Exercise 1's generators: the texts `word_count` counts (every kind of white space of both
 * languages' definitions, characters outside the BMP, lone surrogates, combining marks, blank
 * texts of every kind), the argument objects a caller may pass (plain fields and getters, extra
 * and prototype-looking keys, values of every JSON kind) and the order a caller reads the
 * tool's members in.
 *
 * @module
 */
import fc from "fast-check";
import { anyWhitespace, NOT_QUITE_BOOLEANS, oddChar, oddValue, PROTOTYPE_KEYS } from "./domain.js";

/** One word: one to three characters that are not white space for JavaScript (`\s`). */
export function word(): fc.Arbitrary<string> {
  return fc
    .array(
      oddChar().filter((ch) => !/\s/.test(ch)),
      { minLength: 1, maxLength: 3 },
    )
    .map((chars) => chars.join(""));
}

/** A run of white space of either definition, or a look-alike that is white space for neither. */
export function gap(): fc.Arbitrary<string> {
  return fc.array(anyWhitespace(), { minLength: 1, maxLength: 3 }).map((chars) => chars.join(""));
}

/** A text: words and gaps in any order, with gaps at either end or none, from empty to 10 pieces. */
export function wordText(): fc.Arbitrary<string> {
  return fc.array(fc.oneof(word(), gap()), { maxLength: 10 }).map((pieces) => pieces.join(""));
}

/**
 * A text with no words for one definition or the other: empty, JavaScript's white space only,
 * Python's only, the byte-order mark, look-alikes that are white space for neither.
 */
export function blankish(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(""),
    gap(),
    fc.array(gap(), { maxLength: 4 }).map((gaps) => gaps.join("")),
  );
}

/** How the `text` argument is given: a plain field, a getter, missing, or `undefined`. */
export type TextHolder = { readonly kind: "field"; readonly text: unknown } | { readonly kind: "getter"; readonly text: unknown } | { readonly kind: "missing" };

/** A `text` argument for a direct call of `execute`: a string (as a field or a getter), or missing. */
export function textHolder(text: fc.Arbitrary<string>): fc.Arbitrary<TextHolder> {
  return fc.oneof(
    { arbitrary: text.map((t): TextHolder => ({ kind: "field", text: t })), weight: 6 },
    { arbitrary: text.map((t): TextHolder => ({ kind: "getter", text: t })), weight: 2 },
    { arbitrary: fc.constant<TextHolder>({ kind: "missing" }), weight: 1 },
  );
}

/** The argument object of a {@link TextHolder}, built fresh for each side. */
export function paramsOf(holder: TextHolder): Record<string, unknown> {
  if (holder.kind === "missing") return {};
  if (holder.kind === "field") return { text: holder.text };
  const text = holder.text;
  return {
    get text() {
      return text;
    },
  };
}

/** Arguments as a model may send them: `text` of any kind or missing, and extra keys, prototype-looking ones among them. */
export interface SentArgs {
  /** `text`'s value, or no `text` at all. */
  readonly text: { readonly value: unknown } | null;
  /** Other keys and their values, in order. */
  readonly extra: readonly (readonly [string, unknown])[];
}

/** {@link SentArgs}: `text` is a string most of the time, of any other kind or missing otherwise. */
export function sentArgs(): fc.Arbitrary<SentArgs> {
  // Cheaper than oddValue(), which R3's textArgs() uses: these properties are about names and words.
  const value = fc.oneof(fc.constantFrom(...NOT_QUITE_BOOLEANS), fc.integer(), wordText(), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }));
  const text = fc.oneof(
    { arbitrary: wordText().map((v) => ({ value: v })), weight: 5 },
    { arbitrary: value.map((v) => ({ value: v })), weight: 2 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
  const key = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, "Text", "text ", "txt", "language"), fc.string({ maxLength: 4 }));
  const extra = fc.oneof(
    { arbitrary: fc.constant<(readonly [string, unknown])[]>([]), weight: 3 },
    { arbitrary: fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 2 }), weight: 1 },
  );
  return fc.record({ text, extra }).map(({ text: t, extra: e }) => ({ text: t, extra: e.filter(([k]) => k !== "text") }));
}

/** {@link SentArgs} without extra keys, `text` of every JSON kind (and `undefined`, `-0`, `NaN`) as often as a string. */
export function textArgs(): fc.Arbitrary<SentArgs> {
  const kinds: readonly unknown[] = [null, undefined, 0, -0, 1.5, Number.NaN, true, false, "", " ", [], ["a"], {}, { text: "a" }];
  const text = fc.oneof(
    { arbitrary: wordText().map((value) => ({ value })), weight: 3 },
    { arbitrary: fc.constantFrom(...kinds).map((value) => ({ value })), weight: 3 },
    { arbitrary: oddValue().map((value) => ({ value })), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
  return text.map((t) => ({ text: t, extra: [] }));
}

/** The object of {@link SentArgs}, every key its own (`__proto__` too), built fresh for each side. */
export function argsObject(args: SentArgs): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const define = (key: string, value: unknown): void => {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  };
  if (args.text !== null) define("text", args.text.value);
  for (const [key, value] of args.extra) define(key, value);
  return object;
}

/** The members of a tool a caller reads, in any order and as often as it likes. */
export const MEMBERS = ["name", "description", "readOnly", "exclusive", "concurrencySafe", "schema name"] as const;

/** One member read. */
export type Member = (typeof MEMBERS)[number];

/** A sequence of one to eight member reads, repeats likely. */
export function memberReads(): fc.Arbitrary<Member[]> {
  return fc.array(fc.constantFrom(...MEMBERS), { minLength: 1, maxLength: 8 });
}
