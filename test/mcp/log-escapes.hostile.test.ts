/**
 * Terminal escapes from an MCP server never reach the log raw. A server chooses its tool names,
 * its stderr and the messages of its errors; printed as they are, `ESC ]0;…BEL` retitles the
 * terminal, `ESC [2J` clears it, a carriage return or U+2028 starts a forged log line and a bidi
 * override reorders what is shown. Every such text goes through `logText`: shown as `\uXXXX`, and
 * cut when long. The server name from the configuration is treated the same way.
 */
import { describe, expect, it } from "vitest";
import { MCPToolAdapter } from "../../src/mcp/adapter.js";
import { listMcpTools } from "../../src/mcp/list-tools.js";
import { registerMcpTools } from "../../src/mcp/register.js";
import { connectStdioMcpServer } from "../../src/mcp/stdio-connection.js";
import type { McpToolClient } from "../../src/mcp/tool-client.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { collectingLogger, connectHostile, HOSTILE_SERVER } from "./harness.js";

/** Any character a terminal would obey. */
// eslint-disable-next-line no-control-regex -- matching the control characters a terminal would obey is the point
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const signal = (): AbortSignal => AbortSignal.timeout(30_000);

describe("hostile input: what a server sends is shown escaped in every log line", () => {
  it("tool names with escapes, over stdio: each warning is one line, the escapes visible", async () => {
    const logger = collectingLogger();
    const server = await connectHostile("h", "names", { args: [HOSTILE_SERVER, "--scenario", "names", "--names", "16"], logger });
    try {
      expect(server.tools).toHaveLength(16);
      expect(logger.warnings).toHaveLength(16);
      for (const line of logger.warnings) expect(line).not.toMatch(RAW_CONTROL);
      // The first three others in code-unit order are the names holding BEL, CR and ESC.
      expect(logger.warnings).toContainEqual(
        expect.stringMatching(
          /^server 'h': tool 'a\+b' renamed: 'mcp_h_a_b' would also name 'a\\u0007b', 'a\\u000db', 'a\\u001bb' and 12 more; it is offered as 'mcp_h_a_b_[0-9a-f]{8}'$/,
        ),
      );
      for (const shown of ["a\\u001bb", "a\\u0007b", "a\\u000db", "a\\u2028b"]) {
        expect(
          logger.warnings.some((line) => line.startsWith(`server 'h': tool '${shown}' renamed: `)),
          shown,
        ).toBe(true);
      }
    } finally {
      await server.close();
    }
  }, 30_000);

  it("a server name from the configuration with escapes is shown escaped too", async () => {
    const lines: string[] = [];
    const client: McpToolClient = { listTools: async () => ({ tools: [{ name: "t" }] }), callTool: async () => ({}) };
    await listMcpTools(client, "s\u001b[2J\u001b[Hv", { logger: { warn: (m) => void lines.push(m) } });
    expect(lines).toEqual(["server 's\\u001b[2J\\u001b[Hv': tool 't' patched: it has no inputSchema, so it is offered with no parameters"]);
  });

  it("the server's stderr in a start-up failure is shown escaped, and cut", async () => {
    const script = "process.stderr.write('\\u001b]0;owned\\u0007\\u001b[2Jboom\\r[mcp] all good\\n'); process.exit(2)";
    const error = await connectStdioMcpServer({ command: process.execPath, args: ["-e", script], serverName: "d\u001bx", timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    const [head, stderr] = message.split("\nserver stderr:\n") as [string, string];
    expect(head).toMatch(/^MCP server 'd\\u001bx' could not start \(/);
    expect(head).not.toMatch(RAW_CONTROL);
    expect(stderr).toBe("\\u001b]0;owned\\u0007\\u001b[2Jboom\\u000d[mcp] all good");
  }, 30_000);

  it("a refusal by the registry that quotes the server's schema is shown escaped", () => {
    const client: McpToolClient = { listTools: async () => ({ tools: [] }), callTool: async () => ({}) };
    const tool = new MCPToolAdapter(client, "s\u202e", { name: "p\u001b", inputSchema: { type: "object", properties: { d: { type: "string", pattern: "(\u001b[2J" } } } });
    const lines: string[] = [];
    const outcome = registerMcpTools(new ToolRegistry(), [tool], { logger: { warn: (m) => void lines.push(m) } });
    expect(outcome.skipped).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^'mcp_s_p_' \(tool 'p\\u001b' of server 's\\u202e'\) was not registered: /);
    expect(lines[0]).not.toMatch(RAW_CONTROL);
  });

  it("a failed call's message is logged escaped; the model reads only the error's type", async () => {
    const client: McpToolClient = {
      listTools: async () => ({ tools: [{ name: "t", inputSchema: { type: "object" } }] }),
      callTool: async () => {
        throw new Error("lost\r\u001b[1A[mcp] nothing happened");
      },
    };
    const logger = collectingLogger();
    const [tool] = (await listMcpTools(client, "srv", { logger })).tools;
    expect(String(await tool?.execute({}, { signal: signal() }))).toBe("(MCP tool call failed: Error)");
    expect(logger.warnings).toEqual(["tool 'mcp_srv_t' ('t' of server 'srv') failed: Error: lost\\u000d\\u001b[1A[mcp] nothing happened"]);
  });

  it("a very long name is cut in the log, with a note", async () => {
    const lines: string[] = [];
    const name = `${"\u001b".repeat(10_000)}x`;
    const client: McpToolClient = { listTools: async () => ({ tools: [{ name }] }), callTool: async () => ({}) };
    await listMcpTools(client, "srv", { logger: { warn: (m) => void lines.push(m) } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `server 'srv': tool '${"\\u001b".repeat(200)}… (9801 more characters not shown)' patched: it has no inputSchema, so it is offered with no parameters`,
    );
  });
});
