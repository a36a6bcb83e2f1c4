/**
 * What an adapted MCP tool returns for every shape of `tools/call` result a server may send:
 * text, image, audio, embedded resources, resource links, the older `toolResult` form,
 * structured content, errors, and results that are not MCP-shaped at all. A fake client stands in
 * for the server.
 */
import { describe, expect, it } from "vitest";
import { MALFORMED_MCP_CONTENT, MCPToolAdapter, type McpRequestOptions, type McpToolClient } from "../../src/mcp/adapter.js";
import { adaptMcpTools } from "../../src/mcp/list-tools.js";
import { isToolErrorResult } from "../../src/tools/base.js";

/** A client whose `callTool` answers with `result`, recording the options it was given. */
function clientAnswering(result: unknown): McpToolClient & { options: (McpRequestOptions | undefined)[] } {
  const options: (McpRequestOptions | undefined)[] = [];
  return {
    options,
    listTools: () => Promise.resolve({ tools: [] }),
    callTool: (_params, _schema, opts) => {
      options.push(opts);
      return Promise.resolve(result);
    },
  };
}

async function call(result: unknown): Promise<unknown> {
  const tool = new MCPToolAdapter(clientAnswering(result), "srv", { name: "t" });
  return tool.execute({}, { signal: new AbortController().signal });
}

describe("coverage: MCP results become text", () => {
  it("summarises image and audio blocks with their type and size", async () => {
    expect(await call({ content: [{ type: "image", mimeType: "image/png", data: "AAAA" }] })).toBe("[image content: image/png, 4 base64 chars]");
    expect(await call({ content: [{ type: "audio" }] })).toBe("[audio content: unknown type]");
  });

  it("uses an embedded resource's text, or names its uri", async () => {
    expect(await call({ content: [{ type: "resource", resource: { uri: "file:///a", text: "inside" } }] })).toBe("inside");
    expect(await call({ content: [{ type: "resource", resource: { uri: "file:///b", blob: "AA" } }] })).toBe("[embedded resource: file:///b]");
    expect(await call({ content: [{ type: "resource", resource: {} }] })).toBe("[embedded resource: no uri]");
  });

  it("names resource links and unknown block types", async () => {
    expect(await call({ content: [{ type: "resource_link", uri: "https://example.com/x" }] })).toBe("[resource link: https://example.com/x]");
    expect(await call({ content: [{ type: "resource_link" }] })).toBe("[resource link: no uri]");
    expect(await call({ content: [{ type: "hologram" }] })).toBe("[hologram content]");
  });

  it("joins text and summaries in block order", async () => {
    expect(
      await call({
        content: [
          { type: "text", text: "a" },
          { type: "image", mimeType: "image/gif" },
          { type: "text", text: "b" },
        ],
      }),
    ).toBe("a\n[image content: image/gif]\nb");
  });

  it("reads the older toolResult form, text or any value", async () => {
    expect(await call({ toolResult: "plain" })).toBe("plain");
    expect(await call({ toolResult: { n: 1 } })).toBe('{"n":1}');
    expect(await call({ toolResult: undefined })).toBe("(no output)");
  });

  it("falls back to structured content when there are no blocks", async () => {
    expect(await call({ content: [], structuredContent: { rows: 2 } })).toBe('{"rows":2}');
    expect(await call({ content: [] })).toBe("(no output)");
  });
});

describe("coverage: MCP errors and malformed results become error results", () => {
  it("an isError result keeps its text, or reads (no output) as upstream's does", async () => {
    const failed = await call({ content: [{ type: "text", text: "disk full" }], isError: true });
    expect(isToolErrorResult(failed)).toBe(true);
    expect(String(failed)).toBe("disk full");
    const silent = await call({ content: [], isError: true });
    expect(isToolErrorResult(silent)).toBe(true);
    expect(String(silent)).toBe("(no output)");
  });

  it.each([
    ["not an object", "a string", "the result is not an object"],
    ["content not a list", { content: "text" }, "content is not a list of blocks"],
    ["a block without a type", { content: [{ text: "x" }] }, "block 0 has no type"],
    ["a text block without text", { content: [{ type: "text" }] }, "text block 0 has no text"],
    ["a resource block without a resource", { content: [{ type: "resource" }] }, "a resource block without a resource"],
  ])("%s", async (_name, result, detail) => {
    const answer = await call(result);
    expect(isToolErrorResult(answer)).toBe(true);
    expect(String(answer)).toBe(`Error: ${MALFORMED_MCP_CONTENT} (mcp_srv_t): ${detail}`);
  });
});

describe("coverage: options reach the client", () => {
  it("passes the call's signal, and the per-call time limit (30 s unless one is set)", async () => {
    const client = clientAnswering({ content: [] });
    const signal = new AbortController().signal;
    await new MCPToolAdapter(client, "s", { name: "t" }).execute({}, { signal });
    await new MCPToolAdapter(client, "s", { name: "t" }, { callTimeoutMs: 250 }).execute({}, { signal });
    expect(client.options).toEqual([
      { signal, timeout: 30_000 },
      { signal, timeout: 250 },
    ]);
  });

  it("adaptMcpTools passes the listing's signal and time limit, and each tool's call limit", async () => {
    const seen: (McpRequestOptions | undefined)[] = [];
    const called: (McpRequestOptions | undefined)[] = [];
    const client: McpToolClient = {
      listTools: (_params, opts) => {
        seen.push(opts);
        return Promise.resolve({ tools: [{ name: "a", annotations: { title: "Tool A" } }] });
      },
      callTool: (_params, _schema, opts) => {
        called.push(opts);
        return Promise.resolve({ content: [{ type: "text", text: "ok" }] });
      },
    };
    const signal = new AbortController().signal;
    const [tool] = await adaptMcpTools(client, "s", { signal, timeoutMs: 500, callTimeoutMs: 100 });
    expect(seen).toEqual([{ signal, timeout: 500 }]);
    // Upstream reads only the description; without one, the tool's name stands in (not its title).
    expect(tool?.description).toBe("a");
    expect(await tool?.execute({}, { signal })).toBe("ok");
    expect(called).toEqual([{ signal, timeout: 100 }]);
  });
});
