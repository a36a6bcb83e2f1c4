/**
 * The capstone agent: one agent built from the nine parts of an {@link Assembly}. The loader's
 * rules (2) pick the tool classes, `word_count` (1) among them; the definitions (3) are what the
 * model is offered; each call is prepared (5), an unknown name answered with the not-found
 * message (4); a turn's calls run in batches (6); each outcome becomes what the model reads (7)
 * and then its tool message (8); an MCP server's tools are adapted (9). The loop itself is the
 * workbook's `AgentRunner` loop reduced to what the scenarios need, and every step can be traced
 * with whose code took it.
 *
 * @module
 */
import { TOOL_FINISH_REASONS } from "../../../src/agent/runner.js";
import type { ChatMessage } from "../../../src/chat/message.js";
import type { McpToolClient } from "../../../src/mcp/adapter.js";
import type { LLMProvider, ToolCallRequest } from "../../../src/providers/base.js";
import { isTool, ToolResult, type Tool, type ToolClass } from "../../../src/tools/base.js";
import { wrapPluginTool } from "../../../src/tools/plugin-tool-wrapper.js";
import type { PreparedCall } from "../../../src/tools/registry.js";
import { pyStrip } from "../../../src/util/python-space.js";
import { formatThrown } from "../../../src/util/thrown.js";
import type { Assembly, DefinitionStore, Origin, PartNumber, SettledCall, ToolOrigin } from "./parts.js";
import { PLUGINS, toolModule } from "./toolbox.js";

/** One step of a run, with the part that took it and whose code that part is. */
export interface TraceStep {
  /** The part that took the step; null for the loop's own steps (the model's replies). */
  part: PartNumber | null;
  /** Whose code ran it; null for the loop's own steps. */
  origin: Origin | null;
  /** What happened, on one line. */
  text: string;
}

/** Receives each step as it happens. */
export type Tracer = (step: TraceStep) => void;

/** An MCP server's client, and which of its adapted tools the agent keeps. */
export interface McpSource {
  /** The connected client. */
  client: McpToolClient;
  /** The server's name, as the tool names carry it (`fs` gives `mcp_fs_…`). */
  server: string;
  /** The adapted tool names to register (`mcp_fs_read_text_file`). */
  keep: readonly string[];
}

/** How to build and run the agent. */
export interface AgentOptions {
  /** The parts. */
  assembly: Assembly;
  /** The folder the file tools work in. */
  workspace: string;
  /** Where long results are saved; without it they are cut. */
  saveTo?: string | undefined;
  /** The model. */
  provider: LLMProvider;
  /** The model's name. */
  model: string;
  /** MCP tools to add, if any. */
  mcp?: McpSource | undefined;
  /** Results longer than this are saved or cut. */
  maxToolResultChars: number;
  /** Model turns that may ask for tools. */
  maxIterations: number;
  /** Receives each step. */
  trace?: Tracer | undefined;
}

/** How a run ended. */
export interface AgentResult {
  /** The model's last answer in words, or null. */
  finalContent: string | null;
  /** The whole conversation. */
  messages: ChatMessage[];
  /** `completed`, or `max_iterations` when every allowed turn asked for tools. */
  stopReason: "completed" | "max_iterations";
}

/** The agent's tools: by exact name, and the definitions store of part 3. */
export interface AgentTools {
  /** Every tool, by its exact name, in registration order. */
  byName: Map<string, Tool>;
  /** What the model is offered. */
  definitions: DefinitionStore;
}

/** A short, one-line view of a value for the trace. */
function brief(value: unknown, max = 100): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  const line = text.replace(/\s+/g, " ");
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** A class's own name, for sorting as the loader sorts. */
function className(cls: unknown): string {
  const name = (cls as { name?: unknown }).name;
  return typeof name === "string" ? name : "";
}

/** Creates a tool from a class as the loader does (scopes, `enabled`, `create`), or null when it cannot. */
function instantiate(cls: ToolClass, workspace: string): Tool | null {
  try {
    const ctx = { workspace };
    if (!Array.isArray(cls.scopes) || !cls.scopes.includes("core") || !cls.enabled(ctx)) return null;
    const tool = cls.create(ctx);
    return isTool(tool) && typeof tool.name === "string" ? tool : null;
  } catch {
    return null;
  }
}

/** Loads the agent's tools with parts 1, 2, 3 and 9. */
export async function loadTools(options: Pick<AgentOptions, "assembly" | "workspace" | "mcp" | "trace">): Promise<AgentTools> {
  const { fns, origin } = options.assembly;
  const say = (part: PartNumber, text: string): void => options.trace?.({ part, origin: origin[part], text });
  const byName = new Map<string, Tool>();
  const definitions = new fns[3].DefinitionCache();
  const origins = new Map<string, ToolOrigin>();
  const add = (tool: Tool, from: ToolOrigin): void => {
    const decision = fns[2].resolveCollision(from, origins.get(tool.name) ?? null);
    if (decision === "skip") {
      say(2, `${from} ${tool.name} skipped: the name is taken by a ${origins.get(tool.name) ?? "?"}`);
      return;
    }
    byName.set(tool.name, tool);
    definitions.register(tool);
    origins.set(tool.name, from);
  };

  const exports = toolModule(fns[1].WordCountTool);
  const chosen = Object.entries(exports).filter(([name, value]) => fns[2].isLoadableToolClass(name, value));
  say(2, `tool classes loaded: ${chosen.map(([name]) => name).join(", ")} (of ${Object.keys(exports).join(", ")})`);
  const classes = chosen.map(([, value]) => value as ToolClass).sort((a, b) => (className(a) < className(b) ? -1 : className(a) > className(b) ? 1 : 0));
  for (const cls of classes) {
    const tool = instantiate(cls, options.workspace);
    if (tool !== null) add(tool, "builtin");
  }
  const wordCount = byName.get("word_count");
  if (wordCount !== undefined) say(1, `word_count: readOnly ${String(wordCount.readOnly)}, concurrencySafe ${String(wordCount.concurrencySafe)}`);
  for (const cls of Object.values(PLUGINS)) {
    const tool = instantiate(cls as ToolClass, options.workspace);
    if (tool !== null) add(wrapPluginTool(tool), "plugin");
  }
  if (options.mcp !== undefined) {
    const { client, server, keep } = options.mcp;
    const adapted = await fns[9].adaptServerTools(client, server);
    const kept = adapted.filter((tool) => keep.includes(tool.name));
    say(9, `${server}: ${adapted.length} tools adapted; kept ${kept.map((t) => `${t.name} (concurrencySafe ${String(t.concurrencySafe)})`).join(", ")}`);
    for (const tool of kept) {
      byName.set(tool.name, tool);
      definitions.register(tool);
    }
  }
  return { byName, definitions };
}

/** Prepares one call with part 5, an unknown name answered with part 4's message. Never throws. */
export function prepareWith(assembly: Assembly, tools: ReadonlyMap<string, Tool>, name: string, params: unknown): PreparedCall {
  let prepared: PreparedCall;
  try {
    prepared = assembly.fns[5].prepare(tools, name, params);
  } catch (thrown) {
    // As the registry reports anything thrown while preparing.
    return { tool: tools.get(name) ?? null, params, error: ToolResult.error(`Error: ${formatThrown(thrown)}`) };
  }
  if (prepared.tool === null && prepared.error !== null) {
    return { tool: null, params, error: ToolResult.error(assembly.fns[4].notFoundMessage(name, [...tools.keys()])) };
  }
  return prepared;
}

/** Runs the agent on `messages` until the model answers in words or the turns run out. */
export async function runAgent(options: AgentOptions, start: readonly ChatMessage[]): Promise<AgentResult> {
  const { fns, origin } = options.assembly;
  const say = (part: PartNumber | null, text: string): void => options.trace?.({ part, origin: part === null ? null : origin[part], text });
  const tools = await loadTools(options);
  const messages: ChatMessage[] = [...start];
  const isSafe = (call: ToolCallRequest): boolean => tools.byName.get(call.name)?.concurrencySafe === true;
  const signal = new AbortController().signal;
  const messageOptions = { maxToolResultChars: options.maxToolResultChars, ...(options.saveTo !== undefined ? { workspace: options.saveTo } : {}) };

  for (let turn = 0; turn < options.maxIterations; turn++) {
    const offered = tools.definitions.getDefinitions();
    say(3, `offered: ${offered.map((d) => d.function.name).join(", ")}`);
    const response = await options.provider.chat({ model: options.model, messages: structuredClone(messages), tools: offered });
    const calls = response.toolCalls.filter((call) => call.hasValidName());
    const content = typeof response.content === "string" ? response.content : null;
    const clean = content === null ? null : content.trim();
    const reasoning = typeof response.reasoningContent === "string" ? pyStrip(response.reasoningContent) : null;
    const withReasoning = (message: ChatMessage): ChatMessage => (reasoning === null ? message : { ...message, reasoning_content: reasoning });

    if (calls.length === 0 || !TOOL_FINISH_REASONS.has(response.finishReason)) {
      say(null, `model answers: ${brief(clean)}`);
      messages.push(withReasoning({ role: "assistant", content: clean }));
      return { finalContent: clean, messages, stopReason: "completed" };
    }
    say(null, `model calls: ${calls.map((c) => `${c.name}(${brief(c.arguments, 60)})`).join(", ")}`);
    messages.push(withReasoning({ role: "assistant", content: clean ?? "", tool_calls: calls.map((c) => c.toOpenAIToolCall()) }));
    say(6, `batches: ${brief(fns[6].partitionToolBatches(calls, isSafe, true).map((batch) => batch.map((c) => c.id)))}`);

    const runOne = async (call: ToolCallRequest): Promise<SettledCall> => {
      const prepared = prepareWith(options.assembly, tools.byName, call.name, call.arguments);
      say(
        prepared.tool === null && prepared.error !== null ? 4 : 5,
        `${call.id} ${call.name}: ${prepared.error === null ? `ready with ${brief(prepared.params, 60)}` : `refused: ${brief(prepared.error.content)}`}`,
      );
      const outcome =
        prepared.error !== null
          ? ({ kind: "prep-error", text: prepared.error.content } as const)
          : await fns[7].captureOutcome(() => prepared.tool.execute(prepared.params, { signal, callId: call.id }));
      const settled = await fns[7].settleOutcome(call.name, outcome, false);
      say(7, `${call.id} ${outcome.kind}: ${settled.event.status}, ${brief(settled.event.detail, 80)}`);
      return settled;
    };
    const settled = await fns[6].executeTools(calls, isSafe, runOne, { concurrent: true });
    for (const [i, call] of calls.entries()) {
      const message = await fns[8].buildToolMessage(call, settled[i]?.payload, messageOptions);
      say(8, `${call.id} tool message: ${brief(message.content)}`);
      messages.push(message);
    }
  }
  return { finalContent: null, messages, stopReason: "max_iterations" };
}
