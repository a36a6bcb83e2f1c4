/**
 * Skip and continue: `register` refuses some listed tools (a
 * pattern that cannot compile, a schema over budget, a bad name). The documented loop
 * `for (const tool of server.tools) registry.register(tool)` then threw on the first one and lost
 * every tool after it. `registerMcpTools` logs and skips that tool; the tools after it register.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectStdioMcpServer, type StdioMcpConnection } from "../../src/mcp/stdio-connection.js";
import { registerMcpTools } from "../../src/mcp/register.js";
import { FakeTool } from "../../src/testing/index.js";
import { Tool, type JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { collectingLogger, HOSTILE_SERVER } from "./harness.js";

describe("hostile input: a tool register refuses does not stop the others", () => {
  const logger = collectingLogger();
  let server: StdioMcpConnection | undefined;

  beforeAll(async () => {
    server = await connectStdioMcpServer({
      command: process.execPath,
      args: [HOSTILE_SERVER],
      serverName: "h",
      timeoutMs: 10_000,
      closeGraceMs: 300,
      logger: collectingLogger(),
    });
  }, 20_000);
  afterAll(async () => {
    await server?.close();
  }, 20_000);

  it("the plain loop loses every tool after the refused one (the failure this guards against)", () => {
    const registry = new ToolRegistry();
    expect(() => {
      for (const tool of server?.tools ?? []) registry.register(tool);
    }).toThrow(TypeError);
    expect(registry.has("mcp_h_ok_last")).toBe(false);
  });

  it("registerMcpTools skips the tool whose pattern cannot compile, logs why, and registers the rest", () => {
    const registry = new ToolRegistry();
    const outcome = registerMcpTools(registry, server?.tools ?? [], { logger });
    expect(outcome.skipped.map((s) => s.name)).toEqual(["mcp_h_bad_pattern"]);
    expect(outcome.skipped[0]?.reason).toMatch(/mcp_h_bad_pattern/);
    expect(outcome.registered).toContain("mcp_h_ok_first");
    expect(outcome.registered).toContain("mcp_h_notes_list");
    expect(outcome.registered.at(-1)).toBe("mcp_h_ok_last");
    expect(outcome.registered).toHaveLength((server?.tools.length ?? 0) - 1);
    expect(registry.toolNames).toEqual(outcome.registered);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toMatch(/^'mcp_h_bad_pattern' \(tool 'bad_pattern' of server 'h'\) was not registered: /);
  });
});

/** A tool whose schema or name is whatever the test says, for refusals of any kind. */
/** A tool with the given name and schema, as an MCP server might declare it. */
const shaped = (name: string, parameters: JsonSchema): FakeTool => new FakeTool({ name, description: "shaped", parameters, result: "ran" });

class NameThrows extends Tool {
  readonly description = "its name getter throws";
  readonly parameters = { type: "object" };
  get name(): string {
    throw new Error("no name today");
  }
  async execute(): Promise<unknown> {
    return "ran";
  }
}

describe("hostile input: registerMcpTools with refusals of every kind", () => {
  it("skips each refused tool, keeps order, and never throws", () => {
    const registry = new ToolRegistry();
    const logger = collectingLogger();
    const tools: Tool[] = [
      shaped("first", { type: "object" }),
      shaped("array_root", { type: "array" }),
      new NameThrows(),
      shaped("bad_pattern", { type: "object", properties: { d: { type: "string", pattern: "(unclosed" } } }),
      shaped("first", { type: "object", properties: { other: {} } }),
      shaped("last", { type: "object" }),
    ];
    const outcome = registerMcpTools(registry, tools, { logger });
    expect(outcome.registered).toEqual(["first", "last"]);
    expect(outcome.skipped.map((s) => s.name)).toEqual(["array_root", "#2", "bad_pattern", "first"]);
    expect(outcome.skipped[1]?.reason).toBe("its name cannot be read (no name today)");
    expect(outcome.skipped[3]?.reason).toBe("the name is already registered to another tool, which is kept");
    expect(registry.get("first")?.parameters).toEqual({ type: "object" });
    expect(logger.warnings).toHaveLength(4);
  });
});
