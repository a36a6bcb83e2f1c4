/**
 * The edges of one model turn where the runner follows upstream exactly: a finish reason that is
 * empty or null, a reply whose every call is malformed, a thinking model's reasoning, and the
 * tokens the run's replies reported.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { MALFORMED_TOOL_CALLS_PROMPT, MALFORMED_TOOL_CALLS_TEXT_LABEL, malformedToolCallsMessage } from "../../src/agent/runner-texts.js";
import { addUsage, emptyUsage, replyUsage } from "../../src/agent/usage.js";
import { ToolCallRequest, type ChatMessage, type LLMResponse } from "../../src/providers/base.js";
import { FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";
import { propertyConfig } from "../soak/runs.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "go" }];
const nameless = (id = "x"): ToolCallRequest => new ToolCallRequest({ id, name: "", arguments: {} });

describe("a finish reason that is empty or null", () => {
  it.each([[""], [null]])("%j with calls: no call runs and the reply's text ends the turn", async (finishReason) => {
    const tool = new FakeTool({ name: "t" });
    const reply = { content: " text ", toolCalls: [toolCall("c", "t")], finishReason } as unknown as LLMResponse;
    const provider = new ScriptedProvider([reply]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(0);
    expect(result).toMatchObject({ stopReason: "completed", finalContent: "text" });
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "text" });
  });

  it("a reply that leaves the field out counts as stop, so its calls run", async () => {
    const tool = new FakeTool({ name: "t" });
    const reply = { content: null, toolCalls: [toolCall("c", "t")] } as unknown as LLMResponse;
    const provider = new ScriptedProvider([reply, textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(1);
    expect(result.finalContent).toBe("done");
  });
});

describe("a reply whose every call is malformed", () => {
  it("under tool_calls: asked once more with a note quoting the text as it came; the next answer ends the turn", async () => {
    const provider = new ScriptedProvider([toolReply([nameless("a"), nameless("b")], " I will call "), textReply("the answer")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
    expect(result).toMatchObject({ stopReason: "completed", finalContent: "the answer" });
    expect(provider.requests).toHaveLength(2);
    const note = provider.requests[1]?.messages.at(-1);
    expect(note).toEqual({ role: "user", content: `${MALFORMED_TOOL_CALLS_PROMPT}\n\n${MALFORMED_TOOL_CALLS_TEXT_LABEL}\n I will call ` });
    expect(provider.requests[1]?.tools).toEqual(provider.requests[0]?.tools);
    // The note is sent, never kept: the transcript has the question and the answer only.
    expect(result.messages).toEqual([...user, { role: "assistant", content: "the answer" }]);
  });

  it("the note quotes nothing when the reply had no text", () => {
    expect(malformedToolCallsMessage(null).content).toBe(MALFORMED_TOOL_CALLS_PROMPT);
    expect(malformedToolCallsMessage("").content).toBe(MALFORMED_TOOL_CALLS_PROMPT);
    expect(malformedToolCallsMessage(" ").content).toBe(`${MALFORMED_TOOL_CALLS_PROMPT}\n\n${MALFORMED_TOOL_CALLS_TEXT_LABEL}\n `);
  });

  it("malformed twice: a third request without tools carries both notes, and its reply is the turn's", async () => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([
      toolReply([nameless()], "first", "function_call"),
      toolReply([nameless()], "second"),
      toolReply([toolCall("c", "t")], "third"),
      textReply("done"),
    ]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(provider.requests.map((r) => r.tools.length)).toEqual([1, 1, 0, 1]);
    expect(provider.requests[2]?.messages.slice(1)).toEqual([malformedToolCallsMessage("first"), malformedToolCallsMessage("second")]);
    expect(tool.calls).toHaveLength(1);
    expect(result.finalContent).toBe("done");
  });

  it("under stop or any other reason: no retry, the text is the answer", async () => {
    for (const finishReason of ["stop", "TOOL_CALLS", "length_x"]) {
      const provider = new ScriptedProvider([toolReply([nameless()], "I will call", finishReason)]);
      const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
      expect(provider.requests).toHaveLength(1);
      expect(result.finalContent).toBe("I will call");
    }
  });

  it("a reply whose every call is malformed reads as stop, whatever its reason: its text is the answer", async () => {
    for (const finishReason of ["error", "length", "content_filter", ""]) {
      const provider = new ScriptedProvider([toolReply([nameless()], "I will call", finishReason)]);
      const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
      expect(provider.requests).toHaveLength(1);
      expect(result).toMatchObject({ stopReason: "completed", finalContent: "I will call" });
    }
  });

  it("one valid call among malformed ones: no retry, the valid call runs", async () => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([toolReply([nameless(), toolCall("c", "t")]), textReply("done")]);
    await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(1);
    expect(provider.requests[1]?.messages.some((m) => m.content?.startsWith(MALFORMED_TOOL_CALLS_PROMPT) === true)).toBe(false);
  });
});

describe("reasoning", () => {
  it("is kept, outer blank space removed, on the assistant message with the calls, and sent back with the next request", async () => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([
      { ...toolReply([toolCall("c", "t")], "a"), reasoningContent: "  I should look  " },
      { ...textReply("done"), reasoningContent: "" },
    ]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    const assistant = provider.requests[1]?.messages[1];
    expect(assistant).toMatchObject({ role: "assistant", content: "a", reasoning_content: "I should look" });
    // An empty reasoning is still reasoning: kept as "".
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "done", reasoning_content: "" });
  });

  it("a reply without reasoning adds no field; nor does the error placeholder", async () => {
    const provider = new ScriptedProvider([{ content: null, toolCalls: [], finishReason: "error", reasoningContent: "why" }]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
    expect(result.messages.at(-1)).not.toHaveProperty("reasoning_content");
    const plain = await runner.run({ provider: new ScriptedProvider([textReply("x")]), model: "m", tools: registryOf(), messages: user });
    expect(plain.messages.at(-1)).not.toHaveProperty("reasoning_content");
  });

  it("a cut-off reply keeps its reasoning too", async () => {
    const provider = new ScriptedProvider([{ content: "part", toolCalls: [], finishReason: "length", reasoningContent: "r" }, textReply(" two")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
    expect(result.messages[1]).toEqual({ role: "assistant", content: "part", reasoning_content: "r" });
  });
});

describe("token usage over a run", () => {
  it("sums each reply's counts; context_tokens is the last prompt; request_count counts replies", async () => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([
      { ...toolReply([toolCall("c", "t")]), usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
      { ...textReply("done"), usage: { prompt_tokens: 30, completion_tokens: 2 } },
    ]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(result.usage).toEqual({
      prompt_tokens: 40,
      completion_tokens: 7,
      total_tokens: 47,
      provider_tokens: 47,
      request_count: 2,
      context_tokens: 30,
    });
  });

  it("a reply without a positive total adds only the request; a malformed reply's retry counts once", async () => {
    const provider = new ScriptedProvider([
      { ...toolReply([nameless()], "I will"), usage: { prompt_tokens: 100, completion_tokens: 100 } },
      { ...textReply("done"), usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } },
    ]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
    expect(result.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, request_count: 1 });
  });

  it("the extra request at the iteration limit is counted", async () => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([
      { ...toolReply([toolCall("c", "t")]), usage: { total_tokens: 3 } },
      { ...textReply("summary"), usage: { prompt_tokens: 4, completion_tokens: 1 } },
    ]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user, maxIterations: 1 });
    expect(result.stopReason).toBe("max_iterations");
    expect(result.usage).toMatchObject({ request_count: 2, total_tokens: 8, prompt_tokens: 4, completion_tokens: 1, context_tokens: 4 });
  });

  it("counts are read as Python's int(value or 0) reads them", () => {
    expect(replyUsage({ prompt_tokens: "12", completion_tokens: 2.9, total_tokens: null, cached: true, bad: "x", nan: Number.NaN })).toEqual({
      prompt_tokens: 12,
      completion_tokens: 2,
      total_tokens: 14,
      provider_tokens: 14,
      cached: 1,
    });
    expect(replyUsage({ total_tokens: -5, prompt_tokens: 9 })).toEqual({});
    expect(replyUsage(null)).toEqual({});
    expect(replyUsage([1])).toEqual({});
  });

  it("the run's total never decreases and request_count is the number of replies added", () => {
    const counts = fc.dictionary(fc.constantFrom("prompt_tokens", "completion_tokens", "total_tokens", "cached_tokens"), fc.integer({ min: -50, max: 500 }));
    fc.assert(
      fc.property(fc.array(counts, { maxLength: 12 }), (replies) => {
        const total = emptyUsage();
        replies.forEach((raw, i) => {
          const before = { ...total };
          addUsage(total, replyUsage(raw));
          expect(total["request_count"]).toBe(i + 1);
          for (const key of ["prompt_tokens", "completion_tokens", "total_tokens"]) expect(total[key] ?? 0).toBeGreaterThanOrEqual(before[key] ?? 0);
        });
      }),
      propertyConfig("usage sums never decrease", 300),
    );
  });
});
