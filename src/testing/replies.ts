/**
 * Builders for the steps of a model script: a tool call, a reply that asks for tools, and a reply
 * in words. They keep scripts for {@link ScriptedProvider} short and readable.
 *
 * @module
 */
import { ToolCallRequest, type LLMResponse } from "../providers/base.js";

/**
 * A tool call as a provider hands it to the runner.
 *
 * @param id The call id the tool message will answer.
 * @param name The tool name exactly as the model wrote it (never corrected).
 * @param args The arguments: an object, or raw text when the model sent something that is not JSON.
 */
export function toolCall(id: string, name: string, args: unknown = {}): ToolCallRequest {
  return new ToolCallRequest({ id, name, arguments: args });
}

/**
 * A model reply that asks for tools.
 *
 * @param calls The calls, in the order the model made them.
 * @param content Text the model wrote next to the calls (usually none).
 * @param finishReason Why the model stopped; `"tool_calls"` unless a test needs another ending.
 */
export function toolReply(calls: ToolCallRequest[], content: string | null = null, finishReason = "tool_calls"): LLMResponse {
  return { content, toolCalls: calls, finishReason };
}

/** A model reply in words that ends the turn (`finishReason: "stop"`, no tool calls). */
export function textReply(content: string): LLMResponse {
  return { content, toolCalls: [], finishReason: "stop" };
}
