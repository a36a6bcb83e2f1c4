/**
 * The way past the meta-schema check (`src/schema/meta-shortcut.ts`) never lets through a schema
 * the meta-schema refuses: on generated schemas made of its keywords with right and wrong values,
 * keywords it does not know, and odd objects (no prototype, a class, a symbol key, a hidden key, a
 * getter, an array with a hole), whenever it says yes, Ajv's own check against the meta-schema
 * says yes too. It does say yes to the schemas tools have, so the built-in tools compile without
 * any meta-schema compiled, which the work counter shows. Roots may name 2020-12 or draft-07,
 * whose meta-schema asks more of `enum`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020Import from "ajv/dist/2020.js";
import draft07MetaSchema from "ajv/dist/refs/json-schema-draft-07.json" with { type: "json" };
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AJV_OPTIONS } from "../../src/schema/ajv-options.js";
import { createSchemaCompiler } from "../../src/schema/dialect.js";
import { plainlyFollowsMetaSchema } from "../../src/schema/meta-shortcut.js";
import { re2PatternEngine } from "../../src/schema/re2-engine.js";
import { workBetween, workSnapshot } from "../../src/schema/validation-work.js";
import { ToolLoader } from "../../src/tools/loader.js";

const Ajv2020 = Ajv2020Import.default;

/** Ajv's own verdict on a schema against the meta-schema it names (2020-12 or draft-07), with the workbook's options. */
const reference = new Ajv2020({ ...AJV_OPTIONS });
reference.addMetaSchema(draft07MetaSchema);
function metaAccepts(schema: unknown): boolean {
  try {
    return reference.validateSchema(schema as object) === true;
  } catch {
    // Thrown while reading the schema: the compiler's check throws as well, and refuses it.
    return false;
  }
}

const TYPE_NAMES = ["array", "boolean", "integer", "null", "number", "object", "string"] as const;

/** Numbers of every kind a limit may be handed, most of them wrong for some keyword. */
const anyNumber = fc.oneof(
  fc.integer({ min: -3, max: 5 }),
  fc.constantFrom(0, -0, 0.5, 1.5, -1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE),
  fc.double(),
);
/** Values of no particular keyword: JSON values, and a few that JSON cannot hold. */
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(undefined, Number.NaN, 1n));

/** A plain array with a hole at `at` (the rest of its items kept). */
function withHole(items: unknown[], at: number): unknown[] {
  const copy = [...items, "x"];
  // A sparse array: the item's place is left empty, not set to undefined.
  Reflect.deleteProperty(copy, at % copy.length);
  return copy;
}

/** An object laid out oddly: the same keys and values, read differently by a careless check. */
function oddly(entries: Array<[string, unknown]>, how: number): object {
  const [first, ...rest] = entries;
  switch (how) {
    case 0: {
      const bare = Object.create(null) as Record<string, unknown>;
      for (const [key, value] of entries) bare[key] = value;
      return bare;
    }
    case 1: {
      class Schema {}
      return Object.assign(new Schema(), Object.fromEntries(entries));
    }
    case 2:
      return Object.assign(Object.fromEntries(entries), { [Symbol("hidden")]: { type: 7 } });
    case 3:
      return first === undefined ? {} : Object.defineProperty(Object.fromEntries(rest), first[0], { value: first[1], enumerable: false });
    default:
      return first === undefined ? {} : Object.defineProperty(Object.fromEntries(rest), first[0], { get: () => first[1], enumerable: true });
  }
}

const schemaArbs = fc.letrec<{ root: unknown; schema: unknown; keyword: [string, unknown] }>((tie) => {
  const schema = tie("schema");
  // Names and texts of any code units, lone surrogates and astral characters included.
  const text = fc.string({ unit: "binary", maxLength: 4 });
  const strings = fc.array(fc.oneof(fc.constantFrom(...TYPE_NAMES), fc.constantFrom("path", "a", "", "nope", "Object", "\ud800", "\u{1F600}"), text), { maxLength: 4 });
  const keyword = fc.oneof(
    fc.tuple(fc.constant("type"), fc.oneof(fc.constantFrom(...TYPE_NAMES, "nope", "Object", ""), strings, anyNumber, fc.constant(null))),
    fc.tuple(fc.constantFrom("properties", "$defs"), fc.oneof(fc.dictionary(fc.constantFrom("a", "b", "__proto__", "constructor"), schema, { maxKeys: 3 }), anyValue)),
    fc.tuple(fc.constantFrom("additionalProperties", "items", "not"), fc.oneof(schema, anyValue, fc.array(schema, { maxLength: 2 }))),
    fc.tuple(fc.constantFrom("anyOf", "oneOf", "allOf"), fc.oneof(fc.array(schema, { maxLength: 3 }), schema, anyValue)),
    fc.tuple(
      fc.constant("required"),
      fc.oneof(
        strings,
        fc.tuple(strings, fc.nat()).map(([items, at]) => withHole(items, at)),
        anyValue,
      ),
    ),
    fc.tuple(fc.constantFrom("enum", "examples"), fc.oneof(fc.array(anyValue, { maxLength: 3 }), anyValue)),
    fc.tuple(fc.constantFrom("const", "default"), anyValue),
    fc.tuple(fc.constantFrom("title", "description"), fc.oneof(text, anyValue)),
    fc.tuple(fc.constantFrom("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"), fc.oneof(anyNumber, anyValue)),
    fc.tuple(fc.constantFrom("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"), fc.oneof(anyNumber, anyValue)),
    fc.tuple(fc.constantFrom("uniqueItems", "deprecated", "readOnly", "writeOnly"), fc.oneof(fc.boolean(), anyValue)),
    // Keywords the shortcut does not know: the full check decides.
    fc.tuple(fc.constantFrom("pattern", "format", "$ref", "$schema", "if", "$id", "x-note", "__proto__", "toString"), anyValue),
  );
  const entries = tie("keyword");
  const dialect = fc.tuple<[string, unknown]>(
    fc.constant("$schema"),
    fc.oneof(
      fc.constantFrom("https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-07/schema#"),
      fc.constantFrom("http://json-schema.org/draft-04/schema#", "https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft-07/schema", ""),
      anyValue,
    ),
  );
  // A tool's schema is an object, which may name its dialect; below it, a subschema may be anything.
  const root = fc.oneof(
    fc.array(entries, { maxLength: 4 }).map((list) => Object.fromEntries(list)),
    fc.tuple(dialect, fc.array(entries, { maxLength: 3 })).map(([named, list]) => Object.fromEntries([named, ...list])),
    fc.tuple(fc.array(entries, { minLength: 1, maxLength: 3 }), fc.nat(4)).map(([list, how]) => oddly(list, how)),
  );
  return {
    keyword,
    root,
    schema: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.boolean(), root, anyValue),
  };
});

/** Schemas of the shortcut's keywords only, each value of the right form; `enum` only where the dialect's form is the shortcut's. */
function wellFormedSchemas(withEnum: boolean): fc.Arbitrary<Record<string, unknown>> {
  return fc.letrec<{ schema: unknown; root: Record<string, unknown> }>((tie) => {
    const names = fc.uniqueArray(fc.constantFrom("path", "offset", "limit", "q", "__proto__"), { maxLength: 3 });
    const count = fc.nat(10);
    const number = fc.double({ noNaN: true, noDefaultInfinity: true });
    const keywords = fc.record(
      {
        type: fc.oneof(fc.constantFrom(...TYPE_NAMES), fc.uniqueArray(fc.constantFrom(...TYPE_NAMES), { minLength: 1, maxLength: 3 })),
        properties: fc.dictionary(fc.constantFrom("path", "offset", "__proto__"), tie("schema"), { maxKeys: 3 }),
        additionalProperties: tie("schema"),
        items: tie("schema"),
        anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }),
        $defs: fc.dictionary(fc.constantFrom("a", "b"), tie("schema"), { maxKeys: 2 }),
        required: names,
        ...(withEnum ? { enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) } : {}),
        const: fc.jsonValue({ maxDepth: 1 }),
        description: fc.string(),
        minimum: number,
        maxLength: count,
        multipleOf: number.filter((n) => n > 0),
        uniqueItems: fc.boolean(),
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<Record<string, unknown>>;
    return { schema: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.boolean(), keywords), root: keywords };
  }).root;
}

/** Tool schemas as they come: no `$schema`, 2020-12's (zod), or draft-07's without `enum` (zod-to-json-schema). */
const wellFormed = fc.oneof(
  wellFormedSchemas(true),
  wellFormedSchemas(true).map((rest) => ({ $schema: "https://json-schema.org/draft/2020-12/schema", ...rest })),
  wellFormedSchemas(false).map((rest) => ({ $schema: "http://json-schema.org/draft-07/schema#", ...rest })),
);

describe("the way past the meta-schema check", () => {
  it("never says yes to a schema the meta-schema refuses", () => {
    let yes = 0;
    let refused = 0;
    let leftToTheFullCheck = 0;
    fc.assert(
      fc.property(schemaArbs.root, (schema) => {
        const accepted = metaAccepts(schema);
        if (plainlyFollowsMetaSchema(schema)) {
          yes++;
          expect(accepted, fc.stringify(schema)).toBe(true);
        } else if (accepted) leftToTheFullCheck++;
        else refused++;
      }),
      { numRuns: 3000, seed: 20261206 },
    );
    // The sample reaches all three outcomes, each many times.
    expect(yes).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
    expect(leftToTheFullCheck).toBeGreaterThan(200);
  });

  it("says yes to every schema of its keywords with values of the right form", () => {
    fc.assert(
      fc.property(wellFormed, (schema) => {
        expect(metaAccepts(schema)).toBe(true);
        expect(plainlyFollowsMetaSchema(schema)).toBe(true);
      }),
      { numRuns: 500, seed: 20261206 },
    );
  });

  it("says no to each wrong value the meta-schema refuses, one keyword at a time", () => {
    const wrong: Array<Record<string, unknown>> = [
      { type: "nope" },
      { type: [] },
      { type: ["string", "string"] },
      { required: ["a", "a"] },
      { required: [1] },
      { required: withHole(["a"], 0) },
      { minLength: -1 },
      { minLength: 1.5 },
      { maxItems: Number.NaN },
      { minimum: "1" },
      { minimum: Number.POSITIVE_INFINITY },
      { multipleOf: 0 },
      { multipleOf: -2 },
      { enum: "a" },
      { description: 3 },
      { uniqueItems: "yes" },
      { properties: { a: 3 } },
      { properties: [] },
      { items: [{ type: "string" }] },
      { anyOf: [] },
      { oneOf: [{ type: "string" }, 3] },
      { allOf: { type: "string" } },
      { not: "string" },
      { $defs: { a: null } },
      { $schema: "http://json-schema.org/draft-04/schema#" },
      { properties: { a: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "nope" } } },
      { properties: { a: { $schema: 5 } } },
      { $schema: "http://json-schema.org/draft-07/schema#", enum: [] },
      { $schema: "http://json-schema.org/draft-07/schema#", properties: { a: { enum: [1, 1] } } },
      { additionalProperties: "no" },
    ];
    for (const schema of wrong) {
      expect(metaAccepts(schema), JSON.stringify(schema)).toBe(false);
      expect(plainlyFollowsMetaSchema(schema), JSON.stringify(schema)).toBe(false);
    }
    // A getter could answer the full check otherwise than the shortcut: left to the full check.
    let reads = 0;
    const shifting = Object.defineProperty({ type: "string" }, "minLength", { get: () => (reads++ === 0 ? 1 : -1), enumerable: true });
    expect(plainlyFollowsMetaSchema(shifting)).toBe(false);
    // A hidden (non-enumerable) keyword is read by the full check, and so by the shortcut.
    const hidden = Object.defineProperty({ type: "string" }, "minLength", { value: -1, enumerable: false });
    expect(metaAccepts(hidden)).toBe(false);
    expect(plainlyFollowsMetaSchema(hidden)).toBe(false);
  });

  it("reads a bounded number of values, whatever the schema: a subschema shared by many places is left to the full check", () => {
    // Each level lists the next one twice: 16 levels are 2^16 places to read, past the shortcut's
    // 5,000 reads, so it leaves the schema to the full check (at 40 levels, reading every place
    // would never end). Hidden (non-enumerable) keywords, which the complexity budget does not
    // count, are counted here.
    const nest = (levels: number, wrap: (next: object) => object): object => {
      let schema: object = { type: "string" };
      for (let level = 0; level < levels; level++) schema = wrap(schema);
      return schema;
    };
    const listed = (next: object): object => ({ anyOf: [next, next] });
    const hidden = (next: object): object => Object.defineProperty({}, "anyOf", { value: [next, next], enumerable: false });
    expect(plainlyFollowsMetaSchema(nest(16, listed))).toBe(false);
    expect(plainlyFollowsMetaSchema(nest(16, hidden))).toBe(false);
    expect(plainlyFollowsMetaSchema(nest(40, listed))).toBe(false);
    // Below the bound, the same shape is read to the end, and follows the meta-schema.
    expect(metaAccepts(nest(8, listed))).toBe(true);
    expect(plainlyFollowsMetaSchema(nest(8, listed))).toBe(true);
  });

  it("lets every built-in tool's schema compile without compiling the meta-schemas", async () => {
    const workspace = mkdtempSync(join(tmpdir(), "workbook-meta-"));
    try {
      const tools = (await new ToolLoader().discover()).map((cls) => cls.create({ workspace }));
      expect(tools.length).toBeGreaterThanOrEqual(4);
      // A pattern engine of its own: no meta-schema instance another test made is shared with it.
      const compiler = createSchemaCompiler(AJV_OPTIONS, { ...re2PatternEngine });
      const before = workSnapshot();
      for (const tool of tools) compiler.compile(tool.parameters);
      expect(workBetween(before, workSnapshot()).metaSchemaInstances).toBe(0);
      // A keyword the shortcut does not know makes the full check run, and the counter says so.
      compiler.compile({ type: "object", properties: { id: { type: "string", pattern: "^[a-z]+$" } } });
      expect(workBetween(before, workSnapshot()).metaSchemaInstances).toBe(1);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});
