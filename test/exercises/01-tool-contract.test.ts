/**
 * Exercise 1's rules (its README and the comments in word-count.ts), each with the test that fails
 * when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  name is exactly word_count → "has the exact name word_count and a useful description"
 * R2  the description says what it does (mentions words) → "has the exact name word_count and a useful description"
 * R3  parameters: an object schema, one required string text → "declares one required string parameter, text, and nothing else"
 * R4  no other parameters, declared or sent → "declares one required string parameter, text, and nothing else"
 * R5  readOnly is true, so concurrencySafe (not exclusive) → "is read-only, so it is concurrency-safe"
 * R6  execute resolves with the count as text, words split on any whitespace → "counts words separated by any whitespace"
 * R7  blank text (any whitespace, empty, missing) is ToolResult.error("Error: text is empty") → "reports blank text as an error result, not an empty string"
 * R8  through the registry: defined, prepared and executed → "works through the registry: definition, preparation and execution"
 */
import { describe, expect, it } from "vitest";
import { isToolErrorResult } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { WordCountTool } from "../../exercises/01-tool-contract/word-count.js";

const signal = new AbortController().signal;

describe("exercise 1: WordCountTool honours the tool contract", () => {
  it("has the exact name word_count and a useful description", () => {
    const tool = new WordCountTool();
    expect(tool.name, 'name must be exactly "word_count"').toBe("word_count");
    expect(tool.description, "the description should tell the model it counts words").toMatch(/word/i);
  });

  it("declares one required string parameter, text, and nothing else", () => {
    const tool = new WordCountTool();
    expect(tool.parameters["type"]).toBe("object");
    expect(tool.validateParams({ text: "a b" }), '{ text: "a b" } must be valid').toEqual([]);
    expect(tool.validateParams({}), "text must be required").toEqual(["missing required text"]);
    expect(tool.validateParams({ text: "a", extra: 1 }), "other parameters must be rejected").toEqual(["unexpected parameter extra"]);
    expect(tool.validateParams({ text: 3 }), 'text must be declared with type: "string"').toEqual(["text should be string"]);
    const properties = tool.parameters["properties"] as Record<string, unknown> | undefined;
    expect(Object.keys(properties ?? {}), "text is the only parameter the schema declares").toEqual(["text"]);
  });

  it("is read-only, so it is concurrency-safe", () => {
    const tool = new WordCountTool();
    expect(tool.readOnly, "override readOnly to return true").toBe(true);
    expect(tool.exclusive, "counting needs no machine to itself: leave exclusive false").toBe(false);
    expect(tool.concurrencySafe, "concurrencySafe follows from readOnly && !exclusive").toBe(true);
  });

  it("counts words separated by any whitespace", async () => {
    const tool = new WordCountTool();
    expect(await tool.execute({ text: "one two  three" }, { signal })).toBe("3");
    expect(await tool.execute({ text: " tabs\tand\nnewlines " }, { signal })).toBe("3");
    expect(await tool.execute({ text: "one" }, { signal }), 'the count is text: "1", not the number 1').toBe("1");
  });

  it("reports blank text as an error result, not an empty string", async () => {
    const result = await new WordCountTool().execute({ text: "   " }, { signal });
    expect(isToolErrorResult(result), "return ToolResult.error(...) for blank text").toBe(true);
    expect(String(result)).toBe("Error: text is empty");
    for (const blank of ["", "\t\n", " \n "]) {
      const other = await new WordCountTool().execute({ text: blank }, { signal });
      expect(isToolErrorResult(other), `${JSON.stringify(blank)} is blank too: check text.trim() === ""`).toBe(true);
    }
    // Called directly, without the registry's validation, a missing text is blank text too.
    const missing = await new WordCountTool().execute({}, { signal });
    expect(String(missing), "a missing text counts as blank: no words to count").toBe("Error: text is empty");
  });

  it("works through the registry: definition, preparation and execution", async () => {
    const registry = new ToolRegistry();
    registry.register(new WordCountTool());
    expect(registry.getDefinitions()[0]?.function.name).toBe("word_count");
    expect(await registry.execute("word_count", '{"text": "hello tool world"}')).toBe("3");
  });
});
