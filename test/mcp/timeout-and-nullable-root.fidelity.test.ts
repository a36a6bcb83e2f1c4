/**
 * Fidelity of two MCP cases (`mcp.py` `MCPToolWrapper`): a call whose client raises a
 * `TimeoutError` answers `(MCP tool call timed out after 30s)`, as upstream's
 * `except asyncio.TimeoutError` does; and a tool whose `inputSchema` root is `["object", "null"]`
 * is offered, shown to the model as an object schema with `nullable: true`, and called with an
 * object. The expected texts and definitions are upstream's own output for the same inputs.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { listMcpTools } from "../../src/mcp/list-tools.js";
import type { McpToolClient } from "../../src/mcp/tool-client.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";

const silent = { warn: () => undefined };

function client(inputSchema: unknown, call: () => Promise<unknown>): McpToolClient {
  return { listTools: () => Promise.resolve({ tools: [{ name: "t", inputSchema } as never] }), callTool: call };
}

async function runCall(c: McpToolClient, args: unknown): Promise<unknown> {
  const listing = await listMcpTools(c, "srv", { logger: silent });
  const registry = new ToolRegistry();
  for (const tool of listing.tools) registry.register(tool);
  const provider = new ScriptedProvider([toolReply([toolCall("c1", "mcp_srv_t", args)]), textReply("done")]);
  const run = await new AgentRunner().run({ provider, model: "m", tools: registry, messages: [{ role: "user", content: "go" }] });
  return run.messages.find((m) => m.role === "tool")?.content;
}

describe("MCP time-outs and nullable roots, as upstream", () => {
  it("a client error named TimeoutError reads as the call timing out", async () => {
    const timeout = new Error("slow");
    timeout.name = "TimeoutError";
    const content = await runCall(
      client({ type: "object" }, () => Promise.reject(timeout)),
      {},
    );
    expect(content).toBe("(MCP tool call timed out after 30s)\n\n[Analyze the error above and try a different approach.]");
  });

  it("a root of type [object, null] is offered, shown as upstream shows it, and called with an object", async () => {
    const seen: unknown[] = [];
    const c = client({ type: ["object", "null"], properties: { a: { type: "string" } } }, (params?: unknown) => {
      seen.push(params);
      return Promise.resolve({ content: [{ type: "text", text: "ok" }] });
    });
    const listing = await listMcpTools(c, "srv", { logger: silent });
    expect(listing.problems).toEqual([]);
    expect(listing.tools[0]?.toSchema().function).toEqual({
      name: "mcp_srv_t",
      description: "t",
      parameters: { type: "object", properties: { a: { type: "string" } }, nullable: true, required: [] },
    });
    expect(await runCall(c, { a: "x" })).toBe("ok");
    expect(seen).toEqual([{ name: "t", arguments: { a: "x" } }]);
  });
});
