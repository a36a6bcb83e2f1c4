/**
 * Fidelity of an MCP tool's empty answer: upstream answers `(no output)` when the content holds no
 * text, and for an `isError` answer with no text the error result `(no output)`, to which the
 * registry and the runner add the retry hint. The texts below are upstream's own output for the
 * same answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import type { StdioMcpConnection } from "../../src/mcp/stdio-connection.js";
import type { McpToolClient } from "../../src/mcp/tool-client.js";
import { listMcpTools } from "../../src/mcp/list-tools.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { isToolErrorResult } from "../../src/tools/base.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";
import { collectingLogger, connectHostile } from "./harness.js";

const UPSTREAM_HINT = "\n\n[Analyze the error above and try a different approach.]";
const signal = (): AbortSignal => AbortSignal.timeout(30_000);

/** A client whose tools answer from a table. */
function answering(answers: Record<string, unknown>): McpToolClient {
  return {
    listTools: async () => ({ tools: Object.keys(answers).map((name) => ({ name, inputSchema: { type: "object" } })) }),
    callTool: async ({ name }) => answers[name],
  };
}

describe("fidelity to upstream: an empty MCP answer, as upstream words it", () => {
  it("no content: (no output), a success", async () => {
    const [tool] = (await listMcpTools(answering({ t: { content: [] } }), "srv", { logger: collectingLogger() })).tools;
    expect(await tool?.execute({}, { signal: signal() })).toBe("(no output)");
  });

  it("isError with no content: the error result (no output)", async () => {
    const [tool] = (await listMcpTools(answering({ e: { content: [], isError: true } }), "srv", { logger: collectingLogger() })).tools;
    const result = await tool?.execute({}, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe("(no output)");
  });

  it("text that is only blank is the text, as upstream keeps it", async () => {
    const [tool] = (await listMcpTools(answering({ t: { content: [{ type: "text", text: " " }] } }), "srv", { logger: collectingLogger() })).tools;
    expect(await tool?.execute({}, { signal: signal() })).toBe(" ");
  });

  it("the registry adds the retry hint to the empty error, as upstream's does", async () => {
    const registry = new ToolRegistry();
    for (const tool of (await listMcpTools(answering({ e: { content: [], isError: true } }), "srv", { logger: collectingLogger() })).tools) registry.register(tool);
    expect(RETRY_HINT).toBe(UPSTREAM_HINT);
    expect(String(await registry.execute("mcp_srv_e", {}))).toBe(`(no output)${UPSTREAM_HINT}`);
  });
});

describe("fidelity to upstream: empty answers from a real server over stdio, through the runner", () => {
  let server: StdioMcpConnection | undefined;
  beforeAll(async () => {
    server = await connectHostile("c", "calls");
  }, 20_000);
  afterAll(async () => {
    await server?.close();
  }, 20_000);

  it("the model reads (no output), and (no output) plus the hint for the error", async () => {
    const registry = new ToolRegistry();
    for (const tool of server?.tools ?? []) registry.register(tool);
    const provider = new ScriptedProvider([toolReply([toolCall("1", "mcp_c_empty", {}), toolCall("2", "mcp_c_empty_error", {})]), textReply("done")]);
    const messages: ChatMessage[] = [{ role: "user", content: "go" }];
    const result = await new AgentRunner().run({ provider, model: "m", tools: registry, messages });
    const tool = result.messages.filter((m) => m.role === "tool").map((m) => m.content);
    expect(tool).toEqual(["(no output)", `(no output)${UPSTREAM_HINT}`]);
  }, 30_000);
});
