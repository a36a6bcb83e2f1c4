/**
 * Fidelity of an MCP tool's concurrency: upstream's MCP wrapper is never read-only and never
 * concurrency-safe, whatever the server's `readOnlyHint` says, so a server does not decide what
 * runs at the same time. The workbook does the same by default; `trustReadOnlyHint` (per server,
 * off by default) is the kept difference that lets the hint count.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { MCPToolAdapter } from "../../src/mcp/adapter.js";
import { listMcpTools } from "../../src/mcp/list-tools.js";
import type { McpToolClient } from "../../src/mcp/tool-client.js";
import { ToolCallRequest } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { collectingLogger } from "./harness.js";

const annotated = [
  { name: "look", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
  { name: "peek", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
];
const client: McpToolClient = { listTools: async () => ({ tools: annotated }), callTool: async () => ({ content: [] }) };
const calls = [new ToolCallRequest({ id: "1", name: "mcp_s_look", arguments: {} }), new ToolCallRequest({ id: "2", name: "mcp_s_peek", arguments: {} })];

/** How the runner would batch two calls of the server's read-only-hinted tools. */
async function batches(trustReadOnlyHint?: boolean): Promise<string[][]> {
  const registry = new ToolRegistry();
  const options = trustReadOnlyHint === undefined ? { logger: collectingLogger() } : { logger: collectingLogger(), trustReadOnlyHint };
  for (const tool of (await listMcpTools(client, "s", options)).tools) registry.register(tool);
  const spec = { provider: { chat: async () => ({ content: "", toolCalls: [], finishReason: "stop" }) }, model: "m", tools: registry, messages: [] };
  return new AgentRunner().partitionToolBatches(spec, calls).map((batch) => batch.map((c) => c.name));
}

describe("fidelity to upstream: readOnlyHint, as upstream treats it", () => {
  it("an adapter is neither read-only nor concurrency-safe, even when the server says readOnlyHint: true", () => {
    const tool = new MCPToolAdapter(client, "s", annotated[0] as never);
    expect(tool.readOnly).toBe(false);
    expect(tool.concurrencySafe).toBe(false);
  });

  it("two calls the server calls read-only run one after the other", async () => {
    expect(await batches()).toEqual([["mcp_s_look"], ["mcp_s_peek"]]);
    expect(await batches(false)).toEqual([["mcp_s_look"], ["mcp_s_peek"]]);
  });

  it("kept difference: with trustReadOnlyHint the server's hint counts, and they share a batch", async () => {
    expect(await batches(true)).toEqual([["mcp_s_look", "mcp_s_peek"]]);
    const trusted = new MCPToolAdapter(client, "s", annotated[0] as never, { trustReadOnlyHint: true });
    expect(trusted.concurrencySafe).toBe(true);
    const unhinted = new MCPToolAdapter(client, "s", { name: "write", annotations: { readOnlyHint: false } }, { trustReadOnlyHint: true });
    expect(unhinted.readOnly).toBe(false);
  });
});
