/**
 * Exercise 9's rules (its README and the comments in mcp-tool.ts), each with the test that fails
 * when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  name is `mcp_<server>_<tool>` → "takes its name, description and schema from the server"
 * R2  description is the server's; missing, null or "" becomes the tool's name → "uses the tool's name when the description is missing or empty"
 * R3  parameters: inputSchema, or an empty object schema → "takes its name, description and schema from the server"
 * R4  not read-only (nor concurrency-safe) by default, whatever the hint says → "is never read-only unless the server is trusted"
 * R5  trusted: read-only only for readOnlyHint === true ("true", 1, "false" do not count) → "trusts only readOnlyHint: true, and only for a trusted server"
 * R6  calls the server under its own name with the arguments → "forwards the call under the server's own name"
 * R7  text blocks: their text, joined with "\n", in order → "forwards the call under the server's own name"
 * R8  image/audio: type, mimeType (or unknown type) and data size, never the data → "summarises images and audio without their data"
 * R9  resource: its text, else [embedded resource: uri]; resource_link: [resource link: uri] → "reads embedded resources and names links"
 * R10 any other block type: [<type> content], never dropped → "names a block of any other type instead of dropping it"
 * R11 the blocks render as src/mcp/content.ts renders them → "renders blocks as the real adapter's content.ts does"
 * R12 no content, [] or only empty text: "(no output)" → "answers (no output) when there is no text"
 * R13 isError: true → ToolResult.error(text); anything else is a success → "turns an MCP isError result into a ToolResult error"
 * R14 adaptServerTools wraps every tool in order and passes the options on → "adaptServerTools wraps every listed tool, with the options"
 * R15 validated by the registry before the server is called; never discoverable → "behaves like any tool in the registry: sorted after built-ins, validated before the server is called"
 *
 * Each rule is also held against the worked answer on generated inputs: the "(every input)" tests at the end.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { McpToolClient, McpToolInfo } from "../../src/mcp/adapter.js";
import { contentToText } from "../../src/mcp/content.js";
import { isToolErrorResult } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { adaptServerTools, blockText, McpTool, type McpToolOptions } from "../../exercises/09-tool-skill-mcp/mcp-tool.js";
import * as answer from "../../solutions/09-tool-skill-mcp/mcp-tool.js";
import type { Tool } from "../../src/tools/base.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import { answerSpec, blockSpec, fakeServer, infoSpec, listingSpec, mcpName, optionsSpec, paramsSpec, type AnswerSpec, type InfoSpec } from "./_support/gen-09.js";
import { showSnapshot, showString, snapshot } from "./_support/snapshot.js";
import { flaggedTool } from "./_support/tools.js";

const signal = new AbortController().signal;

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
      return {
        content: [
          { type: "text", text: "first" },
          { type: "text", text: "second" },
        ],
      };
    },
  };
}

/** A server that answers every call with the next of `answers`. */
function answering(...answers: unknown[]): McpToolClient {
  return {
    async listTools() {
      return { tools: [] };
    },
    async callTool() {
      return answers.shift();
    },
  };
}

/** What the tool's execute resolves with for one answer of the server. */
async function textOf(answer: unknown): Promise<unknown> {
  return new McpTool(answering(answer), "fs", { name: "read_text_file" }).execute({}, { signal });
}

describe("exercise 9: McpTool's definition", () => {
  it("takes its name, description and schema from the server", async () => {
    const [read, del] = await adaptServerTools(fakeClient(), "fs");
    expect(read?.name, "name: mcp_<server>_<tool>").toBe("mcp_fs_read_text_file");
    expect(read?.description, "the server's description, as it is").toBe("Read a text file.");
    expect(read?.parameters, "the server's inputSchema, as it is").toEqual({ type: "object", properties: { path: { type: "string" } }, required: ["path"] });
    expect(del?.name).toBe("mcp_fs_delete");
    expect(del?.parameters, 'a missing schema becomes { type: "object", properties: {} }').toEqual({ type: "object", properties: {} });
  });

  it("uses the tool's name when the description is missing or empty", () => {
    const client = fakeClient();
    expect(new McpTool(client, "fs", { name: "delete" }).description, "no description: the tool's name stands in (not the server's name, not a sentence)").toBe("delete");
    expect(new McpTool(client, "fs", { name: "delete", description: "" }).description, "an empty description counts as missing: use || rather than ??").toBe("delete");
    const fromJson = { name: "delete", description: null } as unknown as McpToolInfo;
    expect(new McpTool(client, "fs", fromJson).description, "a server may send null (JSON has no undefined): that is missing too").toBe("delete");
  });
});

describe("exercise 9: McpTool's policy", () => {
  it("is never read-only unless the server is trusted", async () => {
    const [read, del] = await adaptServerTools(fakeClient(), "fs");
    expect(read?.readOnly, "readOnlyHint: true from a server nobody said to trust: not read-only").toBe(false);
    expect(read?.concurrencySafe, "so it never runs beside another call").toBe(false);
    expect(del?.readOnly).toBe(false);
    const untrusted = new McpTool(fakeClient(), "fs", { name: "stat", annotations: { readOnlyHint: true } }, { trustReadOnlyHint: false });
    expect(untrusted.readOnly, "trustReadOnlyHint: false is the default, said out loud").toBe(false);
  });

  it("trusts only readOnlyHint: true, and only for a trusted server", () => {
    const trusted = { trustReadOnlyHint: true };
    const withHint = (hint: unknown): McpTool => new McpTool(fakeClient(), "fs", { name: "stat", annotations: { readOnlyHint: hint } } as McpToolInfo, trusted);
    expect(withHint(true).readOnly, "a trusted server's readOnlyHint: true makes the tool read-only").toBe(true);
    expect(withHint(true).concurrencySafe, "and so concurrency-safe").toBe(true);
    for (const hint of [false, undefined, "true", "false", 1, {}]) {
      expect(withHint(hint).readOnly, `readOnlyHint: ${JSON.stringify(hint) ?? "undefined"} is not true: not read-only (compare with === true)`).toBe(false);
    }
    expect(new McpTool(fakeClient(), "fs", { name: "stat" }, trusted).readOnly, "no annotations at all: not read-only").toBe(false);
    const sloppy = { trustReadOnlyHint: "yes" } as unknown as { trustReadOnlyHint: boolean };
    expect(new McpTool(fakeClient(), "fs", { name: "stat", annotations: { readOnlyHint: true } }, sloppy).readOnly, "only trustReadOnlyHint: true trusts").toBe(false);
  });
});

describe("exercise 9: McpTool.execute", () => {
  it("forwards the call under the server's own name", async () => {
    const client = fakeClient();
    const tool = new McpTool(client, "fs", { name: "read_text_file", inputSchema: { type: "object" } });
    expect(await tool.execute({ path: "a.txt" }, { signal }), 'the text blocks, in order, joined with "\\n"').toBe("first\nsecond");
    expect(client.calls, "callTool({ name: <the server's own name>, arguments: params }), once").toEqual([{ name: "read_text_file", arguments: { path: "a.txt" } }]);
  });

  it("summarises images and audio without their data", () => {
    expect(blockText({ type: "image", data: "AAAA", mimeType: "image/png" })).toBe("[image content: image/png, 4 base64 chars]");
    expect(blockText({ type: "audio", data: "UklGRg==", mimeType: "audio/wav" })).toBe("[audio content: audio/wav, 8 base64 chars]");
    expect(blockText({ type: "image", data: "AAAA" }), "no mimeType: say unknown type").toBe("[image content: unknown type, 4 base64 chars]");
    expect(blockText({ type: "audio", mimeType: "audio/wav" }), "no data string: leave the size out").toBe("[audio content: audio/wav]");
  });

  it("reads embedded resources and names links", () => {
    expect(blockText({ type: "resource", resource: { uri: "file:///a.txt", text: "the notes" } }), "an embedded text resource is its text").toBe("the notes");
    expect(blockText({ type: "resource", resource: { uri: "file:///a.png", blob: "AAAA" } }), "a resource without text is named by its uri").toBe(
      "[embedded resource: file:///a.png]",
    );
    expect(blockText({ type: "resource_link", uri: "file:///b.txt", name: "b.txt" })).toBe("[resource link: file:///b.txt]");
    expect(blockText({ type: "resource_link", name: "b.txt" }), "a link without a uri: no uri").toBe("[resource link: no uri]");
  });

  it("names a block of any other type instead of dropping it", () => {
    expect(blockText({ type: "hologram", frames: 3 })).toBe("[hologram content]");
    expect(blockText({ type: "text", text: "" }), "an empty text block is empty text").toBe("");
  });

  it("renders blocks as the real adapter's content.ts does", async () => {
    const content = [
      { type: "text", text: "kept" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "resource_link", uri: "file:///a.txt", name: "a.txt" },
      { type: "resource", resource: { uri: "file:///n.md", text: "notes" } },
      { type: "video", uri: "x" },
      { type: "text", text: "also kept" },
    ];
    expect(await textOf({ content }), "each block becomes one line, in order: what contentToText in src/mcp/content.ts gives").toBe(contentToText({ content }));
  });

  it("answers (no output) when there is no text", async () => {
    expect(await textOf({}), "an answer without content: (no output) (use content ?? [])").toBe("(no output)");
    expect(await textOf({ content: [] }), "an empty content list: (no output)").toBe("(no output)");
    expect(await textOf({ content: [{ type: "text", text: "" }] }), "only empty text is no output either").toBe("(no output)");
  });

  it("turns an MCP isError result into a ToolResult error", async () => {
    const tool = new McpTool(fakeClient(), "fs", { name: "read_text_file" });
    const result = await tool.execute({ path: "missing.txt" }, { signal });
    expect(isToolErrorResult(result), "isError: true → ToolResult.error(text)").toBe(true);
    expect(String(result)).toBe("ENOENT: missing.txt");
    const fine = await textOf({ content: [{ type: "text", text: "done" }], isError: false });
    expect(fine, "isError: false is a success: the text itself").toBe("done");
  });

  it("adaptServerTools wraps every listed tool, with the options", async () => {
    const tools = await adaptServerTools(fakeClient(), "fs", { trustReadOnlyHint: true });
    expect(
      tools.map((t) => t.name),
      "one McpTool per listed tool, in the server's order",
    ).toEqual(["mcp_fs_read_text_file", "mcp_fs_delete"]);
    expect(
      tools.every((t) => t instanceof McpTool),
      "each is an McpTool",
    ).toBe(true);
    expect(tools[0]?.readOnly, "the options reach every tool: this server is trusted").toBe(true);
    expect(tools[1]?.readOnly, "delete has no hint: not read-only").toBe(false);
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

/** The rules above as sentences, for the properties' failure messages. */
const RULES = {
  R1: "name is `mcp_<server>_<tool>`, as spelled (this exercise does not clean or shorten it)",
  R2: "description is the server's; missing, null or \"\" becomes the tool's name",
  R3: "parameters: inputSchema, or an empty object schema",
  R4: "not read-only (nor concurrency-safe) by default, whatever the hint says",
  R5: 'trusted: read-only only for readOnlyHint === true ("true", 1, "false" do not count), and only with trustReadOnlyHint === true',
  R6: "calls the server under its own name with the arguments",
  R7: 'text blocks: their text, joined with "\\n", in order',
  R8: "image/audio: type, mimeType (or unknown type) and data size, never the data",
  R9: "resource: its text, else [embedded resource: uri]; resource_link: [resource link: uri]",
  R10: "any other block type: [<type> content], never dropped",
  R12: 'no content, [] or only empty text: "(no output)"',
  R13: "isError: true → ToolResult.error(text); anything else is a success",
  R14: "adaptServerTools wraps every tool in order and passes the options on",
} as const;

/** One property checks the rules `ids` together: its failure names them all. */
const rules = (...ids: Array<keyof typeof RULES>): Rule => ({ exercise: 9, id: ids.join("/"), sentence: ids.map((id) => `${id}: ${RULES[id]}`).join("; ") });

/** What a tool shows the registry and the runner. */
function definitionOf(tool: Tool): unknown {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    readOnly: tool.readOnly,
    concurrencySafe: tool.concurrencySafe,
    exclusive: tool.exclusive,
  };
}

/** One side's adapter: the learner's or the worked answer's. */
interface Side {
  make(client: McpToolClient, server: string, info: McpToolInfo, options?: McpToolOptions): Tool;
  adapt(client: McpToolClient, server: string, options?: McpToolOptions): Promise<Tool[]>;
  isMcpTool(tool: Tool): boolean;
}
const learnerSide: Side = {
  make: (client, server, info, options) => (options === undefined ? new McpTool(client, server, info) : new McpTool(client, server, info, options)),
  adapt: (client, server, options) => (options === undefined ? adaptServerTools(client, server) : adaptServerTools(client, server, options)),
  isMcpTool: (tool) => tool instanceof McpTool,
};
const answerSide: Side = {
  make: (client, server, info, options) => (options === undefined ? new answer.McpTool(client, server, info) : new answer.McpTool(client, server, info, options)),
  adapt: (client, server, options) => (options === undefined ? answer.adaptServerTools(client, server) : answer.adaptServerTools(client, server, options)),
  isMcpTool: (tool) => tool instanceof answer.McpTool,
};

interface DefinitionInput {
  server: string;
  info: InfoSpec;
  options: { trustReadOnlyHint?: unknown } | undefined;
}

function defined(side: Side, input: DefinitionInput): unknown {
  const info = structuredClone(input.info) as McpToolInfo;
  const tool = side.make(fakeServer([]), input.server, info, input.options as McpToolOptions | undefined);
  return definitionOf(tool);
}

interface ExecuteInput {
  tool: InfoSpec;
  params: Record<string, unknown>;
  answer: AnswerSpec;
}

async function executed(side: Side, input: ExecuteInput): Promise<unknown> {
  const server = fakeServer([], input.answer);
  const tool = side.make(server, "srv", structuredClone(input.tool) as McpToolInfo);
  const result = await tool.execute(structuredClone(input.params), { signal: new AbortController().signal });
  return { result, isToolResultError: isToolErrorResult(result), calls: server.calls };
}

interface AdaptInput {
  server: string;
  tools: InfoSpec[];
  options: { trustReadOnlyHint?: unknown } | undefined;
}

async function adapted(side: Side, input: AdaptInput): Promise<unknown> {
  const server = fakeServer(input.tools);
  const tools = await side.adapt(server, input.server, input.options as McpToolOptions | undefined);
  return { tools: tools.map(definitionOf), allMcpTools: tools.every((t) => side.isMcpTool(t)), listed: server.lists, called: server.calls };
}

const show = (value: unknown): string => showSnapshot(snapshot(value));

describe("exercise 9: every rule against the worked answer, on generated inputs", () => {
  it("R1, R2, R3, R4, R5 (every input): the definition and the policy of any listed tool, with any options", async () => {
    await expectSameAsAnswer({
      rule: rules("R1", "R2", "R3", "R4", "R5"),
      input: fc.record({ server: mcpName(), info: infoSpec(), options: optionsSpec() }),
      learner: (i) => defined(learnerSide, i),
      answer: (i) => defined(answerSide, i),
      show: (i) => `new McpTool(client, ${showString(i.server)}, ${show(i.info)}${i.options === undefined ? "" : `, ${show(i.options)}`})`,
      runs: 100,
    });
  });

  it("R6, R7, R8, R9, R10, R12, R13 (every input): execute, for answers with blocks of every kind", async () => {
    await expectSameAsAnswer({
      rule: rules("R6", "R7", "R8", "R9", "R10", "R12", "R13"),
      input: fc.record({ tool: infoSpec(), params: paramsSpec(), answer: answerSpec() }),
      learner: (i) => executed(learnerSide, i),
      answer: (i) => executed(answerSide, i),
      show: (i) => `new McpTool(client, "srv", ${show(i.tool)}).execute(${show(i.params)}), the server answering ${show(i.answer)}`,
      runs: 100,
    });
  });

  it("R8, R9, R10 (every input): one block of any kind, read on its own", async () => {
    await expectSameAsAnswer({
      rule: rules("R8", "R9", "R10"),
      input: blockSpec(),
      learner: (block) => blockText(structuredClone(block) as Parameters<typeof blockText>[0]),
      answer: (block) => answer.blockText(structuredClone(block) as Parameters<typeof blockText>[0]),
      show: (block) => `blockText(${show(block)})`,
      // Pure and quick: enough runs that every odd field (an empty mimeType, a number for data) comes up.
      runs: 200,
    });
  });

  it("R14 (every input): adaptServerTools, for empty listings, one tool, many, repeated names, any options", async () => {
    await expectSameAsAnswer({
      rule: rules("R14"),
      input: fc.record({ server: mcpName(), tools: listingSpec(), options: optionsSpec() }),
      learner: (i) => adapted(learnerSide, i),
      answer: (i) => adapted(answerSide, i),
      show: (i) => `adaptServerTools(a server listing ${show(i.tools)}, ${showString(i.server)}${i.options === undefined ? "" : `, ${show(i.options)}`})`,
      runs: 50,
    });
  });
});
