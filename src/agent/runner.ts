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
 * @module
 */
import { ToolCallRequest, type ChatMessage, type LLMProvider, type LLMResponse } from "../providers/base.js";
import { isToolErrorResult, type Tool } from "../tools/base.js";
import { isPlainObject } from "../tools/cast.js";
import { emptyResultMessage, RETRY_HINT } from "../tools/messages.js";
import type { ToolRegistry } from "../tools/registry.js";
import { describeThrown, formatThrown } from "../tools/thrown.js";
import { coerceArgumentValue, unwrapArgumentsPayload } from "../tools/coerce.js";
import { partitionBatches } from "./batches.js";
import {
  buildToolMessage,
  DEFAULT_MAX_TOOL_RESULT_CHARS,
  isEmptyToolResult,
  PERSISTENCE_EXEMPT_TOOLS,
  toolResultToText,
  truncateText,
} from "./tool-message.js";
import {
  classifyViolation,
  escalationMessage,
  externalLookupSignature,
  MAX_REPEATED_EXTERNAL_LOOKUPS,
  MAX_REPEATED_WORKSPACE_VIOLATIONS,
  REPEATED_LOOKUP_MESSAGE,
  SSRF_NOTE,
  workspaceViolationSignature,
} from "./violations.js";

/** Everything one run needs: the model, the tools, the conversation so far, and the limits. */
export interface AgentRunSpec {
  /** Answers each model turn. */
  provider: LLMProvider;
  /** The model name sent with every request. */
  model: string;
  /** The tools the model may call; their definitions are sent with every request. */
  tools: ToolRegistry;
  /** The conversation so far. It is copied, never changed. */
  messages: ChatMessage[];
  /** How many model turns may ask for tools. Default 20. */
  maxIterations?: number;
  /**
   * When the iteration limit is reached, make one more request, without tools, asking for a
   * final answer ({@link BUDGET_EXHAUSTED_FINALIZATION_PROMPT}); its answer becomes the final
   * text. Default true, as upstream's `finalize_on_max_iterations`.
   */
  finalizeOnMaxIterations?: boolean;
  /**
   * The final text when the iteration limit is reached and no final answer was obtained, as
   * upstream's `max_iterations_message`: `{max_iterations}` is replaced by the limit (`{{` and
   * `}}` give braces). Default {@link DEFAULT_MAX_ITERATIONS_MESSAGE}.
   */
  maxIterationsMessage?: string;
  /** Run consecutive concurrency-safe calls together. Default true. */
  concurrentTools?: boolean;
  /** At most this many calls of one batch at the same time. Default unlimited. */
  maxConcurrency?: number;
  /** Stop the run after a turn in which a tool failed (other than a security refusal). Default false. */
  failOnToolError?: boolean;
  /** Longer results are persisted (with a workspace) or truncated. Default 16000; 0 or less disables both. */
  maxToolResultChars?: number;
  /** Where large results are saved, under `.tool-results/`. Without it they are truncated. */
  workspace?: string;
  /** Names the folder for this conversation's saved results. Default `"default"`. */
  sessionKey?: string;
  /** Per-call time limit in milliseconds; on expiry the call's signal aborts and an error result returns. */
  toolTimeoutMs?: number;
  /** Aborting it ends the run and aborts every call in flight. */
  signal?: AbortSignal;
}

/** What happened to one call, for logs and the lessons' trace: the name as called, a status and a short detail. */
export interface ToolEvent {
  /** The name as the model called it. */
  name: string;
  /** `"ok"` when the tool ran and succeeded; `"error"` for every kind of failure or refusal. */
  status: "ok" | "error";
  /** A one-line summary: the start of the result, or what went wrong. */
  detail: string;
}

/** How a run ended, with the full conversation it produced. */
export interface AgentRunResult {
  /**
   * The model's final answer (its text with outer blank space removed, as upstream); for
   * `tool_error`, `error` and `max_iterations`, the text that explains the stop.
   */
  finalContent: string | null;
  /** The input messages followed by every assistant and tool message of the run. */
  messages: ChatMessage[];
  /** Names (as called) of the calls that succeeded, in call order, over the whole run. */
  toolsUsed: string[];
  /** One event per call, in call order, over the whole run. */
  toolEvents: ToolEvent[];
  /** Why the run stopped. */
  stopReason: "completed" | "tool_error" | "max_iterations" | "error" | "aborted";
  /** What went wrong, for `tool_error`, `error` and `aborted`; otherwise null. */
  error: string | null;
}

/** What {@link AgentRunner.executeTools} resolves with: one entry per call, in call order. */
export interface ExecuteToolsResult {
  /** Per call: the tool's own value for a success, the error text the model will read otherwise. */
  results: unknown[];
  /** Per call: the name as called, `"ok"` or `"error"`, and a short detail. */
  events: ToolEvent[];
  /** With `failOnToolError`, the first fatal error in call order; otherwise null. */
  fatalError: Error | null;
}

/** The default `maxIterations`. */
export const DEFAULT_MAX_ITERATIONS = 20;

/** The event detail of a lookup refused by the repeated-lookup throttle. */
export const REPEATED_LOOKUP_DETAIL = "repeated external lookup blocked";

/** The `error` of a run that was aborted. */
export const RUN_ABORTED_MESSAGE = "Error: the run was aborted";

/** The text a call gets when its time limit ran out. */
export function toolTimeoutMessage(name: string, ms: number): string {
  return `Error: Tool '${name}' timed out after ${ms} ms`;
}

/** The text a call gets when the run was aborted before it finished (or before it started). */
export function toolAbortedMessage(name: string): string {
  return `Error: Tool '${name}' did not finish because the run was aborted`;
}

/**
 * The fallback final text of a run that reached its iteration limit without a final answer
 * (upstream's exact text, from its `max_iterations_message.md` template). `{max_iterations}` is
 * replaced by the limit.
 */
export const DEFAULT_MAX_ITERATIONS_MESSAGE =
  "I reached the maximum number of tool call iterations ({max_iterations}) without completing the task. " +
  "You can try breaking the task into smaller steps.";

/**
 * The fallback final text for a run that reached the iteration limit of `max`: `template`
 * (default {@link DEFAULT_MAX_ITERATIONS_MESSAGE}) with `{max_iterations}` replaced by `max`, and
 * `{{`/`}}` by single braces, as Python's `str.format` does. An empty template gives the default.
 *
 * @example
 * ```ts
 * maxIterationsMessage(3);
 * // "I reached the maximum number of tool call iterations (3) without completing the task. You can try …"
 * maxIterationsMessage(3, "Stopped after {max_iterations} rounds.");  // "Stopped after 3 rounds."
 * ```
 */
export function maxIterationsMessage(max: number, template?: string): string {
  const text = typeof template === "string" && template !== "" ? template : DEFAULT_MAX_ITERATIONS_MESSAGE;
  return text.replace(/\{\{|\}\}|\{max_iterations\}/g, (m) => (m === "{{" ? "{" : m === "}}" ? "}" : String(max)));
}

/**
 * The user message of the one extra request made when the iteration limit is reached
 * (upstream's exact text). The request carries no tools.
 */
export const BUDGET_EXHAUSTED_FINALIZATION_PROMPT =
  "The tool-call budget for this turn is exhausted. Based only on the " +
  "conversation and tool results above, provide a concise final response to " +
  "the user. Do not call or request tools. Do not claim the task is complete " +
  "unless the evidence above clearly shows it is complete. State what was " +
  "done, what remains, and the best next step if anything is incomplete.";

/** The first paragraph of the request to continue a reply cut off by `finish_reason: "length"` (upstream's exact text). */
export const LENGTH_RECOVERY_PROMPT =
  "The previous assistant response was cut off. Continue the same response from its " +
  "exact endpoint. Output only new continuation text in the same language and style. " +
  "Do not acknowledge this instruction, restart the response, repeat its title or any " +
  "existing text, recap, or apologize.";

/** How many cut-off replies in a row are continued; the next one is taken as it is. */
export const MAX_LENGTH_RECOVERIES = 3;

/** How many characters (code points) of the cut-off reply the continuation request quotes. */
export const LENGTH_RECOVERY_TAIL_CHARS = 64;

/**
 * The user message that asks the model to continue a cut-off reply (upstream's exact text): the
 * {@link LENGTH_RECOVERY_PROMPT}, then the last 64 characters of `content` as the tail already
 * delivered.
 */
export function lengthRecoveryMessage(content: string): ChatMessage {
  const tail = Array.from(content).slice(-LENGTH_RECOVERY_TAIL_CHARS).join("");
  return {
    role: "user",
    content:
      `${LENGTH_RECOVERY_PROMPT}\n\n` +
      "The following tail was already delivered to the user. Treat it as immutable " +
      "context and do not output it again:\n" +
      "<already_delivered_tail>\n" +
      `${tail}\n` +
      "</already_delivered_tail>\n" +
      "Begin with the text that belongs immediately after this tail.",
  };
}

/** The final text of a reply with `finish_reason: "error"` and no text of its own (upstream's exact text). */
export const MODEL_ERROR_MESSAGE = "Sorry, I encountered an error calling the AI model.";

/**
 * The assistant message put in the transcript in place of a reply that failed with
 * `finish_reason: "error"` (upstream's exact text), so the failed reply is never replayed as if
 * the model had said it.
 */
export const MODEL_ERROR_PLACEHOLDER = "[Assistant reply unavailable due to model error.]";

/** The finish reasons under which a reply's tool calls are run (upstream's `should_execute_tools`). */
export const TOOL_FINISH_REASONS: ReadonlySet<string> = new Set(["tool_calls", "function_call", "stop"]);

/** What executing one call produced, before it is turned into a payload and an event. */
type Outcome =
  | { kind: "blocked" }
  | { kind: "aborted" }
  | { kind: "timeout"; ms: number }
  | { kind: "prep"; text: string }
  | { kind: "thrown"; value: unknown }
  | { kind: "error-result"; text: string }
  | { kind: "ok"; value: unknown };

/** What running one call gave: its outcome, and the arguments the guards key on (as preparation unwrapped them). */
interface Ran {
  outcome: Outcome;
  args: unknown;
}

/**
 * The arguments the guards key on when the registry has no `prepareCall`: coerced and unwrapped
 * by the same rules (`{"arguments": {…}}` is unwrapped unless the tool declares `arguments`).
 */
function guardArguments(spec: AgentRunSpec, call: ToolCallRequest): unknown {
  const coerced = coerceArgumentValue(call.arguments);
  let schema: Record<string, unknown> = {};
  try {
    const tools = spec.tools as Partial<Pick<ToolRegistry, "get">>;
    const tool = typeof tools.get === "function" ? tools.get(call.name) : undefined;
    if (tool !== undefined && isPlainObject(tool.parameters)) schema = tool.parameters;
  } catch {
    schema = {};
  }
  return unwrapArgumentsPayload(schema, coerced);
}

/**
 * One call, finished: the payload (`executeTools` reports it), the text the model reads (each
 * result is turned into text once, here), the event, and a fatal error.
 */
interface Settled {
  payload: unknown;
  text: string;
  event: ToolEvent;
  fatal: Error | null;
}

/** Counters for one agent turn (one `run()`), shared by its iterations and concurrent calls. */
interface TurnState {
  lookups: Map<string, number>;
  violations: Map<string, number>;
}

function newTurnState(): TurnState {
  return { lookups: new Map(), violations: new Map() };
}

/** An error built from a text result, named `RuntimeError` as upstream does, so `failOnToolError` reports `Error: RuntimeError: <text>`. */
function textError(text: string): Error {
  const error = new Error(text);
  error.name = "RuntimeError";
  return error;
}

/** A thrown value as an `Error`, keeping the description `formatThrown` gives of it. */
function asError(value: unknown): Error {
  try {
    if (value instanceof Error) return value;
  } catch {
    // A Proxy whose traps throw is no Error we can keep: describe it below instead.
  }
  const { name, message } = describeThrown(value);
  const error = new Error(message);
  error.name = name;
  return error;
}

function oneLine(text: string): string {
  return text.replace(/\n/g, " ").trim();
}

/** The event detail of a success, from the result's text: one line, at most 120 characters and `...`. */
function successDetail(result: unknown, text: string): string {
  const line = result === null || result === undefined ? "" : oneLine(text);
  if (line === "") return "(empty)";
  return line.length > 120 ? line.slice(0, 120) + "..." : line;
}

/** Shown for a returned value that cannot be turned into text at all. */
const UNREADABLE_RESULT_TEXT = "[a result that cannot be shown as text]";

/**
 * The text the model reads for a successful result, made once per result: `""` for an empty
 * result (the message builder then writes the empty-result marker), else
 * {@link toolResultToText}. Whatever the value does (a Proxy whose traps throw, an object dressed
 * as a `ToolResult` without fields), a string comes back.
 */
function resultText(value: unknown): string {
  let empty = false;
  try {
    empty = isEmptyToolResult(value);
  } catch {
    empty = false;
  }
  if (empty) return "";
  try {
    const text: unknown = toolResultToText(value);
    return typeof text === "string" ? text : UNREADABLE_RESULT_TEXT;
  } catch {
    return UNREADABLE_RESULT_TEXT;
  }
}

/** Sorts what a tool returned into a success or a `ToolResult` error, never throwing. */
function inspectReturn(value: unknown): Outcome {
  try {
    if (!isToolErrorResult(value)) return { kind: "ok", value };
    const content: unknown = value.content;
    return { kind: "error-result", text: typeof content === "string" ? content : resultText(content) };
  } catch (thrown) {
    return { kind: "thrown", value: new TypeError(`the tool returned a value that cannot be inspected (${formatThrown(thrown)})`) };
  }
}

/**
 * Appends the run's final assistant text, as upstream: nothing for an empty text; a last
 * assistant message without tool calls is replaced rather than followed by a second one.
 */
function appendFinalMessage(messages: ChatMessage[], content: string): void {
  if (content === "") return;
  const last = messages.at(-1);
  if (last !== undefined && last.role === "assistant" && !(last.tool_calls !== undefined && last.tool_calls.length > 0)) {
    if (last.content !== content) messages[messages.length - 1] = { role: "assistant", content };
    return;
  }
  messages.push({ role: "assistant", content });
}

/** Puts {@link MODEL_ERROR_PLACEHOLDER} in the transcript, unless it already ends with an assistant answer. */
function appendModelErrorPlaceholder(messages: ChatMessage[]): void {
  const last = messages.at(-1);
  if (last !== undefined && last.role === "assistant" && !(last.tool_calls !== undefined && last.tool_calls.length > 0)) return;
  messages.push({ role: "assistant", content: MODEL_ERROR_PLACEHOLDER });
}

/** The tool message for one settled call, from the text made once in `#settle`; never rejects. */
async function toolMessageFor(
  call: ToolCallRequest,
  done: Settled,
  options: { maxToolResultChars: number; workspace?: string; sessionKey?: string },
): Promise<ChatMessage> {
  try {
    return await buildToolMessage(call, done.text, options);
  } catch {
    const text = done.text.trim() === "" ? emptyResultMessage(call.name) : done.text;
    const max = options.maxToolResultChars;
    const content = PERSISTENCE_EXEMPT_TOOLS.has(call.name) ? text : truncateText(text, max);
    return { role: "tool", tool_call_id: call.id, name: call.name, content };
  }
}

function prepDetail(text: string): string {
  const at = text.indexOf(": ");
  return (at >= 0 ? text.slice(at + 2) : text).slice(0, 120);
}

function positiveNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/** Resolves with `promise`, or rejects as soon as `signal` aborts (a pending promise is then ignored). */
function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason ?? new Error("aborted"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Runs `items` through `fn`, at most `limit` at a time, starting them in order; results in input order. */
async function runPool<T, R>(items: readonly T[], limit: number | null, fn: (item: T) => Promise<R>): Promise<R[]> {
  if (items.length === 1) return [await fn(items[0] as T)];
  const cap = limit === null ? items.length : Math.max(1, Math.floor(limit));
  if (cap >= items.length) return Promise.all(items.map(fn));
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: cap }, worker));
  return results;
}

/** A call from a provider, made safe: a real `ToolCallRequest`, or null when it has no valid name. */
function normalizeCall(call: unknown, fallbackId: string): ToolCallRequest | null {
  if (call instanceof ToolCallRequest) return call.hasValidName() ? call : null;
  if (!isPlainObject(call) && (call === null || typeof call !== "object")) return null;
  const raw = call as { id?: unknown; name?: unknown; arguments?: unknown };
  if (typeof raw.name !== "string" || raw.name === "") return null;
  const id = typeof raw.id === "string" && raw.id !== "" ? raw.id : fallbackId;
  return new ToolCallRequest({ id, name: raw.name, arguments: raw.arguments });
}

/**
 * Runs the agent loop. One instance can serve any number of runs; it holds no state between them.
 */
export class AgentRunner {
  /**
   * Runs the loop until the model answers without tool calls, and resolves with how it ended.
   * Never rejects: a provider failure gives `stopReason: "error"`, an abort `"aborted"`, the
   * iteration limit `"max_iterations"`, and a fatal tool error (with `failOnToolError`) `"tool_error"`.
   *
   * Each turn appends the assistant message with its `tool_calls` and then exactly one tool
   * message per call, in call order. Calls without a valid name are dropped first. As upstream,
   * tool calls run only when the finish reason is `tool_calls`, `function_call` or `stop` (a
   * missing one counts as `stop`); under any other reason they are ignored and:
   * - `length`: the reply was cut off. Its text is kept and the model is asked to continue
   *   ({@link lengthRecoveryMessage}), up to {@link MAX_LENGTH_RECOVERIES} times in a row; the
   *   final text joins the parts. Tool work in between starts a new chain.
   * - `error`: the run ends with `"error"`; `finalContent` and `error` are the reply's text, or
   *   {@link MODEL_ERROR_MESSAGE} when it has none, and the transcript gets
   *   {@link MODEL_ERROR_PLACEHOLDER} instead of the reply. A request that fails (the provider
   *   throws) ends the same way, with `Error: the model request failed: …`.
   * - `refusal`, `content_filter` or anything else: the reply's text is the answer (`"completed"`).
   *
   * As upstream, a reply's text is used with its outer blank space removed (in the transcript and
   * as `finalContent`); the parts of a cut-off chain keep theirs, so they join as written.
   *
   * When `maxIterations` turns have all asked for tools, one more request is made, without tools,
   * with {@link BUDGET_EXHAUSTED_FINALIZATION_PROMPT} (unless `finalizeOnMaxIterations: false`);
   * its text is the final answer. If it fails, ends with `error`, asks for tools or is blank, the
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
   * ```ts
   * const tools = new ToolRegistry();
   * tools.register(new ReadFileTool({ workspace: "/tmp/ws" }));
   * const provider = new ScriptedProvider([
   *   { content: null, finishReason: "tool_calls",
   *     toolCalls: [new ToolCallRequest({ id: "call_1", name: "read_file", arguments: { path: "nope.txt" } })] },
   *   { content: "There is no file called nope.txt.", toolCalls: [], finishReason: "stop" },
   * ]);
   * const result = await new AgentRunner().run({
   *   provider, model: "scripted", tools,
   *   messages: [{ role: "user", content: "What is in nope.txt?" }],
   * });
   * result.stopReason;                 // "completed"
   * result.messages[2]?.content;       // "Error: File not found: nope.txt\n\n[Analyze the error above …]"
   * result.finalContent;               // "There is no file called nope.txt."
   * ```
   */
  async run(spec: AgentRunSpec): Promise<AgentRunResult> {
    const messages: ChatMessage[] = [...(spec.messages ?? [])];
    const toolsUsed: string[] = [];
    const toolEvents: ToolEvent[] = [];
    const end = (
      stopReason: AgentRunResult["stopReason"],
      finalContent: string | null,
      error: string | null,
    ): AgentRunResult => ({ finalContent, messages, toolsUsed, toolEvents, stopReason, error });

    const requested = spec.maxIterations;
    const maxIterations =
      typeof requested === "number" && Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : DEFAULT_MAX_ITERATIONS;
    const state = newTurnState();
    const maxChars =
      typeof spec.maxToolResultChars === "number" && !Number.isNaN(spec.maxToolResultChars)
        ? spec.maxToolResultChars
        : DEFAULT_MAX_TOOL_RESULT_CHARS;
    const messageOptions = {
      maxToolResultChars: maxChars,
      ...(spec.workspace !== undefined ? { workspace: spec.workspace } : {}),
      ...(spec.sessionKey !== undefined ? { sessionKey: spec.sessionKey } : {}),
    };

    const request = (extra: ChatMessage[], withTools: boolean): Promise<LLMResponse> => {
      const chatRequest = {
        model: spec.model,
        messages: [...messages, ...extra].map((m) => budgetHistoryMessage(m, maxChars)),
        tools: withTools ? spec.tools.getDefinitions() : [],
        ...(spec.signal !== undefined ? { signal: spec.signal } : {}),
      };
      return raceSignal(Promise.resolve().then(() => spec.provider.chat(chatRequest)), spec.signal);
    };
    // Parts of one unbroken chain of cut-off replies (finish reason "length"); tool work ends a chain.
    const lengthParts: string[] = [];

    try {
      for (let iteration = 0; iteration < maxIterations; iteration++) {
        if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);

        let response: LLMResponse;
        try {
          response = await request([], true);
          if (response === null || typeof response !== "object") throw new TypeError("the provider returned no response");
        } catch (thrown) {
          if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);
          // Upstream's providers turn a failed request into a reply with finish reason "error";
          // it ends the run the same way.
          const text = `Error: the model request failed: ${formatThrown(thrown)}`;
          appendModelErrorPlaceholder(messages);
          return end("error", text, text);
        }

        const content = typeof response.content === "string" ? response.content : null;
        // As upstream, the reply's text is used with its outer blank space removed; a cut-off
        // part keeps it, so the joined parts read as the model wrote them.
        const clean = content === null ? null : content.trim();
        const finishReason =
          typeof response.finishReason === "string" && response.finishReason !== "" ? response.finishReason : "stop";
        const rawCalls: unknown[] = Array.isArray(response.toolCalls) ? response.toolCalls : [];
        const calls = rawCalls
          .map((call, index) => normalizeCall(call, `call_${iteration}_${index}`))
          .filter((call): call is ToolCallRequest => call !== null);

        if (calls.length > 0 && TOOL_FINISH_REASONS.has(finishReason)) {
          lengthParts.length = 0;
          messages.push({ role: "assistant", content: clean ?? "", tool_calls: calls.map((c) => c.toOpenAIToolCall()) });
          const settled = await this.#executeCalls(spec, calls, state);
          for (let i = 0; i < calls.length; i++) {
            const call = calls[i] as ToolCallRequest;
            const done = settled[i] as Settled;
            messages.push(await toolMessageFor(call, done, messageOptions));
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
          messages.push({ role: "assistant", content: clean ?? "" });
          messages.push(lengthRecoveryMessage(clean ?? ""));
          continue;
        }
        if (finishReason === "error") {
          const text = clean !== null && clean !== "" ? clean : MODEL_ERROR_MESSAGE;
          appendModelErrorPlaceholder(messages);
          return end("error", text, text);
        }
        messages.push({ role: "assistant", content: clean });
        const finalContent = lengthParts.length > 0 ? (lengthParts.join("") + (content ?? "")).trim() : clean;
        return end("completed", finalContent, null);
      }

      if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);
      let terminal: string | null = null;
      if (spec.finalizeOnMaxIterations !== false) {
        terminal = await this.#finalizeAfterMaxIterations(request);
        if (spec.signal?.aborted) return end("aborted", null, RUN_ABORTED_MESSAGE);
      }
      terminal ??= maxIterationsMessage(maxIterations, spec.maxIterationsMessage);
      const finalContent =
        lengthParts.length > 0 ? `${lengthParts.join("").trimEnd()}\n\n${terminal.trimStart()}`.trim() : terminal;
      appendFinalMessage(messages, terminal);
      return end("max_iterations", finalContent, null);
    } catch (thrown) {
      // Not expected: every known failure is handled above. Kept so run() never rejects.
      return end("error", null, `Error: the run failed: ${formatThrown(thrown)}`);
    }
  }

  /**
   * The one request made after the iteration limit: the conversation, then
   * {@link BUDGET_EXHAUSTED_FINALIZATION_PROMPT}, with no tools. Its text is the final answer;
   * null (use the fallback) when the request fails, ends with finish reason `error`, asks for
   * tools, or has no text.
   */
  async #finalizeAfterMaxIterations(
    request: (extra: ChatMessage[], withTools: boolean) => Promise<LLMResponse>,
  ): Promise<string | null> {
    try {
      const response = await request([{ role: "user", content: BUDGET_EXHAUSTED_FINALIZATION_PROMPT }], false);
      if (response === null || typeof response !== "object") return null;
      if (response.finishReason === "error") return null;
      if (Array.isArray(response.toolCalls) && response.toolCalls.length > 0) return null;
      const content: unknown = response.content;
      return typeof content === "string" && content.trim() !== "" ? content : null;
    } catch {
      return null;
    }
  }

  /**
   * Splits one turn's calls into batches. With `concurrentTools` (the default), consecutive calls
   * whose tool exists and is `concurrencySafe` share a batch; an unknown, unsafe or exclusive
   * call is a batch on its own. With `concurrentTools: false` every call is its own batch.
   *
   * @example
   * ```ts
   * // read_a, read_b safe; write_a unsafe
   * runner.partitionToolBatches(spec, [readA, readB, writeA, readC]);
   * // [[readA, readB], [writeA], [readC]]
   * ```
   */
  partitionToolBatches(spec: AgentRunSpec, calls: ToolCallRequest[]): ToolCallRequest[][] {
    if (spec.concurrentTools === false) return partitionBatches(calls, () => false);
    return partitionBatches(calls, (call) => {
      try {
        const tools = spec.tools as Partial<Pick<ToolRegistry, "get">>;
        const tool: Tool | undefined = typeof tools.get === "function" ? tools.get(call.name) : undefined;
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
   * iterations).
   */
  async executeTools(
    spec: AgentRunSpec,
    calls: ToolCallRequest[],
  ): Promise<ExecuteToolsResult> {
    const settled = await this.#executeCalls(spec, calls, newTurnState());
    return {
      results: settled.map((s) => s.payload),
      events: settled.map((s) => s.event),
      fatalError: settled.find((s) => s.fatal !== null)?.fatal ?? null,
    };
  }

  async #executeCalls(spec: AgentRunSpec, calls: readonly ToolCallRequest[], state: TurnState): Promise<Settled[]> {
    const settled: Settled[] = [];
    const limit = positiveNumber(spec.maxConcurrency);
    for (const batch of this.partitionToolBatches(spec, [...calls])) {
      const ran = await runPool(batch, limit, (call) => this.#runTool(spec, call, state));
      // Payloads, events and violation counts are worked out in call order, so a turn's
      // escalations do not depend on which concurrent call happened to finish first.
      batch.forEach((call, i) => {
        const { outcome, args } = ran[i] as Ran;
        let done: Settled;
        try {
          done = this.#settle(spec, call, outcome, args, state);
        } catch (thrown) {
          // Not expected (#settle guards every read of the value); kept so no call loses its message.
          const text = `Error: ${formatThrown(thrown)}`;
          done = { payload: text, text, event: { name: call.name, status: "error", detail: oneLine(text).slice(0, 120) }, fatal: null };
        }
        settled.push(done);
      });
    }
    return settled;
  }

  /**
   * Runs one call: preparation (which also gives the arguments the guards key on), the lookup
   * throttle, then the tool under its time limit and the run's signal. Never rejects.
   */
  async #runTool(spec: AgentRunSpec, call: ToolCallRequest, state: TurnState): Promise<Ran> {
    let args: unknown = call.arguments;
    try {
      if (spec.signal?.aborted) return { outcome: { kind: "aborted" }, args };

      const tools = spec.tools as Partial<ToolRegistry>;
      // Preparation is pure, so it runs first: the throttle and the violation counter then key on
      // the arguments as preparation unwrapped them, and a `{"arguments": {…}}` wrapper cannot
      // slip past either. A blocked call still never reaches its tool.
      let prepared: unknown = null;
      let prepThrown: { value: unknown } | null = null;
      if (typeof tools.prepareCall === "function") {
        try {
          prepared = tools.prepareCall(call.name, call.arguments, (step) => {
            if (step.step === "coerce" || step.step === "unwrap") args = step.output;
          });
        } catch (thrown) {
          prepThrown = { value: thrown };
        }
      } else {
        args = guardArguments(spec, call);
      }

      const lookup = externalLookupSignature(call.name, args);
      if (lookup !== null) {
        const count = (state.lookups.get(lookup) ?? 0) + 1;
        state.lookups.set(lookup, count);
        if (count > MAX_REPEATED_EXTERNAL_LOOKUPS) return { outcome: { kind: "blocked" }, args };
      }

      let start: (signal: AbortSignal) => Promise<unknown>;
      if (prepThrown !== null) {
        return { outcome: { kind: "thrown", value: prepThrown.value }, args };
      } else if (typeof tools.prepareCall === "function") {
        if (!isPreparedCall(prepared)) {
          return { outcome: { kind: "thrown", value: new TypeError(`prepareCall returned ${describeThrown(prepared).message}`) }, args };
        }
        if (prepared.error !== null) return { outcome: { kind: "prep", text: prepared.error.content }, args };
        const { tool, params } = prepared;
        start = (signal) => tool.execute(params, { signal, callId: call.id });
      } else if (typeof tools.execute === "function") {
        const execute = tools.execute.bind(spec.tools);
        start = () => execute(call.name, call.arguments);
      } else {
        return { outcome: { kind: "thrown", value: new TypeError("the tool registry has neither prepareCall nor execute") }, args };
      }
      return { outcome: await this.#runWithLimits(spec, start), args };
    } catch (thrown) {
      return { outcome: { kind: "thrown", value: thrown }, args };
    }
  }

  #runWithLimits(spec: AgentRunSpec, start: (signal: AbortSignal) => Promise<unknown>): Promise<Outcome> {
    const controller = new AbortController();
    const timeoutMs = positiveNumber(spec.toolTimeoutMs);
    const runSignal = spec.signal;
    return new Promise<Outcome>((resolve) => {
      let done = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (outcome: Outcome): void => {
        if (done) return;
        done = true;
        if (timer !== undefined) clearTimeout(timer);
        runSignal?.removeEventListener("abort", onRunAbort);
        resolve(outcome);
      };
      const onRunAbort = (): void => {
        finish({ kind: "aborted" });
        controller.abort(runSignal?.reason);
      };
      if (runSignal?.aborted) return finish({ kind: "aborted" });
      runSignal?.addEventListener("abort", onRunAbort, { once: true });
      if (timeoutMs !== null) {
        timer = setTimeout(() => {
          finish({ kind: "timeout", ms: timeoutMs });
          controller.abort(new DOMException(`the call timed out after ${timeoutMs} ms`, "TimeoutError"));
        }, timeoutMs);
      }
      let pending: Promise<unknown>;
      try {
        pending = Promise.resolve(start(controller.signal));
      } catch (thrown) {
        return finish({ kind: "thrown", value: thrown });
      }
      pending.then(
        (value) => finish(inspectReturn(value)),
        (thrown: unknown) => finish({ kind: "thrown", value: thrown }),
      );
    });
  }

  /** Turns an outcome into the payload the model reads, the event, and the fatal error (if any). */
  #settle(spec: AgentRunSpec, call: ToolCallRequest, outcome: Outcome, args: unknown, state: TurnState): Settled {
    const name = call.name;
    const failFast = spec.failOnToolError === true;
    const error = (payload: string, detail: string, fatal: Error | null): Settled => ({
      payload,
      text: payload,
      event: { name, status: "error", detail },
      fatal: failFast ? fatal : null,
    });

    switch (outcome.kind) {
      case "ok": {
        const text = resultText(outcome.value);
        return { payload: outcome.value, text, event: { name, status: "ok", detail: successDetail(outcome.value, text) }, fatal: null };
      }
      case "blocked":
        return error(REPEATED_LOOKUP_MESSAGE + RETRY_HINT, REPEATED_LOOKUP_DETAIL, textError(REPEATED_LOOKUP_MESSAGE));
      case "aborted":
        return error(toolAbortedMessage(name), "aborted", null);
      case "timeout": {
        const text = toolTimeoutMessage(name, outcome.ms);
        return error(text + RETRY_HINT, prepDetail(text), textError(text));
      }
      default:
        break;
    }

    let raw: string;
    let soft: Settled;
    if (outcome.kind === "prep") {
      raw = outcome.text;
      soft = error(raw + RETRY_HINT, prepDetail(raw), textError(raw));
    } else if (outcome.kind === "error-result") {
      raw = outcome.text;
      soft = error(raw + RETRY_HINT, oneLine(raw).slice(0, 120), textError(raw));
    } else {
      raw = describeThrown(outcome.value).message;
      soft = error(`Error: ${formatThrown(outcome.value)}`, raw, asError(outcome.value));
    }

    const violation = classifyViolation(raw);
    if (violation === "ssrf") {
      const payload = (raw.trim() === "" ? "Error: request blocked by SSRF guard" : raw.trim()) + "\n\n" + SSRF_NOTE;
      return { payload, text: payload, event: { name, status: "error", detail: ("ssrf_violation: " + oneLine(raw)).slice(0, 160) }, fatal: null };
    }
    if (violation === "workspace") {
      const signature = workspaceViolationSignature(name, args);
      const count = signature === null ? 0 : (state.violations.get(signature) ?? 0) + 1;
      if (signature !== null) state.violations.set(signature, count);
      if (signature !== null && count > MAX_REPEATED_WORKSPACE_VIOLATIONS) {
        const target = signature.slice("violation:".length);
        const payload = escalationMessage(target, count);
        return {
          payload,
          text: payload,
          event: { name, status: "error", detail: ("workspace_violation_escalated: " + oneLine(raw)).slice(0, 160) },
          fatal: null,
        };
      }
      return { ...soft, event: { name, status: "error", detail: ("workspace_violation: " + oneLine(raw)).slice(0, 160) }, fatal: null };
    }
    return soft;
  }
}

function isPreparedCall(
  value: unknown,
): value is { tool: Tool; params: Record<string, unknown>; error: null } | { tool: Tool | null; params: unknown; error: { content: string } } {
  if (value === null || typeof value !== "object" || !("error" in value)) return false;
  const { error, tool } = value as { error: unknown; tool?: unknown };
  if (error === null) return tool !== null && typeof tool === "object" && typeof (tool as Tool).execute === "function";
  return error !== null && typeof error === "object" && typeof (error as { content?: unknown }).content === "string";
}

/**
 * The copy of one history message sent to the model. A tool message from earlier history (for
 * example, one given in `spec.messages`) that is over the limit is truncated in the copy only;
 * the run's own `messages` keep it whole. `read_file` results are exempt, as when they are built.
 */
export function budgetHistoryMessage(message: ChatMessage, maxToolResultChars: number): ChatMessage {
  const copy = { ...message };
  if (
    copy.role === "tool" &&
    maxToolResultChars > 0 &&
    typeof copy.content === "string" &&
    copy.content.length > maxToolResultChars &&
    !PERSISTENCE_EXEMPT_TOOLS.has(copy.name ?? "")
  ) {
    copy.content = truncateText(copy.content, maxToolResultChars);
  }
  return copy;
}
