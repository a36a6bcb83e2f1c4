/**
 * `"$async": true` compiles to a check that returns a Promise: truthy, so every argument counted
 * as valid and ran, and for an invalid one the Promise rejected with nobody waiting (an unhandled
 * rejection ends Node 20). A schema that names `$async` anywhere is now refused before it is
 * compiled, on every path: a tool's parameters (plugins included), an MCP `inputSchema`, an MCP
 * `outputSchema`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adaptMcpTools, registerMcpTools, type McpToolClient, type McpToolInfo } from "../../src/index.js";
import { compileOutputSchema, SafeJsonSchemaValidator } from "../../src/mcp/output-validator.js";
import { FakeTool } from "../../src/testing/index.js";
import { asyncKeywordAt } from "../../src/schema/async-schema.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { compileSchemaCheck } from "../../src/schema/choice-checks.js";
import { compileValidator } from "../../src/schema/validate.js";

const probe = (name: string, parameters: JsonSchema): FakeTool => new FakeTool({ name, description: "a probe", parameters, result: "ran" });

const REFUSED = 'which makes validation asynchronous; tool schemas are checked synchronously, so "$async" is refused';

/** Unhandled rejections seen while a test runs (there must be none). */
let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on("unhandledRejection", onUnhandled);
});
afterEach(async () => {
  await new Promise((settle) => setTimeout(settle, 20));
  process.off("unhandledRejection", onUnhandled);
  expect(unhandled).toEqual([]);
});

const HIDING_PLACES: [string, JsonSchema, string][] = [
  ["the root", { type: "object", $async: true, properties: { a: { type: "string" } } }, "at its root"],
  ["a property", { type: "object", properties: { a: { $async: true, type: "string" } } }, "at /properties/a"],
  ["$defs", { type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { $async: true, type: "string" } } }, "at /$defs/x"],
  ["draft-07 definitions", { type: "object", definitions: { x: { $async: false } } }, "at /definitions/x"],
  ["an anyOf branch", { type: "object", properties: { a: { anyOf: [{ type: "null" }, { $async: true }] } } }, "at /properties/a/anyOf/1"],
  [
    "deep in items",
    { type: "object", properties: { a: { type: "array", items: { type: "object", properties: { b: { not: { $async: true } } } } } } },
    "at /properties/a/items/properties/b/not",
  ],
];

describe("hostile input: $async is refused on every path", () => {
  it.each(HIDING_PLACES)("in %s: register refuses the tool, saying where and why", (_place, schema, where) => {
    const registry = new ToolRegistry();
    expect(() => registry.register(probe("sneaky", schema))).toThrow(`Tool 'sneaky': its parameters schema does not compile: the schema uses "$async" ${where}, ${REFUSED}`);
    expect(registry.has("sneaky")).toBe(false);
    expect(() => compileValidator(schema)).toThrow(REFUSED);
    expect(() => compileSchemaCheck(schema)).toThrow(REFUSED);
  });

  it("a property or a definition merely named $async is an ordinary name", () => {
    expect(asyncKeywordAt({ type: "object", properties: { $async: { type: "string" } }, $defs: { $async: { type: "integer" } }, required: ["$async"] })).toBeNull();
    const registry = new ToolRegistry();
    registry.register(probe("named", { type: "object", properties: { $async: { type: "string" } }, required: ["$async"] }));
    expect(registry.prepareCall("named", { $async: "x" }).error).toBeNull();
    expect(registry.prepareCall("named", { $async: [] }).error?.content).toBe("Error: Invalid parameters for tool 'named': $async should be string");
  });

  it("a plugin's tool is refused by the same register; the registry goes on working", () => {
    class PluginTool extends FakeTool {}
    const registry = new ToolRegistry();
    expect(() => registry.register(new PluginTool({ name: "plugin_tool", description: "p", parameters: { type: "object", $async: true }, result: "ran" }))).toThrow(REFUSED);
    registry.register(probe("after", { type: "object", properties: { n: { type: "integer" } } }));
    expect(registry.prepareCall("after", { n: "x" }).error?.content).toBe("Error: Invalid parameters for tool 'after': n should be integer");
  });

  it("an MCP tool whose inputSchema or outputSchema names $async is skipped; the server's other tools register", async () => {
    const tools: McpToolInfo[] = [
      { name: "in_async", inputSchema: { type: "object", $async: true, properties: { q: { type: "string" } } } },
      { name: "out_async", inputSchema: { type: "object" }, outputSchema: { type: "object", $defs: { r: { $async: true } } } },
      { name: "fine", inputSchema: { type: "object", properties: { q: { type: "string" } } } },
    ];
    const client: McpToolClient = {
      listTools: async () => ({ tools }),
      callTool: async () => ({ content: [{ type: "text", text: "ran" }] }),
    };
    const warnings: string[] = [];
    const logger = { warn: (line: string): void => void warnings.push(line) };
    const adapted = await adaptMcpTools(client, "srv", { logger });
    expect(adapted.map((t) => t.name)).toEqual(["mcp_srv_in_async", "mcp_srv_fine"]);
    expect(warnings.join("\n")).toContain(REFUSED);
    const registry = new ToolRegistry();
    const outcome = registerMcpTools(registry, adapted, { logger });
    expect(outcome.registered).toEqual(["mcp_srv_fine"]);
    expect(outcome.skipped.map((s) => s.name)).toEqual(["mcp_srv_in_async"]);
    expect(outcome.skipped[0]?.reason).toContain(REFUSED);
  });

  it("an output schema with $async: compiling refuses it, and the SDK's validator refuses every value with a plain answer", () => {
    const schema = { type: "object", properties: { n: { $async: true, type: "number" } } };
    expect(() => compileOutputSchema(schema)).toThrow(REFUSED);
    const validate = new SafeJsonSchemaValidator().getValidator(schema);
    for (const value of [{ n: 1 }, { n: "x" }, {}]) {
      const verdict = validate(value);
      expect(verdict.valid).toBe(false);
      expect(verdict.errorMessage).toContain(REFUSED);
      expect(verdict).not.toBeInstanceOf(Promise);
    }
  });
});
