/**
 * A string too long for its pattern's cost cannot be checked, and a check that cannot finish
 * refuses the whole call, saying why, wherever the pattern sits. Counting it as "not matching"
 * was safe only for a bare `pattern`: under `not`, `if`, `anyOf`, `oneOf` or `patternProperties`
 * it let the string through.
 */
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { compileOutputSchema } from "../../src/mcp/output-validator.js";
import { longestCheckedInput, PatternCheckError } from "../../src/schema/pattern.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { compileSchemaCheck } from "../../src/schema/choice-checks.js";
import { unfinishedCheckProblem } from "../../src/schema/unfinished-check.js";

const probe = (name: string, parameters: JsonSchema): FakeTool => new FakeTool({ name, description: "a probe", parameters, result: "ran" });

function registryWith(name: string, parameters: JsonSchema): { registry: ToolRegistry; tool: FakeTool } {
  const registry = new ToolRegistry();
  const tool = probe(name, parameters);
  registry.register(tool);
  return { registry, tool };
}

const SAFE_NAME = "[^\\p{L}\\p{N}_.-]";

describe("hostile input: a string too long for its pattern refuses the whole call", () => {
  it("an option-looking string 200 KB long no longer slips past not: {pattern: ^-}", () => {
    const { registry, tool } = registryWith("git_fetch", { type: "object", properties: { q: { type: "string", not: { pattern: "^-" } } }, required: ["q"] });
    const long = `--upload-pack=${"x".repeat(200_000)}`;
    expect(registry.prepareCall("git_fetch", { q: long }).error?.content).toBe(
      `Error: Invalid parameters for tool 'git_fetch': q is too long to check against its pattern (limit ${longestCheckedInput("^-")} characters)`,
    );
    expect(registry.prepareCall("git_fetch", { q: "--upload-pack=x" }).error?.content).toBe(
      `Error: Invalid parameters for tool 'git_fetch': q must not match the schema in "not"`,
    );
    expect(registry.prepareCall("git_fetch", { q: "origin" }).error).toBeNull();
    expect(tool.calls).toHaveLength(0);
  });

  it("a name padded to 1 KB no longer slips past not: {pattern: [^\\p{L}\\p{N}_.-]}, and the message is the lesson's", () => {
    const { registry } = registryWith("user", { type: "object", properties: { q: { type: "string", not: { pattern: SAFE_NAME } } } });
    expect(longestCheckedInput(SAFE_NAME)).toBe(966);
    expect(registry.prepareCall("user", { q: `bob;rm -rf /${" ".repeat(1_000)}` }).error?.content).toBe(
      "Error: Invalid parameters for tool 'user': q is too long to check against its pattern (limit 966 characters)",
    );
    expect(registry.prepareCall("user", { q: "bob;rm -rf /" }).error?.content).toContain('q must not match the schema in "not"');
    expect(registry.prepareCall("user", { q: "bob.smith" }).error).toBeNull();
  });

  // Each schema holds the pattern somewhere a "no match" would have let the string through (or
  // where it is simply checked); `long` is where the long string goes, `short` a value with the
  // same shape that passes, `where` how the message names the place.
  const places: { name: string; schema: JsonSchema; args: (s: string) => Record<string, unknown>; where: string }[] = [
    { name: "pattern", schema: { properties: { q: { type: "string", pattern: "^[a-z]+$" } } }, args: (s) => ({ q: s }), where: "q" },
    { name: "not", schema: { properties: { q: { not: { pattern: "^-" } } } }, args: (s) => ({ q: s }), where: "q" },
    { name: "if/then", schema: { properties: { q: { if: { pattern: "^-" }, then: false } } }, args: (s) => ({ q: s }), where: "q" },
    { name: "if/else", schema: { properties: { q: { if: { pattern: "^[a-z]" }, else: false } } }, args: (s) => ({ q: s }), where: "q" },
    { name: "anyOf", schema: { properties: { q: { anyOf: [{ type: "integer" }, { pattern: "^[a-z]+$" }] } } }, args: (s) => ({ q: s }), where: "q" },
    { name: "oneOf", schema: { properties: { q: { oneOf: [{ pattern: "^-" }, { pattern: "^[a-z]" }] } } }, args: (s) => ({ q: s }), where: "q" },
    { name: "allOf", schema: { properties: { q: { allOf: [{ type: "string" }, { not: { pattern: "^-" } }] } } }, args: (s) => ({ q: s }), where: "q" },
    { name: "$ref", schema: { properties: { q: { $ref: "#/$defs/safe" } }, $defs: { safe: { not: { pattern: "^-" } } } }, args: (s) => ({ q: s }), where: "q" },
    { name: "items", schema: { properties: { list: { type: "array", items: { not: { pattern: "^-" } } } } }, args: (s) => ({ list: ["ok", s] }), where: "list[1]" },
    {
      name: "prefixItems",
      schema: { properties: { pair: { type: "array", prefixItems: [{}, { not: { pattern: "^-" } }] } } },
      args: (s) => ({ pair: ["ok", s] }),
      where: "pair[1]",
    },
    { name: "contains", schema: { properties: { list: { type: "array", contains: { pattern: "^[a-z]" } } } }, args: (s) => ({ list: [s] }), where: "list[0]" },
    { name: "additionalProperties", schema: { additionalProperties: { not: { pattern: "^-" } } }, args: (s) => ({ extra: s }), where: "extra" },
    { name: "patternProperties (value)", schema: { patternProperties: { "^x": { not: { pattern: "^-" } } } }, args: (s) => ({ x1: s }), where: "x1" },
    { name: "dependentSchemas", schema: { dependentSchemas: { a: { properties: { q: { not: { pattern: "^-" } } } } } }, args: (s) => ({ a: 1, q: s }), where: "q" },
    { name: "unevaluatedProperties", schema: { properties: { a: {} }, unevaluatedProperties: { not: { pattern: "^-" } } }, args: (s) => ({ a: 1, b: s }), where: "b" },
    {
      name: "unevaluatedItems",
      schema: { properties: { list: { type: "array", prefixItems: [{}], unevaluatedItems: { not: { pattern: "^-" } } } } },
      args: (s) => ({ list: [1, s] }),
      where: "list[1]",
    },
    {
      name: "propertyNames",
      schema: { properties: { meta: { type: "object", propertyNames: { not: { pattern: "^-" } } } } },
      args: (s) => ({ meta: { [s]: 1 } }),
      where: "a key in meta",
    },
    { name: "patternProperties (key)", schema: { patternProperties: { "^-": false } }, args: (s) => ({ [s]: 1 }), where: "a parameter name" },
    {
      name: "patternProperties (nested key)",
      schema: { properties: { meta: { type: "object", patternProperties: { "^-": false } } } },
      args: (s) => ({ meta: { [s]: 1 } }),
      where: "a key in meta",
    },
  ];

  it.each(places)("$name: the long string refuses the call, naming where it is; a short one gets the ordinary verdict", ({ name, schema, args, where }) => {
    const { registry, tool } = registryWith("probe", { type: "object", ...schema });
    const long = `abc${"z".repeat(200_000)}`;
    const prepared = registry.prepareCall("probe", args(long));
    expect(prepared.error?.content, name).toMatch(
      new RegExp(`^Error: Invalid parameters for tool 'probe': ${where.replace(/[[\]]/g, "\\$&")} is too long to check against its pattern \\(limit \\d+ characters\\)$`),
    );
    expect(registry.prepareCall("probe", args("abc")).error, name).toBeNull();
    expect(tool.calls).toHaveLength(0);
  });

  it("casting asks the same compiler and leaves such a value as it is; validation then refuses it", () => {
    const check = compileSchemaCheck({ not: { pattern: "^-" } });
    expect(check(`-${"x".repeat(200_000)}`)).toBe(true);
    expect(check("-x")).toBe(false);
    // A choice that casting works through: the long text is not cast, and the call is refused.
    const { registry } = registryWith("choice", { type: "object", properties: { n: { anyOf: [{ type: "integer" }, { type: "string", pattern: "^x" }] } } });
    expect(registry.prepareCall("choice", { n: ` 42${" ".repeat(200_000)}` }).error?.content).toMatch(
      /^Error: Invalid parameters for tool 'choice': n is too long to check against its pattern/,
    );
    expect(registry.prepareCall("choice", { n: " 42 " }).error).toBeNull();
  });

  it("an MCP output schema refuses structured content that cannot be checked, saying why", () => {
    const check = compileOutputSchema({ type: "object", properties: { s: { type: "string", not: { pattern: "^-" } } } });
    expect(check({ s: `-${"x".repeat(200_000)}` })).toEqual([`s is too long to check against its pattern (limit ${longestCheckedInput("^-")} characters)`]);
    expect(check({ s: "fine" })).toEqual([]);
  });

  it("an engine that runs out of memory refuses the call too, with its own reason", () => {
    const root = { meta: { tags: ["a", "needle"] } };
    expect(unfinishedCheckProblem(new PatternCheckError("needle", "out-of-memory"), root)).toBe(
      "meta.tags[1] could not be checked against its pattern: the pattern engine ran out of memory",
    );
    expect(unfinishedCheckProblem(new PatternCheckError("elsewhere", "too-long", 5), root)).toBe(
      "a string of 9 characters is too long to check against its pattern (limit 5 characters)",
    );
  });
});
