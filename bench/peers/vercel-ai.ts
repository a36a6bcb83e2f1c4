/**
 * The Vercel AI SDK (`ai`) in the peer comparison: `generateText` with the SDK's own mock language
 * model from `ai/test`, and every tool defined from the same JSON Schema with `jsonSchema()`.
 * `jsonSchema()` is given no `validate` function, exactly as its documentation shows it: the SDK
 * then checks nothing but that the arguments parse as JSON.
 *
 * @module
 */
import { generateText, jsonSchema, stepCountIs, tool, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { installedVersion, type PeerLoop, type PeerOptions, type PeerOutcome, type PeerScript, type PeerTool } from "./scenario.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
type Prompt = Parameters<MockLanguageModelV3["doGenerate"]>[0]["prompt"];

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function turnsOf(script: PeerScript): GenerateResult[] {
  const turns: GenerateResult[] = script.turns.map((turn) => ({
    content: turn.map((c) => ({ type: "tool-call" as const, toolCallId: c.id, toolName: c.name, input: c.args })),
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  }));
  turns.push({ content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] });
  return turns;
}

/** The text of every tool result in the prompt's last tool messages, as the model would read it. */
function toolTextsOf(prompt: Prompt | undefined): string[] {
  if (prompt === undefined) return [];
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const output = part.output as { type: string; value?: unknown };
      texts.push(typeof output.value === "string" ? output.value : JSON.stringify(output.value));
    }
  }
  return texts;
}

function toolSetOf(tools: readonly PeerTool[]): ToolSet {
  const set: ToolSet = {};
  for (const t of tools) {
    set[t.name] = tool({
      description: t.description,
      inputSchema: jsonSchema(t.schema),
      execute: (args: unknown, { abortSignal }) => t.run(args, abortSignal),
    });
  }
  return set;
}

const version = installedVersion("ai");

/** `generateText` with a mock model; every call of one turn runs at once (the SDK has no sequential mode). */
export const vercelAiLoop: PeerLoop = {
  name: "Vercel AI SDK",
  version: `ai ${version}`,
  prepare(tools: readonly PeerTool[], options: PeerOptions = {}) {
    const toolSet = toolSetOf(tools);
    return async (script: PeerScript): Promise<PeerOutcome> => {
      const turns = turnsOf(script);
      let index = 0;
      let lastPrompt: Prompt | undefined;
      const model = new MockLanguageModelV3({
        doGenerate: (call) => {
          lastPrompt = call.prompt;
          const turn = turns[Math.min(index++, turns.length - 1)] as GenerateResult;
          return Promise.resolve(turn);
        },
      });
      try {
        await generateText({
          model,
          tools: toolSet,
          prompt: "go",
          stopWhen: stepCountIs(script.turns.length + 2),
          maxRetries: 0,
          // The SDK has no per-tool time limit; its nearest is a time limit on each step.
          ...(options.toolTimeoutMs !== undefined ? { timeout: { stepMs: options.toolTimeoutMs } } : {}),
        });
        return { toolMessages: toolTextsOf(lastPrompt), thrown: null };
      } catch (error) {
        return { toolMessages: toolTextsOf(lastPrompt), thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
      }
    };
  },
};
