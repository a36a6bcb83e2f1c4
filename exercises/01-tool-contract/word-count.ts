/**
 * Exercise 1: the tool contract. Finish `WordCountTool` so that it honours every part of the
 * contract in `src/tools/base.ts`: an exact name, a description the model can act on, an object
 * parameter schema, the right policy flag, and an `execute` that reports failures as results.
 */
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";

/** Counts the words of a text. */
export class WordCountTool extends Tool {
  // TODO(lesson 1): the exact name the model calls: "word_count".
  readonly name: string = "TODO";

  // TODO(lesson 1): say what the tool does and when to use it (mention "words").
  readonly description: string = "";

  // TODO(lesson 1): an object schema with a required string parameter "text" and no other parameters.
  readonly parameters: JsonSchema = { type: "object", properties: {} };

  // TODO(lesson 1): counting changes nothing, so declare the tool read-only (override `readOnly`).

  /** Resolves with the number of words as text, e.g. `"3"`; blank text is an error result. */
  async execute(params: Record<string, unknown>, _options?: ExecuteOptions): Promise<unknown> {
    // TODO(lesson 1): split on runs of JavaScript's white space (\s, what trim() removes) and count;
    // TODO(lesson 1): no words (empty, white space only, or text missing): ToolResult.error("Error: text is empty").
    throw new Error(`TODO(lesson 1): count the words of ${String(params["text"])}`);
  }
}
