/**
 * A differential property (issue 11): `prepareCall` against Ajv itself. Schemas are generated with
 * `anyOf`, `oneOf`, `allOf`, `not`, type lists, `enum`, `const`, nested objects with `required`
 * and `additionalProperties`, and arrays with `items` and `maxItems`; values include numeric and
 * boolean strings. The reference is a fresh Ajv made by `createAjv()`: the registry's own options,
 * no coercion, so it follows any change of dialect. `FC_RUNS` and `FC_SEED` as everywhere.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { createAjv } from "../../src/tools/validate.js";
import { propertyConfig, runs } from "./runs.js";

/** The tool under test, with the generated schema. */
const target = (parameters: JsonSchema): FakeTool => new FakeTool({ name: "target", description: "the tool under test", parameters, result: "ok" });

const KEYS = ["a", "b", "c"] as const;
const TYPES = ["string", "integer", "number", "boolean", "null", "array", "object"] as const;

/** Scalars a model sends: numbers, booleans, null, and text that looks like them. */
const SCALARS = [
  "42", "007", "-3", " 7 ", "3.5", "1e3", "NaN", "true", "false", "TRUE", "yes", "no", "1", "0", "", "abc", "null",
  0, 1, -1, 7, 42, 2.5, -0.5, 1e21, true, false, null,
] as const;

const scalar = fc.constantFrom(...SCALARS);

/** A JSON value for the constants of `enum` and `const`. */
const constant: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constantFrom([], [1], {}, { a: 1 }) },
);

const numericConstraints = fc.record(
  { minimum: fc.integer({ min: -5, max: 10 }), maximum: fc.integer({ min: 0, max: 50 }) },
  { requiredKeys: [] },
);
const stringConstraints = fc.record({ minLength: fc.nat({ max: 3 }), maxLength: fc.integer({ min: 1, max: 6 }) }, { requiredKeys: [] });

const leafSchema: fc.Arbitrary<JsonSchema> = fc.oneof(
  fc.constantFrom(...TYPES).map((type): JsonSchema => ({ type })),
  fc.tuple(fc.constantFrom("integer", "number"), numericConstraints).map(([type, c]): JsonSchema => ({ type, ...c })),
  stringConstraints.map((c): JsonSchema => ({ type: "string", ...c })),
  fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 2, maxLength: 3 }).map((type): JsonSchema => ({ type })),
  fc.uniqueArray(constant, { minLength: 1, maxLength: 4, comparator: "SameValueZero", selector: (v) => JSON.stringify(v) }).map(
    (values): JsonSchema => ({ enum: values }),
  ),
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
    fc.tuple(fc.constantFrom("anyOf", "oneOf", "allOf"), fc.array(tie("schema"), { minLength: 1, maxLength: 3 })).map(
      ([keyword, branches]): JsonSchema => ({ [keyword]: branches }),
    ),
    tie("schema").map((inner): JsonSchema => ({ not: inner })),
    // A combinator beside a type and constraints, as generated schemas often have it.
    fc.tuple(fc.constantFrom(...TYPES), fc.array(tie("schema"), { minLength: 1, maxLength: 2 })).map(
      ([type, branches]): JsonSchema => ({ type, anyOf: branches }),
    ),
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

/** Runs in `npm test`: each run compiles two schemas, so 150 keep this file to a few seconds; `npm run soak` runs 100,000. */
const DEFAULT_RUNS = 150;

function params(name: string): fc.Parameters<unknown> {
  return propertyConfig(name, DEFAULT_RUNS);
}

describe("prepareCall against Ajv (issue 11)", () => {
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

  it("(a) a call is accepted exactly when Ajv (no coercion) accepts the cast arguments; (b) what Ajv already accepts runs unchanged", () => {
    fc.assert(
      fc.property(rootSchema, rootValue, (schema, args) => {
        const reference = createAjv().compile(schema);
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
  }, 60_000 + 200 * runs(DEFAULT_RUNS));
});
