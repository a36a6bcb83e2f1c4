import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { maxIterationsMessage } from "../../src/agent/runner-texts.js";
import { ToolCallRequest, type ChatMessage } from "../../src/providers/base.js";
import { ToolResult } from "../../src/tools/base.js";
import { ANY_PARAMS, FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "What is in nope.txt?" }];

function readFileTool(): FakeTool {
  return new FakeTool({
    name: "read_file",
    readOnly: true,
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    run: (p) => ToolResult.error(`Error: File not found: ${String(p["path"])}`),
  });
}

describe("the observation task: a missing file, the error goes back, the model answers", () => {
  it("completes with the model's words, after carrying the error to the second request", async () => {
    const tools = registryOf(readFileTool());
    const provider = new ScriptedProvider([
      toolReply([toolCall("call_1", "read_file", { path: "nope.txt" })]),
      (request) => {
        const last = request.messages.at(-1);
        return textReply(`I could not read it: ${String(last?.content).split("\n")[0]}`);
      },
    ]);
    const result = await runner.run({ provider, model: "scripted", tools, messages: user });

    expect(result.stopReason).toBe("completed");
    expect(result.error).toBeNull();
    expect(result.finalContent).toBe("I could not read it: Error: File not found: nope.txt");
    const toolMessage: ChatMessage = {
      role: "tool",
      tool_call_id: "call_1",
      name: "read_file",
      content: "Error: File not found: nope.txt" + RETRY_HINT,
    };
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]?.messages.at(-1)).toEqual(toolMessage);
    expect(result.messages).toEqual([
      ...user,
      {
        role: "assistant",
        content: "",
        tool_calls: [{ id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"nope.txt"}' } }],
      },
      toolMessage,
      { role: "assistant", content: "I could not read it: Error: File not found: nope.txt" },
    ]);
    expect(result.toolEvents).toEqual([{ name: "read_file", status: "error", detail: "Error: File not found: nope.txt" }]);
    expect(result.toolsUsed).toEqual([]);
  });

  it("sends the model name and the registry's definitions (the same array) with every request", async () => {
    const tools = registryOf(readFileTool());
    const provider = new ScriptedProvider([toolReply([toolCall("c", "read_file", { path: "a" })]), textReply("done")]);
    await runner.run({ provider, model: "my-model", tools, messages: user });
    expect(provider.requests.map((r) => r.model)).toEqual(["my-model", "my-model"]);
    expect(provider.requests[0]?.tools).toBe(tools.getDefinitions());
  });
});

describe("the loop", () => {
  it("does not change the input messages", async () => {
    const messages: ChatMessage[] = [{ role: "user", content: "hi" }];
    const tools = registryOf(new FakeTool({ name: "t" }));
    const provider = new ScriptedProvider([toolReply([toolCall("c", "t")]), textReply("bye")]);
    const result = await runner.run({ provider, model: "m", tools, messages });
    expect(messages).toEqual([{ role: "user", content: "hi" }]);
    expect(result.messages).toHaveLength(4);
  });

  it("a reply without tool calls ends the run at once (stopReason completed)", async () => {
    const provider = new ScriptedProvider([textReply("hello")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
    expect(result).toMatchObject({ stopReason: "completed", finalContent: "hello", error: null, toolsUsed: [], toolEvents: [] });
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "hello" });
  });

  it("assistant message first with content and replayed calls, then one tool message per call in order", async () => {
    const tools = registryOf(new FakeTool({ name: "a", run: () => "A" }), new FakeTool({ name: "b", run: () => "B" }));
    const provider = new ScriptedProvider([toolReply([toolCall("1", "a"), toolCall("2", "b", "{not json"), toolCall("3", "a")], "thinking"), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools, messages: user });
    const [, assistant, ...rest] = result.messages;
    expect(assistant).toEqual({
      role: "assistant",
      content: "thinking",
      tool_calls: [
        { id: "1", type: "function", function: { name: "a", arguments: "{}" } },
        { id: "2", type: "function", function: { name: "b", arguments: "{not json" } },
        { id: "3", type: "function", function: { name: "a", arguments: "{}" } },
      ],
    });
    expect(rest.slice(0, 3).map((m) => [m.role, m.tool_call_id, m.name])).toEqual([
      ["tool", "1", "a"],
      ["tool", "2", "b"],
      ["tool", "3", "a"],
    ]);
    expect(rest.slice(0, 3).every((m) => typeof m.content === "string")).toBe(true);
  });

  it("keeps going over several iterations and gathers toolsUsed and toolEvents over the run", async () => {
    const tools = registryOf(new FakeTool({ name: "list_dir", run: () => "a.txt" }), new FakeTool({ name: "fail", run: () => ToolResult.error("Error: no") }));
    const provider = new ScriptedProvider([
      toolReply([toolCall("1", "list_dir"), toolCall("2", "fail")]),
      toolReply([toolCall("3", "missing"), toolCall("4", "list_dir")]),
      textReply("done"),
    ]);
    const result = await runner.run({ provider, model: "m", tools, messages: user });
    expect(result.stopReason).toBe("completed");
    expect(result.toolsUsed).toEqual(["list_dir", "list_dir"]);
    expect(result.toolEvents.map((e) => [e.name, e.status])).toEqual([
      ["list_dir", "ok"],
      ["fail", "error"],
      ["missing", "error"],
      ["list_dir", "ok"],
    ]);
    expect(provider.requests).toHaveLength(3);
    expect(provider.requests[2]?.messages).toHaveLength(1 + 3 + 3);
  });

  it("stops at maxIterations; without finalization the fallback text says so", async () => {
    const tools = registryOf(new FakeTool({ name: "t" }));
    const provider = new ScriptedProvider([1, 2, 3].map((i) => toolReply([toolCall(`c${i}`, "t")])));
    const result = await runner.run({ provider, model: "m", tools, messages: user, maxIterations: 3, finalizeOnMaxIterations: false });
    expect(result.stopReason).toBe("max_iterations");
    expect(result.finalContent).toBe(maxIterationsMessage(3));
    expect(result.finalContent).toMatch(/maximum number of tool call iterations \(3\)/);
    expect(result.error).toBeNull();
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: maxIterationsMessage(3) });
    expect(provider.requests).toHaveLength(3);
    expect(result.toolsUsed).toEqual(["t", "t", "t"]);
  });

  it("maxIterations defaults to 20, then one finalization request", async () => {
    const tools = registryOf(new FakeTool({ name: "t" }));
    const provider = new ScriptedProvider(Array.from({ length: 25 }, (_, i) => toolReply([toolCall(`c${i}`, "t")])));
    const result = await runner.run({ provider, model: "m", tools, messages: user });
    expect(result.stopReason).toBe("max_iterations");
    expect(provider.requests).toHaveLength(21);
    expect(provider.requests[20]?.tools).toEqual([]);
    // The 21st reply asks for tools again, so the fallback text is used.
    expect(result.finalContent).toBe(maxIterationsMessage(20));
  });

  it("calls without a valid name are dropped before execution", async () => {
    const tool = new FakeTool({ name: "read_file" });
    const bad = [
      new ToolCallRequest({ id: "x1", name: "", arguments: {} }),
      new ToolCallRequest({ id: "x2", name: null as unknown as string, arguments: {} }),
      { id: "x3", name: { unexpected: "object" }, arguments: {} } as unknown as ToolCallRequest,
    ];
    const provider = new ScriptedProvider([toolReply([...bad, toolCall("ok", "read_file")]), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(1);
    expect(result.messages[1]?.tool_calls?.map((c) => c.id)).toEqual(["ok"]);
    expect(result.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["ok"]);
  });

  it("when every call is malformed under finish reason stop, the reply counts as an answer", async () => {
    const provider = new ScriptedProvider([toolReply([new ToolCallRequest({ id: "x", name: "", arguments: {} })], "just text", "stop")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
    expect(result).toMatchObject({ stopReason: "completed", finalContent: "just text" });
  });

  it("accepts plain call objects from a provider that did not build ToolCallRequest", async () => {
    const tool = new FakeTool({ name: "t", parameters: ANY_PARAMS });
    const plain = { id: "p1", name: "t", arguments: { a: 1 } } as unknown as ToolCallRequest;
    const provider = new ScriptedProvider([toolReply([plain]), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls[0]?.params).toEqual({ a: 1 });
    expect(result.messages[1]?.tool_calls?.[0]).toEqual({ id: "p1", type: "function", function: { name: "t", arguments: '{"a":1}' } });
  });
});

describe("finish reasons", () => {
  it.each(["refusal", "content_filter"])("%s: no execution, completed, the content is the answer", async (finishReason) => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([toolReply([toolCall("c", "t")], "I will not", finishReason)]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(0);
    expect(result).toMatchObject({ stopReason: "completed", finalContent: "I will not", error: null });
    expect(result.messages.filter((m) => m.role === "tool")).toEqual([]);
  });

  it("error: no execution, stopReason error, the reply's text is the error", async () => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([toolReply([toolCall("c", "t")], "upstream broke", "error")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(0);
    expect(result.stopReason).toBe("error");
    expect(result.error).toBe("upstream broke");
    expect(result.finalContent).toBe("upstream broke");
  });

  it("length with tool calls: the cut-off calls are not run; the model is asked to continue", async () => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([toolReply([toolCall("c", "t", '{"path": "a')], null, "length"), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(0);
    expect(result.stopReason).toBe("completed");
    expect(result.finalContent).toBe("done");
    expect(provider.requests).toHaveLength(2);
  });

  it.each(["end_turn", "max_tokens", "weird", "", "TOOL_CALLS", "Stop"])("%j with calls: the calls do not run; the text is the answer", async (finishReason) => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([toolReply([toolCall("c", "t")], "said this", finishReason)]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(0);
    expect(result).toMatchObject({ stopReason: "completed", finalContent: "said this" });
  });

  it.each(["tool_calls", "function_call", "stop"])("%j with calls: the calls run", async (finishReason) => {
    const tool = new FakeTool({ name: "t" });
    const provider = new ScriptedProvider([toolReply([toolCall("c", "t")], null, finishReason), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(tool), messages: user });
    expect(tool.calls).toHaveLength(1);
    expect(result.stopReason).toBe("completed");
  });
});

describe("provider failures end the run with stopReason error; run() never rejects", () => {
  it("a rejecting chat", async () => {
    const provider = new ScriptedProvider([() => Promise.reject(new Error("HTTP 503 Service Unavailable"))]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
    expect(result.stopReason).toBe("error");
    expect(result.error).toContain("HTTP 503 Service Unavailable");
    // As upstream, where a failed request comes back as a reply with finish reason "error".
    expect(result.finalContent).toBe(result.error);
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "[Assistant reply unavailable due to model error.]" });
  });

  it("a chat that throws synchronously, or a non-Error value", async () => {
    const sync = {
      chat: () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- pins that a chat throwing a non-Error ends the run with its text
        throw "socket hang up";
      },
    };
    const result = await runner.run({ provider: sync, model: "m", tools: registryOf(), messages: user });
    expect(result.stopReason).toBe("error");
    expect(result.error).toContain("socket hang up");
  });

  it("a script that runs out after a tool turn", async () => {
    const provider = new ScriptedProvider([toolReply([toolCall("c", "t")])]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(new FakeTool({ name: "t" })), messages: user });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatch(/script has only 1 step/);
    expect(result.messages.filter((m) => m.role === "tool")).toHaveLength(1);
  });

  it("a provider that resolves with nothing", async () => {
    const provider = { chat: async () => undefined as never };
    const result = await runner.run({ provider, model: "m", tools: registryOf(), messages: user });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatch(/no response/);
  });
});
