/**
 * Examples for the runner (`src/agent/runner.ts`) and its batching (`src/agent/batches.ts`). The
 * reference shows each region; `tsc` checks this file and `test/docs/examples.test.ts` runs every
 * function it exports (the model is a `ScriptedProvider`, so nothing leaves the process; the only
 * file read does not exist).
 */
import {
  AgentRunner,
  partitionBatches,
  ReadFileTool,
  ScriptedProvider,
  Tool,
  ToolCallRequest,
  ToolRegistry,
  MISSING_TOOL_RESULT_MESSAGE,
  type AgentRunResult,
  type AgentRunSpec,
  type ChatMessage,
} from "../../src/index.js";
import { repairToolPairs } from "../../src/agent/model-history.js";

/** A tool that does nothing, safe to run beside others when `safe` is true. */
class Stub extends Tool {
  readonly description = "Does nothing.";
  readonly parameters = { type: "object", properties: {} };
  constructor(
    readonly name: string,
    private readonly safe: boolean,
  ) {
    super();
  }
  override get readOnly(): boolean {
    return this.safe;
  }
  async execute(): Promise<string> {
    return "done";
  }
}

/** A call to `name` with no arguments. */
const call = (name: string): ToolCallRequest => new ToolCallRequest({ id: `call_${name}`, name, arguments: {} });

/** A scripted run: the model reads a file that does not exist, gets the error, and answers. */
export async function runWithScriptedModel(): Promise<AgentRunResult> {
  // #region agent-run
  const tools = new ToolRegistry();
  tools.register(new ReadFileTool({ workspace: "/tmp/ws" }));
  const provider = new ScriptedProvider([
    { content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id: "call_1", name: "read_file", arguments: { path: "nope.txt" } })] },
    { content: "There is no file called nope.txt.", toolCalls: [], finishReason: "stop" },
  ]);
  const result = await new AgentRunner().run({
    provider,
    model: "scripted",
    tools,
    messages: [{ role: "user", content: "What is in nope.txt?" }],
  });
  result.stopReason; // "completed"
  result.messages[2]?.content; // "Error: File not found: nope.txt\n\n[Analyze the error above …]"
  result.finalContent; // "There is no file called nope.txt."
  // #endregion agent-run
  return result;
}

/** The runner's batches for safe reads around an unsafe write. */
export async function runnerBatches(): Promise<void> {
  const tools = new ToolRegistry();
  for (const [name, safe] of [
    ["read_a", true],
    ["read_b", true],
    ["write_a", false],
    ["read_c", true],
  ] as const) {
    tools.register(new Stub(name, safe));
  }
  const spec: AgentRunSpec = { provider: new ScriptedProvider([]), model: "scripted", tools, messages: [] };
  const runner = new AgentRunner();
  const [readA, readB, writeA, readC] = [call("read_a"), call("read_b"), call("write_a"), call("read_c")];
  // #region partition-tool-batches
  // read_a, read_b, read_c safe; write_a unsafe
  runner.partitionToolBatches(spec, [readA, readB, writeA, readC]);
  // [[readA, readB], [writeA], [readC]]
  // #endregion partition-tool-batches
}

/** The batching rule alone, on any predicate. */
export async function batches(): Promise<void> {
  const [r1, r2, w, r3] = [call("r1"), call("r2"), call("w"), call("r3")];
  // #region partition-batches
  // r = safe, w = unsafe
  partitionBatches([r1, r2, w, r3], (c) => c.name.startsWith("r"));
  // [[r1, r2], [w], [r3]]
  // #endregion partition-batches
}

/** A history that lost a result and holds a result nobody asked for, repaired as the model's copy is. */
export function repairedHistory(): void {
  // #region repair-tool-pairs
  const history: ChatMessage[] = [
    { role: "user", content: "Read a.txt and b.txt" },
    { role: "tool", tool_call_id: "stray", name: "read_file", content: "no call declared this" },
    {
      role: "assistant",
      content: "",
      tool_calls: [
        { id: "a", type: "function", function: { name: "read_file", arguments: '{"path":"a.txt"}' } },
        { id: "b", type: "function", function: { name: "read_file", arguments: '{"path":"b.txt"}' } },
      ],
    },
    { role: "tool", tool_call_id: "a", name: "read_file", content: "1| alpha" },
    // the run was aborted before b answered
  ];
  const sent = repairToolPairs(history);
  // user; assistant (a, b); tool a "1| alpha";
  // tool b "[Tool result unavailable — call was interrupted or lost]" — the stray result is gone
  // #endregion repair-tool-pairs
  if (sent.length !== 4 || sent[3]?.content !== MISSING_TOOL_RESULT_MESSAGE) throw new Error("the history was not repaired");
}
