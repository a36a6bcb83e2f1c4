/**
 * What a run is given and what it gives back (lessons 6–8 and 10): the spec with its limits, the
 * result with its stop reason, and the event recorded for each call.
 *
 * @module
 */
import type { LLMProvider } from "../providers/base.js";
import type { TokenUsage } from "./usage.js";
import type { ChatMessage } from "../chat/message.js";
import type { ToolSource } from "./tool-source.js";

/**
 * Everything one run needs: the model, the tools, the conversation so far, and the limits. The
 * limits are checked before anything runs (`run-limits.ts`): a bad one ends `run` with
 * `stopReason: "error"` and an error naming it, and makes `executeTools` answer every call with
 * that error.
 */
export interface AgentRunSpec {
  /** Answers each model turn. */
  provider: LLMProvider;
  /** The model name sent with every request. */
  model: string;
  /**
   * The tools the model may call; their definitions are sent with every request. A
   * `ToolRegistry`, or any registry with the members of {@link ToolSource}, which are all the
   * runner reads.
   */
  tools: ToolSource;
  /** The conversation so far. It is copied, never changed. */
  messages: ChatMessage[];
  /** How many model turns may ask for tools: a whole number, 0 or more. Default 20. */
  maxIterations?: number;
  /**
   * When the iteration limit is reached, make one more request, without tools, asking for a
   * final answer ({@link BUDGET_EXHAUSTED_FINALIZATION_PROMPT}); its answer, as it came (not
   * trimmed), becomes the final text. Default true, as upstream's `finalize_on_max_iterations`.
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
  /** At most this many calls of one batch at the same time: a whole number, 1 or more. Default unlimited. */
  maxConcurrency?: number;
  /** Stop the run after a turn in which a tool failed (other than a security refusal). Default false. */
  failOnToolError?: boolean;
  /** Longer results are persisted (with a workspace) or truncated: a whole number. Default 16000; 0 or less disables both. */
  maxToolResultChars?: number;
  /** Where large results are saved, under `.tool-results/`. Without it they are truncated. */
  workspace?: string;
  /** Names the folder for this conversation's saved results. Default `"default"`. */
  sessionKey?: string;
  /**
   * Per-call time limit in milliseconds; on expiry the call's signal aborts and an error result
   * returns. A positive, finite number (fractions allowed); one over 2^31−1 (about 24.8 days)
   * counts as 2^31−1. Default none.
   */
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
  /**
   * The tokens the run's replies reported, summed as upstream sums them (`usage.ts`):
   * `prompt_tokens`, `completion_tokens`, `total_tokens`, `request_count` (replies read),
   * `context_tokens` (the last reply's prompt), and any other count the provider gave.
   */
  usage: TokenUsage;
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
