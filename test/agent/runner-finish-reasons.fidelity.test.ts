/**
 * Fidelity to upstream's runner for finish reasons. Each case
 * feeds the replies upstream's tests describe and expects the output upstream's `AgentRunner.run`
 * gives for them, word for word (obtained by running upstream's runner on the same replies).
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { LENGTH_RECOVERY_PROMPT, MODEL_ERROR_MESSAGE, MODEL_ERROR_PLACEHOLDER } from "../../src/agent/runner-texts.js";
import type { ChatMessage, LLMResponse } from "../../src/providers/base.js";
import { FakeTool, registryOf, ScriptedProvider, textReply, toolCall } from "../../src/testing/index.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "hi" }];

function reply(content: string | null, finishReason: string, withCall = false): LLMResponse {
  return { content, finishReason, toolCalls: withCall ? [toolCall("c1", "t")] : [] };
}

/** Upstream's continuation request for a cut-off reply whose cleaned text ends with `tail`. */
function continuation(tail: string): ChatMessage {
  return {
    role: "user",
    content:
      "The previous assistant response was cut off. Continue the same response from its exact endpoint. " +
      "Output only new continuation text in the same language and style. Do not acknowledge this instruction, " +
      "restart the response, repeat its title or any existing text, recap, or apologize.\n\n" +
      "The following tail was already delivered to the user. Treat it as immutable context and do not output it again:\n" +
      `<already_delivered_tail>\n${tail}\n</already_delivered_tail>\n` +
      "Begin with the text that belongs immediately after this tail.",
  };
}

async function runWith(replies: LLMResponse[]) {
  const tool = new FakeTool({ name: "t", run: () => "ran" });
  const provider = new ScriptedProvider(replies);
  const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user, maxIterations: 5 });
  return { result, provider, tool };
}

describe("fidelity to upstream: tools run only under tool_calls, function_call or stop", () => {
  it.each(["tool_calls", "function_call", "stop"])("%s with a call runs it", async (finishReason) => {
    const { tool } = await runWith([reply(null, finishReason, true), textReply("done")]);
    expect(tool.calls).toHaveLength(1);
  });

  it.each([
    ["refusal", "I will not"],
    ["content_filter", "I will not"],
    ["end_turn", "said this"],
  ])("%s with a call runs nothing; the text is the answer, completed", async (finishReason, text) => {
    const { result, tool, provider } = await runWith([reply(text, finishReason, true)]);
    expect(tool.calls).toHaveLength(0);
    expect(provider.requests).toHaveLength(1);
    expect(result).toMatchObject({ finalContent: text, stopReason: "completed", error: null });
    expect(result.messages).toEqual([...user, { role: "assistant", content: text }]);
  });

  it('"length" with a call runs nothing and takes the length-recovery path', async () => {
    const { result, tool } = await runWith([reply("", "length", true), textReply("done")]);
    expect(tool.calls).toHaveLength(0);
    expect(result.finalContent).toBe("done");
    expect(result.messages.some((m) => m.role === "user" && (m.content ?? "").includes(LENGTH_RECOVERY_PROMPT))).toBe(true);
  });
});

describe("fidelity to upstream: length recovery", () => {
  it("up to 3 continuation requests, quoting the tail; the parts are joined", async () => {
    const { result, provider, tool } = await runWith([reply("Part one of a long ", "length", true), reply("answer, part two ", "length"), reply("and the end.", "stop")]);
    expect(tool.calls).toHaveLength(0);
    expect(result.finalContent).toBe("Part one of a long answer, part two and the end.");
    expect(result.stopReason).toBe("completed");
    expect(result.messages).toEqual([
      ...user,
      { role: "assistant", content: "Part one of a long" },
      continuation("Part one of a long"),
      { role: "assistant", content: "answer, part two" },
      continuation("answer, part two"),
      { role: "assistant", content: "and the end." },
    ]);
    expect(provider.requests[2]?.messages.at(-1)).toEqual(continuation("answer, part two"));
  });

  it("a fourth cut-off reply in a row is taken as the end", async () => {
    const { result, provider } = await runWith([reply("one ", "length"), reply("two ", "length"), reply("three ", "length"), reply("four", "length")]);
    expect(provider.requests).toHaveLength(4);
    expect(result).toMatchObject({ finalContent: "one two three four", stopReason: "completed", error: null });
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "four" });
    expect(result.messages.filter((m) => m.role === "user")).toHaveLength(4);
  });

  it("the tail is the last 64 characters", async () => {
    const long = "x".repeat(100) + "y".repeat(64);
    const { result } = await runWith([reply(long, "length"), textReply("z")]);
    expect(result.messages[2]).toEqual(continuation("y".repeat(64)));
    expect(result.finalContent).toBe(long + "z");
  });

  it("tool work in between starts a new chain", async () => {
    const { result } = await runWith([reply("early ", "length"), reply(null, "tool_calls", true), textReply("fresh")]);
    expect(result.finalContent).toBe("fresh");
  });
});

describe("fidelity to upstream: finish reason error", () => {
  it("no tools run; the reply text is final_content and error; the transcript gets the placeholder", async () => {
    const { result, tool } = await runWith([reply("upstream broke", "error", true)]);
    expect(tool.calls).toHaveLength(0);
    expect(result).toMatchObject({ finalContent: "upstream broke", error: "upstream broke", stopReason: "error" });
    expect(result.messages).toEqual([...user, { role: "assistant", content: "[Assistant reply unavailable due to model error.]" }]);
    expect(MODEL_ERROR_PLACEHOLDER).toBe("[Assistant reply unavailable due to model error.]");
  });

  it.each([["  "], [null]])("blank text (%j) gives upstream's default message", async (content) => {
    const { result } = await runWith([reply(content, "error", true)]);
    expect(result).toMatchObject({
      finalContent: "Sorry, I encountered an error calling the AI model.",
      error: "Sorry, I encountered an error calling the AI model.",
      stopReason: "error",
    });
    expect(MODEL_ERROR_MESSAGE).toBe("Sorry, I encountered an error calling the AI model.");
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: MODEL_ERROR_PLACEHOLDER });
  });

  it("after a tool turn, the placeholder follows the tool message", async () => {
    const { result, tool } = await runWith([reply(null, "tool_calls", true), reply(null, "error")]);
    expect(tool.calls).toHaveLength(1);
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "hi"],
      ["assistant", ""],
      ["tool", "ran"],
      ["assistant", "[Assistant reply unavailable due to model error.]"],
    ]);
  });
});
