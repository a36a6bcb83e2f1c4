/**
 * Reading a chat completion (lesson 10): `choices[0].message` and `choices[0].finish_reason` of
 * the server's JSON become an {@link LLMResponse}. Each tool call's raw argument text goes
 * through {@link parseToolArguments}, so the registry sees exactly what the model sent; an answer
 * of the wrong shape is a {@link ProviderError}.
 *
 * @module
 */
import { randomInt } from "node:crypto";
import { parseToolArguments, ToolCallRequest, type LLMResponse } from "./base.js";
import { bodyPreview, ProviderError } from "./provider-error.js";
import { describeJsonType, isPlainObject } from "../util/json.js";

/** The letters of a call id made by {@link newToolCallId}. */
const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A fresh 9-character alphanumeric call id, as upstream makes for a call that came without one
 * (a form every provider accepts, Mistral included).
 */
export function newToolCallId(): string {
  let id = "";
  for (let i = 0; i < 9; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** The assistant's text: a string, null, or (as some servers send) a list of text parts. */
function readContent(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    const texts = content.map((part) => (isPlainObject(part) && typeof part["text"] === "string" ? part["text"] : "")).filter((t) => t !== "");
    return texts.length > 0 ? texts.join("") : null;
  }
  return null;
}

/**
 * One `tool_calls[]` entry as a {@link ToolCallRequest}; the argument text is parsed, never
 * repaired. A call without an id gets a fresh one ({@link newToolCallId}), so ids never repeat
 * from turn to turn.
 */
function readToolCall(call: Record<string, unknown>): ToolCallRequest {
  const fn = isPlainObject(call["function"]) ? call["function"] : {};
  const id = typeof call["id"] === "string" && call["id"] !== "" ? call["id"] : newToolCallId();
  const name = typeof fn["name"] === "string" ? fn["name"] : "";
  return new ToolCallRequest({ id, name, arguments: parseToolArguments(fn["arguments"]) });
}

/**
 * A chat completion's text (answered with HTTP `status`) as an {@link LLMResponse}. `scrub`
 * removes credentials from any part of the answer an error message quotes.
 * @throws ProviderError when the text is not JSON or has no `choices[0].message`, or its
 *   `tool_calls` is not a list of objects.
 */
export function parseChatCompletion(text: string, status: number, scrub: (text: string) => string): LLMResponse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProviderError(`Model server answer is not JSON: ${bodyPreview(scrub(text))}`, { status, cause: error });
  }

  const choices = isPlainObject(json) ? json["choices"] : undefined;
  const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
  const message = isPlainObject(choice) ? choice["message"] : undefined;
  if (!isPlainObject(choice) || !isPlainObject(message)) {
    throw new ProviderError(`Model server answer has no choices[0].message: ${bodyPreview(scrub(text))}`, { status });
  }

  const rawCalls = message["tool_calls"];
  if (rawCalls !== undefined && rawCalls !== null && !Array.isArray(rawCalls)) {
    throw new ProviderError(
      `Model server answer's choices[0].message.tool_calls must be a list, got ${describeJsonType(rawCalls)}: ${bodyPreview(scrub(JSON.stringify(rawCalls) ?? ""))}`,
      { status },
    );
  }
  const toolCalls = (rawCalls ?? []).map((entry: unknown, index: number) => {
    if (!isPlainObject(entry)) {
      throw new ProviderError(`Model server answer's choices[0].message.tool_calls[${index}] must be an object, got ${describeJsonType(entry)}`, { status });
    }
    return readToolCall(entry);
  });
  const finish = choice["finish_reason"];
  const response: LLMResponse = {
    content: readContent(message["content"]),
    toolCalls,
    // A missing, null or empty reason is read as the one the reply implies, as upstream's provider does.
    finishReason: typeof finish === "string" && finish !== "" ? finish : toolCalls.length > 0 ? "tool_calls" : "stop",
  };
  const reasoning = readReasoning(message);
  if (reasoning !== null) response.reasoningContent = reasoning;
  const usage = readUsage(isPlainObject(json) ? json["usage"] : undefined);
  if (usage !== null) response.usage = usage;
  return response;
}

/**
 * A thinking model's reasoning: `reasoning_content` when it is present (a string, else nothing),
 * otherwise `reasoning`, the spelling some servers use (a string or a list of text parts).
 */
function readReasoning(message: Record<string, unknown>): string | null {
  const content = message["reasoning_content"];
  if (content !== undefined && content !== null) return typeof content === "string" ? content : null;
  const other = message["reasoning"];
  return other === undefined || other === null || other === "" ? null : readContent(other);
}

/** Python's `int(value or 0)` for a count the server sent; 0 for what is no count. */
function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : 0;
}

/**
 * The reply's `usage`: `prompt_tokens`, `completion_tokens` and `total_tokens` as whole numbers,
 * and `cached_tokens` when the server reports cached prompt tokens (under
 * `prompt_tokens_details.cached_tokens`, `cached_tokens` or `prompt_cache_hit_tokens`, the first
 * one that is positive). Null when the answer has no `usage` object.
 */
function readUsage(usage: unknown): Record<string, number> | null {
  if (!isPlainObject(usage)) return null;
  const out: Record<string, number> = {
    prompt_tokens: count(usage["prompt_tokens"]),
    completion_tokens: count(usage["completion_tokens"]),
    total_tokens: count(usage["total_tokens"]),
  };
  const details = usage["prompt_tokens_details"];
  const cached = [isPlainObject(details) ? details["cached_tokens"] : undefined, usage["cached_tokens"], usage["prompt_cache_hit_tokens"]].map(count).find((n) => n !== 0);
  if (cached !== undefined) out["cached_tokens"] = cached;
  return out;
}
