/**
 * Runner paths the main tests pass by: registries that are only shaped like `ToolRegistry`
 * (no `get`, no `prepareCall`, a `prepareCall` that returns nonsense or aborts the run), replies
 * with odd tool-call lists, a history that already ends with the assistant's answer, an
 * iteration limit of zero, and a run aborted during the finalization request.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { BUDGET_EXHAUSTED_FINALIZATION_PROMPT, maxIterationsMessage, MODEL_ERROR_PLACEHOLDER, RUN_ABORTED_MESSAGE, toolAbortedMessage } from "../../src/agent/runner-texts.js";
import { REPEATED_LOOKUP_MESSAGE } from "../../src/agent/guards/lookup-throttle.js";
import { ModelHistory } from "../../src/agent/model-history.js";
import type { AgentRunSpec } from "../../src/agent/run-spec.js";
import type { ChatMessage, LLMProvider, LLMResponse } from "../../src/providers/base.js";
import type { ToolRegistry } from "../../src/tools/registry.js";
import { TRUNCATION_SUFFIX } from "../../src/util/text-cut.js";
import { ANY_PARAMS, FakeTool, registryOf, ScriptedProvider, textReply, toolCall } from "../../src/testing/index.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "go" }];

function specFor(tools: ToolRegistry, extra: Partial<AgentRunSpec> = {}): AgentRunSpec {
  return { provider: new ScriptedProvider([]), model: "m", tools, messages: user, ...extra };
}

describe("coverage: a registry shaped like ToolRegistry but without prepareCall", () => {
  it("with get, the throttle unwraps {arguments: {...}} by the tool's own schema", async () => {
    let ran = 0;
    const plain = new FakeTool({ name: "web_fetch", parameters: { type: "object", properties: { url: { type: "string" } } } });
    const duck = {
      getDefinitions: () => [],
      get: () => plain,
      execute: async () => (ran++, "page"),
    } as unknown as ToolRegistry;
    const calls = [0, 1, 2].map((i) => toolCall(`c${i}`, "web_fetch", { arguments: { url: "https://x.example" } }));
    const { results } = await runner.executeTools(specFor(duck), calls);
    expect(ran).toBe(2);
    expect(results).toEqual(["page", "page", REPEATED_LOOKUP_MESSAGE + RETRY_HINT]);
  });

  it("with get, a tool that declares `arguments` itself keeps the wrapper, so the throttle sees no url", async () => {
    let ran = 0;
    const declares = new FakeTool({
      name: "web_fetch",
      parameters: { type: "object", properties: { arguments: { type: "object" } } },
    });
    const duck = {
      getDefinitions: () => [],
      get: () => declares,
      execute: async () => (ran++, "page"),
    } as unknown as ToolRegistry;
    const calls = [0, 1, 2].map((i) => toolCall(`c${i}`, "web_fetch", { arguments: { url: "https://x.example" } }));
    const { results } = await runner.executeTools(specFor(duck), calls);
    expect(ran).toBe(3);
    expect(results).toEqual(["page", "page", "page"]);
  });

  it("without get, every call is its own batch: no two run at once", async () => {
    let running = 0;
    let most = 0;
    const duck = {
      getDefinitions: () => [],
      execute: async (name: string) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return `${name} done`;
      },
    } as unknown as ToolRegistry;
    const runnerCalls = [toolCall("1", "a"), toolCall("2", "b"), toolCall("3", "c")];
    expect(runner.partitionToolBatches(specFor(duck), runnerCalls)).toEqual([[runnerCalls[0]], [runnerCalls[1]], [runnerCalls[2]]]);
    const { results } = await runner.executeTools(specFor(duck), runnerCalls);
    expect(results).toEqual(["a done", "b done", "c done"]);
    expect(most).toBe(1);
  });

  it("with neither prepareCall nor execute, each call gets a clear error and nothing is lost", async () => {
    const empty = { getDefinitions: () => [] } as unknown as ToolRegistry;
    const { results, events } = await runner.executeTools(specFor(empty), [toolCall("1", "t"), toolCall("2", "u")]);
    expect(results).toEqual([
      "Error: TypeError: the tool registry has neither prepareCall nor execute",
      "Error: TypeError: the tool registry has neither prepareCall nor execute",
    ]);
    expect(events.map((e) => e.status)).toEqual(["error", "error"]);
  });
});

describe("coverage: a prepareCall that does not keep its contract", () => {
  // The runner trusts the registry's typed return (`PreparedCall`); one that breaks it fails
  // where it is read, and that TypeError is the call's own error result.
  it.each([
    ["null", null],
    ["a string", "ok"],
    ["an object without error", { tool: null, params: {} }],
    ["a success without a tool", { tool: null, params: {}, error: null }],
    ["an error without text", { tool: null, params: {}, error: { content: 7 } }],
  ])("returning %s is that call's TypeError; the tool never runs", async (_label, value) => {
    const tool = new FakeTool({ name: "t" });
    const tools = registryOf(tool);
    tools.prepareCall = (() => value) as unknown as ToolRegistry["prepareCall"];
    const { results, events } = await runner.executeTools(specFor(tools), [toolCall("1", "t")]);
    expect(tool.calls).toHaveLength(0);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatch(/^Error: TypeError: \S/);
    expect(events).toHaveLength(1);
    expect(events[0]?.status).toBe("error");
    expect(String(results[0])).toContain(events[0]?.detail);
  });

  it("a prepare error without a `: ` is the whole event detail", async () => {
    const tools = registryOf(new FakeTool({ name: "t" }));
    tools.prepareCall = (() => ({ tool: null, params: null, error: { content: "no colon in this text" } })) as unknown as ToolRegistry["prepareCall"];
    const { results, events } = await runner.executeTools(specFor(tools), [toolCall("1", "t")]);
    expect(results).toEqual(["no colon in this text" + RETRY_HINT]);
    expect(events[0]?.detail).toBe("no colon in this text");
  });

  it("a run aborted while a call is being prepared: the tool never starts and the call reads as aborted", async () => {
    const controller = new AbortController();
    const tool = new FakeTool({ name: "t", parameters: ANY_PARAMS });
    const tools = registryOf(tool);
    const prepare = tools.prepareCall.bind(tools);
    tools.prepareCall = (name, params, onStep) => {
      const prepared = prepare(name, params, onStep);
      controller.abort();
      return prepared;
    };
    const { results, events } = await runner.executeTools(specFor(tools, { signal: controller.signal }), [toolCall("1", "t")]);
    expect(tool.calls).toHaveLength(0);
    expect(results).toEqual([toolAbortedMessage("t")]);
    expect(events[0]).toEqual({ name: "t", status: "error", detail: "aborted" });
  });
});

describe("coverage: odd replies from the model", () => {
  it("tool calls that are not objects or have no name are dropped; a call without an id gets one", async () => {
    const tool = new FakeTool({ name: "t", parameters: ANY_PARAMS });
    const provider = new ScriptedProvider([
      {
        content: null,
        finishReason: "tool_calls",
        toolCalls: [null, "junk", 42, { name: "" }, { name: "t", arguments: { a: 1 } }, { id: "", name: "t" }],
      } as unknown as LLMResponse,
      textReply("done"),
    ]);
    const result = await runner.run(specFor(registryOf(tool), { provider }));
    expect(result.stopReason).toBe("completed");
    expect(tool.calls).toHaveLength(2);
    const assistant = result.messages[1];
    expect(assistant?.tool_calls?.map((c) => c.id)).toEqual(["call_0_4", "call_0_5"]);
    expect(result.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["call_0_4", "call_0_5"]);
  });

  it("a reply whose toolCalls is not a list is a plain answer", async () => {
    const provider = new ScriptedProvider([{ content: "just words", finishReason: "stop", toolCalls: "nope" } as unknown as LLMResponse]);
    const result = await runner.run(specFor(registryOf(), { provider }));
    expect(result.stopReason).toBe("completed");
    expect(result.finalContent).toBe("just words");
  });

  it("a cut-off chain that ends with a reply without text gives the joined parts", async () => {
    const provider = new ScriptedProvider([
      { content: "Part one, ", toolCalls: [], finishReason: "length" },
      { content: null, toolCalls: [], finishReason: "stop" },
    ]);
    const result = await runner.run(specFor(registryOf(), { provider }));
    expect(result.stopReason).toBe("completed");
    expect(result.finalContent).toBe("Part one,");
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: null });
  });

  it("a spec without messages starts from an empty history", async () => {
    const provider = new ScriptedProvider([textReply("hello")]);
    const spec = { provider, model: "m", tools: registryOf() } as unknown as AgentRunSpec;
    const result = await runner.run(spec);
    expect(provider.requests[0]?.messages).toEqual([]);
    expect(result.messages).toEqual([{ role: "assistant", content: "hello" }]);
  });
});

describe("coverage: a history that already ends with the assistant's answer", () => {
  const answered: ChatMessage[] = [
    { role: "user", content: "hi" },
    { role: "assistant", content: "earlier answer" },
  ];

  it("a failed request adds no placeholder after it", async () => {
    const provider: LLMProvider = {
      chat: async () => {
        throw new Error("down");
      },
    };
    const result = await runner.run(specFor(registryOf(), { provider, messages: answered }));
    expect(result.stopReason).toBe("error");
    expect(result.messages).toEqual(answered);
    expect(result.messages).not.toContainEqual({ role: "assistant", content: MODEL_ERROR_PLACEHOLDER });
  });

  it("a failed request after an assistant turn that asked for tools does add the placeholder", async () => {
    const provider: LLMProvider = {
      chat: async () => {
        throw new Error("down");
      },
    };
    const history: ChatMessage[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: "", tool_calls: [toolCall("1", "t").toOpenAIToolCall()] },
    ];
    const result = await runner.run(specFor(registryOf(), { provider, messages: history }));
    expect(result.stopReason).toBe("error");
    expect(result.error).toBe("Error: the model request failed: Error: down");
    expect(result.messages).toEqual([...history, { role: "assistant", content: MODEL_ERROR_PLACEHOLDER }]);
  });

  it("maxIterations 0: the finalization answer replaces that last answer rather than following it", async () => {
    const provider = new ScriptedProvider([textReply("summary")]);
    const result = await runner.run(specFor(registryOf(), { provider, messages: answered, maxIterations: 0 }));
    expect(result.stopReason).toBe("max_iterations");
    expect(result.finalContent).toBe("summary");
    expect(result.messages).toEqual([answered[0], { role: "assistant", content: "summary" }]);
    expect(provider.requests[0]?.tools).toEqual([]);
    expect(provider.requests[0]?.messages.at(-1)).toEqual({ role: "user", content: BUDGET_EXHAUSTED_FINALIZATION_PROMPT });
  });

  it("maxIterations 0: a finalization answer equal to the last answer leaves the history as it was", async () => {
    const provider = new ScriptedProvider([textReply("earlier answer")]);
    const result = await runner.run(specFor(registryOf(), { provider, messages: answered, maxIterations: 0 }));
    expect(result.finalContent).toBe("earlier answer");
    expect(result.messages).toEqual(answered);
  });

  it("maxIterations 0 after an assistant turn with tool calls: the answer is appended", async () => {
    const history: ChatMessage[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: "", tool_calls: [toolCall("1", "t").toOpenAIToolCall()] },
    ];
    const provider = new ScriptedProvider([textReply("summary")]);
    const result = await runner.run(specFor(registryOf(), { provider, messages: history, maxIterations: 0 }));
    expect(result.messages).toEqual([...history, { role: "assistant", content: "summary" }]);
  });
});

describe("coverage: the finalization request after the iteration limit", () => {
  it("a signal already aborted with maxIterations 0: no request is made", async () => {
    const controller = new AbortController();
    controller.abort();
    const provider = new ScriptedProvider([textReply("never")]);
    const result = await runner.run(specFor(registryOf(), { provider, maxIterations: 0, signal: controller.signal }));
    expect(result.stopReason).toBe("aborted");
    expect(result.error).toBe(RUN_ABORTED_MESSAGE);
    expect(provider.requests).toHaveLength(0);
  });

  it("aborted while the finalization request is pending: the run ends aborted, not with the fallback", async () => {
    const controller = new AbortController();
    const provider = new ScriptedProvider([
      () => {
        setTimeout(() => controller.abort(), 5);
        return new Promise<LLMResponse>(() => undefined);
      },
    ]);
    const result = await runner.run(specFor(registryOf(), { provider, maxIterations: 0, signal: controller.signal }));
    expect(result.stopReason).toBe("aborted");
    expect(result.finalContent).toBeNull();
    expect(result.error).toBe(RUN_ABORTED_MESSAGE);
  });

  it("a finalization reply that is not an object falls back to the limit message", async () => {
    const provider: LLMProvider = { chat: async () => null } as unknown as LLMProvider;
    const result = await runner.run(specFor(registryOf(), { provider, maxIterations: 0 }));
    expect(result.stopReason).toBe("max_iterations");
    expect(result.finalContent).toBe(maxIterationsMessage(0));
  });
});

describe("coverage: ModelHistory", () => {
  it("cuts an over-long tool message of earlier history that has no name (only read_file is exempt)", async () => {
    const long = "x".repeat(50);
    const declared = { role: "assistant" as const, content: "", tool_calls: [{ id: "1", type: "function" as const, function: { name: "grep", arguments: "{}" } }] };
    const sent = await new ModelHistory({ maxToolResultChars: 10 }).forModel([declared, { role: "tool", tool_call_id: "1", content: long }]);
    expect(sent[1]?.content).toBe("x".repeat(10) + TRUNCATION_SUFFIX);
  });
});
