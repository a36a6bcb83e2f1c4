/**
 * One model turn, from the runner's side (lessons 6 and 10): the request it sends, and its reply
 * read without trusting the provider — a missing finish reason, odd tool-call lists, calls without
 * a name or an id are all made safe here before the loop looks at them.
 *
 * @module
 */
import { normalizeCall, type LLMResponse, type ToolCallRequest } from "../providers/base.js";
import type { ChatMessage } from "../chat/message.js";
import { raceSignal } from "../util/async.js";
import type { AgentRunSpec } from "./run-spec.js";

/** A model reply as the loop reads it. */
export interface ModelReply {
  /** The reply's text as sent, or null when it has none. */
  content: string | null;
  /** The text with its outer blank space removed, as upstream uses it; null when there is none. */
  clean: string | null;
  /** The finish reason; `"stop"` when the provider gave none. */
  finishReason: string;
  /** The calls with a valid name, each a `ToolCallRequest` with an id. */
  calls: ToolCallRequest[];
}

/**
 * Sends `messages` (the copy made by `ModelHistory.forModel`, already repaired and fitted) with
 * the tool definitions, or with none when `withTools` is false. Resolves with the reply; rejects
 * when the provider fails, returns no reply, or the run's signal aborts (even when the provider
 * ignores the signal).
 */
export async function askModel(spec: AgentRunSpec, messages: ChatMessage[], withTools: boolean): Promise<LLMResponse> {
  const request = {
    model: spec.model,
    messages,
    tools: withTools ? spec.tools.getDefinitions() : [],
    ...(spec.signal !== undefined ? { signal: spec.signal } : {}),
  };
  const response = await raceSignal(
    Promise.resolve().then(() => spec.provider.chat(request)),
    spec.signal,
  );
  if (response === null || typeof response !== "object") throw new TypeError("the provider returned no response");
  return response;
}

/**
 * Reads a reply: its text, its finish reason, and its calls (those without a valid name dropped,
 * those without an id named `call_<iteration>_<index>`).
 */
export function readModelReply(response: LLMResponse, iteration: number): ModelReply {
  const content = typeof response.content === "string" ? response.content : null;
  const finishReason = typeof response.finishReason === "string" && response.finishReason !== "" ? response.finishReason : "stop";
  const rawCalls: unknown[] = Array.isArray(response.toolCalls) ? response.toolCalls : [];
  const calls = rawCalls.map((call, index) => normalizeCall(call, `call_${iteration}_${index}`)).filter((call): call is ToolCallRequest => call !== null);
  return { content, clean: content === null ? null : content.trim(), finishReason, calls };
}

/**
 * The final answer in the reply to the request made after the iteration limit: its text, or null
 * (use the fallback) when it ended with finish reason `error`, asks for tools, or has no text.
 */
export function finalAnswerOf(response: LLMResponse): string | null {
  if (response.finishReason === "error") return null;
  if (Array.isArray(response.toolCalls) && response.toolCalls.length > 0) return null;
  const content: unknown = response.content;
  return typeof content === "string" && content.trim() !== "" ? content : null;
}
