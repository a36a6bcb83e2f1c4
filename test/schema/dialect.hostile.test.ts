/**
 * JSON Schema 2020-12, the dialect MCP specifies, while draft-07 schemas are
 * still accepted. Calls that break `unevaluatedProperties: false`, `dependentRequired` or
 * `prefixItems` do not execute; zod 4's tuple form accepts a valid tuple; a schema with zod 4's
 * root `$schema` registers.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { JsonSchema } from "../../src/tools/base.js";
import { toJsonSchema2020 } from "../../src/schema/dialect.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { generatedSchemaTool } from "./arbitraries.js";

function register(name: string, schema: JsonSchema): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(generatedSchemaTool(name, schema));
  return registry;
}

const error = (registry: ToolRegistry, name: string, args: unknown): string | null => registry.prepareCall(name, args).error?.content ?? null;

describe("hostile input: the 2020-12 dialect", () => {
  it("unevaluatedProperties: false refuses a key no subschema evaluated", () => {
    const registry = register("uneval", {
      type: "object",
      properties: { a: { type: "string" } },
      allOf: [{ properties: { b: { type: "integer" } } }],
      unevaluatedProperties: false,
    });
    expect(error(registry, "uneval", { a: "x", b: 1 })).toBeNull();
    expect(error(registry, "uneval", { a: "x", b: 1, c: true })).toMatch(/^Error: Invalid parameters for tool 'uneval': /);
  });

  it("dependentRequired refuses a key without the keys it depends on", () => {
    const registry = register("dep", { type: "object", properties: { card: { type: "string" }, cvc: { type: "string" } }, dependentRequired: { card: ["cvc"] } });
    expect(error(registry, "dep", { card: "4111", cvc: "123" })).toBeNull();
    expect(error(registry, "dep", {})).toBeNull();
    expect(error(registry, "dep", { card: "4111" })).toMatch(/^Error: Invalid parameters for tool 'dep': .*cvc/);
  });

  it("prefixItems checks each position", () => {
    const registry = register("prefix", { type: "object", properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] } } });
    expect(error(registry, "prefix", { pair: ["a", 1] })).toBeNull();
    expect(error(registry, "prefix", { pair: [1, "a"] })).toContain("pair[0] should be string");
  });

  it("zod 4's tuple form (prefixItems with items: false) accepts [1, 2] and refuses a third item", () => {
    const schema = z.toJSONSchema(z.object({ point: z.tuple([z.number(), z.number()]) })) as JsonSchema;
    expect(schema["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
    const point = (schema["properties"] as Record<string, JsonSchema>)["point"] as JsonSchema;
    expect(point["prefixItems"]).toBeDefined();
    const registry = register("zod_tuple", schema);
    expect(error(registry, "zod_tuple", { point: [1, 2] })).toBeNull();
    expect(error(registry, "zod_tuple", { point: [1, 2, 3] })).toMatch(/^Error: Invalid parameters for tool 'zod_tuple': /);
    expect(error(registry, "zod_tuple", { point: [1, "x"] })).toContain("point[1] should be number");
  });

  it("a schema with zod 4's root $schema registers and is enforced", () => {
    const registry = register("zod_root", z.toJSONSchema(z.object({ name: z.string().min(1), tags: z.array(z.string()).optional() })));
    expect(error(registry, "zod_root", { name: "x" })).toBeNull();
    expect(error(registry, "zod_root", { name: "" })).toContain("name must be at least 1 chars");
  });
});

describe("hostile input: draft-07 schemas are still accepted", () => {
  it("a draft-07 $schema with definitions, dependencies and the array form of items", () => {
    const registry = register("draft07", {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { pos: { type: "array", items: [{ type: "integer" }, { type: "string" }], additionalItems: false }, kind: { $ref: "#/definitions/kind" }, a: {}, b: {} },
      definitions: { kind: { enum: ["x", "y"] } },
      dependencies: { a: ["b"] },
    });
    expect(error(registry, "draft07", { pos: [1, "a"], kind: "x" })).toBeNull();
    expect(error(registry, "draft07", { pos: ["a", 1] })).toContain("pos[0] should be integer");
    expect(error(registry, "draft07", { pos: [1, "a", 2] })).toMatch(/pos must .*2 items/);
    expect(error(registry, "draft07", { kind: "z" })).toContain('kind must be one of ["x","y"]');
    expect(error(registry, "draft07", { a: 1 })).toMatch(/^Error: Invalid parameters for tool 'draft07': .*b/);
  });

  it("toJsonSchema2020 rewrites only the draft-07 tuple form, copying only what changes", () => {
    const untouched: JsonSchema = { type: "object", properties: { a: { type: "array", items: { type: "string" } } } };
    expect(toJsonSchema2020(untouched)).toBe(untouched);
    const inner: JsonSchema = { type: "string" };
    const tuple: JsonSchema = { type: "object", properties: { t: { type: "array", items: [inner], additionalItems: { type: "integer" } }, u: inner } };
    const converted = toJsonSchema2020(tuple);
    expect(converted).toEqual({ type: "object", properties: { t: { type: "array", prefixItems: [inner], items: { type: "integer" } }, u: inner } });
    expect((converted["properties"] as Record<string, unknown>)["u"]).toBe(inner);
    expect(tuple["properties"]).toEqual({ t: { type: "array", items: [inner], additionalItems: { type: "integer" } }, u: inner });
  });

  it("an unknown dialect is refused with a clear reason", () => {
    expect(() => register("draft04", { $schema: "http://json-schema.org/draft-04/schema#", type: "object" })).toThrow(
      /^Tool 'draft04': its parameters schema does not compile: no schema with key or ref "http:\/\/json-schema.org\/draft-04\/schema#"$/,
    );
  });
});
