import { describe, expect, it } from "vitest";
import type { McpToolClient, McpToolInfo } from "../../src/mcp/adapter.js";
import { isToolErrorResult } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { adaptServerTools, McpTool } from "../../exercises/09-tool-skill-mcp/mcp-tool.js";
import { flaggedTool } from "./_support/tools.js";

/** A fake MCP server: two tools, and a log of every call it received. */
function fakeClient(): McpToolClient & { calls: Array<{ name: string; arguments?: Record<string, unknown> }> } {
  const tools: McpToolInfo[] = [
    {
      name: "read_text_file",
      description: "Read a text file.",
      inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      annotations: { readOnlyHint: true },
    },
    { name: "delete" },
  ];
  const calls: Array<{ name: string; arguments?: Record<string, unknown> }> = [];
  return {
    calls,
    async listTools() {
      return { tools };
    },
    async callTool(params) {
      calls.push(params);
      if (params.arguments?.["path"] === "missing.txt") {
        return { content: [{ type: "text", text: "ENOENT: missing.txt" }], isError: true };
      }
      return { content: [{ type: "text", text: "first" }, { type: "image", data: "AAAA", mimeType: "image/png" }, { type: "text", text: "second" }] };
    },
  };
}

describe("exercise 9: McpTool", () => {
  it("prefixes the name and copies the server's definition", async () => {
    const [read, del] = await adaptServerTools(fakeClient(), "fs");
    expect(read?.name, "name: mcp_<server>_<tool>").toBe("mcp_fs_read_text_file");
    expect(read?.description).toBe("Read a text file.");
    expect(read?.parameters).toEqual({ type: "object", properties: { path: { type: "string" } }, required: ["path"] });
    expect(del?.description, "a default description names the tool and server").toBe("MCP tool delete from fs");
    expect(del?.parameters, "a missing schema becomes an empty object schema").toEqual({ type: "object", properties: {} });
  });

  it("is read-only only when the server says so", async () => {
    const [read, del] = await adaptServerTools(fakeClient(), "fs");
    expect(read?.readOnly, "readOnlyHint: true → readOnly").toBe(true);
    expect(del?.readOnly, "no hint → not read-only").toBe(false);
  });

  it("forwards the call under the server's own name and joins the text blocks", async () => {
    const client = fakeClient();
    const tool = new McpTool(client, "fs", { name: "read_text_file", inputSchema: { type: "object" } });
    expect(await tool.execute({ path: "a.txt" }, { signal: new AbortController().signal })).toBe("first\nsecond");
    expect(client.calls).toEqual([{ name: "read_text_file", arguments: { path: "a.txt" } }]);
  });

  it("joins only the text of { type: \"text\" } blocks, and answers \"\" when there is no content", async () => {
    const answers: unknown[] = [
      {
        content: [
          { type: "text", text: "kept" },
          { type: "resource_link", uri: "file:///a.txt", name: "a.txt", text: "not a text block" },
          { type: "text" },
          { type: "text", text: "also kept" },
        ],
      },
      {},
    ];
    const client: McpToolClient = {
      async listTools() {
        return { tools: [] };
      },
      async callTool() {
        return answers.shift();
      },
    };
    const tool = new McpTool(client, "fs", { name: "read_text_file" });
    const signal = new AbortController().signal;
    expect(
      await tool.execute({}, { signal }),
      "keep a block only when its type is \"text\" AND it has a text string; skip every other block",
    ).toBe("kept\nalso kept");
    expect(await tool.execute({}, { signal }), "an answer without content is an empty text (use content ?? [])").toBe("");
  });

  it("turns an MCP isError result into a ToolResult error", async () => {
    const tool = new McpTool(fakeClient(), "fs", { name: "read_text_file" });
    const result = await tool.execute({ path: "missing.txt" }, { signal: new AbortController().signal });
    expect(isToolErrorResult(result), "isError: true → ToolResult.error(text)").toBe(true);
    expect(String(result)).toBe("ENOENT: missing.txt");
  });

  it("behaves like any tool in the registry: sorted after built-ins, validated before the server is called", async () => {
    const client = fakeClient();
    const registry = new ToolRegistry();
    for (const tool of await adaptServerTools(client, "fs")) registry.register(tool);
    registry.register(flaggedTool("write_file", {}));
    expect(registry.getDefinitions().map((d) => d.function.name)).toEqual(["write_file", "mcp_fs_delete", "mcp_fs_read_text_file"]);
    const prepared = registry.prepareCall("mcp_fs_read_text_file", "{}");
    expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'mcp_fs_read_text_file': missing required path");
    expect(client.calls, "the server is never called with invalid arguments").toEqual([]);
    expect(McpTool.discoverable, "an adapter needs a live client, so the loader must never create it: keep static discoverable = false").toBe(false);
  });
});
