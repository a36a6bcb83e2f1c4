/**
 * The provider side of a tool call (lesson 5 and 10): the normalised {@link ToolCallRequest}, the
 * rule that turns a model's raw argument text into a value without guessing, and the separate,
 * forgiving rule used only to replay old history.
 *
 * @module
 */
import { jsonrepair } from "jsonrepair";
import type { ToolDefinition } from "../tools/base.js";
import { isPlainObject, safeJsonStringify } from "../util/json.js";
import { pyStrip } from "../util/python-space.js";
import { readArgumentText } from "../tools/argument-text.js";
import type { ChatMessage, OpenAIToolCall } from "../chat/message.js";

export type { ChatMessage } from "../chat/message.js";

/**
 * One tool call as the model asked for it, in the provider-neutral form the runner uses.
 *
 * @example
 * {@includeCode ../../docs/examples/arguments.ts#tool-call-request}
 */
export class ToolCallRequest {
  /** The model's call id; the tool message answers it. */
  readonly id: string;
  /** The name exactly as the model wrote it (never corrected). */
  readonly name: string;
  /** The arguments after {@link parseToolArguments}: usually an object, or the raw text when it was not JSON. */
  readonly arguments: unknown;

  /** Builds a request; `name` is kept as given even when it is not a valid name. */
  constructor(init: { id: string; name: string; arguments: unknown }) {
    this.id = init.id;
    this.name = init.name;
    this.arguments = init.arguments;
  }

  /** True only for a non-empty string name. Calls without one are dropped before execution. */
  hasValidName(): boolean {
    return typeof this.name === "string" && this.name !== "";
  }

  /** The OpenAI `tool_calls[]` entry replayed in the assistant message; raw text is kept verbatim. */
  toOpenAIToolCall(): OpenAIToolCall {
    return {
      id: this.id,
      type: "function",
      function: { name: this.name, arguments: argumentsText(this.arguments) },
    };
  }
}

/**
 * A call from a provider, made safe for the runner: a `ToolCallRequest` with a valid name is kept
 * as it is; an object with a non-empty string `name` becomes one (its `id`, or `fallbackId` when
 * it has none); anything else (no name, not an object) gives null, and the call is dropped.
 *
 * @example
 * {@includeCode ../../docs/examples/arguments.ts#normalize-call}
 */
export function normalizeCall(call: unknown, fallbackId: string): ToolCallRequest | null {
  if (call instanceof ToolCallRequest) return call.hasValidName() ? call : null;
  if (!isPlainObject(call) && (call === null || typeof call !== "object")) return null;
  const raw = call as { id?: unknown; name?: unknown; arguments?: unknown };
  if (typeof raw.name !== "string" || raw.name === "") return null;
  const id = typeof raw.id === "string" && raw.id !== "" ? raw.id : fallbackId;
  return new ToolCallRequest({ id, name: raw.name, arguments: raw.arguments });
}

function argumentsText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return safeJsonStringify(value) ?? "null";
  } catch {
    return "{}";
  }
}

/**
 * Turns a model's raw argument text into a value, and never guesses. `null`/`undefined` and blank
 * text give `{}`; other non-strings are returned as they are; valid JSON gives its value (an
 * array, a number…, which the registry then rejects); malformed JSON and the JSON `null` give the
 * original text back. No repair, ever: this value may be executed. The registry's "coerce" step
 * follows the same rule ({@link readArgumentText}), parsing only object and array text.
 *
 * @example
 * {@includeCode ../../docs/examples/arguments.ts#parse-tool-arguments}
 */
export function parseToolArguments(raw: unknown): unknown {
  return readArgumentText(raw, "any");
}

/**
 * Arguments for replaying an old assistant message in the history, where a plain object is
 * required and nothing will be executed. Object-like text (stripped as Python strips it) is
 * repaired when possible; anything else gives `{}`. Never use this on a new call: the registry must see what the model sent.
 *
 * @example
 * {@includeCode ../../docs/examples/arguments.ts#tool-arguments-object-for-replay}
 */
export function toolArgumentsObjectForReplay(raw: unknown): Record<string, unknown> {
  if (isPlainObject(raw)) return raw;
  if (typeof raw !== "string") return {};
  const text = pyStrip(raw);
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    try {
      parsed = JSON.parse(jsonrepair(text));
    } catch {
      return {};
    }
  }
  return isPlainObject(parsed) ? parsed : {};
}

/** {@link toolArgumentsObjectForReplay} as JSON text, for the `arguments` field of replayed history. */
export function toolArgumentsJsonForReplay(raw: unknown): string {
  return argumentsText(toolArgumentsObjectForReplay(raw));
}

/** What a provider returns for one model turn. */
export interface LLMResponse {
  /** The assistant's text, if any. */
  content: string | null;
  /** The tool calls, in the order the model made them. */
  toolCalls: ToolCallRequest[];
  /** The model's reason for stopping (`"stop"`, `"tool_calls"`, `"length"`, …). */
  finishReason: string;
  /**
   * The model's reasoning, from thinking models (`reasoning_content`, or `reasoning` as some
   * servers spell it); absent or null when the reply has none. The runner keeps it on the
   * assistant message, so it is sent back with the next request.
   */
  reasoningContent?: string | null;
  /**
   * What the reply cost, as the server reported it (`prompt_tokens`, `completion_tokens`,
   * `total_tokens`, …); absent when it reported nothing. The runner sums it over the run.
   */
  usage?: Readonly<Record<string, unknown>> | null;
}

/** One model turn's request: the model, the history and the tool definitions. */
export interface ChatRequest {
  /** The model's name on the server. */
  model: string;
  /** The history so far. */
  messages: ChatMessage[];
  /** The tool definitions, from `getDefinitions()`. */
  tools: ToolDefinition[];
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** Anything that can answer a chat request: a real model server, or a scripted fake in tests. */
export interface LLMProvider {
  /** Sends one turn; rejects when the model cannot be reached or answers nonsense. */
  chat(request: ChatRequest): Promise<LLMResponse>;
}
