/**
 * Reading a thinking model's reasoning and the reply's token usage from a chat completion, as
 * upstream's OpenAI-compatible provider reads them.
 */
import { describe, expect, it } from "vitest";
import { parseChatCompletion } from "../../src/providers/chat-completion.js";

const keep = (text: string): string => text;
const answer = (message: Record<string, unknown>, extra: Record<string, unknown> = {}, finish: unknown = "stop"): string =>
  JSON.stringify({ choices: [{ message: { role: "assistant", content: "hi", ...message }, finish_reason: finish }], ...extra });

describe("reasoning", () => {
  it("reads reasoning_content as it came", () => {
    expect(parseChatCompletion(answer({ reasoning_content: " thought " }), 200, keep).reasoningContent).toBe(" thought ");
  });

  it("reads the reasoning spelling when reasoning_content is missing or null, text parts included", () => {
    expect(parseChatCompletion(answer({ reasoning: "r" }), 200, keep).reasoningContent).toBe("r");
    expect(parseChatCompletion(answer({ reasoning_content: null, reasoning: [{ type: "text", text: "a" }, { text: "b" }] }), 200, keep).reasoningContent).toBe("ab");
  });

  it("prefers reasoning_content, keeps an empty one, and ignores one that is not text", () => {
    expect(parseChatCompletion(answer({ reasoning_content: "", reasoning: "other" }), 200, keep).reasoningContent).toBe("");
    expect(parseChatCompletion(answer({ reasoning_content: 5, reasoning: "other" }), 200, keep)).not.toHaveProperty("reasoningContent");
    expect(parseChatCompletion(answer({ reasoning: "" }), 200, keep)).not.toHaveProperty("reasoningContent");
    expect(parseChatCompletion(answer({}), 200, keep)).not.toHaveProperty("reasoningContent");
  });
});

describe("usage", () => {
  it("reads prompt, completion and total tokens as whole numbers, and cached prompt tokens", () => {
    const usage = { prompt_tokens: 12, completion_tokens: 3.0, total_tokens: null, prompt_tokens_details: { cached_tokens: 4 } };
    expect(parseChatCompletion(answer({}, { usage }), 200, keep).usage).toEqual({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 0, cached_tokens: 4 });
    expect(parseChatCompletion(answer({}, { usage: { prompt_cache_hit_tokens: 2 } }), 200, keep).usage).toMatchObject({ cached_tokens: 2 });
  });

  it("no usage object: no usage", () => {
    expect(parseChatCompletion(answer({}), 200, keep)).not.toHaveProperty("usage");
    expect(parseChatCompletion(answer({}, { usage: "lots" }), 200, keep)).not.toHaveProperty("usage");
  });
});

describe("finish reason", () => {
  it.each([null, ""])("%j is read as the reason the reply implies", (finish) => {
    const calls = [{ id: "c", type: "function", function: { name: "t", arguments: "{}" } }];
    expect(parseChatCompletion(answer({ tool_calls: calls }, {}, finish), 200, keep).finishReason).toBe("tool_calls");
    expect(parseChatCompletion(answer({}, {}, finish), 200, keep).finishReason).toBe("stop");
  });

  it("a missing reason is read the same way", () => {
    const text = JSON.stringify({ choices: [{ message: { content: null, tool_calls: [{ id: "c", function: { name: "t" } }] } }] });
    expect(parseChatCompletion(text, 200, keep).finishReason).toBe("tool_calls");
  });
});
