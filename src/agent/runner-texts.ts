/**
 * The texts the runner itself writes (lessons 6–8 and 10): what happened to a call that ran out of
 * time or was aborted, the stand-in for a lost result, and the texts it sends or puts in the
 * transcript when a run ends. The texts of a call that could not be prepared are the registry's
 * (`tools/messages.ts`); the guards' texts are with the guards (`guards/`), the empty-result
 * marker with the tool message (`results/tool-message.ts`). They are part of the public API: lessons quote them
 * and tests match them exactly. Where upstream has a text, this is that text.
 *
 * @module
 */
import type { ChatMessage } from "../chat/message.js";

// ---------------------------------------------------------------------------------------------
// Running a call (lessons 7 and 8)
// ---------------------------------------------------------------------------------------------

/**
 * The content of the tool message the runner puts, in the copy of the history it sends, after a
 * call that an assistant message declared but that no tool message answers (a run aborted
 * part-way, a lost message), upstream's exact text. Without it an OpenAI-compatible server refuses
 * the whole request.
 */
export const MISSING_TOOL_RESULT_MESSAGE = "[Tool result unavailable — call was interrupted or lost]";

/** The text a call gets when its time limit ran out. */
export function toolTimeoutMessage(name: string, ms: number): string {
  return `Error: Tool '${name}' timed out after ${ms} ms`;
}

/** The text a call gets when the run was aborted before it finished (or before it started). */
export function toolAbortedMessage(name: string): string {
  return `Error: Tool '${name}' did not finish because the run was aborted`;
}

// ---------------------------------------------------------------------------------------------
// Ending a run (lessons 6 and 10)
// ---------------------------------------------------------------------------------------------

/** The `error` of a run that was aborted. */
export const RUN_ABORTED_MESSAGE = "Error: the run was aborted";

/**
 * The fallback final text of a run that reached its iteration limit without a final answer
 * (upstream's exact text, from its `max_iterations_message.md` template). `{max_iterations}` is
 * replaced by the limit.
 */
export const DEFAULT_MAX_ITERATIONS_MESSAGE =
  "I reached the maximum number of tool call iterations ({max_iterations}) without completing the task. " + "You can try breaking the task into smaller steps.";

/**
 * The fallback final text for a run that reached the iteration limit of `max`: `template`
 * (default {@link DEFAULT_MAX_ITERATIONS_MESSAGE}) with `{max_iterations}` replaced by `max`, and
 * `{{`/`}}` by single braces, as Python's `str.format` does. An empty template gives the default.
 *
 * @example
 * {@includeCode ../../docs/examples/messages.ts#max-iterations-message}
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

/** How many characters (code points) of the cut-off reply the continuation request quotes. */
const LENGTH_RECOVERY_TAIL_CHARS = 64;

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

/**
 * The first paragraph of the note sent when a reply asked for tools but every call it made had no
 * valid name (the workbook's own words; upstream sends a note with the same purpose).
 */
export const MALFORMED_TOOL_CALLS_PROMPT =
  "Your previous reply tried to call tools, but none of its tool calls could be run: each one " +
  "had a missing or empty tool name. Do not reply with a promise to use a tool. Either call the " +
  "tools you need again, by a name from the tool list and with a JSON object of arguments, or " +
  "give your final answer if no tool is needed.";

/** The line that introduces the quoted text of the reply whose calls were all malformed. */
export const MALFORMED_TOOL_CALLS_TEXT_LABEL = "The text your previous reply gave before those calls:";

/**
 * The user message added, for one more request only (never to the transcript), after a reply
 * whose every tool call lacked a valid name under finish reason `tool_calls` or `function_call`:
 * {@link MALFORMED_TOOL_CALLS_PROMPT}, then — as upstream, when the reply had any text at all,
 * blank included — {@link MALFORMED_TOOL_CALLS_TEXT_LABEL} and that text exactly as it came.
 */
export function malformedToolCallsMessage(content: string | null): ChatMessage {
  const quoted = content !== null && content !== "" ? `\n\n${MALFORMED_TOOL_CALLS_TEXT_LABEL}\n${content}` : "";
  return { role: "user", content: MALFORMED_TOOL_CALLS_PROMPT + quoted };
}
