/**
 * Shared pieces of the hostile-input suite: a fake tool whose behaviour is any function (it may
 * throw synchronously), a watcher for unhandled rejections and uncaught exceptions, a prototype
 * snapshot, and `drive`, which sends one hostile call through parseToolArguments, prepareCall
 * and a scripted AgentRunner run, between two ordinary calls, and checks the tool messages.
 */
import { expect } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import type { AgentRunResult, AgentRunSpec } from "../../src/agent/run-spec.js";
import { ANY_PARAMS, FakeTool, ScriptedProvider, type FakeToolRun } from "../../src/testing/index.js";
import { parseToolArguments, ToolCallRequest, type ChatMessage } from "../../src/providers/base.js";
import type { JsonSchema, Tool } from "../../src/tools/base.js";
import { ToolRegistry, type PreparedCall } from "../../src/tools/registry.js";

/** What a hostile tool does when called; may throw synchronously or return anything. */
export type Behaviour = FakeToolRun;

/** An open schema: any properties. */
export const OPEN: JsonSchema = ANY_PARAMS;

/**
 * A fake tool whose `execute` is a plain function (not async), so it can throw synchronously or
 * return a value that is not a promise; it records every call.
 */
export function hostileTool(name: string, behaviour: Behaviour, parameters: JsonSchema = OPEN, readOnly = false): FakeTool {
  return new FakeTool({ name, description: "a tool under test", parameters, readOnly, run: behaviour, synchronous: true });
}

/** Records every unhandled rejection and uncaught exception while installed. */
export class CrashWatch {
  readonly events: { kind: string; value: unknown }[] = [];
  readonly #onRejection = (value: unknown): void => {
    this.events.push({ kind: "unhandledRejection", value });
  };
  readonly #onException = (value: unknown): void => {
    this.events.push({ kind: "uncaughtException", value });
  };

  install(): void {
    process.on("unhandledRejection", this.#onRejection);
    process.on("uncaughtException", this.#onException);
  }

  uninstall(): void {
    process.off("unhandledRejection", this.#onRejection);
    process.off("uncaughtException", this.#onException);
  }

  /** Fails when anything was recorded since the last call, then clears. */
  assertNone(): void {
    const seen = this.events.splice(0).map((e) => `${e.kind}: ${String((e.value as { message?: unknown })?.message ?? e.value)}`);
    expect(seen).toEqual([]);
  }
}

/** The own property names and symbols of the ordinary prototypes, to compare before and after. */
export function prototypeSnapshot(): string[] {
  const out: string[] = [];
  for (const [label, proto] of [
    ["Object", Object.prototype],
    ["Array", Array.prototype],
    ["Function", Function.prototype],
    ["String", String.prototype],
  ] as const) {
    for (const key of Reflect.ownKeys(proto)) out.push(`${label}.${String(key)}`);
  }
  return out.sort();
}

/** True when every object in `value` has an ordinary (or null) prototype, to a bounded depth. */
export function ordinaryPrototypes(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== "object" || depth > 200) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return false;
    return value.every((v) => ordinaryPrototypes(v, depth + 1));
  }
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((v) => ordinaryPrototypes(v, depth + 1));
}

/** One hostile case, driven by {@link drive}. */
export interface DriveInput {
  /** The registry's tools; the first call and the last always go to `echo`, which is added. */
  tools: Tool[];
  /** The name the model uses for the hostile call. */
  name: string;
  /** The raw argument text (or value) the model sent; a function builds a large one lazily. */
  raw: unknown;
  /** Extra spec fields (toolTimeoutMs, signal, …). */
  spec?: Partial<AgentRunSpec>;
  /** Called when the run starts (e.g. to abort it later). */
  onStart?: () => void;
}

/** What {@link drive} saw. */
export interface DriveOutput {
  parsed: unknown;
  prepared: PreparedCall;
  result: AgentRunResult;
  toolMessages: ChatMessage[];
  /** The hostile call's tool message, or undefined when the call was dropped. */
  hostile: ChatMessage | undefined;
  echo: FakeTool;
  expectedIds: string[];
}

/** Ids of the three calls of a driven turn. */
export const CALL_IDS = ["call_before", "call_hostile", "call_after"] as const;

/**
 * Runs one hostile call three ways: `parseToolArguments(raw)`, `registry.prepareCall(name, parsed)`
 * and an AgentRunner run whose scripted model makes [echo, hostile, echo] calls in one turn and
 * then answers "done". Asserts that neither step throws and that the tool messages answer the
 * calls exactly once each, in call order (a call with an invalid name is dropped before execution).
 */
export async function drive(input: DriveInput): Promise<DriveOutput> {
  const echo = hostileTool("echo", () => "echo ok");
  const registry = new ToolRegistry();
  registry.register(echo);
  for (const tool of input.tools) registry.register(tool);

  const parsed = parseToolArguments(input.raw);
  const prepared = registry.prepareCall(input.name, parsed);
  expect(prepared.error === null || prepared.error.isError).toBe(true);

  const calls = [
    new ToolCallRequest({ id: CALL_IDS[0], name: "echo", arguments: {} }),
    new ToolCallRequest({ id: CALL_IDS[1], name: input.name, arguments: parsed }),
    new ToolCallRequest({ id: CALL_IDS[2], name: "echo", arguments: {} }),
  ];
  const provider = new ScriptedProvider([
    { content: null, toolCalls: calls, finishReason: "tool_calls" },
    { content: "done", toolCalls: [], finishReason: "stop" },
  ]);
  input.onStart?.();
  const result = await new AgentRunner().run({
    provider,
    model: "scripted",
    tools: registry,
    messages: [{ role: "user", content: "go" }],
    ...input.spec,
  });
  const toolMessages = result.messages.filter((m) => m.role === "tool");
  const expectedIds = calls.filter((c) => c.hasValidName()).map((c) => c.id);
  expect(toolMessages.map((m) => m.tool_call_id)).toEqual(expectedIds);
  for (const m of toolMessages) expect(typeof m.content).toBe("string");
  const assistant = result.messages.find((m) => m.role === "assistant" && m.tool_calls !== undefined);
  if (expectedIds.length > 0) expect(assistant?.tool_calls?.map((c) => c.id)).toEqual(expectedIds);
  const hostile = toolMessages.find((m) => m.tool_call_id === CALL_IDS[1]);
  if (hostile !== undefined) expect(hostile.name).toBe(input.name);
  return { parsed, prepared, result, toolMessages, hostile, echo, expectedIds };
}

/** Lets pending timers and microtasks run, so late rejections surface before the checks. */
export function settle(ms = 20): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
