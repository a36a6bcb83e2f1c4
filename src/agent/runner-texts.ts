/**
 * The texts the runner itself writes (lessons 6–8 and 10): what happened to a call that ran (an
 * empty result, a time-out, an abort, a security refusal, a blocked lookup), and the texts it
 * sends or puts in the transcript when a run ends. The texts of a call that could not be prepared
 * are the registry's (`tools/messages.ts`). They are part of the public API: lessons quote them
 * and tests match them exactly. Where upstream has a text, this is that text.
 *
 * @module
 */
import type { ChatMessage } from "../chat/message.js";

// ---------------------------------------------------------------------------------------------
// Running a call (lessons 7 and 8)
// ---------------------------------------------------------------------------------------------

/** The marker that replaces an empty result, so the model knows the call ran. */
export function emptyResultMessage(name: string): string {
  return `(${name} completed with no output)`;
}

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

/**
 * Appended to an SSRF refusal (upstream's exact text). It tells the model the refusal is final,
 * so it stops probing with other spellings of the same address, and says how a user who trusts
 * the address can allow it: the `ssrfAllowlist` option of `WebFetchTool` is this workbook's
 * counterpart of upstream's `tools.ssrfWhitelist` setting.
 */
export const SSRF_NOTE =
  "This is a non-bypassable security boundary. Stop trying to access " +
  "private/internal URLs. Do not retry with curl, wget, encoded IPs, " +
  "alternate DNS, redirects, proxies, or another tool. Ask the user for " +
  "local files, logs, screenshots, or an explicit safe public URL instead. " +
  "If the user explicitly trusts this private URL, ask them to whitelist " +
  "the exact IP/CIDR via tools.ssrfWhitelist.";

/** The refusal returned for the third and later identical external lookup in one turn (upstream's exact text). */
export const REPEATED_LOOKUP_MESSAGE =
  "Error: repeated external lookup blocked. " +
  "Use the results you already have to answer, or try a meaningfully different source.";

/** The event detail of a lookup refused by the repeated-lookup throttle. */
export const REPEATED_LOOKUP_DETAIL = "repeated external lookup blocked";

/**
 * The text that replaces a workspace refusal from the third attempt on the same target in one
 * run (upstream's exact text, where "this turn" means the user's turn: the whole run). `target` is shown lower-cased, as the signature holds it.
 *
 * @example
 * {@includeCode ../../docs/examples/messages.ts#escalation-message}
 */
export function escalationMessage(target: string, count: number): string {
  const shown = String(target).toLowerCase();
  return (
    "Error: refusing repeated workspace-bypass attempts.\n" +
    `You have tried to access '${shown}' (or an equivalent path) ` +
    `${count} times in this turn. This is a hard policy boundary -- ` +
    "switching tools, shell tricks, working_dir overrides, symlinks, " +
    "or base64 piping will NOT change the answer. Stop retrying. " +
    "If the user genuinely needs this resource, tell them you cannot " +
    "access it and ask how they want to proceed (e.g. copy the file " +
    "into the workspace, or disable restrict_to_workspace for this run)."
  );
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
  "I reached the maximum number of tool call iterations ({max_iterations}) without completing the task. " +
  "You can try breaking the task into smaller steps.";

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
