/**
 * The OpenAI Agents SDK (`@openai/agents-core`, the runtime of `@openai/agents`) in the peer
 * comparison: a `Runner` with a fake `Model` that replays the script, and every tool defined from
 * the same JSON Schema with `tool({ parameters, strict: false })` (a strict schema could not express
 * the optional field). Tracing is off, so nothing is exported.
 *
 * @module
 */
import {
  Agent,
  Runner,
  setTracingDisabled,
  tool,
  Usage,
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type Tool,
} from "@openai/agents-core";
import { installedVersion, type PeerLoop, type PeerOptions, type PeerOutcome, type PeerScript, type PeerTool } from "./scenario.js";

setTracingDisabled(true);

function turnsOf(script: PeerScript): AgentOutputItem[][] {
  const turns: AgentOutputItem[][] = script.turns.map((turn) =>
    turn.map((c) => ({ type: "function_call" as const, callId: c.id, name: c.name, arguments: c.args, status: "completed" as const })),
  );
  turns.push([{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done" }] }]);
  return turns;
}

/** A model that answers each request with the next scripted turn and keeps the last input. */
class ScriptedModel implements Model {
  lastInput: string | AgentInputItem[] = [];
  #index = 0;
  readonly #turns: AgentOutputItem[][];

  constructor(turns: AgentOutputItem[][]) {
    this.#turns = turns;
  }

  getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.lastInput = request.input;
    const output = this.#turns[Math.min(this.#index++, this.#turns.length - 1)] as AgentOutputItem[];
    return Promise.resolve({ usage: new Usage(), output });
  }

  // eslint-disable-next-line require-yield, @typescript-eslint/require-await -- the model interface asks for an async iterable; this one fails on first read
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("streaming is not used in this comparison");
  }
}

function toolTextsOf(input: string | AgentInputItem[]): string[] {
  if (typeof input === "string") return [];
  const texts: string[] = [];
  for (const item of input) {
    if (item.type !== "function_call_result") continue;
    const output = item.output as unknown;
    if (typeof output === "string") texts.push(output);
    else if (output !== null && typeof output === "object" && "text" in output) texts.push(String(output.text));
    else texts.push(JSON.stringify(output));
  }
  return texts;
}

function toolsOf(tools: readonly PeerTool[], options: PeerOptions): Tool[] {
  return tools.map(
    (t) =>
      tool({
        name: t.name,
        description: t.description,
        strict: false,
        // The SDK types a non-strict schema as `additionalProperties: true`; at run time it takes any
        // object schema, and the comparison must give every loop the very same one.
        parameters: t.schema as never,
        execute: (args: unknown, _context, details) => t.run(args, details?.signal),
        ...(options.toolTimeoutMs !== undefined ? { timeoutMs: options.toolTimeoutMs, timeoutBehavior: "error_as_result" as const } : {}),
      }) as Tool,
  );
}

const version = installedVersion("@openai/agents-core");

/** `Runner.run` with a scripted model; `sequential` sets `maxFunctionToolConcurrency: 1` for the whole run. */
export const openAiAgentsLoop: PeerLoop = {
  name: "OpenAI Agents SDK",
  version: `@openai/agents-core ${version}`,
  prepare(tools: readonly PeerTool[], options: PeerOptions = {}) {
    const agentTools = toolsOf(tools, options);
    const runner = new Runner({
      tracingDisabled: true,
      ...(options.sequential === true ? { toolExecution: { maxFunctionToolConcurrency: 1 } } : {}),
    });
    return async (script: PeerScript): Promise<PeerOutcome> => {
      const model = new ScriptedModel(turnsOf(script));
      const agent = new Agent({ name: "peer", instructions: "Use the tools.", model, tools: agentTools });
      try {
        await runner.run(agent, "go", { maxTurns: script.turns.length + 2 });
        return { toolMessages: toolTextsOf(model.lastInput), thrown: null };
      } catch (error) {
        return { toolMessages: toolTextsOf(model.lastInput), thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
      }
    };
  },
};
