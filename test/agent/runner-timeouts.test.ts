import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { RUN_ABORTED_MESSAGE, toolAbortedMessage, toolTimeoutMessage } from "../../src/agent/runner-texts.js";
import type { AgentRunSpec } from "../../src/agent/run-spec.js";
import type { ChatMessage, LLMProvider } from "../../src/providers/base.js";
import type { ExecuteOptions } from "../../src/tools/base.js";
import type { ToolRegistry } from "../../src/tools/registry.js";
import { deferred, FakeTool, registryOf, ScriptedProvider, textReply, tick, toolCall, toolReply } from "../../src/testing/index.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "go" }];

function specFor(tools: ToolRegistry, extra: Partial<AgentRunSpec> = {}): AgentRunSpec {
  return { provider: new ScriptedProvider([]), model: "m", tools, messages: user, ...extra };
}

const never = (): Promise<never> => new Promise<never>(() => undefined);
const toolContents = (messages: ChatMessage[]): (string | null)[] => messages.filter((m) => m.role === "tool").map((m) => m.content);

describe("toolTimeoutMs", () => {
  it("a tool that never settles times out; the call's signal aborts; the turn goes on", async () => {
    let seen: AbortSignal | undefined;
    const hang = new FakeTool({ name: "hang", run: (_p, o: ExecuteOptions) => ((seen = o.signal), never()) });
    const quick = new FakeTool({ name: "quick", run: () => "fine" });
    const provider = new ScriptedProvider([toolReply([toolCall("1", "hang"), toolCall("2", "quick")]), textReply("done")]);
    const result = await runner.run(specFor(registryOf(hang, quick), { provider, toolTimeoutMs: 30 }));
    expect(result.stopReason).toBe("completed");
    expect(toolContents(result.messages)).toEqual([toolTimeoutMessage("hang", 30) + RETRY_HINT, "fine"]);
    expect(toolContents(result.messages)[0]).toMatch(/^Error: Tool 'hang' timed out after 30 ms/);
    expect(seen?.aborted).toBe(true);
    expect((seen?.reason as DOMException).name).toBe("TimeoutError");
    expect(result.toolEvents[0]).toEqual({ name: "hang", status: "error", detail: "Tool 'hang' timed out after 30 ms" });
    expect(result.toolsUsed).toEqual(["quick"]);
  });

  it("a tool that settles after its time-out is ignored", async () => {
    const late = new FakeTool({ name: "late", run: async () => (await tick(40), "too late") });
    const { results } = await runner.executeTools(specFor(registryOf(late), { toolTimeoutMs: 10 }), [toolCall("1", "late")]);
    expect(results).toEqual([toolTimeoutMessage("late", 10) + RETRY_HINT]);
    await tick(50);
  });

  it("a tool that rejects because of the abort is still reported as timed out", async () => {
    const polite = new FakeTool({
      name: "polite",
      run: (_p, o) => new Promise((_r, reject) => o.signal.addEventListener("abort", () => reject(new Error("AbortError")))),
    });
    const { results } = await runner.executeTools(specFor(registryOf(polite), { toolTimeoutMs: 10 }), [toolCall("1", "polite")]);
    expect(results).toEqual([toolTimeoutMessage("polite", 10) + RETRY_HINT]);
  });

  it("fast tools are not affected; a timed-out call is fatal with failOnToolError", async () => {
    const hang = new FakeTool({ name: "hang", readOnly: true, run: () => never() });
    const fast = new FakeTool({ name: "fast", readOnly: true, run: () => "ok" });
    const { results, fatalError } = await runner.executeTools(specFor(registryOf(hang, fast), { toolTimeoutMs: 15, failOnToolError: true }), [
      toolCall("1", "fast"),
      toolCall("2", "hang"),
    ]);
    expect(results[0]).toBe("ok");
    expect(fatalError?.message).toBe("Error: Tool 'hang' timed out after 15 ms");
  });
});

describe("aborting the run (spec.signal)", () => {
  it("aborts tools in flight; every call is answered; stopReason aborted", async () => {
    const controller = new AbortController();
    const started = deferred();
    let toolSignal: AbortSignal | undefined;
    const hang = new FakeTool({
      name: "hang",
      readOnly: true,
      run: (_p, o) => ((toolSignal = o.signal), started.resolve(), never()),
    });
    const other = new FakeTool({ name: "other", readOnly: true, run: () => "done first" });
    const later = new FakeTool({ name: "later" });
    const provider = new ScriptedProvider([
      toolReply([toolCall("1", "other"), toolCall("2", "hang"), toolCall("3", "later"), toolCall("4", "missing")]),
      textReply("never asked"),
    ]);
    const pending = runner.run(specFor(registryOf(hang, other, later), { provider, signal: controller.signal }));
    await started.promise;
    await tick(5);
    controller.abort(new Error("user pressed stop"));
    const result = await pending;

    expect(result.stopReason).toBe("aborted");
    expect(result.error).toBe(RUN_ABORTED_MESSAGE);
    expect(toolSignal?.aborted).toBe(true);
    expect(later.calls).toHaveLength(0);
    expect(provider.requests).toHaveLength(1);
    expect(result.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["1", "2", "3", "4"]);
    expect(toolContents(result.messages)).toEqual(["done first", toolAbortedMessage("hang"), toolAbortedMessage("later"), toolAbortedMessage("missing")]);
    expect(result.toolEvents.map((e) => e.status)).toEqual(["ok", "error", "error", "error"]);
    expect(result.toolsUsed).toEqual(["other"]);
  });

  it("aborting while the model is thinking ends the run, even if the provider ignores the signal", async () => {
    const controller = new AbortController();
    const provider: LLMProvider = { chat: () => never() };
    const pending = runner.run(specFor(registryOf(), { provider, signal: controller.signal }));
    await tick(5);
    controller.abort();
    const result = await pending;
    expect(result.stopReason).toBe("aborted");
    expect(result.messages).toEqual(user);
  });

  it("an already aborted signal: no request at all", async () => {
    const provider = new ScriptedProvider([textReply("x")]);
    const result = await runner.run(specFor(registryOf(), { provider, signal: AbortSignal.abort() }));
    expect(result.stopReason).toBe("aborted");
    expect(provider.requests).toHaveLength(0);
  });

  it("the provider receives the run's signal", async () => {
    const controller = new AbortController();
    let got: AbortSignal | undefined;
    const provider: LLMProvider = { chat: async (req) => ((got = req.signal), textReply("ok")) };
    await runner.run(specFor(registryOf(), { provider, signal: controller.signal }));
    expect(got).toBe(controller.signal);
  });

  it("a tool that settles after the abort is ignored", async () => {
    const controller = new AbortController();
    const tool = new FakeTool({ name: "slow", run: async () => (await tick(30), "late result") });
    const pending = runner.executeTools(specFor(registryOf(tool), { signal: controller.signal }), [toolCall("1", "slow")]);
    await tick(5);
    controller.abort();
    const { results } = await pending;
    expect(results).toEqual([toolAbortedMessage("slow")]);
    await tick(40);
  });
});
