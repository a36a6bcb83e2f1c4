/**
 * Exercise 5's generators. Arguments are drawn as recipes and built afresh for each side, so each
 * side gets its own objects (plain or with a null prototype, arrays with holes, fields that are
 * getters) and neither can change what the other sees. Text arguments reach blank text of every
 * kind of white space (JavaScript's and Python's differ), JSON object and array text padded with
 * either kind, malformed JSON, scalars, and text with lone surrogates, astral characters and
 * prototype-looking keys.
 *
 * @module
 */
import fc from "fast-check";
import { FakeTool } from "../../../src/testing/index.js";
import type { JsonSchema, Tool } from "../../../src/tools/base.js";
import { anyWhitespace, ASTRAL, LONE_SURROGATES, NOT_QUITE_BOOLEANS, oddText, padded, PROTOTYPE_KEYS, PYTHON_ONLY_WHITESPACE, JS_ONLY_WHITESPACE } from "./domain.js";
import { argumentsTool, countingReadTool } from "./tools.js";

/** A value to build: a primitive as it is, an array (null entries are holes), or an object whose fields may be getters. */
export type Recipe =
  | { readonly leaf: unknown }
  | { readonly array: readonly (Recipe | null)[] }
  | { readonly object: readonly (readonly [key: string, value: Recipe, getter: boolean])[]; readonly nullPrototype: boolean };

/** Builds a fresh value from a recipe. */
export function build(recipe: Recipe): unknown {
  if ("leaf" in recipe) return recipe.leaf;
  if ("array" in recipe) {
    const array: unknown[] = [];
    array.length = recipe.array.length;
    recipe.array.forEach((item, i) => {
      if (item !== null) array[i] = build(item);
    });
    return array;
  }
  const object = (recipe.nullPrototype ? Object.create(null) : {}) as Record<string, unknown>;
  for (const [key, value, getter] of recipe.object) {
    const built = build(value);
    Object.defineProperty(
      object,
      key,
      getter ? { get: () => built, enumerable: true, configurable: true } : { value: built, enumerable: true, configurable: true, writable: true },
    );
  }
  return object;
}

/** True when the recipe holds a field that is a getter. */
export function hasGetter(recipe: Recipe): boolean {
  if ("leaf" in recipe) return false;
  if ("array" in recipe) return recipe.array.some((item) => item !== null && hasGetter(item));
  return recipe.object.some(([, value, getter]) => getter || hasGetter(value));
}

const leaf = (value: unknown): Recipe => ({ leaf: value });

/** Keys of argument objects: the tools' parameters, the wrapper's key and its near misses, prototype-looking keys. */
export const ARGUMENT_KEYS = ["path", "limit", "seconds", "arguments", "Arguments", "arguments ", "extra", ...PROTOTYPE_KEYS.slice(0, 3)] as const;

/** JSON text of an object or array, written compactly or indented, with odd strings and prototype-looking keys inside. */
export function jsonText(): fc.Arbitrary<string> {
  const inner = fc.oneof(
    fc.constantFrom(...NOT_QUITE_BOOLEANS.filter((v) => v !== undefined && typeof v !== "number")),
    oddText({ maxLength: 4 }),
    fc.integer({ min: -3, max: 12 }),
    fc.constantFrom("5", " 5 ", "٥", "-1", "a.txt"),
  );
  const object = fc.dictionary(fc.constantFrom(...ARGUMENT_KEYS), inner, { maxKeys: 3 });
  const value = fc.oneof(
    { arbitrary: object, weight: 3 },
    { arbitrary: fc.array(inner, { maxLength: 3 }), weight: 1 },
    { arbitrary: object.map((o) => ({ arguments: o })), weight: 1 },
  );
  return fc.tuple(value, fc.constantFrom(undefined, 2, "\t")).map(([v, indent]) => JSON.stringify(v, null, indent));
}

/** Text as a model might send for arguments: blank, JSON (padded with either kind of space), malformed, scalars, odd. */
export function argumentText(): fc.Arbitrary<string> {
  const blank = fc.array(anyWhitespace(), { maxLength: 4 }).map((chars) => chars.join(""));
  const malformed = fc.tuple(jsonText(), fc.constantFrom("cut", "comma", "quotes", "unquoted")).map(([text, how]) => {
    if (how === "cut") return text.slice(0, Math.max(1, text.length - 1));
    if (how === "comma") return text.endsWith("}") || text.endsWith("]") ? `${text.slice(0, -1)},${text.slice(-1)}` : `${text},`;
    if (how === "quotes") return text.replaceAll('"', "'");
    return text.replace(/"([^"]*)":/, "$1:");
  });
  const scalar = fc.constantFrom("42", "true", "false", "null", '"a.txt"', "-0", "1e400", "{}x", "[", "{");
  return fc.oneof(
    { arbitrary: blank, weight: 2 },
    { arbitrary: padded(jsonText()), weight: 4 },
    { arbitrary: padded(malformed), weight: 2 },
    { arbitrary: padded(scalar), weight: 2 },
    { arbitrary: fc.constantFrom(...PYTHON_ONLY_WHITESPACE, ...JS_ONLY_WHITESPACE).map((ch) => `${ch}{"path": "a"}${ch}`), weight: 1 },
    { arbitrary: fc.constantFrom(...ASTRAL, ...LONE_SURROGATES).map((ch) => `{"path": "${ch}"}`), weight: 1 },
    { arbitrary: oddText(), weight: 1 },
  );
}

/** A leaf: any not-quite-boolean, argument text, or a number of an odd kind. */
function leafValue(): fc.Arbitrary<Recipe> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NOT_QUITE_BOOLEANS.filter((v) => typeof v !== "object" || v === null)).map(leaf), weight: 2 },
    { arbitrary: argumentText().map(leaf), weight: 3 },
    { arbitrary: fc.constantFrom(5, 0, -1, 5.5, 1e21, "5", " 7 ", "٥", "5.0", "\u00855", "\ufeff5", "0x10", "").map(leaf), weight: 2 },
  );
}

/** An argument value as a recipe: a leaf, an array (holes too), or an object (null prototype, getters, wrapper keys) nested up to `depth`. */
export function argumentRecipe(depth = 2): fc.Arbitrary<Recipe> {
  if (depth === 0) return leafValue();
  const child = argumentRecipe(depth - 1);
  const field = fc.tuple(fc.constantFrom(...ARGUMENT_KEYS), child);
  const fields = fc.uniqueArray(field, { maxLength: 3, selector: ([key]) => key });
  const getterSometimes = fc.tuple(fields, fc.integer({ min: 0, max: 3 })).map(([list, g]) => list.map(([k, v], i): readonly [string, Recipe, boolean] => [k, v, i === g]));
  return fc.oneof(
    { arbitrary: leafValue(), weight: 3 },
    { arbitrary: fc.tuple(getterSometimes, fc.integer({ min: 0, max: 5 })).map(([object, p]): Recipe => ({ object, nullPrototype: p === 0 })), weight: 4 },
    { arbitrary: child.map((inner): Recipe => ({ object: [["arguments", inner, false]], nullPrototype: false })), weight: 2 },
    { arbitrary: fc.array(fc.option(child, { nil: null, freq: 5 }), { maxLength: 3 }).map((array): Recipe => ({ array })), weight: 1 },
  );
}

/** An `unwrap` input: one of {@link SCHEMAS} by index, and the value. */
export interface UnwrapInput {
  readonly schema: number;
  readonly value: Recipe;
}

/**
 * `unwrap` inputs with an `arguments` wrapper: the key as written or nearly, another key beside it
 * or not, as a getter or not, with or without a prototype. A quarter of them are the wrapper alone
 * holding nothing (`undefined` or `null`), the inside most easily taken for "no wrapper": in every
 * run of 50, one is all but certain to come.
 */
export function wrappedInput(): fc.Arbitrary<UnwrapInput> {
  const schema = fc.integer({ min: 0, max: SCHEMAS.length - 1 });
  const any = fc
    .tuple(
      argumentRecipe(1),
      fc.array(fc.tuple(fc.constantFrom("path", "Arguments", "__proto__", "constructor"), argumentRecipe(0)), { maxLength: 1 }),
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom("arguments", "arguments", "arguments", "Arguments", "arguments "),
    )
    .map(([inner, others, getter, nullPrototype, key]): Recipe => ({
      object: [[key, inner, getter], ...others.map(([k, v]): readonly [string, Recipe, boolean] => [k, v, false])],
      nullPrototype,
    }));
  const holdingNothing = fc
    .tuple(fc.constantFrom<Recipe>({ leaf: undefined }, { leaf: null }), fc.boolean(), fc.boolean())
    .map(([inner, getter, nullPrototype]): Recipe => ({ object: [["arguments", inner, getter]], nullPrototype }));
  return fc.record({ schema, value: fc.oneof({ arbitrary: any, weight: 3 }, { arbitrary: holdingNothing, weight: 1 }) });
}

/** The schemas `unwrap` is given: properties without `arguments`, with it, none at all, empty, one that only differs in case, and one with `arguments` nested a level down. */
export const SCHEMAS: readonly (() => JsonSchema)[] = [
  () => countingReadTool().parameters,
  () => argumentsTool().parameters,
  () => ({ type: "object" }),
  () => ({ type: "object", properties: {} }),
  () => ({ type: "object", properties: { Arguments: { type: "string" } } }),
  () => ({ type: "object", properties: { options: { type: "object", properties: { arguments: { type: "string" } } } } }),
];

/** A tool with an `Optional`-style field (an `anyOf` of an integer and null). */
export function waitTool(): FakeTool {
  return new FakeTool({
    name: "wait",
    description: "Wait some seconds, or until told when seconds is null.",
    parameters: { type: "object", properties: { seconds: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } } },
    result: "waited",
  });
}

/** The tools of a `prepare` call, built afresh for each side, in this order. */
export function buildTools(): Tool[] {
  return [countingReadTool(), argumentsTool(), waitTool()];
}

/** Names for `prepare`: the tools' exact names often, near misses, padded, prototype-looking and empty names. */
export function toolName(): fc.Arbitrary<string> {
  const exact = fc.constantFrom("read_file", "run_script", "wait");
  // An exact name with white space of any kind before it, after it or both: the near miss a trim would turn into a hit.
  const spaced = fc
    .tuple(exact, anyWhitespace(), fc.constantFrom("before", "after", "both"))
    .map(([name, space, where]) => (where === "before" ? space + name : where === "after" ? name + space : space + name + space));
  return fc.oneof(
    { arbitrary: exact, weight: 6 },
    { arbitrary: fc.constantFrom("ReadFile", "read-file", "READ_FILE", "Wait", "runScript", "run_scripts", "read_fil"), weight: 2 },
    { arbitrary: spaced, weight: 2 },
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, ""), weight: 1 },
  );
}

/** Arguments a tool with `path`, `limit`, `seconds` and `arguments` parameters might get: right, near, wrong, odd. */
export function toolArguments(): fc.Arbitrary<Recipe> {
  const field = (key: string, values: fc.Arbitrary<Recipe>) =>
    fc.tuple(
      fc.constant(key),
      values,
      fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    );
  const fitting = fc
    .tuple(
      fc.option(field("path", fc.oneof(fc.constantFrom("a.txt", "", " ", "ф.txt", "\ud800").map(leaf), leafValue())), { nil: null }),
      fc.option(field("limit", fc.oneof(fc.constantFrom(5, 1, 0, -1, 2.5, "5", " 5 ", "٥", "0", "1e3", "\u00855", "5\u001c", "true", null).map(leaf), leafValue())), {
        nil: null,
      }),
      fc.option(field("seconds", fc.constantFrom(30, 0, -5, "30", "forever", null, true, "").map(leaf)), { nil: null }),
      fc.option(field("arguments", leafValue()), { nil: null }),
      fc.option(field("extra", leafValue()), { nil: null }),
      fc.option(field("__proto__", fc.constant<Recipe>({ object: [["path", leaf("x"), false]], nullPrototype: false })), { nil: null }),
      fc.integer({ min: 0, max: 5 }),
    )
    .map(([path, limit, seconds, args, extra, proto, p]): Recipe => ({
      object: [path, limit, seconds, args, extra, proto].filter((f) => f !== null),
      nullPrototype: p === 0,
    }));
  return fc.oneof(
    { arbitrary: fitting, weight: 4 },
    { arbitrary: fitting.map((inner): Recipe => ({ object: [["arguments", inner, false]], nullPrototype: false })), weight: 1 },
    { arbitrary: fitting.map((inner): Recipe => ({ leaf: JSON.stringify(build(inner)) })), weight: 2 },
    { arbitrary: argumentRecipe(1), weight: 2 },
  );
}
