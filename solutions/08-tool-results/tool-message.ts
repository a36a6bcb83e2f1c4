/**
 * Exercise 8, worked answer: the tool message the model reads next.
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
  if (!(max > 0) || text.length <= max) return text;
  // The marker tells the model the text goes on, so it does not take a cut result as complete.
  return text.slice(0, max) + TRUNCATED;
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
  // Exactly these four keys; the id pairs the answer with its call.
  const message = (content: string): ChatMessage => ({ role: "tool", tool_call_id: call.id, name: call.name, content });
  // An empty content would leave the model unsure whether the call ran at all.
  if (isEmptyToolResult(result)) return message(emptyResultMessage(call.name));
  // Providers expect a string: objects become JSON here, in one place.
  const text = toolResultToText(result);
  const max = opts.maxToolResultChars;
  // read_file's text is what the model asked for; saving it elsewhere would only send it back to read it.
  if (!(max > 0) || text.length <= max || PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);
  // An empty workspace is no workspace, as in src/: nothing is saved, the text is cut.
  if (opts.workspace !== undefined && opts.workspace !== "") {
    try {
      const path = await persistToolResult({
        workspace: opts.workspace,
        callId: call.id,
        text,
        ...(opts.sessionKey !== undefined ? { sessionKey: opts.sessionKey } : {}),
      });
      // The full text stays reachable on disk; the context gets a preview and the path.
      return message(persistedReference(path, text));
    } catch {
      // Saving failed: fall through, the model still gets the start of the text.
    }
  }
  return message(truncate(text, max));
}
