/**
 * Validation compiled once with Ajv, its errors reworded
 * into the exact sentences of API.md.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/tools/base.js";
import { isMultipleOf, shortestDecimal } from "../../src/schema/multiple-of.js";
import { repeatedItems } from "../../src/schema/unique-items.js";
import { workBetween, workSnapshot } from "../../src/schema/validation-work.js";
import { propertyConfig } from "../soak/runs.js";
import { compileValidator, formatInstancePath } from "../../src/schema/validate.js";
import { FakeTool } from "../../src/testing/index.js";

const validate = (schema: JsonSchema, value: unknown): string[] => compileValidator(schema)(value);
const obj = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({
  type: "object",
  properties,
  ...extra,
});

/** A fake tool with the given name and schema. */
const toolWith = (name: string, parameters: JsonSchema): FakeTool => new FakeTool({ name, parameters });

const SEARCH = obj(
  {
    query: { type: "string", minLength: 2 },
    count: { type: "integer", minimum: 1, maximum: 10 },
    mode: { type: "string", enum: ["fast", "full"] },
    rate: { type: "number" },
    flag: { type: "boolean" },
    meta: {
      type: "object",
      properties: {
        tag: { type: "string" },
        flags: { type: "array", items: { type: "string" } },
      },
      required: ["tag"],
    },
  },
  { required: ["query", "count"] },
);

describe("non-object params", () => {
  it.each([
    [[1], "array"],
    ["text", "string"],
    [5, "number"],
    [true, "boolean"],
    [null, "null"],
  ])("%j is refused as %s", (value, type) => {
    expect(validate(SEARCH, value)).toEqual([`parameters must be an object, got ${type}`]);
  });

  it("the tool's validateParams says the same", () => {
    const tool = new FakeTool({ name: "search", parameters: SEARCH });
    expect(tool.validateParams([] as unknown as Record<string, unknown>)).toEqual(["parameters must be an object, got array"]);
  });
});

describe("root without type", () => {
  it("is validated as an object", () => {
    const schema: JsonSchema = { properties: { n: { type: "integer" } }, required: ["n"] };
    expect(validate(schema, {})).toEqual(["missing required n"]);
    expect(validate(schema, { n: 1 })).toEqual([]);
    expect(validate(schema, [])).toEqual(["parameters must be an object, got array"]);
  });
});

describe("missing required", () => {
  it("at the root", () => {
    expect(validate(SEARCH, { query: "hi" })).toEqual(["missing required count"]);
  });

  it("nested, with a dotted path", () => {
    expect(validate(SEARCH, { query: "hi", count: 1, meta: {} })).toEqual(["missing required meta.tag"]);
  });

  it("every missing field, in the order of the required list", () => {
    expect(validate(SEARCH, {})).toEqual(["missing required query", "missing required count"]);
  });
});

describe("type messages", () => {
  it.each([
    [{ count: "2" }, "count should be integer"],
    [{ count: 2.5 }, "count should be integer"],
    [{ rate: "fast" }, "rate should be number"],
    [{ query: 5 }, "query should be string"],
    [{ flag: "yes" }, "flag should be boolean"],
    [{ flag: 1 }, "flag should be boolean"],
    [{ meta: "x" }, "meta should be object"],
    [{ meta: [] }, "meta should be object"],
    [{ meta: { tag: "t", flags: "a" } }, "meta.flags should be array"],
    [{ meta: { tag: "t", flags: [1] } }, "meta.flags[0] should be string"],
    [{ meta: { tag: "t", flags: ["a", "b", null] } }, "meta.flags[2] should be string"],
  ])("%j → %s", (extra, message) => {
    expect(validate(SEARCH, { query: "hi", count: 1, ...extra })).toEqual([message]);
  });

  it("booleans are not numbers", () => {
    expect(validate(SEARCH, { query: "hi", count: true })).toEqual(["count should be integer"]);
    expect(validate(SEARCH, { query: "hi", count: 1, rate: false })).toEqual(["rate should be number"]);
  });

  it("an integer is a number", () => {
    expect(validate(SEARCH, { query: "hi", count: 1, rate: 5 })).toEqual([]);
  });

  it("null is not a value of a non-nullable type", () => {
    expect(validate(SEARCH, { query: null, count: 1 })).toEqual(["query should be string"]);
  });

  it("a type failure reports only that problem for the value", () => {
    const schema = obj({
      n: { type: "integer", minimum: 5, enum: [5, 6], multipleOf: 5 },
      s: { type: "string", minLength: 3, enum: ["abc"], pattern: "^a" },
      a: { type: "array", minItems: 2, items: { type: "string" } },
    });
    expect(validate(schema, { n: "1" })).toEqual(["n should be integer"]);
    expect(validate(schema, { s: 1 })).toEqual(["s should be string"]);
    expect(validate(schema, { a: "x" })).toEqual(["a should be array"]);
  });

  it("the other values are still checked", () => {
    expect(validate(SEARCH, { query: 1, count: 0, mode: "slow" })).toEqual(["query should be string", "count must be >= 1", 'mode must be one of ["fast","full"]']);
  });

  it("type names are JSON names, also for a type list", () => {
    expect(validate(obj({ x: { type: ["integer", "string"] } }), { x: true })).toEqual(["x should be integer"]);
    expect(validate(obj({ x: { type: "null" } }), { x: 1 })).toEqual(["x should be null"]);
  });
});

describe("non-finite numbers", () => {
  const RATE = obj({ rate: { type: "number", minimum: 0 } });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("%s → exactly rate must be finite", (rate) => {
    expect(validate(RATE, { rate })).toEqual(["rate must be finite"]);
  });

  it("after the cast of the words", () => {
    const tool = new FakeTool({ name: "rates", parameters: RATE });
    for (const word of ["NaN", "Infinity", "-Infinity"]) {
      expect(tool.validateParams(tool.castParams({ rate: word }))).toEqual(["rate must be finite"]);
    }
  });

  it("for integers too, and inside arrays", () => {
    expect(validate(obj({ n: { type: "integer" } }), { n: Number.POSITIVE_INFINITY })).toEqual(["n must be finite"]);
    expect(validate(obj({ xs: { type: "array", items: { type: "number" } } }), { xs: [1, Number.NaN] })).toEqual(["xs[1] must be finite"]);
  });
});

describe("ranges", () => {
  it.each([
    [0, "count must be >= 1"],
    [11, "count must be <= 10"],
    [-5, "count must be >= 1"],
  ])("count %j → %s", (count, message) => {
    expect(validate(SEARCH, { query: "hi", count })).toEqual([message]);
  });

  it("the bounds themselves are valid", () => {
    expect(validate(SEARCH, { query: "hi", count: 1 })).toEqual([]);
    expect(validate(SEARCH, { query: "hi", count: 10 })).toEqual([]);
  });

  it("number ranges, fractional bounds", () => {
    const schema = obj({ rate: { type: "number", minimum: 0.5, maximum: 2.5 } });
    expect(validate(schema, { rate: 0.25 })).toEqual(["rate must be >= 0.5"]);
    expect(validate(schema, { rate: 3 })).toEqual(["rate must be <= 2.5"]);
  });

  it("exclusive bounds", () => {
    const schema = obj({ n: { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 5 } });
    expect(validate(schema, { n: 0 })).toEqual(["n must be > 0"]);
    expect(validate(schema, { n: 5 })).toEqual(["n must be < 5"]);
  });
});

describe("enum and string length", () => {
  it("enum", () => {
    expect(validate(SEARCH, { query: "hi", count: 1, mode: "slow" })).toEqual(['mode must be one of ["fast","full"]']);
    expect(validate(SEARCH, { query: "hi", count: 1, mode: "full" })).toEqual([]);
  });

  it("an integer enum", () => {
    expect(validate(obj({ n: { type: "integer", enum: [1, 2] } }), { n: 3 })).toEqual(["n must be one of [1,2]"]);
  });

  it("lengths", () => {
    expect(validate(SEARCH, { query: "h", count: 1 })).toEqual(["query must be at least 2 chars"]);
    expect(validate(obj({ s: { type: "string", maxLength: 3 } }), { s: "abcd" })).toEqual(["s must be at most 3 chars"]);
    expect(validate(obj({ s: { type: "string", maxLength: 3 } }), { s: "abc" })).toEqual([]);
  });

  it("the enum problem comes before the length problems", () => {
    const schema = obj({ mode: { type: "string", enum: ["fast", "full"], minLength: 3 } });
    expect(validate(schema, { mode: "x" })).toEqual(['mode must be one of ["fast","full"]', "mode must be at least 3 chars"]);
  });
});

describe("arrays", () => {
  const LIST = obj({ xs: { type: "array", minItems: 2, maxItems: 3, items: { type: "integer" } } });

  it("item counts", () => {
    expect(validate(LIST, { xs: [1] })).toEqual(["xs must have at least 2 items"]);
    expect(validate(LIST, { xs: [1, 2, 3, 4] })).toEqual(["xs must be at most 3 items"]);
    expect(validate(LIST, { xs: [1, 2] })).toEqual([]);
  });

  it("item paths are indexed", () => {
    expect(validate(LIST, { xs: [1, "b", 3] })).toEqual(["xs[1] should be integer"]);
    const nested = obj({ a: { type: "array", items: { type: "object", properties: { b: { type: "integer" } } } } });
    expect(validate(nested, { a: [{ b: 1 }, { b: "x" }] })).toEqual(["a[1].b should be integer"]);
    const grid = obj({ g: { type: "array", items: { type: "array", items: { type: "string" } } } });
    expect(validate(grid, { g: [["a"], ["b", 2]] })).toEqual(["g[1][1] should be string"]);
  });

  it("every bad item is reported", () => {
    expect(validate(LIST, { xs: ["a", 2, "c"] })).toEqual(["xs[0] should be integer", "xs[2] should be integer"]);
  });

  it("formatInstancePath tells indexes from keys by the value", () => {
    const value = { meta: { flags: ["x"], "0": { k: 1 } } };
    expect(formatInstancePath("/meta/flags/0", value)).toBe("meta.flags[0]");
    expect(formatInstancePath("/meta/0/k", value)).toBe("meta.0.k");
    expect(formatInstancePath("", value)).toBe("");
    expect(formatInstancePath("/a~1b/c~0d", { "a/b": {} })).toBe("a/b.c~d");
  });
});

describe("unknown fields", () => {
  it("are allowed without additionalProperties", () => {
    expect(validate(SEARCH, { query: "hi", count: 1, extra: "x" })).toEqual([]);
  });

  it("are refused with additionalProperties false", () => {
    const schema = obj({ a: { type: "string" } }, { additionalProperties: false });
    expect(validate(schema, { a: "x", extra: 1 })).toEqual(["unexpected parameter extra"]);
  });

  it("nested unexpected parameters have a dotted path", () => {
    const schema = obj({ meta: { type: "object", properties: {}, additionalProperties: false } });
    expect(validate(schema, { meta: { x: 1 } })).toEqual(["unexpected parameter meta.x"]);
  });

  it("are validated by a typed additionalProperties", () => {
    const schema = obj({ a: { type: "string" } }, { additionalProperties: { type: "integer" } });
    expect(validate(schema, { a: "x", extra: "2" })).toEqual(["extra should be integer"]);
    expect(validate(schema, { a: "x", extra: 2 })).toEqual([]);
    const tool = new FakeTool({ name: "typed", parameters: schema });
    expect(tool.validateParams(tool.castParams({ a: "x", extra: "2" }))).toEqual([]);
  });
});

describe("a property named __proto__ (which Ajv alone would skip)", () => {
  const parse = (text: string): JsonSchema => JSON.parse(text) as JsonSchema;

  it("is type-checked at the root and nested, with its path", () => {
    expect(validate(parse('{"type":"object","properties":{"__proto__":{"type":"integer"}}}'), parse('{"__proto__":"x"}'))).toEqual(["__proto__ should be integer"]);
    const nested = parse(
      '{"type":"object","properties":{"a":{"type":"object","properties":{"__proto__":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}}}}',
    );
    expect(validate(nested, parse('{"a":{"__proto__":{"n":"x"}}}'))).toEqual(["a.__proto__.n should be integer"]);
    expect(validate(nested, parse('{"a":{"__proto__":{}}}'))).toEqual(["missing required a.__proto__.n"]);
    expect(validate(nested, parse('{"a":{"__proto__":{"n":1}}}'))).toEqual([]);
  });

  it("counts as declared for additionalProperties false", () => {
    const schema = parse('{"type":"object","properties":{"__proto__":{"type":"integer"}},"additionalProperties":false}');
    expect(validate(schema, parse('{"__proto__":1}'))).toEqual([]);
    expect(validate(schema, parse('{"__proto__":1,"z":2}'))).toEqual(["unexpected parameter z"]);
  });

  it("undeclared, it is an unexpected parameter like any other key", () => {
    expect(validate({ type: "object", additionalProperties: false }, parse('{"__proto__":1}'))).toEqual(["unexpected parameter __proto__"]);
  });

  it("is checked inside array items, with the item's index, in item order", () => {
    const schema = parse(
      '{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","properties":{"__proto__":{"type":"string"}},"additionalProperties":false}}}}',
    );
    expect(validate(schema, parse('{"l":[{"__proto__":"a"},{"__proto__":2},{"x":1}]}'))).toEqual(["l[1].__proto__ should be string", "unexpected parameter l[2].x"]);
  });

  it("inside a combinator it cannot be enforced, so compiling refuses it", () => {
    expect(() => compileValidator(parse('{"type":"object","anyOf":[{"properties":{"__proto__":{"type":"string"}}}]}'))).toThrow(/__proto__/);
  });
});

describe("nullable", () => {
  it('type: [t, "null"] accepts null and t', () => {
    const schema = obj({ s: { type: ["string", "null"] } });
    expect(validate(schema, { s: null })).toEqual([]);
    expect(validate(schema, { s: "hello" })).toEqual([]);
    expect(validate(schema, { s: 5 })).toEqual(["s should be string"]);
  });

  it("nullable: true accepts null and the type", () => {
    const schema = obj({ s: { type: "string", nullable: true } });
    expect(validate(schema, { s: null })).toEqual([]);
    expect(validate(schema, { s: "hello" })).toEqual([]);
    expect(validate(schema, { s: 5 })).toEqual(["s should be string"]);
  });

  it("nullable integers", () => {
    expect(validate(obj({ n: { type: ["integer", "null"], minimum: 1 } }), { n: null })).toEqual([]);
    expect(validate(obj({ n: { type: "integer", nullable: true, minimum: 1 } }), { n: 0 })).toEqual(["n must be >= 1"]);
  });
});

describe("error order", () => {
  it("missing required first, then the value's problems", () => {
    const schema: JsonSchema = { type: "object", required: ["n", "m"], additionalProperties: false };
    expect(validate(schema, { z: 1 })).toEqual(["missing required n", "missing required m", "unexpected parameter z"]);
  });

  it("per object level: a nested missing key is reported at its object, not hoisted", () => {
    expect(validate(SEARCH, { query: 5, meta: { flags: [1] } })).toEqual([
      "missing required count",
      "query should be string",
      "missing required meta.tag",
      "meta.flags[0] should be string",
    ]);
  });

  it("the value's own key order decides, not the schema's", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer" }, c: { type: "boolean" } },
      required: ["a", "b"],
      additionalProperties: false,
    };
    expect(validate(schema, { c: "x", z: 1, b: "y" })).toEqual(["missing required a", "c should be boolean", "unexpected parameter z", "b should be integer"]);
    expect(validate(schema, { b: "y", z: 1, c: "x" })).toEqual(["missing required a", "b should be integer", "unexpected parameter z", "c should be boolean"]);
  });

  it("array items in index order, each item's problems together, and upstream's order within a value", () => {
    const schema = obj({
      list: {
        type: "array",
        maxItems: 2,
        items: { type: "object", properties: { n: { type: "integer", minimum: 1, enum: [1, 2] } }, required: ["id"] },
      },
    });
    expect(validate(schema, { list: [{ n: 0 }, {}, { n: "x" }] })).toEqual([
      "list must be at most 2 items",
      "missing required list[0].id",
      "list[0].n must be one of [1,2]",
      "list[0].n must be >= 1",
      "missing required list[1].id",
      "missing required list[2].id",
      "list[2].n should be integer",
    ]);
  });
});

describe("values whose schema has no type", () => {
  it("always pass", () => {
    const schema = obj({ any: {}, described: { description: "anything" } });
    for (const value of [1, "x", null, [1], { a: 1 }, true]) {
      expect(validate(schema, { any: value, described: value })).toEqual([]);
    }
  });
});

describe("end to end on a tool", () => {
  it("the cast makes the value valid; a short query does not", () => {
    const tool = new FakeTool({ name: "search", parameters: SEARCH });
    expect(tool.validateParams(tool.castParams({ query: "hello", count: "3" }))).toEqual([]);
    expect(tool.validateParams(tool.castParams({ query: "h", count: 3 }))).toEqual(["query must be at least 2 chars"]);
  });

  it("the validator is compiled once and reused", () => {
    const check = compileValidator(SEARCH);
    expect(check({ query: "hi", count: 1 })).toEqual([]);
    expect(check({ query: "hi" })).toEqual(["missing required count"]);
    expect(check({ query: "hi", count: 1 })).toEqual([]);
  });
});

describe("combinators: one problem at their path, never dropped", () => {
  const OPTIONAL_INT = obj({ seconds: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } });
  const MODE_OR_COUNT = obj({ mode: { oneOf: [{ type: "string", enum: ["fast", "full"] }, { type: "integer" }] } });

  it.each([
    ["forever", "seconds should be integer or null"],
    [{ $gt: 1 }, "seconds should be integer or null"],
    [-5, "seconds must be >= 0"],
  ])("Optional[int] refuses %j: %s", (seconds, message) => {
    expect(validate(OPTIONAL_INT, { seconds })).toEqual([message]);
  });

  it("Optional[int] accepts an integer in range and null", () => {
    expect(validate(OPTIONAL_INT, { seconds: 0 })).toEqual([]);
    expect(validate(OPTIONAL_INT, { seconds: null })).toEqual([]);
  });

  it.each([
    [true, "mode should be string or integer"],
    [[1, 2], "mode should be string or integer"],
    ["slow", 'mode must be one of ["fast","full"]'],
  ])("a oneOf of a string enum and an integer refuses %j: %s", (mode, message) => {
    expect(validate(MODE_OR_COUNT, { mode })).toEqual([message]);
  });

  it("oneOf matching more than one branch must match exactly one schema", () => {
    expect(validate(obj({ n: { oneOf: [{ type: "integer" }, { type: "number" }] } }), { n: 1 })).toEqual(["n must match exactly one schema"]);
  });

  it("anyOf whose fitting branches have several problems must match at least one schema", () => {
    const schema = obj({
      p: {
        anyOf: [
          { type: "object", required: ["a", "b"] },
          { type: "object", required: ["c"] },
        ],
      },
    });
    expect(validate(schema, { p: {} })).toEqual(["p must match at least one schema"]);
  });

  it("not is one problem", () => {
    expect(validate(obj({ n: { not: { const: 5 } } }), { n: 5 })).toEqual(['n must not match the schema in "not"']);
  });

  it("allOf is one problem: its single problem, or every problem in one sentence", () => {
    expect(validate(obj({ n: { allOf: [{ type: "integer" }, { minimum: 3 }] } }), { n: 1 })).toEqual(["n must be >= 3"]);
    const both = obj({ n: { allOf: [{ type: "object", required: ["a"] }, { required: ["b"] }] } });
    expect(validate(both, { n: {} })).toEqual(["n must match all of its schemas (missing required n.a, missing required n.b)"]);
  });

  it("nested combinators and type lists join their types", () => {
    const schema = obj({ x: { anyOf: [{ anyOf: [{ type: "integer" }, { type: "null" }] }, { type: ["string", "boolean"] }] } });
    expect(validate(schema, { x: [] })).toEqual(["x should be integer or null or string or boolean"]);
  });

  it("a branch that fits the value's type speaks for itself, at its own depth", () => {
    const schema = obj({ x: { anyOf: [{ type: "object", properties: { a: { type: "integer" } } }, { type: "string" }] } });
    expect(validate(schema, { x: { a: "s" } })).toEqual(["x.a should be integer"]);
  });

  it("combinator problems take their place in upstream's order", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        a: { anyOf: [{ type: "integer" }, { type: "null" }] },
        b: { type: "string" },
        list: { type: "array", items: { anyOf: [{ type: "integer" }, { type: "null" }] } },
      },
      required: ["r"],
    };
    expect(validate(schema, { list: [1, "x", null, "y"], b: 2, a: "z" })).toEqual([
      "missing required r",
      "list[1] should be integer or null",
      "list[3] should be integer or null",
      "b should be string",
      "a should be integer or null",
    ]);
  });

  it("a root-level combinator is reported at the parameter level", () => {
    const schema: JsonSchema = { type: "object", anyOf: [{ required: ["a"] }, { required: ["b"] }] };
    expect(validate(schema, {})).toEqual(["parameter must match at least one schema"]);
    expect(validate(schema, { b: 1 })).toEqual([]);
  });
});

describe("Tool.validateParams on one search schema", () => {
  const schema: JsonSchema = {
    type: "object",
    properties: {
      query: { type: "string", minLength: 2, maxLength: 5 },
      count: { type: "integer", minimum: 1, maximum: 10 },
      mode: { type: "string", enum: ["fast", "full"] },
      list: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 2 },
      meta: {
        type: "object",
        properties: { tag: { type: "string" }, flags: { type: "array", items: { type: "string" } } },
        required: ["tag"],
      },
      rows: { type: "array", items: { type: "object", properties: { b: { type: "integer" } } } },
    },
    required: ["query"],
  };
  const tool = toolWith("search", schema);

  it("accepts valid params", () => {
    expect(tool.validateParams({ query: "hi", count: 3, mode: "fast", list: ["a"], meta: { tag: "t", flags: ["x"] } })).toEqual([]);
  });

  it("reports missing required fields at the root and nested", () => {
    expect(tool.validateParams({})).toEqual(["missing required query"]);
    expect(tool.validateParams({ query: "hi", meta: {} })).toEqual(["missing required meta.tag"]);
  });

  it("reports type problems with JSON type names and dotted, indexed paths", () => {
    expect(tool.validateParams({ query: "hi", count: "2" })).toEqual(["count should be integer"]);
    expect(tool.validateParams({ query: "hi", meta: { tag: "t", flags: [1] } })).toEqual(["meta.flags[0] should be string"]);
    expect(tool.validateParams({ query: "hi", rows: [{ b: "x" }] })).toEqual(["rows[0].b should be integer"]);
    expect(tool.validateParams({ query: "hi", meta: "x" })).toEqual(["meta should be object"]);
    expect(tool.validateParams({ query: "hi", list: "x" })).toEqual(["list should be array"]);
  });

  it("reports ranges", () => {
    expect(tool.validateParams({ query: "hi", count: 0 })).toEqual(["count must be >= 1"]);
    expect(tool.validateParams({ query: "hi", count: 11 })).toEqual(["count must be <= 10"]);
  });

  it("reports enums and string lengths", () => {
    expect(tool.validateParams({ query: "hi", mode: "slow" })).toEqual(['mode must be one of ["fast","full"]']);
    expect(tool.validateParams({ query: "h" })).toEqual(["query must be at least 2 chars"]);
    expect(tool.validateParams({ query: "hello!" })).toEqual(["query must be at most 5 chars"]);
  });

  it("reports item counts", () => {
    expect(tool.validateParams({ query: "hi", list: [] })).toEqual(["list must have at least 1 items"]);
    expect(tool.validateParams({ query: "hi", list: ["a", "b", "c"] })).toEqual(["list must be at most 2 items"]);
  });

  it("allows unknown fields unless additionalProperties is false or typed", () => {
    expect(tool.validateParams({ query: "hi", extra: 1 })).toEqual([]);
    const closed = toolWith("closed", { type: "object", properties: { a: { type: "integer" } }, additionalProperties: false });
    expect(closed.validateParams({ extra: 1 })).toEqual(["unexpected parameter extra"]);
    const typed = toolWith("typed", { type: "object", properties: {}, additionalProperties: { type: "integer" } });
    expect(typed.validateParams({ extra: "2" })).toEqual(["extra should be integer"]);
  });

  it("accepts both nullable forms", () => {
    const nullable = toolWith("nullable", {
      type: "object",
      properties: { a: { type: ["string", "null"] }, b: { type: "string", nullable: true } },
    });
    expect(nullable.validateParams({ a: null, b: null })).toEqual([]);
    expect(nullable.validateParams({ a: "hello", b: "hello" })).toEqual([]);
    expect(nullable.validateParams({ a: 1 })).toEqual(["a should be string"]);
  });

  it("puts missing-required problems first", () => {
    const strict = toolWith("strict", {
      type: "object",
      properties: { n: { type: "integer" }, m: { type: "integer" }, k: { type: "integer" } },
      required: ["n", "m"],
      additionalProperties: false,
    });
    expect(strict.validateParams({ z: 1 })).toEqual(["missing required n", "missing required m", "unexpected parameter z"]);
    const problems = strict.validateParams({ k: "x" });
    expect(problems).toEqual(["missing required n", "missing required m", "k should be integer"]);
  });

  it("reports only the type problem for a value of the wrong type", () => {
    const t = toolWith("typeonly", {
      type: "object",
      properties: { e: { type: "integer", enum: [1, 2], minimum: 1 }, s: { type: "string", enum: ["ab"], minLength: 2 } },
    });
    expect(t.validateParams({ e: "x" })).toEqual(["e should be integer"]);
    expect(t.validateParams({ s: 5 })).toEqual(["s should be string"]);
  });

  it("validates a root without type as an object", () => {
    const untyped = toolWith("untyped", { properties: { a: { type: "integer" } }, required: ["a"] });
    expect(untyped.validateParams({})).toEqual(["missing required a"]);
  });
});

describe("multipleOf reads numbers as the decimals they are written as", () => {
  it("0.01 takes every price in cents, 19.99, 0.07 and 1.15 among them; 0.1 takes 0.3", () => {
    const prices = obj({ price: { type: "number", multipleOf: 0.01 }, tenth: { type: "number", multipleOf: 0.1 } });
    for (const price of [19.99, 0.07, 1.15, 0.01, 100, 0, -4.2, 1e21]) expect(validate(prices, { price }), String(price)).toEqual([]);
    for (const tenth of [0.3, 0.7, 1.1, 2.3, -0.9]) expect(validate(prices, { tenth }), String(tenth)).toEqual([]);
    expect(validate(prices, { price: 0.005 })).toEqual(["price must be a multiple of 0.01"]);
    expect(validate(prices, { price: 19.999 })).toEqual(["price must be a multiple of 0.01"]);
    expect(validate(prices, { tenth: 0.35 })).toEqual(["tenth must be a multiple of 0.1"]);
  });

  it("exact, with no tolerance: 1.0000000001 is not a multiple of 1, 0.3 is not a multiple of 0.2, 10 is a multiple of 2.5", () => {
    expect(isMultipleOf(1.0000000001, 1)).toBe(false);
    expect(isMultipleOf(0.3, 0.2)).toBe(false);
    expect(isMultipleOf(10, 2.5)).toBe(true);
    expect(isMultipleOf(7e300, 7)).toBe(true);
    expect(isMultipleOf(1e300, 7)).toBe(false);
    expect(isMultipleOf(3e-300, 1e-300)).toBe(true);
    expect(isMultipleOf(Number.NaN, 1)).toBe(false);
    expect(isMultipleOf(Number.POSITIVE_INFINITY, 1)).toBe(false);
    expect(shortestDecimal(0.07)).toEqual({ digits: 7n, exponent: -2 });
    expect(shortestDecimal(1.5e300)).toEqual({ digits: 15n, exponent: 299 });
    expect(shortestDecimal(1200)).toEqual({ digits: 12n, exponent: 2 });
  });

  it("agrees with exact arithmetic on decimals of any size, at bounded cost whatever the exponents", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: -320, max: 300 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: -320, max: 300 }),
        (a, ea, b, eb) => {
          const value = Number(`${a}e${ea}`);
          const divisor = Number(`${b}e${eb}`);
          fc.pre(value > 0 && divisor > 0 && Number.isFinite(value) && Number.isFinite(divisor));
          // The decimals the numbers are, from their shortest text, and the exact verdict on them.
          const v = shortestDecimal(value);
          const d = shortestDecimal(divisor);
          const shift = v.exponent - d.exponent;
          const exact = shift >= 0 ? (v.digits * 10n ** BigInt(shift)) % d.digits === 0n : v.digits % (d.digits * 10n ** BigInt(-shift)) === 0n;
          expect(Number(`${v.digits}e${v.exponent}`)).toBe(value);
          const before = workSnapshot();
          expect(isMultipleOf(value, divisor)).toBe(exact);
          expect(workBetween(before, workSnapshot()).multipleOfDigits).toBeLessThanOrEqual(700);
        },
      ),
      propertyConfig("multipleOf: exact decimals", 300),
    );
  });

  it("casting asks the same check: a numeric string cast for a multipleOf choice is taken when the cast number is a multiple", () => {
    const schema = obj({ price: { anyOf: [{ type: "number", multipleOf: 0.01 }, { type: "null" }] } });
    const tool = toolWith("priced", schema);
    const cast = tool.castParams({ price: "19.99" });
    expect(cast).toEqual({ price: 19.99 });
    expect(tool.validateParams(cast)).toEqual([]);
    expect(tool.validateParams({ price: 19.995 })).toEqual(["price must be a multiple of 0.01"]);
  });
});

describe("uniqueItems compares items in time linear in the array", () => {
  const unique = obj({ rows: { type: "array", uniqueItems: true } });

  it("equal objects are repeats whatever their key order; 1 and 1.0 are one number; different ones are not", () => {
    expect(
      validate(unique, {
        rows: [
          { a: 1, b: [1, { c: "x" }] },
          { b: [1.0, { c: "x" }], a: 1 },
        ],
      }),
    ).toEqual(["rows must not repeat items (items 0 and 1 are equal)"]);
    expect(validate(unique, { rows: [{ a: 1 }, { a: "1" }, { a: [1] }, [1], "1", 1, null, { a: null }, {}] })).toEqual([]);
    expect(validate(unique, { rows: ["x", "y", "x"] })).toEqual(["rows must not repeat items (items 0 and 2 are equal)"]);
    expect(validate(unique, { rows: [0, -0] })).toEqual(["rows must not repeat items (items 0 and 1 are equal)"]);
    // A key that looks like an encoded token cannot run into the next one.
    expect(validate(unique, { rows: [{ "1:a": 1 }, { "1": 1, a: 1 }] })).toEqual([]);
    expect(
      validate(unique, {
        rows: [
          ["ab", "c"],
          ["a", "bc"],
        ],
      }),
    ).toEqual([]);
    expect(validate(unique, { rows: ["__proto__", "__proto__"] })).toEqual(["rows must not repeat items (items 0 and 1 are equal)"]);
    expect(repeatedItems(JSON.parse('[{"__proto__": 1}, {"__proto__": 2}, {"__proto__": 1}]'))).toEqual([0, 2]);
  });

  it("15,000 distinct rows: each value hashed once, and 8 times the rows hash 8 times the values", () => {
    const rows = (count: number): unknown[] => Array.from({ length: count }, (_, i) => ({ id: i, name: `row ${i}`, tags: ["a", "b"], nested: { deep: [i, { i }] } }));
    const hashed = (value: unknown[]): number => {
      const before = workSnapshot();
      expect(validate(unique, { rows: value })).toEqual([]);
      return workBetween(before, workSnapshot()).uniqueItemsValues;
    };
    const small = hashed(rows(1_875));
    const large = hashed(rows(15_000));
    // Each row holds 11 values (itself included).
    expect(small).toBe(1_875 * 11);
    expect(large).toBe(15_000 * 11);
  });

  it("the same object in many places is read once", () => {
    let shared: unknown = ["leaf"];
    for (let i = 0; i < 40; i++) shared = [shared, shared];
    const before = workSnapshot();
    expect(repeatedItems([shared, [shared]])).toBeNull();
    expect(workBetween(before, workSnapshot()).uniqueItemsValues).toBeLessThan(200);
  });
});
