/**
 * Small builders shared by the runner tests: a configurable tool, tool calls, and scripted replies.
 */
import { Tool, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";
import { ToolCallRequest, type LLMResponse } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";

/** How a {@link FakeTool} behaves. */
export interface FakeToolOptions {
  name: string;
  readOnly?: boolean;
  exclusive?: boolean;
  concurrencySafe?: boolean;
  parameters?: JsonSchema;
  run?: (params: Record<string, unknown>, options: ExecuteOptions) => unknown;
}

/** A tool whose flags and behaviour come from its options; counts its calls. */
export class FakeTool extends Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  calls = 0;
  readonly seen: { params: Record<string, unknown>; options: ExecuteOptions }[] = [];
  readonly #opts: FakeToolOptions;

  constructor(opts: FakeToolOptions) {
    super();
    this.#opts = opts;
    this.name = opts.name;
    this.description = `fake tool ${opts.name}`;
    this.parameters = opts.parameters ?? { type: "object", properties: {} };
  }

  override get readOnly(): boolean {
    return this.#opts.readOnly ?? false;
  }

  override get exclusive(): boolean {
    return this.#opts.exclusive ?? false;
  }

  override get concurrencySafe(): boolean {
    return this.#opts.concurrencySafe ?? super.concurrencySafe;
  }

  async execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    this.calls++;
    this.seen.push({ params, options });
    return this.#opts.run === undefined ? `${this.name} ok` : await this.#opts.run(params, options);
  }
}

/** An open-ended schema: any properties allowed. */
export const ANY_PARAMS: JsonSchema = { type: "object", properties: {}, additionalProperties: true };

/** A registry holding the given tools, in order. */
export function registryOf(...tools: Tool[]): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  return registry;
}

/** A tool call. */
export function call(id: string, name: string, args: unknown = {}): ToolCallRequest {
  return new ToolCallRequest({ id, name, arguments: args });
}

/** A model reply that asks for tools. */
export function toolReply(calls: ToolCallRequest[], content: string | null = null, finishReason = "tool_calls"): LLMResponse {
  return { content, toolCalls: calls, finishReason };
}

/** A model reply in words. */
export function textReply(content: string): LLMResponse {
  return { content, toolCalls: [], finishReason: "stop" };
}

/** A promise with its resolve handle exposed. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets pending promise callbacks and short timers run. */
export function tick(ms = 0): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
