/**
 * The chat messages of a conversation, in the OpenAI chat-completions shape (lessons 6 and 10):
 * what the runner keeps as history and what a provider sends. Types only, importing nothing, so
 * the tools, the providers and the runner can all name them.
 *
 * @module
 */

/** A tool call in the OpenAI wire format, as replayed in an assistant message. */
export interface OpenAIToolCall {
  /** The call id. */
  id: string;
  /** Always `"function"`. */
  type: "function";
  /** The called function. */
  function: {
    /** The name as the model wrote it. */
    name: string;
    /** The argument text, verbatim when the model sent text. */
    arguments: string;
  };
}

/** One chat message, in the OpenAI chat-completions shape the runner keeps as history. */
export interface ChatMessage {
  /** Who speaks. */
  role: "system" | "user" | "assistant" | "tool";
  /** The text; `null` for an assistant message that only calls tools. */
  content: string | null;
  /** An assistant message's tool calls. */
  tool_calls?: OpenAIToolCall[];
  /** A tool message's answer to this call id. */
  tool_call_id?: string;
  /** A tool message's tool name, as called. */
  name?: string;
  /**
   * An assistant message's reasoning, from a thinking model, with its outer blank space removed;
   * sent back as it is, since such models need it beside their tool calls.
   */
  reasoning_content?: string;
}
