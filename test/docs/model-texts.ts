/**
 * Texts the model reads, produced by running the real code on the inputs the lessons talk about:
 * the registry's preparation errors and `execute`, a runner turn with one call of every kind of
 * failure (a missing file, a throw, a time-out, an empty result, a long result, an SSRF refusal,
 * a repeated lookup, repeated workspace escapes), runs that stop on `failOnToolError`, a model
 * error, the MCP adapter's texts, and the worked answer of exercise 9 (whose README quotes it).
 * `model-texts.test.ts` checks every text the prose quotes against these.
 *
 * @module
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentRunner } from "../../src/agent/runner.js";
import { MCPToolAdapter, type McpToolClient } from "../../src/mcp/adapter.js";
import { parseToolArguments, ToolCallRequest, type ChatMessage } from "../../src/providers/base.js";
import { FakeTool, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";
import { ToolResult, type JsonSchema } from "../../src/tools/base.js";
import { ReadFileTool } from "../../src/tools/builtin/read-file.js";
import { WebFetchTool } from "../../src/tools/builtin/web-fetch.js";
import { WriteFileTool } from "../../src/tools/builtin/write-file.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { McpTool } from "../../solutions/09-tool-skill-mcp/mcp-tool.js";

const signal = (): AbortSignal => new AbortController().signal;

/** A tool with this schema, answering `ok`. */
function schemaTool(name: string, parameters: JsonSchema): FakeTool {
  return new FakeTool({ name, description: `The ${name} tool.`, parameters, result: "ok" });
}

/** The tool messages of a finished run, in order. */
function toolTexts(messages: readonly ChatMessage[]): string[] {
  return messages.filter((m) => m.role === "tool").map((m) => String(m.content));
}

/** Preparation errors and `registry.execute`'s texts. */
async function registryTexts(workspace: string): Promise<string[]> {
  const registry = new ToolRegistry();
  registry.register(new ReadFileTool({ workspace }));
  registry.register(schemaTool("wait", { type: "object", properties: { seconds: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } } }));
  registry.register(
    schemaTool("shapes", {
      type: "object",
      properties: {
        n: { type: "integer" },
        any: {
          anyOf: [
            { type: "string", minLength: 3 },
            { type: "string", pattern: "^x" },
          ],
        },
        one: { oneOf: [{ type: "integer" }, { type: "number" }] },
        nope: { not: { type: "string" } },
        never: false,
      },
      additionalProperties: false,
    }),
  );
  registry.register(schemaTool("typelist", { type: "object", properties: { n: { type: ["integer", "null"], minimum: 100 } } }));
  registry.register(schemaTool("exact", { type: "object", properties: { n: { type: "integer" } } }));
  registry.register(new FakeTool({ name: "crash", description: "Throws.", throws: new Error("ENOENT: nope.txt") }));
  const prepared = [
    registry.prepareCall("ReadFile", '{"path": "notes.txt"}'),
    registry.prepareCall("delete_everything", "{}"),
    registry.prepareCall("read_file", "[1, 2]"),
    registry.prepareCall("read_file", "42"),
    registry.prepareCall("read_file", true),
    registry.prepareCall("read_file", '{"path": {"a": 1}}'),
    registry.prepareCall("read_file", '{"path": "README.md", "limit": "ten"}'),
    registry.prepareCall("read_file", '{"path": "README.md", "limit": "0"}'),
    registry.prepareCall("read_file", '{"limit": "0", "extra": true}'),
    registry.prepareCall("wait", '{"seconds": "forever"}'),
    registry.prepareCall("wait", '{"seconds": -5}'),
    registry.prepareCall("shapes", { n: Number.POSITIVE_INFINITY }),
    registry.prepareCall("shapes", { any: "ab" }),
    registry.prepareCall("shapes", { one: 1 }),
    registry.prepareCall("shapes", { nope: "s" }),
    registry.prepareCall("shapes", { never: 1 }),
    registry.prepareCall("typelist", '{"n": "5"}'),
    registry.prepareCall("exact", '{"n": 12345678901234567890}'),
  ];
  const alone = new ToolRegistry();
  alone.register(new FakeTool({ name: "read_file", description: "Throws.", throws: new Error("ENOENT: nope.txt") }));
  const executed = await alone.execute("read_file", { path: "nope.txt" });
  // write_file on a folder (lesson 10 quotes it).
  await mkdir(join(workspace, "a-folder"), { recursive: true });
  const onFolder = await new WriteFileTool({ workspace }).execute({ path: "a-folder", content: "x" }, { signal: new AbortController().signal });
  return [...prepared.map((p) => p.error?.content ?? ""), String(executed), RETRY_HINT, String(onFolder)];
}

/** One turn in which the model makes one call of every kind of failure, and the texts the runner sends. */
async function runnerTexts(workspace: string): Promise<string[]> {
  const registry = new ToolRegistry();
  registry.register(new ReadFileTool({ workspace }));
  registry.register(new FakeTool({ name: "crash", description: "Throws.", throws: new Error("ENOENT: nope.txt") }));
  registry.register(new FakeTool({ name: "touch", description: "Answers nothing.", result: "" }));
  registry.register(new FakeTool({ name: "dump", description: "Answers a lot.", result: "x".repeat(1200) }));
  registry.register(new FakeTool({ name: "fetch_private", description: "Refused.", result: ToolResult.error("Error: URL blocked: private/internal address", "ssrf") }));
  registry.register(new FakeTool({ name: "web_fetch", description: "Fetches.", parameters: { type: "object", properties: { url: { type: "string" } } }, result: "page" }));
  const calls = [
    toolCall("c1", "read_file", { path: "notes.txt" }),
    toolCall("c2", "crash"),
    toolCall("c4", "touch"),
    toolCall("c5", "dump"),
    toolCall("c6", "fetch_private"),
    toolCall("c7", "ReadFile", { path: "notes.txt" }),
    toolCall("c8", "read_file", "[1, 2]"),
    toolCall("c9", "read_file", { path: "notes.txt", limit: "ten" }),
    ...[10, 11, 12].map((n) => toolCall(`c${n}`, "web_fetch", { url: "https://example.com/" })),
    ...[13, 14, 15].map((n) => toolCall(`c${n}`, "read_file", { path: "../secret.txt" })),
  ];
  const provider = new ScriptedProvider([toolReply(calls), textReply("done")]);
  const result = await new AgentRunner().run({
    provider,
    model: "m",
    tools: registry,
    messages: [{ role: "user", content: "go" }],
    maxToolResultChars: 1000,
  });
  // A tool that never answers, alone in a run with a time limit: it always runs out.
  const slow = new ToolRegistry();
  slow.register(new FakeTool({ name: "hang", description: "Hangs.", delayMs: 600_000, honoursAbort: true, result: "late" }));
  const hung = await new AgentRunner().run({
    provider: new ScriptedProvider([toolReply([toolCall("c1", "hang")]), textReply("done")]),
    model: "m",
    tools: slow,
    messages: [{ role: "user", content: "go" }],
    toolTimeoutMs: 50,
  });
  // The real web_fetch refusing a private address: no request leaves the machine.
  const guarded = new ToolRegistry();
  guarded.register(new WebFetchTool());
  const refused = await new AgentRunner().run({
    provider: new ScriptedProvider([toolReply([toolCall("c1", "web_fetch", { url: "http://127.0.0.1/" })]), textReply("done")]),
    model: "m",
    tools: guarded,
    messages: [{ role: "user", content: "go" }],
  });
  return [...toolTexts(result.messages), ...toolTexts(hung.messages), ...toolTexts(refused.messages)];
}

/** Runs that end on `failOnToolError`, and one whose model request fails. */
async function endingTexts(): Promise<string[]> {
  const texts: string[] = [];
  for (const failure of [ToolResult.error("Error: the prod environment is locked for deploys"), ToolResult.error("")]) {
    const registry = new ToolRegistry();
    registry.register(new FakeTool({ name: "deploy", description: "Deploys.", result: failure }));
    const provider = new ScriptedProvider([toolReply([toolCall("c1", "deploy")]), textReply("done")]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registry, messages: [{ role: "user", content: "go" }], failOnToolError: true });
    texts.push(result.finalContent ?? "", result.error ?? "");
  }
  const failing = new ScriptedProvider([{ content: null, toolCalls: [], finishReason: "error" }]);
  const broken = await new AgentRunner().run({ provider: failing, model: "m", tools: new ToolRegistry(), messages: [{ role: "user", content: "go" }] });
  texts.push(...broken.messages.map((m) => String(m.content)));
  return texts;
}

/** A client that answers every call with the next of `answers`. */
function answering(answers: unknown[]): McpToolClient {
  return {
    async listTools() {
      return { tools: [] };
    },
    async callTool() {
      return answers.shift();
    },
  };
}

/** The MCP adapter's texts, and those of exercise 9's worked answer. */
async function mcpTexts(): Promise<string[]> {
  const blocks = {
    content: [
      { type: "text", text: "kept" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "resource", resource: { uri: "file:///a.png", blob: "AAAA" } },
      { type: "resource_link", uri: "file:///b.txt", name: "b.txt" },
    ],
  };
  const answers = [structuredClone(blocks), { content: "not a list" }, {}];
  const adapter = new MCPToolAdapter(answering([...answers]), "fs", { name: "read_text_file" });
  const real: unknown[] = [];
  for (let i = 0; i < answers.length; i++) real.push(await adapter.execute({}, { signal: signal() }).catch((error: unknown) => String(error)));
  const exercise = new McpTool(answering([structuredClone(blocks), {}]), "fs", { name: "read_text_file" });
  const worked = [await exercise.execute({}, { signal: signal() }), await exercise.execute({}, { signal: signal() })];
  return [...real, ...worked].map(String);
}

/** The copy of an interrupted history that the next request sends: the lost answer's stand-in. */
async function historyTexts(): Promise<string[]> {
  const provider = new ScriptedProvider([textReply("done")]);
  const interrupted: ChatMessage[] = [
    { role: "user", content: "go" },
    { role: "assistant", content: null, tool_calls: [toolCall("c1", "read_file", { path: "notes.txt" }).toOpenAIToolCall()] },
  ];
  await new AgentRunner().run({ provider, model: "m", tools: new ToolRegistry(), messages: interrupted });
  return provider.requests.flatMap((request) => toolTexts(request.messages));
}

/** Arguments as the next request replays them. */
function replayTexts(): string[] {
  return ['{"path": "notes.txt",  "n": 1}', '{"path": "src/'].map(
    (raw) => new ToolCallRequest({ id: "c1", name: "read_file", arguments: parseToolArguments(raw) }).toOpenAIToolCall().function.arguments,
  );
}

/** Every text above, from one run of the code. */
export async function producedModelTexts(): Promise<string[]> {
  const workspace = await mkdtemp(join(tmpdir(), "model-texts-"));
  try {
    await mkdir(join(workspace, "ws"));
    await writeFile(join(workspace, "secret.txt"), "outside");
    await writeFile(join(workspace, "ws", "README.md"), "# readme\n");
    const inside = join(workspace, "ws");
    return [...(await registryTexts(inside)), ...(await runnerTexts(inside)), ...(await endingTexts()), ...(await mcpTexts()), ...(await historyTexts()), ...replayTexts()];
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
