/**
 * This workbook's own loop in the peer comparison: `AgentRunner` with a `ScriptedProvider`.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { AgentRunner } from "../../src/agent/runner.js";
import { ScriptedProvider } from "../../src/testing/index.js";
import { ToolCallRequest, type LLMResponse } from "../../src/providers/base.js";
import { Tool, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import type { PeerLoop, PeerOptions, PeerOutcome, PeerScript, PeerTool } from "./scenario.js";

/** A workbook `Tool` built from a neutral description. */
class PeerToolAdapter extends Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly #spec: PeerTool;

  constructor(spec: PeerTool) {
    super();
    this.name = spec.name;
    this.description = spec.description;
    this.parameters = spec.schema;
    this.#spec = spec;
  }

  override get readOnly(): boolean {
    return this.#spec.readOnly;
  }

  execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    return this.#spec.run(params, options.signal);
  }
}

function turnsOf(script: PeerScript): LLMResponse[] {
  const steps: LLMResponse[] = script.turns.map((turn) => ({
    content: null,
    finishReason: "tool_calls",
    toolCalls: turn.map((c) => new ToolCallRequest({ id: c.id, name: c.name, arguments: c.args })),
  }));
  steps.push({ content: "done", toolCalls: [], finishReason: "stop" });
  return steps;
}

const version = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

/** `AgentRunner.run` over a `ToolRegistry` filled once per `prepare`. */
export const workbookLoop: PeerLoop = {
  name: "this workbook",
  version: `AgentRunner ${version}`,
  prepare(tools: readonly PeerTool[], options: PeerOptions = {}) {
    const registry = new ToolRegistry();
    for (const t of tools) registry.register(new PeerToolAdapter(t));
    const runner = new AgentRunner();
    return async (script: PeerScript): Promise<PeerOutcome> => {
      try {
        const result = await runner.run({
          provider: new ScriptedProvider(turnsOf(script)),
          model: "scripted",
          tools: registry,
          messages: [{ role: "user", content: "go" }],
          concurrentTools: options.sequential !== true,
          ...(options.toolTimeoutMs !== undefined ? { toolTimeoutMs: options.toolTimeoutMs } : {}),
        });
        const toolMessages = result.messages.filter((m) => m.role === "tool").map((m) => m.content ?? "");
        return { toolMessages, thrown: result.stopReason === "completed" ? null : `stopReason ${result.stopReason}: ${result.error ?? ""}` };
      } catch (error) {
        return { toolMessages: [], thrown: describe(error) };
      }
    };
  },
};

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
