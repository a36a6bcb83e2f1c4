/**
 * Differential properties: `prepareCall` against Ajv itself.
 *
 * The first: schemas are generated with `anyOf`, `oneOf`, `allOf`, `not`, type lists, `enum`,
 * `const`, nested objects with `required` and `additionalProperties`, and arrays with `items` and
 * `maxItems`; values include numeric and boolean strings. The reference is an Ajv made by
 * `createAjv()`: the registry's own options, no coercion, so it follows any change of dialect.
 *
 * The second, fail closed: schemas put patterns under `not`, `if`/`then`/`else`, `anyOf`,
 * `oneOf`, `allOf`, `patternProperties`, `propertyNames`, `contains`, `dependentSchemas` and
 * `unevaluatedProperties`, and values hold strings (and keys) short, long, and past every
 * pattern's limit. The reference is a plain Ajv with no limits at all, running the patterns on
 * the platform's `RegExp` (they are chosen tame enough for it). A call that reference refuses is
 * never executed; when every string is within its patterns' limits, the verdict is the
 * reference's; past a limit, the only difference allowed is a refusal that says the string is
 * too long to check. `FC_RUNS` and `FC_SEED` as everywhere.
 *
 * Each reference is made once per file, as the registry's own compiler is made once: a fresh one
 * compiles the meta-schema before the schema, which cost several times the run itself.
 */
import Ajv2020Import from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { longestCheckedInput, MAX_PATTERN_INPUT } from "../../src/schema/pattern.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { createAjv } from "../../src/schema/validate.js";
import { propertyConfig, runs } from "../soak/runs.js";

/**
 * The reference of the differential property, made once: the registry's own options. Like the
 * registry's compiler, it compiles each schema with an Ajv of its own and keeps none of them.
 */
const differentialReference = createAjv();

/** The tool under test, with the generated schema. */
const target = (parameters: JsonSchema): FakeTool => new FakeTool({ name: "target", description: "the tool under test", parameters, result: "ok" });

const KEYS = ["a", "b", "c"] as const;
const TYPES = ["string", "integer", "number", "boolean", "null", "array", "object"] as const;

/** Scalars a model sends: numbers, booleans, null, and text that looks like them. */
const SCALARS = [
  "42",
  "007",
  "-3",
  " 7 ",
  "3.5",
  "1e3",
  "NaN",
  "true",
  "false",
  "TRUE",
  "yes",
  "no",
  "1",
  "0",
  "",
  "abc",
  "null",
  0,
  1,
  -1,
  7,
  42,
  2.5,
  -0.5,
  1e21,
  true,
  false,
  null,
] as const;

const scalar = fc.constantFrom(...SCALARS);

/** A JSON value for the constants of `enum` and `const`. */
const constant: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.constantFrom([], [1], {}, { a: 1 }) });

const numericConstraints = fc.record({ minimum: fc.integer({ min: -5, max: 10 }), maximum: fc.integer({ min: 0, max: 50 }) }, { requiredKeys: [] });
const stringConstraints = fc.record({ minLength: fc.nat({ max: 3 }), maxLength: fc.integer({ min: 1, max: 6 }) }, { requiredKeys: [] });

const leafSchema: fc.Arbitrary<JsonSchema> = fc.oneof(
  fc.constantFrom(...TYPES).map((type): JsonSchema => ({ type })),
  fc.tuple(fc.constantFrom("integer", "number"), numericConstraints).map(([type, c]): JsonSchema => ({ type, ...c })),
  stringConstraints.map((c): JsonSchema => ({ type: "string", ...c })),
  fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 2, maxLength: 3 }).map((type): JsonSchema => ({ type })),
  fc.uniqueArray(constant, { minLength: 1, maxLength: 4, comparator: "SameValueZero", selector: (v) => JSON.stringify(v) }).map((values): JsonSchema => ({ enum: values })),
  constant.map((value): JsonSchema => ({ const: value })),
  fc.constant<JsonSchema>({}),
);

/** Every kind of schema node the property must reach, by name, to check the generator covers them. */
type Kind = "anyOf" | "oneOf" | "allOf" | "not" | "typeList" | "enum" | "const" | "object" | "required" | "additionalFalse" | "additionalSchema" | "array" | "maxItems";

const { schema: anySchema } = fc.letrec<{ schema: JsonSchema; object: JsonSchema; array: JsonSchema; branch: JsonSchema }>((tie) => ({
  schema: fc.oneof(
    { maxDepth: 3, depthIdentifier: "schema" },
    { weight: 4, arbitrary: leafSchema },
    { weight: 1, arbitrary: tie("object") },
    { weight: 1, arbitrary: tie("array") },
    { weight: 2, arbitrary: tie("branch") },
  ),
  object: fc
    .tuple(
      fc.dictionary(fc.constantFrom(...KEYS), tie("schema"), { maxKeys: 3 }),
      fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
      fc.option(fc.oneof(fc.constant<false | JsonSchema>(false), tie("schema")), { nil: undefined }),
    )
    .map(([properties, required, additional]): JsonSchema => {
      const schema: JsonSchema = { type: "object", properties };
      if (required.length > 0) schema["required"] = required;
      if (additional !== undefined) schema["additionalProperties"] = additional;
      return schema;
    }),
  array: fc.tuple(tie("schema"), fc.option(fc.nat({ max: 3 }), { nil: undefined })).map(([items, maxItems]): JsonSchema => {
    const schema: JsonSchema = { type: "array", items };
    if (maxItems !== undefined) schema["maxItems"] = maxItems;
    return schema;
  }),
  branch: fc.oneof(
    fc
      .tuple(fc.constantFrom("anyOf", "oneOf", "allOf"), fc.array(tie("schema"), { minLength: 1, maxLength: 3 }))
      .map(([keyword, branches]): JsonSchema => ({ [keyword]: branches })),
    tie("schema").map((inner): JsonSchema => ({ not: inner })),
    // A combinator beside a type and constraints, as generated schemas often have it.
    fc.tuple(fc.constantFrom(...TYPES), fc.array(tie("schema"), { minLength: 1, maxLength: 2 })).map(([type, branches]): JsonSchema => ({ type, anyOf: branches })),
    // Pydantic's Optional[X].
    tie("schema").map((inner): JsonSchema => ({ anyOf: [inner, { type: "null" }] })),
  ),
}));

/** The root: always an object schema, as a tool's parameters must be. */
const rootSchema: fc.Arbitrary<JsonSchema> = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...KEYS), anySchema, { minKeys: 1, maxKeys: 3 }),
    fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
    fc.option(fc.oneof(fc.constant<false | JsonSchema>(false), anySchema), { nil: undefined }),
    fc.option(fc.array(anySchema, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  )
  .map(([properties, required, additional, anyOf]): JsonSchema => {
    const schema: JsonSchema = { type: "object", properties };
    if (required.length > 0) schema["required"] = required;
    if (additional !== undefined) schema["additionalProperties"] = additional;
    if (anyOf !== undefined) schema["anyOf"] = anyOf;
    return schema;
  });

const { value: anyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: "value" },
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...KEYS, "z"), tie("value"), { maxKeys: 3 }) },
  ),
}));

const rootValue: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(fc.constantFrom(...KEYS, "z"), anyValue, { maxKeys: 4, noNullPrototype: true });

function kindsOf(schema: unknown, found: Set<Kind>): Set<Kind> {
  if (schema === null || typeof schema !== "object") return found;
  if (Array.isArray(schema)) {
    for (const item of schema) kindsOf(item, found);
    return found;
  }
  const node = schema as Record<string, unknown>;
  for (const keyword of ["anyOf", "oneOf", "allOf", "not", "enum", "const", "maxItems"] as const) if (keyword in node) found.add(keyword);
  if (Array.isArray(node["type"])) found.add("typeList");
  if (node["type"] === "object") found.add("object");
  if (node["type"] === "array") found.add("array");
  if ("required" in node) found.add("required");
  if (node["additionalProperties"] === false) found.add("additionalFalse");
  if (typeof node["additionalProperties"] === "object") found.add("additionalSchema");
  for (const child of Object.values(node)) kindsOf(child, found);
  return found;
}

/** Runs in `npm test`: each run compiles two schemas, so 60 keep this property to a second or two; `npm run soak` runs 100,000. */
const DEFAULT_RUNS = 60;
/** Runs of the fail-closed property in `npm test`: each also checks strings up to 200,000 characters, so 30 (the soak: 100,000). */
const FAIL_CLOSED_RUNS = 30;

function params(name: string): fc.Parameters<unknown> {
  return propertyConfig(name, DEFAULT_RUNS);
}

describe("property: prepareCall against Ajv", () => {
  it("the generators reach every kind of schema and value the claims name", () => {
    const kinds = new Set<Kind>();
    for (const schema of fc.sample(rootSchema, { numRuns: 400, seed: 11 })) kindsOf(schema, kinds);
    expect([...kinds].sort()).toEqual(
      ["additionalFalse", "additionalSchema", "allOf", "anyOf", "array", "const", "enum", "maxItems", "not", "object", "oneOf", "required", "typeList"].sort(),
    );
    const values = fc.sample(rootValue, { numRuns: 400, seed: 11 }).flatMap((v) => Object.values(v));
    expect(values).toContain("42");
    expect(values).toContain("true");
    expect(values.some((v) => Array.isArray(v))).toBe(true);
    expect(values.some((v) => v !== null && typeof v === "object" && !Array.isArray(v))).toBe(true);
  });

  it(
    "(a) a call is accepted exactly when Ajv (no coercion) accepts the cast arguments; (b) what Ajv already accepts runs unchanged",
    () => {
      fc.assert(
        fc.property(rootSchema, rootValue, (schema, args) => {
          const reference = differentialReference.compile(schema);
          const registry = new ToolRegistry();
          registry.register(target(schema));
          const snapshot = structuredClone(args);
          const acceptedAsGiven = reference(args) === true;

          const prepared = registry.prepareCall("target", args);
          // Casting never mutates what it was given.
          expect(args).toEqual(snapshot);
          // (a) The verdict is Ajv's on the cast arguments.
          const acceptedCast = reference(prepared.params) === true;
          expect(prepared.error === null).toBe(acceptedCast);
          if (prepared.error !== null) {
            expect(prepared.error.isError).toBe(true);
            expect(prepared.error.content).toMatch(/^Error: Invalid parameters for tool 'target': \S/);
          }
          // (b) Accepted as given: runs, with the very same object.
          if (acceptedAsGiven) {
            expect(prepared.error).toBeNull();
            expect(prepared.params).toBe(args);
          }
        }),
        params("differential: prepareCall vs Ajv"),
      );
      // Each run compiles its schema twice (the registry and the reference): the time limit grows
      // with the run count, so a soak can finish.
    },
    60_000 + 200 * runs(DEFAULT_RUNS),
  );
});

// ---------------------------------------------------------------------------------------------
// Fail closed: patterns wherever a schema can put them, strings past every limit.

/** Patterns a backtracking engine runs in linear time on any string, cheap and costly by the budget's measure. */
const TAME_PATTERNS = ["^-", "^[a-z]+$", "[;|&$]", "\\s", "^\\d{3}$", "^(?:foo|bar)", "\\p{Nd}", "^[^\\p{Nd}]*$", "(?:ab|cd){40}"] as const;

/** Lengths a string is padded to: short, within every limit, past the costly patterns' limits, past every limit. */
const lengthArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constantFrom(400, 2_500, 12_000) },
  { weight: 2, arbitrary: fc.constant(MAX_PATTERN_INPUT + 1) },
);

/** Short texts, each matched by some of the patterns (`-rf` by `^-`, `123` by `^\d{3}$` and `\p{Nd}`, …). */
const BASES = ["-rf", "abc", "a;b", "a b", "123", "foo", "abab", "x", "αβγ", "٣", ""] as const;

/**
 * A string a model might send: a short text, sometimes padded far past a pattern's limit. Most
 * padding repeats the text's own last character, so a long string still matches what the short
 * one matched: exactly the string a pattern under `not` is there to stop.
 */
const anyString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...BASES), fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom("a", " ", "-", "7") }), lengthArb)
  .map(([base, pad, length]) => {
    if (length === 0) return base;
    const unit = pad ?? base.at(-1) ?? "a";
    return base + unit.repeat(Math.max(0, length - base.length));
  });

/** Cheap patterns mostly: three costly ones in one schema are over the whole schema's pattern budget. */
const tamePattern = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...TAME_PATTERNS.filter((p) => !p.includes("\\p"))) },
  { weight: 1, arbitrary: fc.constantFrom(...TAME_PATTERNS.filter((p) => p.includes("\\p"))) },
);
const NAMES = ["a", "b", "q", "-opt", "foo"] as const;

type PatternKind = "pattern" | "not" | "if" | "anyOf" | "oneOf" | "allOf" | "patternProperties" | "propertyNames" | "contains" | "dependentSchemas" | "unevaluatedProperties";

const { node: patternNode } = fc.letrec<{ node: JsonSchema; leaf: JsonSchema; combinator: JsonSchema; object: JsonSchema; array: JsonSchema }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: "pattern-node" },
    { weight: 4, arbitrary: tie("leaf") },
    { weight: 3, arbitrary: tie("combinator") },
    { weight: 1, arbitrary: tie("object") },
    { weight: 1, arbitrary: tie("array") },
  ),
  leaf: fc.oneof(
    tamePattern.map((pattern): JsonSchema => ({ pattern })),
    tamePattern.map((pattern): JsonSchema => ({ type: "string", pattern })),
    fc.constantFrom<JsonSchema>({ type: "string" }, {}, { type: "string", maxLength: 3 }, { type: "object" }),
  ),
  combinator: fc.oneof(
    tie("node").map((inner): JsonSchema => ({ not: inner })),
    fc.tuple(tie("node"), fc.option(tie("node"), { nil: undefined }), fc.option(tie("node"), { nil: undefined })).map(([condition, then, otherwise]): JsonSchema => {
      const schema: JsonSchema = { if: condition };
      if (then !== undefined) schema["then"] = then;
      if (otherwise !== undefined) schema["else"] = otherwise;
      return schema;
    }),
    fc
      .tuple(fc.constantFrom("anyOf", "oneOf", "allOf"), fc.array(tie("node"), { minLength: 1, maxLength: 3 }))
      .map(([keyword, branches]): JsonSchema => ({ [keyword]: branches })),
  ),
  object: fc
    .record(
      {
        properties: fc.dictionary(fc.constantFrom(...NAMES), tie("node"), { maxKeys: 2 }),
        patternProperties: fc.dictionary(tamePattern, tie("node"), { minKeys: 1, maxKeys: 2 }),
        propertyNames: tie("node"),
        additionalProperties: fc.oneof(fc.boolean(), tie("node")),
        dependentSchemas: fc.dictionary(fc.constantFrom(...NAMES), tie("node"), { minKeys: 1, maxKeys: 1 }),
        unevaluatedProperties: fc.oneof(fc.constant(false), tie("node")),
      },
      { requiredKeys: [] },
    )
    .map((parts): JsonSchema => ({ type: "object", ...parts })),
  array: fc
    .record({ items: tie("node"), contains: tie("node"), prefixItems: fc.array(tie("node"), { minLength: 1, maxLength: 2 }) }, { requiredKeys: [] })
    .map((parts): JsonSchema => ({ type: "array", ...parts })),
}));

/** The root: an object schema whose properties, key patterns and key rule are generated. */
const patternRoot: fc.Arbitrary<JsonSchema> = fc
  .record(
    {
      properties: fc.dictionary(fc.constantFrom(...NAMES), patternNode, { minKeys: 1, maxKeys: 3 }),
      patternProperties: fc.dictionary(tamePattern, patternNode, { minKeys: 1, maxKeys: 2 }),
      propertyNames: patternNode,
      dependentSchemas: fc.dictionary(fc.constantFrom(...NAMES), patternNode, { minKeys: 1, maxKeys: 1 }),
      unevaluatedProperties: fc.oneof(fc.constant(false), patternNode),
      anyOf: fc.array(patternNode, { minLength: 1, maxLength: 2 }),
    },
    { requiredKeys: ["properties"] },
  )
  .map((parts): JsonSchema => ({ type: "object", ...parts }));

const { value: stringValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 2, depthIdentifier: "string-value" },
    { weight: 5, arbitrary: anyString },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...NAMES), anyString), tie("value"), { maxKeys: 3, noNullPrototype: true }) },
  ),
}));

/** The arguments: known names and, now and then, a generated (possibly very long) key. */
const stringArgs: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: anyString }),
  stringValue,
  {
    maxKeys: 4,
    noNullPrototype: true,
  },
);

/** For each pattern, a short text it matches. */
const MATCHED_BY: Readonly<Record<(typeof TAME_PATTERNS)[number], string>> = {
  "^-": "-rf",
  "^[a-z]+$": "abc",
  "[;|&$]": "a;b",
  "\\s": "a b",
  "^\\d{3}$": "123",
  "^(?:foo|bar)": "foo",
  "\\p{Nd}": "٣",
  "^[^\\p{Nd}]*$": "abc",
  "(?:ab|cd){40}": "ab".repeat(40),
};

/** `text` padded to `length` with its own last character, so it still matches what it matched. */
function padded(text: string, length: number): string {
  return length <= text.length ? text : text + (text.at(-1) ?? "a").repeat(length - text.length);
}

/** A string aimed at `patterns`: one a pattern matches, often padded past its limit. */
function aimedString(patterns: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...patterns), lengthArb).map(([pattern, length]) => padded(MATCHED_BY[pattern as keyof typeof MATCHED_BY] ?? "a", length));
}

/**
 * Arguments aimed at a schema: each declared property present most of the time, its value a
 * string (or a list or object of them) that the patterns under it match, often padded past their
 * limits; a key aimed at the key patterns now and then. These reach what random strings rarely
 * do: a long string a pattern under `not` was there to stop.
 */
function aimedValue(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const patterns = patternsIn(schema);
  const text = patterns.length > 0 ? fc.oneof({ weight: 3, arbitrary: aimedString(patterns) }, { weight: 1, arbitrary: anyString }) : anyString;
  if (depth >= 2) return text;
  return fc.oneof(
    { weight: 4, arbitrary: text },
    { weight: 1, arbitrary: fc.array(text, { minLength: 1, maxLength: 2 }) },
    { weight: 1, arbitrary: aimedArgs(schema, depth + 1) },
  );
}

function aimedArgs(schema: unknown, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const node = (schema !== null && typeof schema === "object" ? schema : {}) as Record<string, unknown>;
  const properties = (node["properties"] ?? {}) as Record<string, unknown>;
  const keyPatterns = [...Object.keys(node["patternProperties"] ?? {}), ...patternsIn(node["propertyNames"])];
  const declared = Object.entries(properties).map(([key, sub]) => fc.option(aimedValue(sub, depth), { nil: undefined, freq: 4 }).map((value) => [key, value] as const));
  const keyed = keyPatterns.length > 0 ? fc.option(fc.tuple(aimedString(keyPatterns), aimedValue(node, 2)), { nil: undefined }) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...declared), keyed).map(([entries, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of entries) if (value !== undefined) out[key] = value;
    if (extra !== undefined) out[extra[0]] = extra[1];
    return out;
  });
}

/** A schema and arguments for it: aimed at its patterns most of the time, random the rest. */
const schemaAndArgs: fc.Arbitrary<[JsonSchema, Record<string, unknown>]> = patternRoot.chain((schema) =>
  fc.oneof({ weight: 3, arbitrary: aimedArgs(schema) }, { weight: 1, arbitrary: stringArgs }).map((args): [JsonSchema, Record<string, unknown>] => [schema, args]),
);

/** Every pattern in a schema: `pattern` values and `patternProperties` keys. */
function patternsIn(schema: unknown, found: string[] = []): string[] {
  if (schema === null || typeof schema !== "object") return found;
  for (const [key, child] of Object.entries(schema)) {
    if (key === "pattern" && typeof child === "string") found.push(child);
    if (key === "patternProperties" && child !== null && typeof child === "object") found.push(...Object.keys(child as object));
    patternsIn(child, found);
  }
  return found;
}

/** The longest string (value or key) in a value. */
function longestString(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (value === null || typeof value !== "object") return 0;
  let longest = 0;
  for (const [key, child] of Object.entries(value)) longest = Math.max(longest, Array.isArray(value) ? 0 : key.length, longestString(child));
  return longest;
}

function patternKinds(schema: unknown, found: Set<PatternKind>, under: PatternKind | null = null): Set<PatternKind> {
  if (schema === null || typeof schema !== "object") return found;
  const node = schema as Record<string, unknown>;
  if (typeof node["pattern"] === "string") found.add(under ?? "pattern");
  for (const [key, child] of Object.entries(node)) {
    if (key === "patternProperties" && child !== null && typeof child === "object" && Object.keys(child).length > 0) found.add("patternProperties");
    const kind: PatternKind | null =
      key === "not" ||
      key === "anyOf" ||
      key === "oneOf" ||
      key === "allOf" ||
      key === "propertyNames" ||
      key === "contains" ||
      key === "dependentSchemas" ||
      key === "unevaluatedProperties"
        ? key
        : key === "if" || key === "then" || key === "else"
          ? "if"
          : under;
    patternKinds(child, found, kind);
  }
  return found;
}

/** Ajv with no limits at all: the platform's RegExp, no budget, no refusal of long strings. */
const Ajv2020 = Ajv2020Import.default;
/** The reference with no limits at all, made once. */
const unlimitedReference = new Ajv2020({ allErrors: true, strict: false });

/** `schema` compiled by the reference with no limits, which then forgets it: a soak of 100,000 runs keeps none of them. */
function compileOnce(schema: JsonSchema): (value: unknown) => unknown {
  const check = unlimitedReference.compile(schema);
  unlimitedReference.removeSchema(schema);
  return check;
}

describe("property: fail closed: patterns anywhere, strings past every limit", () => {
  it("the generators put patterns under every keyword named, and make strings past every limit", () => {
    const kinds = new Set<PatternKind>();
    for (const schema of fc.sample(patternRoot, { numRuns: 400, seed: 17 })) patternKinds(schema, kinds);
    expect([...kinds].sort()).toEqual(
      ["pattern", "not", "if", "anyOf", "oneOf", "allOf", "patternProperties", "propertyNames", "contains", "dependentSchemas", "unevaluatedProperties"].sort(),
    );
    const lengths = fc.sample(schemaAndArgs, { numRuns: 400, seed: 17 }).map(([, args]) => longestString(args));
    expect(lengths.some((n) => n > MAX_PATTERN_INPUT)).toBe(true);
    expect(lengths.some((n) => n > 2_000 && n < 20_000)).toBe(true);
    expect(lengths.some((n) => n < 20)).toBe(true);
  });

  it(
    "a call Ajv with no limits refuses is never executed; within the limits the verdict is Ajv's; past them only a refusal saying why differs",
    () => {
      fc.assert(
        fc.property(schemaAndArgs, ([schema, args]) => {
          const reference = compileOnce(schema);
          const registry = new ToolRegistry();
          try {
            registry.register(target(schema));
          } catch (error) {
            // Too many costly patterns for one schema: refused whole, so nothing of it can run.
            expect(String(error)).toMatch(/over budget: its patterns cost more than/);
            return;
          }
          const acceptedByReference = reference(args) === true;
          const prepared = registry.prepareCall("target", args);
          if (!acceptedByReference) expect(prepared.error, "refused by Ajv, so it must not run").not.toBeNull();
          const limit = Math.min(MAX_PATTERN_INPUT, ...patternsIn(schema).map((p) => longestCheckedInput(p)));
          if (longestString(args) <= limit) {
            expect(prepared.error === null).toBe(acceptedByReference);
          } else if (acceptedByReference && prepared.error !== null) {
            expect(prepared.error.content).toMatch(/^Error: Invalid parameters for tool 'target': .* is too long to check against its pattern \(limit \d+ characters\)$/);
          }
          if (prepared.error === null) expect(prepared.params).toBe(args);
        }),
        propertyConfig("fail closed: prepareCall vs unlimited Ajv", FAIL_CLOSED_RUNS),
      );
      // Each run compiles its schema twice and runs patterns over strings up to 200,000 characters.
      // The time limit grows with the run count, so a soak can finish.
    },
    60_000 + 500 * runs(FAIL_CLOSED_RUNS),
  );
});
