/**
 * Exercise 8: tool results. Build the one `role: "tool"` message that answers a call: an empty
 * marker for empty results, text for everything else, and for a text that is too long, a saved
 * file with a short reference — or a cut text when it cannot be saved.
 */
import { isEmptyToolResult, toolResultToText } from "../../src/agent/results/result-text.js";
import { PERSISTENCE_EXEMPT_TOOLS, persistedReference } from "../../src/agent/results/tool-message.js";
import { persistToolResult } from "../../src/agent/results/result-persistence.js";
import type { ChatMessage, ToolCallRequest } from "../../src/providers/base.js";
import { emptyResultMessage } from "../../src/agent/results/tool-message.js";

/** Appended to a cut text. */
export const TRUNCATED = "\n... (truncated)";

/** The first `max` characters of `text` followed by {@link TRUNCATED}; unchanged when it fits or `max <= 0`. */
export function truncate(text: string, max: number): string {
  // TODO(lesson 8): cut only when max > 0 and the text is longer than max.
  throw new Error(`TODO(lesson 8): truncate ${text.length} chars to ${max}`);
}

/**
 * The message `{ role: "tool", tool_call_id: call.id, name: call.name, content }`, where content is:
 * 1. `emptyResultMessage(name)` when `isEmptyToolResult(result)`;
 * 2. otherwise `toolResultToText(result)`;
 * 3. if that is longer than `maxToolResultChars` (> 0) and the tool is not in PERSISTENCE_EXEMPT_TOOLS:
 *    with a `workspace`, `persistedReference(path, text)` after `persistToolResult(...)` saved it;
 *    without one (no `workspace`, or `""`) — or when saving rejects — `truncate(text, maxToolResultChars)`.
 */
export async function buildToolMessage(
  call: ToolCallRequest,
  result: unknown,
  opts: { maxToolResultChars: number; workspace?: string; sessionKey?: string },
): Promise<ChatMessage> {
  // TODO(lesson 8): 1. the empty marker, 2. the text, 3. persist (try/catch) or truncate.
  throw new Error(`TODO(lesson 8): build the message for ${call.name} (${typeof result}, max ${opts.maxToolResultChars})`);
}
