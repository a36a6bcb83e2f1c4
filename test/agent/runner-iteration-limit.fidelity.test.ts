/**
 * Fidelity to upstream's runner at the iteration limit: one more request
 * without tools and with the exact prompt; its answer is the final text, else the exact fallback.
 * Expected outputs are those of upstream's `AgentRunner.run` on the same replies.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { BUDGET_EXHAUSTED_FINALIZATION_PROMPT, maxIterationsMessage } from "../../src/agent/runner-texts.js";
import type { ChatMessage, LLMResponse } from "../../src/providers/base.js";
import { FakeTool, registryOf, ScriptedProvider, type ScriptStep, textReply, toolCall } from "../../src/testing/index.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "hi" }];
const PROMPT =
  "The tool-call budget for this turn is exhausted. Based only on the conversation and tool results above, " +
  "provide a concise final response to the user. Do not call or request tools. Do not claim the task is complete " +
  "unless the evidence above clearly shows it is complete. State what was done, what remains, and the best next " +
  "step if anything is incomplete.";
const fallback = (n: number): string =>
  `I reached the maximum number of tool call iterations (${n}) without completing the task. You can try breaking the task into smaller steps.`;

function toolTurn(content: string | null = null): LLMResponse {
  return { content, finishReason: "tool_calls", toolCalls: [toolCall("c1", "t")] };
}

async function runWith(steps: ScriptStep[], extra: { maxIterations: number; finalizeOnMaxIterations?: boolean; maxIterationsMessage?: string }) {
  const tool = new FakeTool({ name: "t", run: () => "ran" });
  const provider = new ScriptedProvider(steps);
  const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user, ...extra });
  return { result, provider, tool };
}

describe("fidelity to upstream: the iteration limit", () => {
  it("one more request, without tools, ending with the exact prompt; its answer is final", async () => {
    const { result, provider, tool } = await runWith([toolTurn(), toolTurn("again"), textReply("Done: one step left.")], { maxIterations: 2 });
    expect(BUDGET_EXHAUSTED_FINALIZATION_PROMPT).toBe(PROMPT);
    expect(tool.calls).toHaveLength(2);
    expect(provider.requests).toHaveLength(3);
    expect(provider.requests[2]?.tools).toEqual([]);
    expect(provider.requests[2]?.messages.at(-1)).toEqual({ role: "user", content: PROMPT });
    expect(result).toMatchObject({ finalContent: "Done: one step left.", stopReason: "max_iterations", error: null });
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "hi"],
      ["assistant", ""],
      ["tool", "ran"],
      ["assistant", "again"],
      ["tool", "ran"],
      ["assistant", "Done: one step left."],
    ]);
  });

  it.each<[string, ScriptStep]>([
    ["asks for tools", toolTurn("x")],
    ["is blank", textReply("   ")],
    ["ends with finish reason error", { content: "partial", toolCalls: [], finishReason: "error" }],
    ["fails", () => Promise.reject(new Error("boom"))],
  ])("when the finalization reply %s, the exact fallback is the final text", async (_label, last) => {
    const { result, provider } = await runWith([toolTurn(), toolTurn(), last], { maxIterations: 2 });
    expect(provider.requests).toHaveLength(3);
    expect(result).toMatchObject({ finalContent: fallback(2), stopReason: "max_iterations", error: null });
    expect(maxIterationsMessage(2)).toBe(fallback(2));
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: fallback(2) });
  });

  it("finalizeOnMaxIterations false makes no extra request", async () => {
    const { result, provider } = await runWith([toolTurn(), toolTurn()], { maxIterations: 2, finalizeOnMaxIterations: false });
    expect(provider.requests).toHaveLength(2);
    expect(result.finalContent).toBe(fallback(2));
  });

  it("maxIterationsMessage is a template for {max_iterations}", async () => {
    const { result } = await runWith([toolTurn(), () => Promise.reject(new Error("boom"))], {
      maxIterations: 1,
      maxIterationsMessage: "Stopped after {max_iterations} rounds.",
    });
    expect(result).toMatchObject({ finalContent: "Stopped after 1 rounds.", stopReason: "max_iterations" });
    // As Python's str.format: doubled braces are literal ones; an empty template gives the default.
    expect(maxIterationsMessage(4, "{{limit}} = {max_iterations}")).toBe("{limit} = 4");
    expect(maxIterationsMessage(4, "")).toBe(fallback(4));
  });

  it("a cut-off chain at the limit is joined with the final answer", async () => {
    const { result, provider } = await runWith(
      [{ content: "cut A ", toolCalls: [], finishReason: "length" }, { content: "cut B", toolCalls: [], finishReason: "length" }, textReply("Final words.")],
      { maxIterations: 2 },
    );
    expect(provider.requests[2]?.messages.at(-1)).toEqual({ role: "user", content: PROMPT });
    expect(result).toMatchObject({ finalContent: "cut A cut B\n\nFinal words.", stopReason: "max_iterations" });
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "Final words." });
  });
});
