/**
 * The nine parts of the capstone agent: what each exercise's answer contributes, the contract the
 * agent calls it through, and where it comes from — the learner's file when it is no longer the
 * untouched stub, the reference otherwise.
 *
 * @module
 */
import type { ChatMessage } from "../../../src/chat/message.js";
import type { McpToolClient } from "../../../src/mcp/adapter.js";
import type { ToolCallRequest } from "../../../src/providers/base.js";
import type { ToolEvent } from "../../../src/agent/run-spec.js";
import type { Tool, ToolClass, ToolDefinition } from "../../../src/tools/base.js";
import type { PreparedCall } from "../../../src/tools/registry.js";

/** Where a tool class came from, as exercise 2 names it. */
export type ToolOrigin = "builtin" | "plugin";

/** What happens to a tool whose name was registered earlier in the same load, as exercise 2 names it. */
export type CollisionDecision = "register" | "replace" | "skip";

/** What one call produced, as exercise 7 sorts it. */
export type CallOutcome = { kind: "prep-error"; text: string } | { kind: "thrown"; value: unknown } | { kind: "error-result"; text: string } | { kind: "ok"; value: unknown };

/** One settled call, as exercise 7 returns it. */
export interface SettledCall {
  /** What the model reads (the tool's own value for a success). */
  payload: unknown;
  /** The event for the log. */
  event: ToolEvent;
  /** The error that would stop the run (always null here: the capstone never fails on a tool error). */
  fatal: Error | null;
}

/** Exercise 3's definition store, as the agent uses it. */
export interface DefinitionStore {
  /** Adds or replaces a tool under its name. */
  register(tool: Tool): void;
  /** Removes a tool. */
  unregister(name: string): void;
  /** The definitions offered to the model. */
  getDefinitions(): ToolDefinition[];
}

/** The functions of the nine parts, each with the signature its exercise asks for. */
export interface PartFunctions {
  /** Exercise 1: the `word_count` tool. */
  1: { WordCountTool: new () => Tool };
  /** Exercise 2: the loader's class filter and its collision rule. */
  2: {
    isLoadableToolClass(exportName: string, value: unknown): value is ToolClass;
    resolveCollision(incoming: ToolOrigin, earlier: ToolOrigin | null): CollisionDecision;
  };
  /** Exercise 3: definition order and cache. */
  3: { DefinitionCache: new () => DefinitionStore };
  /** Exercise 4: the not-found message with its suggestion. */
  4: { notFoundMessage(name: string, registered: readonly string[]): string };
  /** Exercise 5: preparing one call. */
  5: { prepare(tools: ReadonlyMap<string, Tool>, name: string, params: unknown): PreparedCall };
  /** Exercise 6: batches. */
  6: {
    partitionToolBatches(calls: readonly ToolCallRequest[], isSafe: (call: ToolCallRequest) => boolean, concurrent: boolean): ToolCallRequest[][];
    executeTools<R>(
      calls: readonly ToolCallRequest[],
      isSafe: (call: ToolCallRequest) => boolean,
      runOne: (call: ToolCallRequest) => Promise<R>,
      options?: { concurrent?: boolean },
    ): Promise<R[]>;
  };
  /** Exercise 7: error semantics. */
  7: {
    captureOutcome(start: () => Promise<unknown>): Promise<CallOutcome>;
    settleOutcome(name: string, outcome: CallOutcome, failOnToolError: boolean): SettledCall | Promise<SettledCall>;
  };
  /** Exercise 8: the tool message. */
  8: {
    buildToolMessage(call: ToolCallRequest, result: unknown, opts: { maxToolResultChars: number; workspace?: string; sessionKey?: string }): Promise<ChatMessage>;
  };
  /** Exercise 9: the MCP adapter. */
  9: { adaptServerTools(client: McpToolClient, server: string): Promise<Tool[]> };
}

/** A part's number, 1 to 9. */
export type PartNumber = keyof PartFunctions;

/** Every part's number, in order. */
export const PART_NUMBERS: readonly PartNumber[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** What the capstone knows of one part: its exercise, its file and the functions it takes from it. */
export interface PartInfo {
  /** 1 to 9. */
  number: PartNumber;
  /** The exercise folder: `05-argument-processing`. */
  folder: string;
  /** The file the learner fills in. */
  file: string;
  /** The exports the agent calls, as the report names them. */
  exports: readonly string[];
  /** What the part does in the agent, in a few words. */
  role: string;
}

/** The nine parts, in order. */
export const PARTS: readonly PartInfo[] = [
  { number: 1, folder: "01-tool-contract", file: "word-count.ts", exports: ["WordCountTool"], role: "the word_count tool" },
  { number: 2, folder: "02-tool-loader", file: "rules.ts", exports: ["isLoadableToolClass", "resolveCollision"], role: "which classes become tools" },
  { number: 3, folder: "03-tool-registry", file: "definition-cache.ts", exports: ["DefinitionCache"], role: "the definitions offered" },
  { number: 4, folder: "04-exact-names", file: "names.ts", exports: ["notFoundMessage"], role: "the unknown-name message" },
  { number: 5, folder: "05-argument-processing", file: "prepare.ts", exports: ["prepare"], role: "preparing each call" },
  { number: 6, folder: "06-batch-execution", file: "batches.ts", exports: ["partitionToolBatches", "executeTools"], role: "batching and running a turn" },
  { number: 7, folder: "07-errors-as-results", file: "settle.ts", exports: ["captureOutcome", "settleOutcome"], role: "what a failure becomes" },
  { number: 8, folder: "08-tool-results", file: "tool-message.ts", exports: ["buildToolMessage"], role: "the tool message" },
  { number: 9, folder: "09-tool-skill-mcp", file: "mcp-tool.ts", exports: ["adaptServerTools"], role: "the MCP tools" },
];

/** The part numbered `n`. */
export function partInfo(n: PartNumber): PartInfo {
  return PARTS[n - 1] as PartInfo;
}

/** `Exercise 5 (prepare)`: how messages name a part. */
export function partLabel(n: PartNumber): string {
  const info = partInfo(n);
  return `exercise ${n} (${info.exports.join(", ")} in ${info.folder}/${info.file})`;
}

/** Whose code a part runs: the learner's, or the reference's. */
export type Origin = "learner" | "reference";

/** The parts one agent is built from, with whose code each is. */
export interface Assembly {
  /** The functions of each part. */
  fns: PartFunctions;
  /** Whose code each part is. */
  origin: Record<PartNumber, Origin>;
}
