/**
 * What the playground computes, apart from any page: one `prepareCall` traced step by step
 * (panel 1), and one scripted model turn run through the real `AgentRunner` with each call's start
 * and end measured (panel 2). The page only draws what these return, so tests can check them
 * without a browser.
 *
 * @module
 */
import { AgentRunner } from "../src/agent/runner.js";
import type { AgentRunResult } from "../src/agent/run-spec.js";
import { ScriptedProvider } from "../src/testing/index.js";
import { ToolCallRequest } from "../src/providers/base.js";
import type { JsonSchema } from "../src/tools/base.js";
import { RETRY_HINT } from "../src/tools/messages.js";
import { ToolRegistry, type PreparedCall, type PrepareStep } from "../src/tools/registry.js";
import { LESSON_SCHEMAS, SchemaTool, SimTool, type SimKind, type SimMark, type SimOutcome, type SimWork } from "./tools.js";

/** Panel 1's inputs: the tool being edited, its schema as text, and the call as the model sent it. */
export interface PrepareInput {
  /** The registered name of the edited tool. */
  tool: string;
  /** Its parameter schema, as JSON text. */
  schema: string;
  /** The name the model called. */
  name: string;
  /** The raw argument text the model sent. */
  args: string;
}

/** Panel 1's result. */
export type PrepareView =
  | {
      /** The schema could not be registered; nothing was prepared. */
      kind: "schema-error";
      /** Why. */
      message: string;
    }
  | {
      /** The call was prepared. */
      kind: "prepared";
      /** Every step `prepareCall` reported, in order. */
      steps: PrepareStep[];
      /** The step that stopped the call, or null when it may execute. */
      failedAt: PrepareStep["step"] | null;
      /** The exact tool message content the model would read for a refused call; null when it may execute. */
      modelReads: string | null;
      /** The arguments the tool would receive, when it may execute. */
      params: Record<string, unknown> | null;
      /** The names registered, in order. */
      registered: string[];
    };

/** The registry of the given tool (with its edited schema) beside the other lesson tools. */
export function playgroundRegistry(tool: string, schema: JsonSchema): ToolRegistry {
  const registry = new ToolRegistry();
  for (const [name, lessonSchema] of Object.entries(LESSON_SCHEMAS)) {
    if (name !== tool) registry.register(new SchemaTool(name, lessonSchema));
  }
  registry.register(new SchemaTool(tool, schema));
  return registry;
}

const registries = new Map<string, ToolRegistry>();

/** Builds (or reuses, for the same tool and schema text) the registry; throws when the schema is refused. */
function registryFor(tool: string, schemaText: string): ToolRegistry {
  const key = `${tool}\u0000${schemaText}`;
  const known = registries.get(key);
  if (known !== undefined) return known;
  const schema = JSON.parse(schemaText) as unknown;
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) throw new TypeError("the schema must be a JSON object");
  const registry = playgroundRegistry(tool, schema as JsonSchema);
  if (registries.size > 50) registries.clear();
  registries.set(key, registry);
  return registry;
}

/** Runs `prepareCall` on the input and collects its trace. Never throws. */
export function preparePlayground(input: PrepareInput): PrepareView {
  let registry: ToolRegistry;
  try {
    registry = registryFor(input.tool.trim(), input.schema);
  } catch (error) {
    return { kind: "schema-error", message: error instanceof Error ? error.message : String(error) };
  }
  const steps: PrepareStep[] = [];
  let prepared: PreparedCall;
  try {
    prepared = registry.prepareCall(input.name, input.args, (step) => steps.push(step));
  } catch (error) {
    return { kind: "schema-error", message: `prepareCall threw: ${error instanceof Error ? error.message : String(error)}` };
  }
  const failed = steps.find((s) => !s.ok);
  return {
    kind: "prepared",
    steps,
    failedAt: failed?.step ?? null,
    modelReads: prepared.error === null ? null : prepared.error.content + RETRY_HINT,
    params: prepared.error === null ? prepared.params : null,
    registered: registry.toolNames,
  };
}

/** One scripted call of panel 2. */
export interface TurnCall {
  /** The call id. */
  id: string;
  /** Which simulated tool it calls. */
  tool: string;
  /** How long the tool works, in ms. */
  ms: number;
  /** How it ends. */
  outcome: SimOutcome;
}

/** The runner options panel 2 toggles. */
export interface TurnOptions {
  /** Run consecutive concurrency-safe calls together. */
  concurrentTools: boolean;
  /** At most this many calls of a batch at once (0: no cap). */
  maxConcurrency: number;
  /** Stop the run after a turn in which a tool failed. */
  failOnToolError: boolean;
  /** Per-call time limit in ms (0: none). */
  toolTimeoutMs: number;
}

/** The simulated tools of panel 2 and their kinds. */
export const SIM_TOOLS: Readonly<Record<string, SimKind>> = {
  read_file: "read",
  list_dir: "read",
  write_file: "write",
  snapshot: "exclusive",
};

/** What one run of a turn produced. */
export interface TurnView {
  /** The batches, as call ids, in the order they ran. */
  batches: string[][];
  /** Each call's measured start and end, ms since the run began. */
  marks: SimMark[];
  /** The tool messages the next request would carry, in call order. */
  toolMessages: { tool_call_id: string; name: string; content: string }[];
  /** How the run ended. */
  stopReason: AgentRunResult["stopReason"];
  /** The run's final text. */
  finalContent: string | null;
  /** The run's error, when it has one. */
  error: string | null;
  /** The whole run's wall time, ms. */
  totalMs: number;
}

/** Runs one scripted turn (then a final answer) through `AgentRunner.run`, measuring every call. */
export async function runTurn(calls: readonly TurnCall[], options: TurnOptions, clock: () => number = () => performance.now()): Promise<TurnView> {
  const marks: SimMark[] = [];
  const work = new Map<string, SimWork>(calls.map((c) => [c.id, { ms: c.ms, outcome: c.outcome }]));
  const t0 = clock();
  const since = (): number => clock() - t0;
  const tools = new ToolRegistry();
  for (const [name, kind] of Object.entries(SIM_TOOLS)) tools.register(new SimTool(name, kind, work, marks, since));
  const requests = calls.map((c) => new ToolCallRequest({ id: c.id, name: c.tool, arguments: JSON.stringify({ path: `${c.id}.txt` }) }));
  const provider = new ScriptedProvider([
    { content: null, finishReason: "tool_calls", toolCalls: requests },
    { content: "All calls answered.", finishReason: "stop", toolCalls: [] },
  ]);
  const spec = {
    provider,
    model: "scripted",
    tools,
    messages: [{ role: "user" as const, content: "Run the turn." }],
    concurrentTools: options.concurrentTools,
    failOnToolError: options.failOnToolError,
    ...(options.maxConcurrency > 0 ? { maxConcurrency: options.maxConcurrency } : {}),
    ...(options.toolTimeoutMs > 0 ? { toolTimeoutMs: options.toolTimeoutMs } : {}),
  };
  const runner = new AgentRunner();
  const batches = runner.partitionToolBatches(spec, requests).map((batch) => batch.map((c) => c.id));
  const result = await runner.run(spec);
  return {
    batches,
    marks,
    toolMessages: result.messages.filter((m) => m.role === "tool").map((m) => ({ tool_call_id: m.tool_call_id ?? "", name: m.name ?? "", content: m.content ?? "" })),
    stopReason: result.stopReason,
    finalContent: result.finalContent,
    error: result.error,
    totalMs: since(),
  };
}

/** True when a call that is not concurrency-safe ran while any other call was running. */
export function unsafeOverlap(marks: readonly SimMark[]): boolean {
  const safe = (name: string): boolean => SIM_TOOLS[name] === "read";
  for (const a of marks) {
    if (safe(a.name)) continue;
    const aEnd = a.end ?? Number.POSITIVE_INFINITY;
    for (const b of marks) {
      if (b === a) continue;
      const bEnd = b.end ?? Number.POSITIVE_INFINITY;
      if (b.start < aEnd && a.start < bEnd) return true;
    }
  }
  return false;
}
