/**
 * Generators of parameter schemas written by parties we do not control, and of arguments for
 * them, shared by the schema properties and by `npm run bench`. They reach every kind of hostile
 * schema the budget and the pattern engine are there for: catastrophic and unsupported patterns,
 * Python-style escapes, huge enums, `$ref` fan-out (in place and through a recursive property),
 * deep nesting, many values, long text, `$ref` cycles that never descend, 2020-12 and draft-07
 * keywords, and ordinary schemas within the budget.
 */
import fc from "fast-check";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";

/** The kind of hostile (or ordinary) part a generated schema was built around. */
export type SchemaKind = "ordinary" | "pattern" | "enum" | "fanout" | "recursive-fanout" | "deep" | "wide" | "text" | "cycle" | "dialect";

/** A generated schema with the kind it was built around and arguments to call it with. */
export interface SchemaCase {
  kind: SchemaKind;
  schema: JsonSchema;
  args: unknown[];
}

/** Patterns: catastrophic on a backtracking engine, unsupported by RE2, Python-style, too large, ordinary. */
export const PATTERNS: readonly string[] = [
  "^(a+)+$",
  "^(a|a)*$",
  "^(a|aa)+b$",
  "(x+x+)+y",
  "^([a-z]+)*[0-9]$",
  "(a)\\1",
  "^(?=a)a+$",
  "(?<!x)y",
  "(?P<word>\\w+)(?P=word)",
  "^\\d{4}\\-\\d{2}\\-\\d{2}$",
  "^[\\w\\-\\.]+\\@[\\w\\-]+\\.[a-z]{2,}$",
  "^a\\_b\\ c$",
  "^[a-z0-9_-]{3,16}$",
  "^\\p{L}+$",
  ".{1000}",
  "[\\s\\S]{0,1000}",
  "a{1001}",
  "(unclosed",
  "^[^\\]]*$",
  "",
];

/** Strings that make a backtracking engine take exponential time on the patterns above. */
export function hostileStrings(length: number): string[] {
  return ["a".repeat(length) + "!", "x".repeat(length), "aa".repeat(length) + "c", "2024-01-02", "a_b c", "a".repeat(length)];
}

const patternArb = fc.constantFrom(...PATTERNS);

/** A small ordinary leaf schema. */
const leafArb: fc.Arbitrary<JsonSchema> = fc.oneof(
  fc.constant({ type: "string" }),
  fc.constant({ type: "integer", minimum: 0 }),
  fc.constant({ type: "boolean" }),
  fc.record({ type: fc.constant("string"), enum: fc.uniqueArray(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 8 }) }),
  patternArb.map((pattern) => ({ type: "string", pattern })),
);

/** An ordinary object schema a few levels deep, with 2020-12 keywords now and then. */
const ordinaryArb: fc.Arbitrary<JsonSchema> = fc.letrec<{ node: JsonSchema }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafArb,
    fc.dictionary(fc.constantFrom("a", "b", "c", "q", "list", "meta"), tie("node"), { maxKeys: 4 }).chain((properties) =>
      fc.record({
        type: fc.constant("object"),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
        additionalProperties: fc.boolean(),
      }),
    ),
    fc.record({ type: fc.constant("array"), items: tie("node"), maxItems: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }),
  ),
})).node;

/** `$defs` where each entry applies the next one `fan` times in place, `depth` entries long. */
function fanOutDefs(depth: number, fan: number, keyword: "allOf" | "anyOf" | "oneOf"): Record<string, JsonSchema> {
  const defs: Record<string, JsonSchema> = {};
  for (let i = 0; i < depth; i++) defs[`d${i}`] = { [keyword]: Array.from({ length: fan }, () => ({ $ref: `#/$defs/d${i + 1}` })) };
  defs[`d${depth}`] = { type: "string", maxLength: 100 };
  return defs;
}

/** Nested single-property objects, `depth` levels. */
function nested(depth: number): JsonSchema {
  let schema: JsonSchema = { type: "string" };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { n: schema } };
  return schema;
}

function nestedValue(depth: number): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = { n: value };
  return value;
}

/** One generated case; the kinds that are costly to build are drawn less often. */
const caseArb: fc.Arbitrary<SchemaCase> = fc.oneof(
  { arbitrary: ordinaryArb.map((schema): SchemaCase => ({ kind: "ordinary", schema: { type: "object", properties: { x: schema, y: schema } }, args: [] })), weight: 4 },
  {
    arbitrary: fc.tuple(fc.array(patternArb, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([patterns, asKeys]): SchemaCase => {
      const properties: Record<string, JsonSchema> = {};
      patterns.forEach((pattern, i) => (properties[`p${i}`] = { type: "string", pattern }));
      const schema: JsonSchema = asKeys
        ? { type: "object", patternProperties: Object.fromEntries(patterns.map((p) => [p, { type: "string" }])) }
        : { type: "object", properties };
      return { kind: "pattern", schema, args: [] };
    }),
    weight: 4,
  },
  {
    arbitrary: fc.integer({ min: 1, max: 6_000 }).map((n): SchemaCase => ({
      kind: "enum",
      schema: { type: "object", properties: { e: { enum: Array.from({ length: n }, (_, i) => (i % 3 === 0 ? { v: i } : `v${i}`)) } } },
      args: [{ e: "v1" }, { e: { v: 0 } }, { e: "nope" }],
    })),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 1, max: 3 }), fc.constantFrom("allOf" as const, "anyOf" as const, "oneOf" as const))
      .map(([depth, fan, keyword]): SchemaCase => ({
        kind: "fanout",
        schema: { type: "object", properties: { q: { $ref: "#/$defs/d0" } }, $defs: fanOutDefs(depth, fan, keyword) },
        args: [{ q: "hello" }, { q: 1 }],
      })),
    weight: 3,
  },
  {
    arbitrary: fc.integer({ min: 1, max: 3 }).map((branches): SchemaCase => ({
      kind: "recursive-fanout",
      schema: {
        type: "object",
        properties: { c: { $ref: "#/$defs/n" } },
        $defs: { n: { anyOf: Array.from({ length: branches }, () => ({ type: "object", properties: { c: { $ref: "#/$defs/n" } } })) } },
      },
      args: [nestedValue(30)].map((v) => ({ c: JSON.parse(JSON.stringify(v).replace(/"n"/g, '"c"')) as unknown })),
    })),
    weight: 1,
  },
  {
    arbitrary: fc
      .integer({ min: 1, max: 90 })
      .map((depth): SchemaCase => ({ kind: "deep", schema: { type: "object", properties: { n: nested(depth) } }, args: [{ n: nestedValue(depth) }] })),
    weight: 2,
  },
  // Within the budget a wide schema stays small (up to 120 properties) so the soak's 100,000
  // runs finish; `npm run bench` times the largest one the budget allows.
  {
    arbitrary: fc.oneof(fc.integer({ min: 10, max: 120 }), fc.integer({ min: 2_600, max: 9_000 })).map((count): SchemaCase => {
      const properties: Record<string, JsonSchema> = {};
      for (let i = 0; i < count; i++) properties[`p${i}`] = { type: i % 2 === 0 ? "string" : "integer" };
      return { kind: "wide", schema: { type: "object", properties }, args: [{ p0: "x", p1: 2 }, { p1: "x" }] };
    }),
    weight: 1,
  },
  {
    arbitrary: fc.integer({ min: 1_000, max: 800_000 }).map((length): SchemaCase => ({
      kind: "text",
      schema: { type: "object", description: "d".repeat(length), properties: { a: { type: "string" } } },
      args: [{ a: "x" }],
    })),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom<JsonSchema>(
        { type: "object", anyOf: [{ $ref: "#" }] },
        { type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { allOf: [{ $ref: "#/$defs/y" }] }, y: { $ref: "#/$defs/x" } } },
        { type: "object", properties: { a: { $ref: "#/$defs/missing" } } },
        { type: "object", properties: { a: { $ref: "https://example.com/remote.json" } } },
      )
      .map((schema): SchemaCase => ({ kind: "cycle", schema, args: [{ a: 1 }] })),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom<JsonSchema>(
        {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          properties: { t: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false } },
        },
        { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { t: { type: "array", items: [{ type: "integer" }], additionalItems: false } } },
        { type: "object", properties: { a: {}, b: {} }, dependentRequired: { a: ["b"] }, unevaluatedProperties: false },
        { $schema: "http://json-schema.org/draft-04/schema#", type: "object" },
      )
      .map((schema): SchemaCase => ({ kind: "dialect", schema, args: [{ t: [1, 2] }, { t: [1, "x", 3] }, { a: 1 }, { a: 1, b: 2, z: 3 }] })),
    weight: 2,
  },
);

/** Arguments for a case: its own, plus generated JSON values and hostile strings under its keys. */
export const schemaCaseArb: fc.Arbitrary<SchemaCase> = fc
  .tuple(caseArb, fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 3 }), fc.integer({ min: 20, max: 5_000 }))
  .map(([c, values, length]) => {
    const keys = ["x", "y", "q", "e", "a", "t", "p0", "p1", "p2", "n", "c", "zz"];
    const strings = hostileStrings(length);
    const generated = values.map((value, i) => ({ [keys[i % keys.length] as string]: value }));
    const hostile = keys.map((key, i) => ({ [key]: strings[(i + length) % strings.length] })).filter((_, i) => (i + length) % 3 === 0);
    return { ...c, args: [...c.args, ...generated, ...hostile, {}] };
  });

/** A tool whose schema is a generated one. */
export function generatedSchemaTool(name: string, parameters: JsonSchema): FakeTool {
  return new FakeTool({ name, description: "a tool with a generated schema", parameters, result: "ok" });
}
