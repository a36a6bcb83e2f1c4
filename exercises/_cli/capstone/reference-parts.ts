/**
 * The reference for each of the nine parts, with the signature its exercise asks for: thin
 * adapters over `src/`, so the capstone can put the learner's function or the reference in the
 * same place. Where `src/` does the work inside a larger function (the runner's outcome sorting,
 * the loader's collision rule), the adapter says where, and a test checks that an agent made only
 * of these parts sends exactly what the workbook's own `AgentRunner` sends.
 *
 * Exercise 1 has no counterpart in `src/` (the workbook ships no `word_count`): its reference is
 * the worked answer.
 *
 * @module
 */
import { partitionBatches } from "../../../src/agent/batches.js";
import { settleCall, newRunState, type CallOutcome as RunnerOutcome } from "../../../src/agent/call.js";
import { resultText } from "../../../src/agent/results/result-text.js";
import { buildToolMessage } from "../../../src/agent/results/tool-message.js";
import { adaptMcpTools } from "../../../src/mcp/list-tools.js";
import { isLoadableToolClass } from "../../../src/tools/loadable-class.js";
import { toolNotFoundMessage } from "../../../src/tools/messages.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { suggestToolName } from "../../../src/tools/suggest.js";
import { isToolErrorResult, type Tool, type ToolClass, type ToolDefinition } from "../../../src/tools/base.js";
import { runPool } from "../../../src/util/async.js";
import type { ToolCallRequest } from "../../../src/providers/base.js";
import { WordCountTool } from "../../../solutions/01-tool-contract/word-count.js";
import type { CallOutcome, CollisionDecision, DefinitionStore, PartFunctions, SettledCall, ToolOrigin } from "./parts.js";

/** Exercise 3's contract over the registry's own definitions (order and cache as `ToolRegistry` keeps them). */
class RegistryDefinitions implements DefinitionStore {
  readonly #registry = new ToolRegistry();
  register(tool: Tool): void {
    this.#registry.register(tool);
  }
  unregister(name: string): void {
    this.#registry.unregister(name);
  }
  getDefinitions(): ToolDefinition[] {
    return this.#registry.getDefinitions();
  }
}

/** One registry per tool map, kept while the map keeps its size (the agent's map only grows while it loads). */
const registries = new WeakMap<ReadonlyMap<string, Tool>, ToolRegistry>();

/** The registry holding exactly `tools`, in their order. */
function registryOf(tools: ReadonlyMap<string, Tool>): ToolRegistry {
  let registry = registries.get(tools);
  if (registry === undefined || registry.size !== tools.size) {
    registry = new ToolRegistry();
    for (const tool of tools.values()) registry.register(tool);
    registries.set(tools, registry);
  }
  return registry;
}

/** The loader's rule (`ToolLoader.load`): a plugin never replaces a built-in; otherwise the later tool replaces the earlier. */
function resolveCollision(incoming: ToolOrigin, earlier: ToolOrigin | null): CollisionDecision {
  if (earlier === null) return "register";
  return incoming === "plugin" && earlier === "builtin" ? "skip" : "replace";
}

/** How the runner sorts a tool's settling (`startTool` and `inspectReturn` in `src/agent/call.ts`). */
async function captureOutcome(start: () => Promise<unknown>): Promise<CallOutcome> {
  try {
    const value = await start();
    if (!isToolErrorResult(value)) return { kind: "ok", value };
    const content: unknown = value.content;
    return { kind: "error-result", text: typeof content === "string" ? content : resultText(content) };
  } catch (value) {
    return { kind: "thrown", value };
  }
}

/** The runner's own settling (`settleCall`), given exercise 7's outcome. */
async function settleOutcome(name: string, outcome: CallOutcome, failOnToolError: boolean): Promise<SettledCall> {
  let ran: RunnerOutcome;
  if (outcome.kind === "prep-error") ran = { kind: "prep", text: outcome.text, code: undefined };
  else if (outcome.kind === "error-result") ran = { kind: "error-result", text: outcome.text, code: undefined };
  else ran = outcome;
  const settled = await settleCall({ id: "", name } as ToolCallRequest, { outcome: ran, args: null }, newRunState(), failOnToolError);
  return { payload: settled.payload, event: settled.event, fatal: settled.fatal };
}

/** The reference parts. */
export const REFERENCE_PARTS: PartFunctions = {
  1: { WordCountTool },
  2: {
    // ToolLoader.discover skips exports whose name starts with "_", then asks isLoadableToolClass.
    isLoadableToolClass: (exportName: string, value: unknown): value is ToolClass => !exportName.startsWith("_") && isLoadableToolClass(value),
    resolveCollision,
  },
  3: { DefinitionCache: RegistryDefinitions },
  4: { notFoundMessage: (name, registered) => toolNotFoundMessage(name, suggestToolName(name, registered), registered) },
  5: { prepare: (tools, name, params) => registryOf(tools).prepareCall(name, params) },
  6: {
    partitionToolBatches: (calls, isSafe, concurrent) => partitionBatches(calls, concurrent ? isSafe : () => false),
    async executeTools<R>(
      calls: readonly ToolCallRequest[],
      isSafe: (call: ToolCallRequest) => boolean,
      runOne: (call: ToolCallRequest) => Promise<R>,
      options: { concurrent?: boolean } = {},
    ): Promise<R[]> {
      const results: R[] = [];
      // As AgentRunner runs a turn: batch after batch, each batch through runPool (no cap here).
      for (const batch of partitionBatches(calls, options.concurrent === false ? () => false : isSafe)) results.push(...(await runPool(batch, null, runOne)));
      return results;
    },
  },
  7: { captureOutcome, settleOutcome },
  8: { buildToolMessage },
  9: { adaptServerTools: (client, server) => adaptMcpTools(client, server) },
};
