/**
 * Our side of the `turn` kind: a scripted run of `AgentRunner.run` through the public API, with
 * the same two tools and the same stand-in for a used-up script as the driver's side.
 *
 * A variant can put back, one at a time, what the runner did before it matched upstream at a
 * turn's edges, so the oracle's test can show that the kind catches each of them: reading an
 * empty or null finish reason as `stop`, ending at once when every call is malformed, dropping
 * the reasoning, and reporting no usage.
 *
 * @module
 */
import { AgentRunner, FakeTool, ToolCallRequest, ToolRegistry, ToolResult, type ChatRequest, type LLMProvider, type LLMResponse } from "../../../src/index.js";
import { fromWire, toWire, type SentRequest, type TurnInput, type TurnOutput, type TurnReply } from "./protocol.js";

/** What the scripted model answers once its script is used up (the same text as the driver's). */
export const TURN_SCRIPT_END = "(script ended)";

/** The error text of the `fail` tool (the same text as the driver's). */
export const TURN_FAIL_TEXT = "Error: the probe failed";

/** The runner as it is, or with one of the four edges put back as it was. */
export type TurnVariant = "fixed" | "empty-finish-as-stop" | "no-malformed-retry" | "no-reasoning" | "no-usage";

const TOOL_REASONS: ReadonlySet<unknown> = new Set(["tool_calls", "function_call"]);

function isNameless(call: { name: string | null }): boolean {
  return typeof call.name !== "string" || call.name === "";
}

/** One scripted reply as the provider hands it to the runner, changed as the variant says. */
function responseOf(reply: TurnReply, variant: TurnVariant): LLMResponse {
  const calls = reply.calls.map((c) => new ToolCallRequest({ id: c.id, name: c.name as string, arguments: fromWire(c.args) }));
  const response = { content: reply.content, toolCalls: calls } as LLMResponse;
  let finish: unknown = "finish" in reply ? reply.finish : undefined;
  if (variant === "empty-finish-as-stop" && (finish === "" || finish === null)) finish = "stop";
  if (variant === "no-malformed-retry" && reply.calls.length > 0 && reply.calls.every(isNameless) && TOOL_REASONS.has(finish)) finish = "stop";
  if (finish !== undefined) (response as { finishReason: unknown }).finishReason = finish;
  if (reply.usage !== undefined) response.usage = fromWire(reply.usage) as Record<string, unknown>;
  if (reply.reasoning !== undefined && variant !== "no-reasoning") response.reasoningContent = reply.reasoning;
  return response;
}

/** `turn`: the script run by `AgentRunner.run` (one call at a time, as upstream runs them by default). */
export async function ourTurn(input: TurnInput, variant: TurnVariant = "fixed"): Promise<TurnOutput> {
  const sent: SentRequest[] = [];
  const left = [...input.replies];
  const provider: LLMProvider = {
    chat(request: ChatRequest): Promise<LLMResponse> {
      sent.push({ messages: toWire(structuredClone(request.messages)), tools: request.tools.length > 0 });
      const next = left.shift();
      return Promise.resolve(next === undefined ? { content: TURN_SCRIPT_END, toolCalls: [], finishReason: "stop" } : responseOf(next, variant));
    },
  };
  const registry = new ToolRegistry();
  registry.register(new FakeTool({ name: "echo", parameters: { type: "object", properties: {} }, result: "ok" }));
  registry.register(new FakeTool({ name: "fail", parameters: { type: "object", properties: {} }, result: ToolResult.error(TURN_FAIL_TEXT) }));
  const result = await new AgentRunner().run({
    provider,
    model: "oracle",
    tools: registry,
    messages: [{ role: "user", content: "go" }],
    maxIterations: input.maxIterations,
    concurrentTools: false,
  });
  return {
    sent,
    final: toWire(result.finalContent),
    stop: result.stopReason,
    toolsUsed: toWire(result.toolsUsed),
    usage: variant === "no-usage" ? null : toWire(result.usage),
  };
}
