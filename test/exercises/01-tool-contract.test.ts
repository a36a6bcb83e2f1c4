import { describe, expect, it } from "vitest";
import { isToolErrorResult } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { WordCountTool } from "../../exercises/01-tool-contract/word-count.js";

const signal = new AbortController().signal;

describe("exercise 1: WordCountTool honours the tool contract", () => {
  it("has the exact name word_count and a useful description", () => {
    const tool = new WordCountTool();
    expect(tool.name, "name must be exactly \"word_count\"").toBe("word_count");
    expect(tool.description, "the description should tell the model it counts words").toMatch(/word/i);
  });

  it("declares one required string parameter, text, and nothing else", () => {
    const tool = new WordCountTool();
    expect(tool.parameters["type"]).toBe("object");
    expect(tool.validateParams({ text: "a b" }), "{ text: \"a b\" } must be valid").toEqual([]);
    expect(tool.validateParams({}), "text must be required").toEqual(["missing required text"]);
    expect(tool.validateParams({ text: "a", extra: 1 }), "other parameters must be rejected").toEqual(["unexpected parameter extra"]);
    expect(tool.validateParams({ text: 3 }), "text must be declared with type: \"string\"").toEqual(["text should be string"]);
  });

  it("is read-only, so it is concurrency-safe", () => {
    const tool = new WordCountTool();
    expect(tool.readOnly, "override readOnly to return true").toBe(true);
    expect(tool.concurrencySafe).toBe(true);
  });

  it("counts words separated by any whitespace", async () => {
    const tool = new WordCountTool();
    expect(await tool.execute({ text: "one two  three" }, { signal })).toBe("3");
    expect(await tool.execute({ text: " tabs\tand\nnewlines " }, { signal })).toBe("3");
  });

  it("reports blank text as an error result, not an empty string", async () => {
    const result = await new WordCountTool().execute({ text: "   " }, { signal });
    expect(isToolErrorResult(result), "return ToolResult.error(...) for blank text").toBe(true);
    expect(String(result)).toBe("Error: text is empty");
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
