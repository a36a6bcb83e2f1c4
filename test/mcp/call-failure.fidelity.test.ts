/**
 * Fidelity of an MCP call that fails before any answer. Upstream returns an error result naming
 * only the exception's type, `(MCP tool call failed: RuntimeError)`, and logs the message; a call
 * past its time limit gives `(MCP tool call timed out after <s>s)` and one cancelled by the client
 * or the server `(MCP tool call was cancelled)`; the runner adds its retry hint to each. The texts
 * below are upstream's own output for the same failures. In JavaScript the type is the error's
 * `name`; a thrown value that is no `Error` is named as the runner names it (`Thrown string`).
 * A call stopped by the run itself (its signal aborted) still rejects, so the runner reports the
 * abort or its own time limit as for any tool.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { DEFAULT_MCP_CALL_TIMEOUT_MS } from "../../src/mcp/adapter.js";
import { listMcpTools } from "../../src/mcp/list-tools.js";
import type { StdioMcpConnection } from "../../src/mcp/stdio-connection.js";
import type { McpToolClient } from "../../src/mcp/tool-client.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { isToolErrorResult, type Tool } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";
import { collectingLogger, connectHostile } from "./harness.js";

const UPSTREAM_HINT = "\n\n[Analyze the error above and try a different approach.]";
const signal = (): AbortSignal => AbortSignal.timeout(30_000);

/** A Python-style error: a JavaScript Error whose name is the exception's type. */
function pythonError(type: string, message: string): Error {
  const error = new Error(message);
  error.name = type;
  return error;
}

/** The one tool of a client whose every call throws `thrown`. */
async function failingTool(thrown: unknown, logger = collectingLogger()): Promise<Tool> {
  const client: McpToolClient = {
    listTools: async () => ({ tools: [{ name: "t", inputSchema: { type: "object" } }] }),
    callTool: async () => {
      throw thrown;
    },
  };
  const [tool] = (await listMcpTools(client, "srv", { logger })).tools;
  if (tool === undefined) throw new Error("no tool");
  return tool;
}

describe("fidelity to upstream: a call that raises, as upstream words it", () => {
  it("RuntimeError('connection lost'): the error result (MCP tool call failed: RuntimeError); the message only in the log", async () => {
    const logger = collectingLogger();
    const tool = await failingTool(pythonError("RuntimeError", "connection lost"), logger);
    const result = await tool.execute({}, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe("(MCP tool call failed: RuntimeError)");
    expect(logger.warnings).toEqual(["tool 'mcp_srv_t' ('t' of server 'srv') failed: RuntimeError: connection lost"]);
  });

  it.each([
    [pythonError("ValueError", "bad"), "(MCP tool call failed: ValueError)"],
    [new TypeError("x is not a function"), "(MCP tool call failed: TypeError)"],
    ["a bare string", "(MCP tool call failed: Thrown string)"],
    [undefined, "(MCP tool call failed: Thrown undefined)"],
    [{ code: 1 }, "(MCP tool call failed: Thrown object)"],
  ] as const)("%s gives %s", async (thrown, text) => {
    expect(String(await (await failingTool(thrown)).execute({}, { signal: signal() }))).toBe(text);
  });

  it("the model reads it with the retry hint", async () => {
    const registry = new ToolRegistry();
    registry.register(await failingTool(pythonError("RuntimeError", "connection lost")));
    const provider = new ScriptedProvider([toolReply([toolCall("1", "mcp_srv_t", {})]), textReply("done")]);
    const messages: ChatMessage[] = [{ role: "user", content: "go" }];
    const result = await new AgentRunner().run({ provider, model: "m", tools: registry, messages });
    expect(result.messages.find((m) => m.role === "tool")?.content).toBe(`(MCP tool call failed: RuntimeError)${UPSTREAM_HINT}`);
  });

  it("a request the client or the server cancelled: (MCP tool call was cancelled)", async () => {
    const aborted = new DOMException("This operation was aborted", "AbortError");
    const result = await (await failingTool(aborted)).execute({}, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe("(MCP tool call was cancelled)");
  });

  it("a call stopped by the run's own signal rejects, for the runner to report", async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException("This operation was aborted", "AbortError");
    await expect((await failingTool(aborted)).execute({}, { signal: controller.signal })).rejects.toBe(aborted);
  });

  it("the default time limit is upstream's tool_timeout, 30 s: (MCP tool call timed out after 30s)", async () => {
    expect(DEFAULT_MCP_CALL_TIMEOUT_MS).toBe(30_000);
    const seen: unknown[] = [];
    const client: McpToolClient = {
      listTools: async () => ({ tools: [{ name: "t", inputSchema: { type: "object" } }] }),
      callTool: async (_params, _schema, options) => {
        seen.push(options?.timeout);
        // What the SDK's client throws when a request's time limit passes (ErrorCode.RequestTimeout).
        throw Object.assign(new Error("MCP error -32001: Request timed out"), { name: "McpError", code: -32001 });
      },
    };
    const [tool] = (await listMcpTools(client, "srv", { logger: collectingLogger() })).tools;
    expect(String(await tool?.execute({}, { signal: signal() }))).toBe("(MCP tool call timed out after 30s)");
    expect(seen).toEqual([30_000]);
  });
});

describe("fidelity to upstream: failures of a real server over stdio", () => {
  const logger = collectingLogger();
  /** One connection with a 50 ms call limit (for the call that hangs), one with the default 30 s. */
  let quick: StdioMcpConnection | undefined;
  let patient: StdioMcpConnection | undefined;
  beforeAll(async () => {
    quick = await connectHostile("c", "calls", { callTimeoutMs: 50, logger });
    patient = await connectHostile("c", "calls", { logger });
  }, 30_000);
  afterAll(async () => {
    await quick?.close();
    await patient?.close();
  }, 20_000);

  it.each([
    [
      "a call past its time limit (as upstream for 0.05 s)",
      "quick",
      "hang",
      "(MCP tool call timed out after 0.05s)",
      "tool 'mcp_c_hang' ('hang' of server 'c') timed out after 0.05s",
    ],
    [
      "a server that dies during the call",
      "patient",
      "crash",
      "(MCP tool call failed: McpError)",
      "tool 'mcp_c_crash' ('crash' of server 'c') failed: McpError: MCP error -32000: Connection closed",
    ],
  ])(
    "%s: the model reads only upstream's words; the detail is in the log",
    async (_case, which, name, text, logged) => {
      const server = which === "quick" ? quick : patient;
      const result = await server?.tools.find((t) => t.name === `mcp_c_${name}`)?.execute({}, { signal: signal() });
      expect(isToolErrorResult(result)).toBe(true);
      expect(String(result)).toBe(text);
      expect(logger.warnings.some((w) => w.startsWith(logged))).toBe(true);
    },
    60_000,
  );
});
