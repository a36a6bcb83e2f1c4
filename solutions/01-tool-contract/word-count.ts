/**
 * Exercise 1, worked answer: a tool that honours the contract.
 */
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";

/** Counts the words of a text. */
export class WordCountTool extends Tool {
  // The model must call exactly this name; the registry never corrects it.
  readonly name: string = "word_count";

  // The model decides from this text whether the tool fits its task.
  readonly description: string = "Count the words in a text. Use it when you need the number of words, not the text itself.";

  // An object root is required by the registry; additionalProperties: false lets validation
  // report a misspelled parameter instead of silently ignoring it.
  readonly parameters: JsonSchema = {
    type: "object",
    properties: { text: { type: "string", description: "The text whose words are counted." } },
    required: ["text"],
    additionalProperties: false,
  };

  // Counting changes nothing, so the runner may batch this tool with other safe calls
  // (concurrencySafe defaults to readOnly && !exclusive).
  override get readOnly(): boolean {
    return true;
  }

  /** Resolves with the number of words as text, e.g. `"3"`; blank text is an error result. */
  async execute(params: Record<string, unknown>, _options?: ExecuteOptions): Promise<unknown> {
    const text = String(params["text"] ?? "");
    // A failure the model should see is a ToolResult error, never an empty string.
    if (text.trim() === "") return ToolResult.error("Error: text is empty");
    return String(text.trim().split(/\s+/).length);
  }
}
