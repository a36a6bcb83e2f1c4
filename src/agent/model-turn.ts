/**
 * One model turn, from the runner's side (lessons 6 and 10): the request it sends, and its reply
 * read without trusting the provider — a missing finish reason, odd tool-call lists, calls without
 * a name or an id are all made safe here before the loop looks at them. A reply that asked for
 * tools but whose every call was malformed is asked again here, as upstream does, and a thinking
 * model's reasoning is read for the loop to keep.
 *
 * @module
 */
import { normalizeCall, type LLMResponse, type ToolCallRequest } from "../providers/base.js";
import type { ChatMessage } from "../chat/message.js";
import { raceSignal } from "../util/async.js";
import { pyStrip } from "../util/python-space.js";
import type { AgentRunSpec } from "./run-spec.js";
import { malformedToolCallsMessage } from "./runner-texts.js";

/** A model reply as the loop reads it. */
export interface ModelReply {
  /** The reply's text as sent, or null when it has none. */
  content: string | null;
  /** The text with its outer blank space removed, as upstream uses it; null when there is none. */
  clean: string | null;
  /**
   * The finish reason as the reply gave it; `"stop"` when the provider left the field out, and
   * (as upstream) when the reply made calls but none had a valid name. An empty or `null` reason
   * stays empty (`""`): it is none of the reasons that run tools.
   */
  finishReason: string;
  /** The calls with a valid name, each a `ToolCallRequest` with an id. */
  calls: ToolCallRequest[];
  /**
   * True when the reply asked for tools (finish reason `tool_calls` or `function_call`) but every
   * call it made lacked a valid name: the runner then asks once more, saying so.
   */
  malformed: boolean;
  /** The reply's reasoning with its outer blank space removed, or null when it has none. */
  reasoning: string | null;
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

/** The finish reasons under which a reply whose every call is malformed is asked again. */
const MALFORMED_RETRY_REASONS: ReadonlySet<unknown> = new Set(["tool_calls", "function_call"]);

/**
 * Reads a reply: its text, its finish reason, its reasoning, and its calls (those without a
 * valid name dropped, those without an id named `call_<iteration>_<index>`).
 */
function readModelReply(response: LLMResponse, iteration: number): ModelReply {
  const content = typeof response.content === "string" ? response.content : null;
  const raw: unknown = response.finishReason;

  const rawCalls: unknown[] = Array.isArray(response.toolCalls) ? response.toolCalls : [];
  const calls = rawCalls.map((call, index) => normalizeCall(call, `call_${iteration}_${index}`)).filter((call): call is ToolCallRequest => call !== null);
  // As upstream, a reply whose every call was dropped reads as finish reason "stop", whatever it said.
  const allDropped = rawCalls.length > 0 && calls.length === 0;
  const malformed = allDropped && MALFORMED_RETRY_REASONS.has(raw);
  const reasoningContent: unknown = response.reasoningContent;
  const reasoning = typeof reasoningContent === "string" ? pyStrip(reasoningContent) : null;
  const finishReason = raw === undefined || allDropped ? "stop" : typeof raw === "string" ? raw : "";
  return { content, clean: content === null ? null : content.trim(), finishReason, calls, malformed, reasoning };
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

/**
 * One model turn's request and its reply, read. As upstream, a reply that asked for tools
 * (`tool_calls`, `function_call`) but whose every call lacked a valid name is not the turn's
 * answer: the same request is sent again with {@link malformedToolCallsMessage} added, and if
 * that reply is malformed too, once more with a second note and without tools. The reply the
 * turn reads is the last one, and only it is passed to `count` (the run's usage), as upstream
 * counts it. Rejects as {@link askModel} does.
 */
export async function askForReply(spec: AgentRunSpec, sent: ChatMessage[], iteration: number, count: (response: LLMResponse) => void): Promise<ModelReply> {
  const first = await askModel(spec, sent, true);
  let reply = readModelReply(first, iteration);
  if (!reply.malformed) {
    count(first);
    return reply;
  }
  const retry = [...sent, malformedToolCallsMessage(reply.content)];
  const second = await askModel(spec, retry, true);
  reply = readModelReply(second, iteration);
  if (!reply.malformed) {
    count(second);
    return reply;
  }
  const last = await askModel(spec, [...retry, malformedToolCallsMessage(reply.content)], false);
  count(last);
  return readModelReply(last, iteration);
}
