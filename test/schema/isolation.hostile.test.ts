/**
 * One tool's schema never changes how another one compiles or validates. Each schema is compiled
 * on its own: a root `$id` equal to a meta-schema's URI used to delete that meta-schema from the
 * shared validator, and every later registration in the process failed (other servers' tools,
 * plugins, the built-in `read_file`).
 */
import { describe, expect, it } from "vitest";
import { compileOutputSchema } from "../../src/mcp/output-validator.js";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { ReadFileTool } from "../../src/tools/builtin/read-file.js";
import { ToolRegistry } from "../../src/tools/registry.js";

const probe = (name: string, parameters: JsonSchema): FakeTool => new FakeTool({ name, description: "a probe", parameters, result: "ran" });

const META_2020 = "https://json-schema.org/draft/2020-12/schema";
const META_07 = "http://json-schema.org/draft-07/schema#";

/** Registers the tools every process has after a hostile one: a draft-07 tool, a 2020-12 tool, and the built-in read_file. */
function registersTheOthers(registry: ToolRegistry): void {
  registry.register(probe("drafted", { $schema: META_07, type: "object", properties: { n: { type: "integer" } }, required: ["n"] }));
  registry.register(probe("zodded", { $schema: META_2020, type: "object", properties: { s: { type: "string", minLength: 1 } }, required: ["s"] }));
  registry.register(new ReadFileTool({ workspace: "/tmp" }));
  expect(registry.prepareCall("drafted", { n: 1 }).error).toBeNull();
  expect(registry.prepareCall("drafted", { n: "x" }).error?.content).toBe("Error: Invalid parameters for tool 'drafted': n should be integer");
  expect(registry.prepareCall("zodded", { s: "" }).error?.content).toBe("Error: Invalid parameters for tool 'zodded': s must be at least 1 chars");
  expect(registry.prepareCall("read_file", { path: "a.txt" }).error).toBeNull();
}

describe("hostile input: each schema compiles on its own", () => {
  it.each([
    ["the 2020-12 meta-schema's URI as the root $id", { $id: META_2020, type: "object", properties: { a: { type: "string" } } }],
    ["the draft-07 meta-schema's URI as the root $id", { $id: META_07, type: "object", properties: { a: { type: "string" } } }],
    ["a meta-schema's URI as a nested $id", { type: "object", properties: { a: { $id: META_2020, type: "string" } } }],
    ["the draft-07 URI as both $schema and $id", { $schema: META_07, $id: META_07, type: "object" }],
  ])("%s registers, validates by its own schema, and every later registration still works", (_label, schema) => {
    const registry = new ToolRegistry();
    registry.register(probe("hostile", schema));
    expect(registry.prepareCall("hostile", {}).error).toBeNull();
    registersTheOthers(registry);
    // And in a registry of its own, later, too.
    registersTheOthers(new ToolRegistry());
  });

  it("an output schema with a meta-schema's URI as its $id changes nothing for later tools", () => {
    const check = compileOutputSchema({ $id: META_2020, type: "object", properties: { n: { type: "number" } } });
    expect(check({ n: "x" })).toEqual(["n should be number"]);
    registersTheOthers(new ToolRegistry());
  });

  it("two tools with the same $id each validate by their own schema", () => {
    const registry = new ToolRegistry();
    registry.register(probe("first", { $id: "https://example.com/args.json", type: "object", properties: { v: { type: "integer" } } }));
    registry.register(probe("second", { $id: "https://example.com/args.json", type: "object", properties: { v: { type: "string" } } }));
    expect(registry.prepareCall("first", { v: 1 }).error).toBeNull();
    expect(registry.prepareCall("first", { v: "1x" }).error?.content).toContain("v should be integer");
    expect(registry.prepareCall("second", { v: "x" }).error).toBeNull();
    expect(registry.prepareCall("second", { v: [] }).error?.content).toContain("v should be string");
  });

  it("anchors and dynamic anchors of one tool never answer another tool's references", () => {
    const registry = new ToolRegistry();
    const withAnchor = (type: string): JsonSchema => ({
      $id: "https://example.com/shared.json",
      type: "object",
      properties: { v: { $ref: "#item" }, w: { $ref: "#node" } },
      $defs: { item: { $anchor: "item", type }, node: { $dynamicAnchor: "node", type } },
    });
    registry.register(probe("ints", withAnchor("integer")));
    registry.register(probe("texts", withAnchor("string")));
    expect(registry.prepareCall("ints", { v: 1, w: 2 }).error).toBeNull();
    expect(registry.prepareCall("ints", { v: "a" }).error?.content).toContain("v should be integer");
    expect(registry.prepareCall("texts", { v: "a", w: "b" }).error).toBeNull();
    expect(registry.prepareCall("texts", { w: 1 }).error?.content).toContain("w should be string");
  });

  it("a registration that fails leaves nothing behind: the same $id and anchors compile afresh afterwards", () => {
    const registry = new ToolRegistry();
    const failing: JsonSchema = {
      $id: "https://example.com/once.json",
      type: "object",
      properties: { v: { $ref: "#word" }, bad: { type: "string", pattern: "(unclosed" } },
      $defs: { word: { $anchor: "word", type: "integer" } },
    };
    expect(() => registry.register(probe("broken", failing))).toThrow(/^Tool 'broken': its parameters schema does not compile: pattern "\(unclosed" does not compile/);
    const twice: JsonSchema = { $id: "https://example.com/twice.json", type: "object", $defs: { a: { $id: "inner.json" }, b: { $id: "inner.json" } } };
    expect(() => registry.register(probe("ambiguous", twice))).toThrow(/^Tool 'ambiguous': its parameters schema does not compile: /);
    registry.register(probe("fresh", { ...failing, properties: { v: { $ref: "#word" } }, $defs: { word: { $anchor: "word", type: "string" } } }));
    expect(registry.prepareCall("fresh", { v: "x" }).error).toBeNull();
    expect(registry.prepareCall("fresh", { v: 1 }).error?.content).toContain("v should be string");
    registry.register(probe("again", { ...twice, $defs: { a: { $id: "inner.json", type: "object" } } }));
    expect(registry.toolNames).toEqual(["fresh", "again"]);
    registersTheOthers(registry);
  });

  it("an unknown $schema is still refused, and refusing it changes nothing", () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(probe("draft04", { $schema: "http://json-schema.org/draft-04/schema#", type: "object" }))).toThrow(
      "Tool 'draft04': its parameters schema does not compile: no schema with key or ref \"http://json-schema.org/draft-04/schema#\"",
    );
    expect(() => registry.register(probe("fragment", { $schema: `${META_2020}#/$defs/nothing`, type: "object" }))).toThrow(/no schema with key or ref/);
    for (const name of ["__proto__", "constructor", "toString"]) {
      expect(() => registry.register(probe("inherited", { $schema: name, type: "object" }))).toThrow(`no schema with key or ref "${name}"`);
    }
    expect(({} as Record<string, unknown>)["validate"]).toBeUndefined();
    registersTheOthers(registry);
  });
});
