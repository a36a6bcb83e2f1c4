/**
 * Our side of the oracle: each kind of input run through the workbook's public API
 * (`src/index.ts`), in this process. Nothing here reaches into `src/` internals, so the
 * comparison sees what a user of the workbook sees.
 *
 * @module
 */
import {
  AgentRunner,
  FakeTool,
  MCPToolAdapter,
  ScriptedProvider,
  ToolRegistry,
  ToolResult,
  listMcpTools,
  mcpToolName,
  textReply,
  toolCall,
  toolReply,
  type ChatMessage,
  type FakeToolOptions,
  type JsonSchema,
  type McpLogger,
  type McpToolClient,
  type McpToolInfo,
  type PrepareStep,
} from "../../../src/index.js";
import {
  fromWire,
  toWire,
  type HistoryInput,
  type OurHistoryOutput,
  type InputOf,
  type Kind,
  type McpNameInput,
  type McpNameOutput,
  type McpResultInput,
  type McpSchemaInput,
  type McpSchemaOutput,
  type OurOutputOf,
  type OurPrepareOutput,
  type PrepareInput,
  type PrepareOutput,
  type ResultInput,
  type ResultOutput,
  type TurnInput,
  type Wire,
} from "./protocol.js";
import { ourTurn } from "./turn.js";
import { isPlaceholder } from "./explanations.js";
import { upstreamSubset } from "./upstream-subset.js";

/** An Error of the given class name, as the tool on upstream's side raises it. */
export function errorOf(cls: string, message: string): Error {
  const error = new Error(message);
  error.name = cls;
  return error;
}

function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

function prepareWith(tools: readonly { name: string; schema: unknown }[], name: string, args: unknown): PrepareOutput & { shaped?: Wire } {
  const registry = new ToolRegistry();
  for (const spec of tools) {
    try {
      registry.register(new FakeTool({ name: spec.name, parameters: spec.schema as JsonSchema }));
    } catch (thrown) {
      return { outcome: "refused", error: messageOf(thrown) };
    }
  }
  let shaped: unknown;
  let reached = false;
  const prepared = registry.prepareCall(name, args, (step: PrepareStep) => {
    if (step.step === "unwrap") {
      shaped = step.output;
      reached = true;
    }
  });
  const extra = reached ? { shaped: toWire(shaped) } : {};
  if (prepared.error === null) return { outcome: "ok", params: toWire(prepared.params), ...extra };
  return { outcome: "error", error: prepared.error.content, params: toWire(prepared.params), ...extra };
}

/** `args` and `schema`: the call prepared by a registry of `FakeTool`s with the given schemas, and against upstream's subset. */
export function ourPrepare(input: PrepareInput): OurPrepareOutput {
  const tools = input.tools.map((t) => ({ name: t.name, schema: fromWire(t.schema) }));
  const args = fromWire(input.args);
  const full: OurPrepareOutput = prepareWith(tools, input.name, args);
  const probe = tools.find((t) => t.name === input.name);
  if (probe !== undefined) {
    const { schema, dropped, typeListsCut } = upstreamSubset(probe.schema);
    if (dropped.length > 0 || typeListsCut) {
      const cutTools = tools.map((t) => (t === probe ? { name: t.name, schema } : t));
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest pattern leaves the shaped arguments out of the subset
      const { shaped: _shaped, ...subset } = prepareWith(cutTools, input.name, args);
      full.subset = { ...subset, dropped, typeListsCut };
    }
  }
  return full;
}

function behaviourOptions(input: ResultInput): Partial<FakeToolOptions> {
  const b = input.behaviour;
  if (b.kind === "return") return { result: fromWire(b.value) };
  if (b.kind === "error") return { result: ToolResult.error(b.text) };
  return { throws: errorOf(b.cls, b.message) };
}

/** Runs one call through `AgentRunner.run` and returns its tool message's content and its event. */
async function runOneCall(
  registry: ToolRegistry,
  name: string,
  args: unknown,
  callId: string,
  input: { maxChars: number; workspace?: string; session?: string },
): Promise<ResultOutput> {
  const provider = new ScriptedProvider([toolReply([toolCall(callId, name, args)]), textReply("done")]);
  const run = await new AgentRunner().run({
    provider,
    model: "oracle",
    tools: registry,
    messages: [{ role: "user", content: "go" }],
    concurrentTools: false,
    maxToolResultChars: input.maxChars,
    ...(input.workspace !== undefined ? { workspace: input.workspace } : {}),
    ...(input.session !== undefined ? { sessionKey: input.session } : {}),
  });
  const message = run.messages.find((m) => m.role === "tool");
  const event = run.toolEvents[0];
  return { content: toWire(message?.content), event: toWire(event === undefined ? undefined : { name: event.name, status: event.status, detail: event.detail }) };
}

/** `result`: a `FakeTool` that returns, fails or throws as told, run by `AgentRunner.run`. */
export async function ourResult(input: ResultInput): Promise<ResultOutput> {
  const registry = new ToolRegistry();
  registry.register(new FakeTool({ name: input.name, parameters: fromWire(input.schema) as JsonSchema, ...behaviourOptions(input) }));
  return runOneCall(registry, input.name, fromWire(input.args), input.callId, input);
}

/** The messages of the first request `AgentRunner.run` sends for `messages`. */
async function firstRequest(input: HistoryInput, messages: Wire[]): Promise<Wire> {
  const provider = new ScriptedProvider([textReply("done")]);
  await new AgentRunner().run({
    provider,
    model: "oracle",
    tools: new ToolRegistry(),
    messages: fromWire(messages) as ChatMessage[],
    maxToolResultChars: input.maxChars,
    ...(input.workspace !== undefined ? { workspace: input.workspace } : {}),
    ...(input.session !== undefined ? { sessionKey: input.session } : {}),
  });
  return toWire(provider.requests[0]?.messages ?? null);
}

/** `history`: the messages of the first request `AgentRunner.run` sends for the given history, and for it without placeholders. */
export async function ourHistory(input: HistoryInput): Promise<OurHistoryOutput> {
  const messages = await firstRequest(input, input.messages);
  const kept = input.messages.filter((m) => !isPlaceholder(m));
  return kept.length === input.messages.length ? { messages } : { messages, withoutPlaceholders: await firstRequest(input, kept) };
}

/** `mcp-name`: {@link mcpToolName}. */
export function ourMcpName(input: McpNameInput): McpNameOutput {
  return { name: mcpToolName(input.server, input.tool) };
}

const silent: McpLogger = { warn: () => undefined };

function listingClient(entry: Record<string, unknown>): McpToolClient {
  return {
    listTools: () => Promise.resolve({ tools: [entry as unknown as McpToolInfo] }),
    callTool: () => Promise.reject(new Error("not called")),
  };
}

/** `mcp-schema`: the tool `listMcpTools` offers for one listed definition, or why it skipped it. */
export async function ourMcpSchema(input: McpSchemaInput): Promise<McpSchemaOutput> {
  const entry: Record<string, unknown> = { name: input.tool };
  if (input.description !== undefined && input.description !== null) entry["description"] = input.description;
  if (input.inputSchema !== undefined) entry["inputSchema"] = fromWire(input.inputSchema);
  const listing = await listMcpTools(listingClient(entry), input.server, { logger: silent });
  const tool = listing.tools[0];
  if (tool === undefined) {
    return { name: "", description: "", parameters: null, skipped: listing.problems.map((p) => p.reason).join("; ") };
  }
  // What the model is shown (`toSchema()`, upstream's normalised form), not the schema arguments are validated with.
  const shown = tool.toSchema().function;
  return { name: shown.name, description: shown.description, parameters: toWire(shown.parameters) };
}

/** `mcp-result`: an `MCPToolAdapter` over a client that answers as told, run by `AgentRunner.run`. */
export async function ourMcpResult(input: McpResultInput): Promise<ResultOutput> {
  const reply = input.reply;
  const client: McpToolClient = {
    listTools: () => Promise.resolve({ tools: [] }),
    callTool: () => {
      if (reply.kind === "raise") return Promise.reject(errorOf(reply.cls, reply.message));
      if (reply.kind === "malformed") return Promise.resolve({ content: reply.content });
      const content = reply.texts.map((text) => ({ type: "text", text }));
      return Promise.resolve(reply.isError === true ? { content, isError: true } : { content });
    },
  };
  const adapter = new MCPToolAdapter(client, input.server, { name: input.tool, description: "probe", inputSchema: { type: "object", properties: {} } }, { logger: silent });
  const registry = new ToolRegistry();
  registry.register(adapter);
  const out = await runOneCall(registry, adapter.name, "{}", "call_mcp", input);
  return { ...out, name: adapter.name };
}

/** Our output for any input. */
export async function ourOutput<K extends Kind>(kind: K, input: InputOf[K]): Promise<OurOutputOf[K]> {
  switch (kind) {
    case "args":
    case "schema":
      return ourPrepare(input as PrepareInput) as OurOutputOf[K];
    case "result":
      return (await ourResult(input as ResultInput)) as OurOutputOf[K];
    case "history":
      return (await ourHistory(input as HistoryInput)) as OurOutputOf[K];
    case "mcp-name":
      return ourMcpName(input as McpNameInput) as OurOutputOf[K];
    case "mcp-schema":
      return (await ourMcpSchema(input as McpSchemaInput)) as OurOutputOf[K];
    case "mcp-result":
      return (await ourMcpResult(input as McpResultInput)) as OurOutputOf[K];
    case "turn":
      return (await ourTurn(input as TurnInput)) as OurOutputOf[K];
    default:
      throw new Error(`unknown kind ${String(kind)}`);
  }
}
