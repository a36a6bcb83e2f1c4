/**
 * Which schemas are checked before their cast (`canCheckBeforeCast`): plain ones only, decided
 * once per schema.
 */
import { describe, expect, it } from "vitest";
import { canCheckBeforeCast } from "../../src/schema/check-first.js";
import type { JsonSchema } from "../../src/tools/base.js";

const READ_FILE: JsonSchema = {
  type: "object",
  description: "Read a file",
  properties: {
    path: { type: "string", minLength: 1, description: "where" },
    offset: { type: "integer", minimum: 0, default: 0 },
    limit: { type: ["integer", "null"], maximum: 10000 },
    encoding: { type: "string", enum: ["utf-8", "latin-1"] },
    tags: { type: "array", items: { type: "string", maxLength: 8 }, maxItems: 3 },
    meta: { type: "object", properties: { n: { type: "number", exclusiveMinimum: 0 } }, additionalProperties: false },
  },
  required: ["path"],
  additionalProperties: { type: "boolean" },
};

describe("canCheckBeforeCast", () => {
  it("accepts a plain schema: types, properties, required, items, additionalProperties, enum, bounds, annotations", () => {
    expect(canCheckBeforeCast(READ_FILE)).toBe(true);
    expect(canCheckBeforeCast({})).toBe(true);
    expect(canCheckBeforeCast({ type: "object", properties: { a: true, b: false }, additionalProperties: false })).toBe(true);
  });

  it.each<[string, JsonSchema]>([
    ["a combinator", { type: "object", properties: { a: { anyOf: [{ type: "integer" }, { type: "null" }] } } }],
    ["a pattern", { type: "object", properties: { a: { type: "string", pattern: "^x" } } }],
    ["patternProperties", { type: "object", patternProperties: { "^x": { type: "integer" } } }],
    ["uniqueItems", { type: "object", properties: { a: { type: "array", uniqueItems: true } } }],
    ["multipleOf", { type: "object", properties: { a: { type: "number", multipleOf: 0.1 } } }],
    ["a $ref", { type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { type: "integer" } } }],
    ["a $schema", { $schema: "http://json-schema.org/draft-07/schema#", type: "object" }],
    ["a list of items", { type: "object", properties: { a: { type: "array", items: [{ type: "integer" }] } } }],
    ["a keyword it does not know", { type: "object", properties: { a: { type: "integer", "x-unit": "s" } } }],
    ["not", { type: "object", properties: { a: { not: { type: "integer" } } } }],
    ["if/then", { type: "object", if: { required: ["a"] }, then: { required: ["b"] } }],
  ])("refuses a schema with %s", (_, schema) => {
    expect(canCheckBeforeCast(schema)).toBe(false);
  });

  it("refuses a property named __proto__, and a schema object met twice", () => {
    const properties: Record<string, unknown> = {};
    Object.defineProperty(properties, "__proto__", { value: { type: "integer" }, enumerable: true, writable: true, configurable: true });
    expect(canCheckBeforeCast({ type: "object", properties })).toBe(false);
    const shared: JsonSchema = { type: "integer" };
    expect(canCheckBeforeCast({ type: "object", properties: { a: shared, b: shared } })).toBe(false);
    const cycle: JsonSchema = { type: "object", properties: {} };
    (cycle["properties"] as Record<string, unknown>)["self"] = cycle;
    expect(canCheckBeforeCast(cycle)).toBe(false);
  });
});
