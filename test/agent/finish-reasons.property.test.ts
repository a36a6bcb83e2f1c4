/**
 * Properties of the runner's finish-reason gating and length recovery:
 * a reply's calls run if and only if its finish reason is exactly tool_calls, function_call or
 * stop (an empty one is none of them), and for any script of replies `run()` resolves without rejecting,
 * with the parts of a cut-off chain joined and never more than three continuations in a row.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AgentRunner, MAX_LENGTH_RECOVERIES, TOOL_FINISH_REASONS } from "../../src/agent/runner.js";
import { LENGTH_RECOVERY_PROMPT } from "../../src/agent/runner-texts.js";
import { ToolCallRequest, type LLMResponse } from "../../src/providers/base.js";
import { FakeTool, registryOf, ScriptedProvider } from "../../src/testing/index.js";
import { propertyConfig } from "../soak/runs.js";

/** Finish reasons, with "length" weighted so chains of cut-off replies (up to and past three) are common. */
const reasons = fc.oneof(
  { weight: 4, arbitrary: fc.constant("length") },
  { weight: 6, arbitrary: fc.constantFrom("tool_calls", "function_call", "stop", "", "error", "refusal", "content_filter", "end_turn", "max_tokens") },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const replyArb = fc.record({
  content: fc.option(fc.string({ maxLength: 80 }), { nil: null }),
  finishReason: reasons,
  calls: fc.integer({ min: 0, max: 2 }),
});

describe("property: finish-reason properties", () => {
  it("(gating) a reply's calls run iff its finish reason allows tools", async () => {
    await fc.assert(
      fc.asyncProperty(replyArb, async (r) => {
        const tool = new FakeTool({ name: "t", run: () => "ran" });
        const calls = Array.from({ length: r.calls }, (_, i) => new ToolCallRequest({ id: `c${i}`, name: "t", arguments: {} }));
        const provider = new ScriptedProvider([
          { content: r.content, finishReason: r.finishReason, toolCalls: calls },
          { content: "done", finishReason: "stop", toolCalls: [] },
          { content: "done", finishReason: "stop", toolCalls: [] },
        ]);
        const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(tool), messages: [{ role: "user", content: "go" }] });
        const allowed = TOOL_FINISH_REASONS.has(r.finishReason);
        expect(tool.calls).toHaveLength(allowed ? r.calls : 0);
        expect(result.messages.filter((m) => m.role === "tool")).toHaveLength(allowed ? r.calls : 0);
        if (r.finishReason === "error") expect(result.stopReason).toBe("error");
      }),
      propertyConfig("finish-reason gating", 300),
    );
  });

  it("the script generator reaches chains of four or more cut-off replies", () => {
    const longest = (script: { finishReason: string }[]): number =>
      script.reduce((acc, r) => ({ cur: r.finishReason === "length" ? acc.cur + 1 : 0, max: Math.max(acc.max, r.finishReason === "length" ? acc.cur + 1 : 0) }), {
        cur: 0,
        max: 0,
      }).max;
    const samples = fc.sample(fc.array(replyArb, { minLength: 1, maxLength: 8 }), { numRuns: 300, seed: 1 });
    expect(samples.some((s) => longest(s) > MAX_LENGTH_RECOVERIES)).toBe(true);
    expect(samples.some((s) => s.some((r) => r.calls > 0 && r.finishReason === "length"))).toBe(true);
  });

  it("(length) any script resolves; at most three continuations in a row; a completed chain's text is the joined parts", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(replyArb, { minLength: 1, maxLength: 8 }), async (script) => {
        const tool = new FakeTool({ name: "t", run: () => "ran" });
        const steps: LLMResponse[] = script.map((r, k) => ({
          content: r.content,
          finishReason: r.finishReason,
          toolCalls: Array.from({ length: r.calls }, (_, i) => new ToolCallRequest({ id: `c${k}_${i}`, name: "t", arguments: {} })),
        }));
        const provider = new ScriptedProvider(steps);
        const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(tool), messages: [{ role: "user", content: "go" }], maxIterations: 6 });
        expect(["completed", "error", "max_iterations"]).toContain(result.stopReason);
        let run = 0;
        for (const m of result.messages) {
          if (m.role === "user" && (m.content ?? "").startsWith(LENGTH_RECOVERY_PROMPT)) {
            run++;
            expect(run).toBeLessThanOrEqual(MAX_LENGTH_RECOVERIES);
          } else if (m.role === "tool") run = 0;
        }
        if (result.stopReason === "completed") {
          // The replies used, from the last one that ran tools (or the start) to the end.
          const used = steps.slice(0, provider.requests.length);
          let start = 0;
          used.forEach((s, i) => {
            const runs = s.toolCalls.length > 0 && TOOL_FINISH_REASONS.has(s.finishReason);
            if (runs) start = i + 1;
          });
          const chain = used.slice(start);
          const expected =
            chain.length > 1
              ? chain
                  .map((s) => s.content ?? "")
                  .join("")
                  .trim()
              : ((chain[0]?.content ?? null)?.trim() ?? null);
          expect(result.finalContent).toBe(expected);
        }
      }),
      propertyConfig("length recovery", 300),
    );
  });
});
