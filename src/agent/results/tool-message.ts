/**
 * Putting a tool's result back into the conversation (lesson 8). Every call gets exactly one
 * `{ role: "tool", tool_call_id, name, content }` message whose `content` is a string:
 *
 * 1. an empty result becomes `(<name> completed with no output)`, so the model knows the call ran;
 * 2. any other non-string result becomes text (`toolResultToText`), within a size and a work
 *    budget, whatever the value does when it is read;
 * 3. a text longer than the limit is saved under the workspace and replaced by a short reference
 *    with a preview (`persistToolResult`, {@link persistedReference}), or cut (`truncateText`)
 *    when there is no workspace or saving fails.
 *
 * `read_file` results skip step 3: the model asked for that text, and `read_file` already caps
 * what it returns. Saving needs Node's file system, so its module is imported only when a result
 * is actually saved; everything else here runs anywhere.
 *
 * @module
 */
import type { ToolCallRequest } from "../../providers/base.js";
import type { ChatMessage } from "../../chat/message.js";
import { isToolResult } from "../../tools/base.js";
import { pyStrip } from "../../util/python-space.js";
import { isEmptyToolResult, RESULT_TEXT_MAX_CHARS, toolResultToText } from "./result-text.js";
import { sliceAtCodePoint, truncateText } from "../../util/text-cut.js";

/**
 * The marker that replaces an empty result, so the model knows the call ran.
 *
 * @example
 * {@includeCode ../../../docs/examples/results.ts#empty-result-message}
 */
export function emptyResultMessage(name: string): string {
  return `(${name} completed with no output)`;
}

/** The default `maxToolResultChars`: results longer than this are persisted or truncated. */
export const DEFAULT_MAX_TOOL_RESULT_CHARS = 16_000;

/** How many characters of a persisted result the reference shows. */
export const PERSIST_PREVIEW_CHARS = 1_200;

/** The last line of a persisted-result reference whose preview is cut (upstream's exact text). */
const PERSISTED_PREVIEW_CUT_LINE = "\n...\n(Read the saved file if you need the full output.)";

/** Tools whose results are never persisted or truncated. */
export const PERSISTENCE_EXEMPT_TOOLS: ReadonlySet<string> = new Set(["read_file"]);

/**
 * The short text that stands in for a persisted result: where it was saved, its size, and the
 * first 1,200 characters (cut at a code point), then, when the preview is cut, upstream's line
 * `PERSISTED_PREVIEW_CUT_LINE`.
 *
 * @example
 * {@includeCode ../../../docs/examples/messages.ts#persisted-reference}
 */
export function persistedReference(path: string, text: string): string {
  const preview = sliceAtCodePoint(text, PERSIST_PREVIEW_CHARS);
  const cut = text.length > PERSIST_PREVIEW_CHARS ? PERSISTED_PREVIEW_CUT_LINE : "";
  return "[tool output persisted]\n" + `Full output saved to: ${path}\n` + `Original size: ${text.length} chars\n` + `Preview:\n${preview}${cut}`;
}

/**
 * The text of a result for its message: a string or a `ToolResult`'s content as it is (upstream
 * keeps them whole, and they cost nothing to convert), anything else by {@link toolResultToText}
 * with room for at least `maxToolResultChars + 1` characters, so cutting or saving sees the same
 * start and the same "too long" verdict.
 */
function messageText(result: unknown, maxToolResultChars: number): string {
  if (typeof result === "string") return result;
  try {
    if (isToolResult(result) && typeof result.content === "string") return result.content;
  } catch {
    // A Proxy that throws on inspection: toolResultToText describes it.
  }
  const room = maxToolResultChars > 0 ? Math.max(RESULT_TEXT_MAX_CHARS, maxToolResultChars + 1) : RESULT_TEXT_MAX_CHARS;
  return toolResultToText(result, { maxChars: room });
}

/**
 * Builds the `role: "tool"` message for one call: `{ role, tool_call_id, name, content }` with the
 * name as the model called it and `content` always a string. Applies, in order, the empty-result
 * marker, the conversion to text, and — for a text longer than `maxToolResultChars` (0 or less
 * disables this) — persistence under `workspace` with a reference, or truncation when there is
 * no workspace or the file cannot be written. The reference is itself truncated when the limit is
 * smaller than it. `read_file` results are never persisted or truncated. Never rejects.
 *
 * @example
 * {@includeCode ../../../docs/examples/results.ts#build-tool-message}
 */
export async function buildToolMessage(
  call: ToolCallRequest,
  result: unknown,
  opts: { maxToolResultChars: number; workspace?: string; sessionKey?: string },
): Promise<ChatMessage> {
  const content = await toolMessageContent(call.id, call.name, result, opts);
  return { role: "tool", tool_call_id: call.id, name: call.name, content };
}

/** How a tool message's text is fitted: the limit, and where a longer text is saved. */
export interface FitOptions {
  /** Longer texts are saved (with a workspace) or cut; 0 or less disables both. */
  maxToolResultChars: number;
  /** Where large results are saved, under `.tool-results/`. */
  workspace?: string;
  /** Names the folder for this conversation's saved results. */
  sessionKey?: string;
}

/**
 * The `content` of the tool message answering call `callId` of tool `name`, by the rules of
 * {@link buildToolMessage}. The runner also uses it for the tool messages of earlier history, in
 * the copy it sends, so an old result is held to the same limit as a fresh one. Never rejects.
 */
export async function toolMessageContent(callId: string, name: string, result: unknown, opts: FitOptions): Promise<string> {
  return fitToolText(callId, name, isEmptyToolResult(result) ? "" : messageText(result, opts.maxToolResultChars), opts);
}

/**
 * Steps 1 and 3 for a result already turned into text (the runner makes each result's text once,
 * when the call settles, and `""` stands for an empty result): the empty-result marker for a blank
 * text, then saving or cutting. Never rejects.
 */
export async function fitToolText(callId: string, name: string, text: string, opts: FitOptions): Promise<string> {
  const shown = markEmpty(name, text);
  return needsSaving(name, shown, opts) ? saveOrCut(callId, shown, opts) : cutToLimit(name, shown, opts.maxToolResultChars);
}

/** The empty-result marker in place of a blank text. */
function markEmpty(name: string, text: string): string {
  return pyStrip(text) === "" ? emptyResultMessage(name) : text;
}

/**
 * Step 1 and 2 of a tool message's content: the empty-result marker, or the result as text. As
 * upstream, the marker is a text like any other: a limit shorter than it saves or cuts it too.
 */
export function unfittedText(name: string, result: unknown, maxToolResultChars: number): string {
  return markEmpty(name, isEmptyToolResult(result) ? "" : messageText(result, maxToolResultChars));
}

/** True when `text` is over the limit, the tool is not exempt and a workspace is set: step 3 saves it. */
export function needsSaving(name: string, text: string, opts: FitOptions): boolean {
  const max = opts.maxToolResultChars;
  return !PERSISTENCE_EXEMPT_TOOLS.has(name) && max > 0 && text.length > max && opts.workspace !== undefined && opts.workspace !== "";
}

/** Step 3 without a workspace: `text` cut to the limit, unless the tool is exempt or the limit is off. */
export function cutToLimit(name: string, text: string, maxToolResultChars: number): string {
  return PERSISTENCE_EXEMPT_TOOLS.has(name) ? text : truncateText(text, maxToolResultChars);
}

/** Step 3 with a workspace: saves `text` and gives the reference, cut to the limit; the cut text when saving fails. */
async function saveOrCut(callId: string, text: string, opts: FitOptions): Promise<string> {
  const max = opts.maxToolResultChars;
  try {
    const { persistToolResult } = await import("./result-persistence.js");
    const path = await persistToolResult({
      workspace: opts.workspace as string,
      callId,
      text,
      ...(opts.sessionKey !== undefined ? { sessionKey: opts.sessionKey } : {}),
    });
    return truncateText(persistedReference(path, text), max);
  } catch {
    // Saving failed (read-only disk, a symlinked folder, bad path…): the model still gets the start of the text.
    return truncateText(text, max);
  }
}
