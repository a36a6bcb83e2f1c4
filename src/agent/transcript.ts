/**
 * The messages a run appends to the conversation (lessons 6, 8 and 10), besides the assistant's
 * own turns: one tool message per call, the final text, and the placeholder for a reply that
 * failed. Each follows upstream's rules for what the transcript may hold.
 *
 * @module
 */
import type { ToolCallRequest } from "../providers/base.js";
import type { ChatMessage } from "../chat/message.js";
import { emptyResultMessage, MODEL_ERROR_PLACEHOLDER } from "./runner-texts.js";
import { truncateText } from "./text-cut.js";
import { fitToolText, PERSISTENCE_EXEMPT_TOOLS } from "./tool-message.js";

/** How the tool messages of a run are built: its result limit, and where large results are saved. */
export interface ToolMessageOptions {
  /** Longer texts are saved (with a workspace) or cut; 0 or less disables both. */
  maxToolResultChars: number;
  /** Where large results are saved, under `.tool-results/`. */
  workspace?: string;
  /** Names the folder for this conversation's saved results. */
  sessionKey?: string;
}

/**
 * The tool message for one call, from the text made once when the call was settled. Never
 * rejects: should building the message fail, the text is still sent, cut to the limit.
 */
export async function toolMessageFor(call: ToolCallRequest, text: string, options: ToolMessageOptions): Promise<ChatMessage> {
  try {
    return { role: "tool", tool_call_id: call.id, name: call.name, content: await fitToolText(call.id, call.name, text, options) };
  } catch {
    const shown = text.trim() === "" ? emptyResultMessage(call.name) : text;
    const content = PERSISTENCE_EXEMPT_TOOLS.has(call.name) ? shown : truncateText(shown, options.maxToolResultChars);
    return { role: "tool", tool_call_id: call.id, name: call.name, content };
  }
}

/** True for an assistant message that answers in words (one without tool calls). */
function isAssistantAnswer(message: ChatMessage | undefined): boolean {
  return message !== undefined && message.role === "assistant" && !(message.tool_calls !== undefined && message.tool_calls.length > 0);
}

/**
 * Appends the run's final assistant text, as upstream: nothing for an empty text; a last
 * assistant message without tool calls is replaced rather than followed by a second one.
 */
export function appendFinalMessage(messages: ChatMessage[], content: string): void {
  if (content === "") return;
  if (isAssistantAnswer(messages.at(-1))) {
    if (messages.at(-1)?.content !== content) messages[messages.length - 1] = { role: "assistant", content };
    return;
  }
  messages.push({ role: "assistant", content });
}

/** Puts `MODEL_ERROR_PLACEHOLDER` in the transcript, unless it already ends with an assistant answer. */
export function appendModelErrorPlaceholder(messages: ChatMessage[]): void {
  if (isAssistantAnswer(messages.at(-1))) return;
  messages.push({ role: "assistant", content: MODEL_ERROR_PLACEHOLDER });
}
