/**
 * MCP half: names were cleaned but never shortened, so `get_` plus 70
 * characters gave an 80-character tool name, which OpenAI-compatible APIs reject for the whole
 * request. `notes.list` (read-only) and `notes_list` (deletes every note) both
 * became `mcp_srv_notes_list`; the registry kept one without a word, and a call ran the other.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectStdioMcpServer, type StdioMcpConnection } from "../../src/mcp/stdio-connection.js";
import { registerMcpTools } from "../../src/mcp/register.js";
import { assignMcpToolNames, mcpToolName, TOOL_NAME_PATTERN } from "../../src/mcp/tool-name.js";
import { FakeTool } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { propertyConfig } from "../soak/runs.js";
import { collectingLogger, HOSTILE_SERVER } from "./harness.js";

/** Any name a server might send: ASCII, punctuation, astral characters, and very long runs. */
const anyName = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
  fc.stringMatching(/^[a-z_.]{60,120}$/),
  fc.constantFrom("notes.list", "notes_list", "notes-list", "notes/list", "a".repeat(200)),
);

describe("hostile input: MCP tool names fit ^[a-zA-Z0-9_-]{1,64}$", () => {
  it("shortens a long name to 64 characters: a readable prefix and a hash", () => {
    const long = `get_${"x".repeat(70)}`;
    const name = mcpToolName("fs", long);
    expect(name).toHaveLength(64);
    expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(name.startsWith(`mcp_fs_get_${"x".repeat(44)}_`)).toBe(true);
    expect(name).toMatch(/_[0-9a-f]{8}$/);
    expect(mcpToolName("fs", long)).toBe(name);
    expect(mcpToolName("fs", `get_${"x".repeat(71)}`)).not.toBe(name);
    expect(mcpToolName("fs", "read_text_file")).toBe("mcp_fs_read_text_file");
  });

  it("always gives a valid, deterministic name (property)", () => {
    fc.assert(
      fc.property(anyName, anyName, (server, tool) => {
        const name = mcpToolName(server, tool);
        expect(name).toMatch(TOOL_NAME_PATTERN);
        expect(mcpToolName(server, tool)).toBe(name);
      }),
      propertyConfig("mcp names are valid", 500),
    );
  });

  it("never gives two tools of a server one name, whatever their order (property)", () => {
    const seen = { renamed: 0, shortened: 0 };
    fc.assert(
      fc.property(fc.constantFrom("srv", "s.v", "x".repeat(70)), fc.uniqueArray(anyName, { minLength: 1, maxLength: 8 }), (server, tools) => {
        const assigned = assignMcpToolNames(server, tools);
        const named = assigned.flatMap((a) => (a.status === "refused" ? [] : [a.name]));
        if (assigned.some((a) => a.status === "renamed")) seen.renamed++;
        if (named.some((n) => n.length === 64)) seen.shortened++;
        expect(new Set(named).size).toBe(named.length);
        for (const name of named) expect(name).toMatch(TOOL_NAME_PATTERN);
        // Distinct tool names are never refused, and the order of the listing changes nothing.
        expect(assigned.every((a) => a.status !== "refused")).toBe(true);
        const reversed = assignMcpToolNames(server, [...tools].reverse()).reverse();
        expect(reversed).toEqual(assigned);
      }),
      propertyConfig("mcp names are unique", 500),
    );
    // The generator reaches both kinds of trouble the claim is about.
    expect(seen.renamed).toBeGreaterThan(0);
    expect(seen.shortened).toBeGreaterThan(0);
  });

  it("refuses a name listed twice instead of giving it to both", () => {
    const assigned = assignMcpToolNames("s", ["a", "a"]);
    expect(assigned[0]).toEqual({ status: "named", name: "mcp_s_a" });
    expect(assigned[1]).toEqual({ status: "refused", wouldBe: "mcp_s_a", reason: "the server lists the tool 'a' more than once" });
  });
});

/** A tool already registered under a name the server's tool would get. */
const builtin = new FakeTool({
  name: "mcp_h_ok_last",
  description: "A tool already registered under a name the server's tool would get.",
  result: "the built-in ran",
});

describe("hostile input: colliding MCP names over stdio", () => {
  const logger = collectingLogger();
  let server: StdioMcpConnection | undefined;
  const registry = new ToolRegistry();

  beforeAll(async () => {
    server = await connectStdioMcpServer({ command: process.execPath, args: [HOSTILE_SERVER], serverName: "h", timeoutMs: 10_000, closeGraceMs: 300, logger });
    registry.register(builtin);
    registerMcpTools(registry, server.tools, { logger });
  }, 20_000);
  afterAll(async () => {
    await server?.close();
  }, 20_000);

  it("notes.list and notes_list get two names; each name runs its own tool", async () => {
    const plain = registry.get("mcp_h_notes_list");
    const renamed = registry.toolNames.find((n) => /^mcp_h_notes_list_[0-9a-f]{8}$/.test(n));
    expect(plain?.description).toBe("Deletes every note.");
    expect(renamed).toBeDefined();
    const other = registry.get(renamed as string);
    expect(other?.description).toBe("Lists every note (read-only).");
    // Neither is read-only: the server's readOnlyHint is not trusted unless the caller says so.
    expect(other?.readOnly).toBe(false);
    expect(plain?.readOnly).toBe(false);
    expect(await plain?.execute({}, { signal: new AbortController().signal })).toBe("deleted every note");
    expect(await other?.execute({}, { signal: new AbortController().signal })).toBe("listed 3 notes");
  });

  it("logs the rename", () => {
    expect(server?.problems).toContainEqual({
      tool: "notes.list",
      action: "renamed",
      reason: expect.stringMatching(/^'mcp_h_notes_list' would also name 'notes_list'; it is offered as 'mcp_h_notes_list_[0-9a-f]{8}'$/) as unknown,
    });
    expect(logger.warnings.some((w) => w.startsWith("server 'h': tool 'notes.list' renamed: "))).toBe(true);
  });

  it("the long name is registered shortened, and every definition fits the API's pattern", () => {
    const names = registry.getDefinitions().map((d) => d.function.name);
    for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(names.some((n) => n.startsWith("mcp_h_get_very_long_segment_") && n.length === 64)).toBe(true);
  });

  it("never replaces a tool already registered under the name: the MCP tool is skipped and logged", async () => {
    expect(registry.get("mcp_h_ok_last")).toBe(builtin);
    expect(await registry.get("mcp_h_ok_last")?.execute({}, { signal: new AbortController().signal })).toBe("the built-in ran");
    expect(logger.warnings).toContain("'mcp_h_ok_last' (tool 'ok_last' of server 'h') was not registered: the name is already registered to another tool, which is kept");
  });

  it("a second server with the same tool names cannot replace the first one's tools", async () => {
    const second = await connectStdioMcpServer({
      command: process.execPath,
      args: [HOSTILE_SERVER],
      serverName: "h",
      timeoutMs: 10_000,
      closeGraceMs: 300,
      logger: collectingLogger(),
    });
    try {
      const local = collectingLogger();
      const before = registry.get("mcp_h_ok_first");
      const outcome = registerMcpTools(registry, second.tools, { logger: local });
      expect(outcome.registered).toEqual([]);
      expect(registry.get("mcp_h_ok_first")).toBe(before);
      expect(local.warnings.some((w) => w.includes("already registered to tool 'ok_first' of server 'h'"))).toBe(true);
    } finally {
      await second.close();
    }
  });
});
