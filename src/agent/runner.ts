/**
 * The agent loop (lessons 6–8 and 10): ask the model, run the tools it calls, put every result
 * back as a `role: "tool"` message, and ask again — until the model answers in words, the
 * iteration limit is reached, a fatal tool error stops the run, the provider fails, or the run is
 * aborted. {@link AgentRunner.run} never rejects: every way of stopping is a `stopReason`.
 *
 * Inside one model turn the calls are split into batches
 * ({@link AgentRunner.partitionToolBatches}); the batches run one after another and the calls of
 * one batch run together ({@link AgentRunner.executeTools}). Whatever happens to a call — it is
 * unknown, its arguments are wrong, it throws, it times out, it is refused — it is answered by
 * exactly one tool message, in call order, so the model can read what went wrong and try again.
 *
 * This file holds the loop, the batching and the messages the run appends besides the tool
 * messages. One call's outcome, from preparation to its tool message, is `call.ts`; the texts
 * the runner writes are `runner-texts.ts`.
 * None of it needs Node: saving large results and counting workspace refusals, which do, are
 * imported only when needed.
 *
 * @module
 */
import type { LLMResponse, ToolCallRequest } from "../providers/base.js";
import type { ChatMessage } from "../chat/message.js";
import {
  BUDGET_EXHAUSTED_FINALIZATION_PROMPT,
  lengthRecoveryMessage,
  maxIterationsMessage,
  MODEL_ERROR_MESSAGE,
  MODEL_ERROR_PLACEHOLDER,
  RUN_ABORTED_MESSAGE,
} from "./runner-texts.js";
import { formatThrown } from "../util/thrown.js";
import { runPool, StopGroup } from "../util/async.js";
import { partitionBatches } from "./batches.js";
import { ModelHistory } from "./model-history.js";
import { askForReply, askModel, finalAnswerOf, type ModelReply } from "./model-turn.js";
import { readRunLimits, type RunLimits } from "./run-limits.js";
import type { AgentRunResult, AgentRunSpec, ExecuteToolsResult, ToolEvent } from "./run-spec.js";
import { newRunState, runCall, settleCall, settleFailure, toolMessageFor, type CallLimits, type RanCall, type RunState, type Settled } from "./call.js";
import type { ToolSource } from "./tool-source.js";
import { addUsage, emptyUsage, replyUsage, type TokenUsage } from "./usage.js";

// The run's types are declared in run-spec.ts; API.md pins them to this module, so they are
// exported from here too.

/** How many cut-off replies in a row are continued; the next one is taken as it is. */
export const MAX_LENGTH_RECOVERIES = 3;

/** The finish reasons under which a reply's tool calls are run (upstream's `should_execute_tools`). */
export const TOOL_FINISH_REASONS: ReadonlySet<string> = new Set(["tool_calls", "function_call", "stop"]);

/**
 * Runs the agent loop. One instance can serve any number of runs; it holds no state between them.
 *
 * @example
 * {@includeCode ../../docs/examples/runner.ts#agent-run}
 */
export class AgentRunner {
  /**
   * Runs the loop until the model answers without tool calls, and resolves with how it ended.
   * Never rejects: a provider failure gives `stopReason: "error"`, an abort `"aborted"`, the
   * iteration limit `"max_iterations"`, and a fatal tool error (with `failOnToolError`) `"tool_error"`.
   * A bad limit in the spec (`maxIterations`, `maxConcurrency`, `maxToolResultChars`,
   * `toolTimeoutMs`) gives `"error"` before the first request, with `error` naming it:
   * `Error: RangeError: toolTimeoutMs must be a positive, finite number of milliseconds (…); got NaN`.
   *
   * Each request carries a copy of the history, repaired as upstream does (`model-history.ts`):
   * results without a declared call are left out, a declared call without a result gets
   * {@link MISSING_TOOL_RESULT_MESSAGE}, and old tool messages are fitted like fresh ones. The
   * run's `messages` are never changed, only appended to.
   *
   * Each turn appends the assistant message with its `tool_calls` and then exactly one tool
   * message per call, in call order. Calls without a valid name are dropped first; when that
   * drops every call of a reply that asked for tools, the model is asked again (`askForReply`).
   * As upstream, tool calls run only when the finish reason is exactly `tool_calls`,
   * `function_call` or `stop` (a reply that leaves the field out counts as `stop`; an empty or
   * `null` one is none of them); under any other reason they are ignored and:
   * - `length`: the reply was cut off. Its text is kept and the model is asked to continue
   *   ({@link lengthRecoveryMessage}), up to 3 times in a row (`MAX_LENGTH_RECOVERIES`); the
   *   final text joins the parts. Tool work in between starts a new chain.
   * - `error`: the run ends with `"error"`; `finalContent` and `error` are the reply's text, or
   *   {@link MODEL_ERROR_MESSAGE} when it has none, and the transcript gets
   *   {@link MODEL_ERROR_PLACEHOLDER} instead of the reply. A request that fails (the provider
   *   throws) ends the same way, with `Error: the model request failed: …`.
   * - `refusal`, `content_filter` or anything else: the reply's text is the answer (`"completed"`).
   *
   * A reply's reasoning (`reasoningContent`) stays on its assistant message as
   * `reasoning_content`, so it is sent back; `usage` sums the tokens the replies reported.
   *
   * As upstream, a reply's text is used with its outer blank space removed (in the transcript and
   * as `finalContent`); the parts of a cut-off chain keep theirs, so they join as written.
   *
   * When `maxIterations` turns have all asked for tools, one more request is made, without tools,
   * with {@link BUDGET_EXHAUSTED_FINALIZATION_PROMPT} (unless `finalizeOnMaxIterations: false`);
   * its text is the final answer exactly as it came, outer blank space included (`"  summary  "`
   * stays so, as upstream keeps it). If it fails, ends with `error`, asks for tools or is blank, the
   * final text is {@link maxIterationsMessage}. Either way `stopReason` is `"max_iterations"`.
   *
   * With `failOnToolError`, the first fatal error in call order ends the run after every call of
   * that turn has run and been answered; `error` and `finalContent` are then
   * `Error: <error name>: <message>`. A thrown `Error` keeps its own name; an error built from a
   * text (a `ToolResult` error, a prepare error, a time-out, a blocked lookup) is named
   * `RuntimeError`, as upstream: `Error: RuntimeError: Error: File not found: a.txt`. SSRF and
   * workspace refusals are never fatal.
   *
   * @example
   * {@includeCode ../../docs/examples/runner.ts#agent-run}
   */
  async run(spec: AgentRunSpec): Promise<AgentRunResult> {
    const messages: ChatMessage[] = [...(spec.messages ?? [])];
    const toolsUsed: string[] = [];
    const toolEvents: ToolEvent[] = [];
    const usage: TokenUsage = emptyUsage();
    const count = (response: LLMResponse): LLMResponse => {
      addUsage(usage, replyUsage(response.usage));
      return response;
    };
    const end = (stopReason: AgentRunResult["stopReason"], finalContent: string | null, error: string | null): AgentRunResult => ({
      finalContent,
      messages,
      toolsUsed,
      toolEvents,
      stopReason,
      error,
      usage,
    });

    let limits: RunLimits;
    try {
      limits = readRunLimits(spec);
    } catch (thrown) {
      // A bad option is the caller's bug: the run ends before the first request, saying which option and why.
      const text = `Error: ${formatThrown(thrown)}`;
      return end("error", text, text);
    }
    const { maxIterations } = limits;
    const state = newRunState();
    const messageOptions = {
      maxToolResultChars: limits.maxToolResultChars,
      ...(spec.workspace !== undefined ? { workspace: spec.workspace } : {}),
      ...(spec.sessionKey !== undefined ? { sessionKey: spec.sessionKey } : {}),
    };
    // The copy of the history sent each turn: repaired and fitted, the run's messages untouched.
    const history = new ModelHistory(messageOptions);
    // Parts of one unbroken chain of cut-off replies (finish reason "length"); tool work ends a chain.
    const lengthParts: string[] = [];

    try {
      for (let iteration = 0; iteration < maxIterations; iteration++) {
        if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);

        const sent = await history.forModel(messages);
        let reply: ModelReply;
        try {
          reply = await askForReply(spec, sent, iteration, count);
        } catch (thrown) {
          if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);
          // Upstream's providers turn a failed request into a reply with finish reason "error";
          // it ends the run the same way.
          const text = `Error: the model request failed: ${formatThrown(thrown)}`;
          appendModelErrorPlaceholder(messages);
          return end("error", text, text);
        }
        // As upstream, the reply's text is used with its outer blank space removed (`clean`); a
        // cut-off part keeps it (`content`), so the joined parts read as the model wrote them.
        const { content, clean, finishReason, calls, reasoning } = reply;

        if (calls.length > 0 && TOOL_FINISH_REASONS.has(finishReason)) {
          lengthParts.length = 0;
          messages.push(withReasoning({ role: "assistant", content: clean ?? "", tool_calls: calls.map((c) => c.toOpenAIToolCall()) }, reasoning));
          const settled = await this.#executeCalls(spec, calls, state, limits);
          for (const [i, call] of calls.entries()) {
            const done = settled[i] as Settled;
            const message = await toolMessageFor(call, done.text, messageOptions);
            history.markOwn(message);
            messages.push(message);
            toolEvents.push(done.event);
            if (done.event.status === "ok") toolsUsed.push(call.name);
          }
          if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);
          const fatal = settled.find((s) => s.fatal !== null)?.fatal ?? null;
          if (fatal !== null) {
            const text = `Error: ${formatThrown(fatal)}`;
            appendFinalMessage(messages, text);
            return end("tool_error", text, text);
          }
          continue;
        }

        // From here on no tool runs: a reply without calls, or with calls under a finish reason
        // that does not allow them ("length", "refusal", "content_filter", "error", or any other).
        if (finishReason === "length" && lengthParts.length < MAX_LENGTH_RECOVERIES) {
          lengthParts.push(content ?? "");
          messages.push(withReasoning({ role: "assistant", content: clean ?? "" }, reasoning));
          messages.push(lengthRecoveryMessage(clean ?? ""));
          continue;
        }
        if (finishReason === "error") {
          const text = clean !== null && clean !== "" ? clean : MODEL_ERROR_MESSAGE;
          appendModelErrorPlaceholder(messages);
          return end("error", text, text);
        }
        messages.push(withReasoning({ role: "assistant", content: clean }, reasoning));
        const finalContent = lengthParts.length > 0 ? (lengthParts.join("") + (content ?? "")).trim() : clean;
        return end("completed", finalContent, null);
      }

      if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);
      let terminal: string | null = null;
      if (spec.finalizeOnMaxIterations !== false) {
        // One more request, without tools; its text is the final answer unless it fails.
        const prompt: ChatMessage = { role: "user", content: BUDGET_EXHAUSTED_FINALIZATION_PROMPT };
        terminal = await history
          .forModel([...messages, prompt])
          .then((sent) => askModel(spec, sent, false))
          .then((response) => finalAnswerOf(count(response)))
          .catch(() => null);
        if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);
      }
      terminal ??= maxIterationsMessage(maxIterations, spec.maxIterationsMessage);
      const finalContent = lengthParts.length > 0 ? `${lengthParts.join("").trimEnd()}\n\n${terminal.trimStart()}`.trim() : terminal;
      appendFinalMessage(messages, terminal);
      return end("max_iterations", finalContent, null);
    } catch (thrown) {
      // Not expected: every known failure is handled above. Kept so run() never rejects.
      return end("error", null, `Error: the run failed: ${formatThrown(thrown)}`);
    }
  }

  /**
   * Splits one turn's calls into batches. With `concurrentTools` (the default), consecutive calls
   * whose tool exists and is `concurrencySafe` share a batch; an unknown, unsafe or exclusive
   * call is a batch on its own. With `concurrentTools: false` every call is its own batch.
   *
   * @example
   * {@includeCode ../../docs/examples/runner.ts#partition-tool-batches}
   */
  partitionToolBatches(spec: AgentRunSpec, calls: ToolCallRequest[]): ToolCallRequest[][] {
    if (spec.concurrentTools === false) return partitionBatches(calls, () => false);
    return partitionBatches(calls, (call) => {
      try {
        const tools: ToolSource = spec.tools;
        const tool = typeof tools.get === "function" ? tools.get(call.name) : undefined;
        return tool !== undefined && Boolean(tool.concurrencySafe);
      } catch {
        return false;
      }
    });
  }

  /**
   * Runs one turn's calls: batch after batch, the calls of a batch concurrently (at most
   * `maxConcurrency` at once). Resolves — never rejects — with one result and one event per
   * call, in call order, whatever order they finished in, and the first fatal error in call order
   * when `failOnToolError` is set (else null). `results` hold what each call produced: the
   * tool's own value for a success, the error text the model will read otherwise. The lookup and
   * violation counters start fresh for each call of this method (`run` shares them across its
   * iterations). A bad limit in the spec runs no tool: every call is answered with that error
   * (`Error: RangeError: maxConcurrency must be a whole number of at least 1; got 0`).
   */
  async executeTools(spec: AgentRunSpec, calls: ToolCallRequest[]): Promise<ExecuteToolsResult> {
    let settled: Settled[];
    try {
      const limits = readRunLimits(spec);
      settled = await this.#executeCalls(spec, calls, newRunState(), limits);
    } catch (thrown) {
      // A bad option in the spec (#executeCalls itself never rejects): no tool runs, and every
      // call is answered with the option's error, as if the tool had thrown it.
      settled = await answerAll(calls, thrown, spec.failOnToolError === true);
    }
    return {
      results: settled.map((s) => s.payload),
      events: settled.map((s) => s.event),
      fatalError: settled.find((s) => s.fatal !== null)?.fatal ?? null,
    };
  }

  async #executeCalls(spec: AgentRunSpec, calls: readonly ToolCallRequest[], state: RunState, limits: RunLimits): Promise<Settled[]> {
    const settled: Settled[] = [];
    const timeoutMs = limits.toolTimeoutMs;
    // One listener on the run's signal and one timer serve every call of the turn (see StopGroup).
    const stops = new StopGroup(spec.signal, timeoutMs);
    const callLimits: CallLimits = { signal: spec.signal, stops, timedOut: { kind: "timeout", ms: timeoutMs ?? 0 } };
    const failFast = spec.failOnToolError === true;
    try {
      for (const batch of this.partitionToolBatches(spec, [...calls])) {
        const ran = await runPool(batch, limits.maxConcurrency, (call) => runCall(spec.tools, call, state.throttle, callLimits));
        // Payloads, events and violation counts are worked out in call order, so a run's
        // escalations do not depend on which concurrent call happened to finish first.
        for (const [i, call] of batch.entries()) {
          try {
            settled.push(await settleCall(call, ran[i] as RanCall, state, failFast));
          } catch (thrown) {
            settled.push(settleFailure(call, thrown));
          }
        }
      }
    } finally {
      stops.release();
    }
    return settled;
  }
}

/** Every call answered with the same thrown error, for a turn that could not start. */
async function answerAll(calls: readonly ToolCallRequest[], thrown: unknown, failFast: boolean): Promise<Settled[]> {
  const state = newRunState();
  const settled: Settled[] = [];
  for (const call of calls) {
    try {
      settled.push(await settleCall(call, { outcome: { kind: "thrown", value: thrown }, args: call.arguments }, state, failFast));
    } catch (failure) {
      settled.push(settleFailure(call, failure));
    }
  }
  return settled;
}

/** The assistant message with the reply's reasoning on it, as upstream keeps it (none when the reply had none). */
function withReasoning(message: ChatMessage, reasoning: string | null): ChatMessage {
  if (reasoning !== null) message.reasoning_content = reasoning;
  return message;
}

/** True for an assistant message that answers in words (one without tool calls). */
function isAssistantAnswer(message: ChatMessage | undefined): boolean {
  return message !== undefined && message.role === "assistant" && !(message.tool_calls !== undefined && message.tool_calls.length > 0);
}

/**
 * Appends the run's final assistant text, as upstream: nothing for an empty text; a last
 * assistant message without tool calls is replaced rather than followed by a second one.
 */
function appendFinalMessage(messages: ChatMessage[], content: string): void {
  if (content === "") return;
  if (isAssistantAnswer(messages.at(-1))) {
    if (messages.at(-1)?.content !== content) messages[messages.length - 1] = { role: "assistant", content };
    return;
  }
  messages.push({ role: "assistant", content });
}

/** Puts `MODEL_ERROR_PLACEHOLDER` in the transcript, unless it already ends with an assistant answer. */
function appendModelErrorPlaceholder(messages: ChatMessage[]): void {
  if (isAssistantAnswer(messages.at(-1))) return;
  messages.push({ role: "assistant", content: MODEL_ERROR_PLACEHOLDER });
}
