/**
 * Recursive parameter schemas: a `$ref` back to the root (`#`) or to a definition that holds it
 * (`#/$defs/node`), through a property, `items` or `anyOf`. Trees, comments with replies and
 * linked lists are written this way, by hand, by MCP servers and by zod's `z.lazy`. Each one
 * registers, validates at every depth with the usual path-first problems, and is cast at every
 * depth as at the top.
 */
import Ajv2020Import from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/tools/base.js";
import { castValue, compileCaster } from "../../src/schema/cast.js";
import { compileValidator } from "../../src/schema/validate.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { FakeTool } from "../../src/testing/index.js";
import { THROUGH_ANY_OF, THROUGH_DEFS, THROUGH_ITEMS, THROUGH_PROPERTY } from "./recursive-schemas.js";

const Ajv2020 = Ajv2020Import.default;

const SCHEMAS: Record<string, JsonSchema> = { property: THROUGH_PROPERTY, items: THROUGH_ITEMS, any_of: THROUGH_ANY_OF, defs: THROUGH_DEFS };

/** A registry with one tool per schema, named after it. */
function registryOfAll(): ToolRegistry {
  const registry = new ToolRegistry();
  for (const [name, parameters] of Object.entries(SCHEMAS)) registry.register(new FakeTool({ name, parameters }));
  return registry;
}

/**
 * `schema` written out `levels` times: each `$ref: "#"` replaced by a copy of the root, the last
 * level by `{}` (anything). For a value no deeper than that, it means what the recursive schema means.
 */
function unrolled(schema: JsonSchema, levels: number): JsonSchema {
  const replace = (value: unknown, level: number): unknown => {
    if (Array.isArray(value)) return value.map((item) => replace(item, level));
    if (value === null || typeof value !== "object") return value;
    const node = value as Record<string, unknown>;
    if (node["$ref"] === "#") return level === 0 ? {} : replace(schema, level - 1);
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, replace(child, level)]));
  };
  return replace(schema, levels) as JsonSchema;
}

describe("a recursive schema registers", () => {
  it.each(Object.entries(SCHEMAS))("%s: registers, compiled once, where a $ref back to the root used to fail to compile", (name, parameters) => {
    const registry = new ToolRegistry();
    expect(() => registry.register(new FakeTool({ name, parameters }))).not.toThrow();
    expect(registry.has(name)).toBe(true);
  });

  it("a root without type, referenced by `#`, is an object wherever it recurs", () => {
    const schema: JsonSchema = { properties: { n: { type: "integer" }, child: { $ref: "#" } } };
    const registry = new ToolRegistry();
    registry.register(new FakeTool({ name: "untyped", parameters: schema }));
    expect(registry.prepareCall("untyped", { n: "1", child: { n: "2", child: {} } }).params).toEqual({ n: 1, child: { n: 2, child: {} } });
    expect(registry.prepareCall("untyped", { child: { child: "leaf" } }).error?.content).toBe("Error: Invalid parameters for tool 'untyped': child.child should be object");
  });
});

describe("a recursive schema validates at every depth", () => {
  const registry = registryOfAll();

  it("a valid tree passes", () => {
    expect(registry.prepareCall("property", { name: "a", n: 1, child: { name: "b", child: { name: "c", n: 3 } } }).error).toBeNull();
    expect(registry.prepareCall("items", { name: "a", children: [{ name: "b", children: [{ name: "c" }, { name: "d", children: [] }] }] }).error).toBeNull();
    expect(registry.prepareCall("any_of", { name: "a", child: { name: "b", child: { name: "c", child: null } } }).error).toBeNull();
    expect(registry.prepareCall("defs", { root: { name: "a", children: [{ name: "b", next: { name: "c", next: null } }] } }).error).toBeNull();
  });

  it("a deep invalid value is refused, the problem naming its path", () => {
    const refused = (name: string, params: unknown): string | undefined => registry.prepareCall(name, params).error?.content;
    expect(refused("property", { name: "a", child: { name: "b", child: { name: "c", n: "x" } } })).toBe(
      "Error: Invalid parameters for tool 'property': child.child.n should be integer",
    );
    expect(refused("property", { name: "a", child: { child: {} } })).toBe(
      "Error: Invalid parameters for tool 'property': missing required child.name; missing required child.child.name",
    );
    expect(refused("items", { name: "a", children: [{ name: "b", children: [{ name: "c", n: "x" }] }] })).toBe(
      "Error: Invalid parameters for tool 'items': children[0].children[0].n should be integer",
    );
    expect(refused("any_of", { name: "a", child: { name: "b", child: { name: "c", n: "x" } } })).toBe(
      "Error: Invalid parameters for tool 'any_of': child should be null; child.child should be null; child.child.n should be integer",
    );
    expect(refused("defs", { root: { name: "a", children: [{ name: "b", next: { name: "c", n: "x" } }] } })).toBe(
      "Error: Invalid parameters for tool 'defs': root.children[0].next should be null; root.children[0].next.n should be integer",
    );
  });

  const deepProblems: [JsonSchema, unknown][] = [
    [THROUGH_PROPERTY, { name: "a", child: { name: 1, n: 2.5, child: { n: "x", child: { name: "d" } } } }],
    [THROUGH_ITEMS, { name: "a", children: [{ name: "b" }, { children: [{ name: [], n: true }] }, 3] }],
    [THROUGH_ANY_OF, { name: "a", child: { name: "b", child: { n: "x", child: "end" } } }],
  ];

  it("the problems are those of the same schema written out level by level", () => {
    // Not through anyOf: a problem inside a $ref'd branch is worded without its branch, as for any $ref there.
    for (const [schema, value] of deepProblems.slice(0, 2)) {
      const problems = compileValidator(schema)(value);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems).toEqual(compileValidator(unrolled(schema, 5))(value));
    }
  });

  it("the problems are those of the same schema recursing through #/$defs/node", () => {
    for (const [schema, value] of deepProblems) {
      const { required, properties } = schema;
      const node = JSON.parse(JSON.stringify({ type: "object", properties, required }).replaceAll('"$ref":"#"', '"$ref":"#/$defs/node"')) as JsonSchema;
      const viaDefs: JsonSchema = { type: "object", $ref: "#/$defs/node", $defs: { node } };
      const problems = compileValidator(schema)(value);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems).toEqual(compileValidator(viaDefs)(value));
    }
  });

  it("the verdict is Ajv's own, with its default options", () => {
    const ajv = new Ajv2020();
    const values = [
      { name: "a", child: { name: "b", child: { name: "c" } } },
      { name: "a", child: { name: "b", child: { n: 1 } } },
      { name: "a", child: { name: "b", child: null } },
      { name: "a", children: [{ name: "b", children: [{ name: 3 }] }] },
      { root: { name: "a", next: { name: "b", children: [{ name: "c", next: null }] } } },
      { root: { name: "a", next: { name: "b", children: [{ next: null }] } } },
    ];
    for (const schema of Object.values(SCHEMAS)) {
      const reference = ajv.compile(schema);
      const validate = compileValidator(schema);
      for (const value of values) expect(validate(value).length === 0, JSON.stringify(value)).toBe(reference(value));
    }
  });

  it("a 500-level tree is validated and cast at every level; one too deep for the stack is an error result, never a throw", () => {
    const chain = (levels: number): Record<string, unknown> => {
      let value: Record<string, unknown> = { name: "leaf", n: "0" };
      for (let i = 0; i < levels; i++) value = { name: `n${i}`, n: String(i + 1), child: value };
      return value;
    };
    const prepared = registry.prepareCall("property", chain(500));
    expect(prepared.error).toBeNull();
    let node = prepared.params as Record<string, unknown>;
    for (let i = 500; node["child"] !== undefined; i--) {
      expect(node["n"]).toBe(i);
      node = node["child"] as Record<string, unknown>;
    }
    expect(node).toEqual({ name: "leaf", n: 0 });
    const tooDeep = registry.prepareCall("property", chain(100_000));
    expect(tooDeep.error?.content).toMatch(/^Error: RangeError: /);
  });
});

describe("a recursive schema is cast at every depth as at the top", () => {
  const registry = registryOfAll();

  it("integer text deep in the tree becomes a number, through a property, items, anyOf and $defs", () => {
    expect(registry.prepareCall("property", { name: "a", n: "1", child: { name: "b", n: "2", child: { name: "c", n: " 3 " } } }).params).toEqual({
      name: "a",
      n: 1,
      child: { name: "b", n: 2, child: { name: "c", n: 3 } },
    });
    expect(registry.prepareCall("items", { name: "a", n: "1", children: [{ name: "b", children: [{ name: "c", n: "3" }] }] }).params).toEqual({
      name: "a",
      n: 1,
      children: [{ name: "b", children: [{ name: "c", n: 3 }] }],
    });
    expect(registry.prepareCall("any_of", { name: "a", n: "1", child: { name: "b", n: "2", child: { name: "c", n: "3", child: null } } }).params).toEqual({
      name: "a",
      n: 1,
      child: { name: "b", n: 2, child: { name: "c", n: 3, child: null } },
    });
    expect(registry.prepareCall("defs", { root: { name: "a", n: "1", children: [{ name: "b", next: { name: "c", n: "3", next: null } }] } }).params).toEqual({
      root: { name: "a", n: 1, children: [{ name: "b", next: { name: "c", n: 3, next: null } }] },
    });
  });

  it("as a non-recursive $ref is followed: the same field, inline or referenced, is cast alike", () => {
    const inline: JsonSchema = { type: "object", properties: { a: { type: "object", properties: { n: { type: "integer" } } } } };
    const referenced: JsonSchema = { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "object", properties: { n: { type: "integer" } } } } };
    const recursive: JsonSchema = { type: "object", properties: { n: { type: "integer" }, a: { $ref: "#" } } };
    for (const schema of [inline, referenced, recursive]) expect(castValue(schema, { a: { n: "7" } })).toEqual({ a: { n: 7 } });
  });

  it("a choice through `#` is cast only to a value the schema then accepts", () => {
    // The deepest `n` cannot be cast, so the anyOf above it keeps its value as it came.
    expect(castValue(THROUGH_ANY_OF, { name: "a", n: "1", child: { name: "b", n: "2", child: { name: "c", n: "x" } } })).toEqual({
      name: "a",
      n: 1,
      child: { name: "b", n: "2", child: { name: "c", n: "x" } },
    });
    const rootChoice: JsonSchema = { type: "object", anyOf: [{ required: ["a"] }, { required: ["n"] }], properties: { n: { type: "integer" }, child: { $ref: "#" } } };
    expect(castValue(rootChoice, { n: "1", child: { n: "2", child: { n: "3" } } })).toEqual({ n: 1, child: { n: 2, child: { n: 3 } } });
  });

  it("a schema whose $refs lead only to $refs casts nothing and returns, even without register's budget", () => {
    const loops: JsonSchema[] = [
      { $ref: "#" },
      { type: "object", properties: { x: { $ref: "#/$defs/a" } }, $defs: { a: { $ref: "#/$defs/a" } } },
      { type: "object", properties: { x: { $ref: "#/$defs/a" } }, $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } },
      { type: "object", properties: { x: { $ref: "#/$defs/a" } }, $defs: { a: { anyOf: [{ $ref: "#/$defs/a" }, { type: "integer" }] } } },
    ];
    for (const schema of loops) {
      const value = { x: "1" };
      expect(compileCaster(schema)(value)).toBe(value);
    }
  });
});

describe("a property named __proto__ in a recursive schema", () => {
  const parse = (text: string): JsonSchema => JSON.parse(text) as JsonSchema;

  it("its own $ref means what it means in the whole schema", () => {
    const schema = parse('{"type":"object","properties":{"__proto__":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"object","properties":{"n":{"type":"integer"}}}}}');
    const validate = compileValidator(schema);
    expect(validate(parse('{"__proto__":{"n":"x"}}'))).toEqual(["__proto__.n should be integer"]);
    expect(validate(parse('{"__proto__":{"n":1}}'))).toEqual([]);
  });

  it("where a $ref leads back to it, where Ajv would skip it, the schema is refused at register", () => {
    const schemas = [
      '{"type":"object","properties":{"__proto__":{"type":"integer"},"child":{"$ref":"#"}}}',
      '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"up":{"$ref":"#"}}}}}',
      '{"type":"object","properties":{"a":{"$ref":"#/properties/b"},"b":{"type":"object","properties":{"__proto__":{"type":"integer"}}}}}',
    ];
    for (const text of schemas) {
      expect(() => new ToolRegistry().register(new FakeTool({ name: "proto", parameters: parse(text) }))).toThrow(
        `Tool 'proto': its parameters schema does not compile: a property named "__proto__" cannot be checked where a "$ref" leads to it`,
      );
    }
  });
});
