/**
 * Examples for the test doubles (`src/testing/`): a scripted model and a configurable fake tool.
 * The reference shows each region; `tsc` checks this file and `test/docs/examples.test.ts` runs
 * every function it exports (nothing leaves the process).
 */
import { AgentRunner, ANY_PARAMS, FakeTool, registryOf, ScriptedProvider, ToolCallRequest, type ChatMessage } from "../../src/index.js";

/** A run against a scripted model: a tool call, then an answer built from the request it gets. */
export async function scriptedRun(): Promise<number> {
  const tools = registryOf(new FakeTool({ name: "read_file", parameters: ANY_PARAMS, result: "hello" }));
  const messages: ChatMessage[] = [{ role: "user", content: "What is in a.txt?" }];
  // #region scripted-provider
  const provider = new ScriptedProvider([
    { content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id: "c1", name: "read_file", arguments: { path: "a.txt" } })] },
    (request) => ({ content: `I saw: ${request.messages.at(-1)?.content}`, toolCalls: [], finishReason: "stop" }),
  ]);
  const result = await new AgentRunner().run({ provider, model: "scripted", tools, messages });
  result.finalContent; // "I saw: hello"
  provider.requests.length; // 2
  // #endregion scripted-provider
  if (result.finalContent !== "I saw: hello") throw new Error(`unexpected answer: ${String(result.finalContent)}`);
  return provider.requests.length;
}

/** Three fakes: a slow one, a broken one and an echo; the echo records its call. */
export async function fakeTools(): Promise<number> {
  // #region fake-tool
  const slow = new FakeTool({ name: "slow_search", readOnly: true, delayMs: 50, result: "3 hits" });
  const broken = new FakeTool({ name: "deploy", throws: new Error("permission denied") });
  const echo = new FakeTool({ name: "echo", parameters: ANY_PARAMS, run: (params) => params["text"] });
  await registryOf(slow, broken, echo).execute("echo", { text: "hi" }); // "hi"
  echo.calls.length; // 1
  // #endregion fake-tool
  return echo.calls.length;
}
