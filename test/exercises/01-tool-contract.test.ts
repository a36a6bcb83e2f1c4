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
import { isToolErrorResult, type Tool } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { WordCountTool } from "../../exercises/01-tool-contract/word-count.js";
import * as answer from "../../solutions/01-tool-contract/word-count.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import { showSnapshot, showString, snapshot } from "./_support/snapshot.js";
import { argsObject, blankish, memberReads, paramsOf, sentArgs, textArgs, textHolder, wordText, type Member, type SentArgs, type TextHolder } from "./_support/gen-01.js";

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
      expect(isToolErrorResult(other), `${JSON.stringify(blank)} is blank too: it holds only white space`).toBe(true);
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

/** The rules as the README states them, for the differential properties' messages. */
const rule = (id: string, sentence: string): Rule => ({ exercise: 1, id, sentence });
const R3 = rule("R3", "parameters: an object schema with one required string parameter, text.");
const R4 = rule("R4", "no other parameters: one the schema does not declare is reported as unexpected.");
const R5 = rule("R5", "readOnly is true, exclusive false, so concurrencySafe is true; every read of a member gives the same answer.");
const R6 = rule("R6", "execute resolves with the number of words as text; words are separated by runs of JavaScript's white space (\\s, what trim() removes).");
const R7 = rule("R7", 'a text with no words (empty, only white space, or missing) resolves with ToolResult.error("Error: text is empty").');
const R8 = rule("R8", "through the registry, the definition and every call behave as the tool declares.");

/** The tool class of each side: the learner's, or the worked answer's. */
type ToolClassOf = new () => Tool;
const learnerTool = WordCountTool as unknown as ToolClassOf;
const answerTool = answer.WordCountTool as unknown as ToolClassOf;

/** What a member read gives, as the README fixes it: the description only has to mention words. */
function readMember(tool: Tool, member: Member): unknown {
  switch (member) {
    case "description":
      return /word/i.test(String(tool.description)) ? "mentions words" : `does not mention words: ${String(tool.description)}`;
    case "schema name":
      return tool.toSchema().function.name;
    default:
      return tool[member];
  }
}

/** The part of a definition the README fixes: the name and the parameters' structure (descriptions are free). */
function definitionView(tool: Tool): unknown {
  const definition = tool.toSchema().function;
  const parameters = definition.parameters as Record<string, unknown>;
  const properties = (parameters["properties"] ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const required = parameters["required"];
  return {
    name: definition.name,
    type: parameters["type"],
    properties: Object.keys(properties),
    textType: properties["text"]?.["type"],
    required: Array.isArray(required) ? [...(required as unknown[])].sort() : required,
    additionalProperties: parameters["additionalProperties"],
  };
}

const showHolder = (holder: TextHolder): string =>
  holder.kind === "missing"
    ? "execute({})"
    : holder.kind === "field"
      ? `execute({ text: ${showString(String(holder.text))} })`
      : `execute({ get text() { return ${showString(String(holder.text))}; } })`;
const showArgs = (args: SentArgs): string => showSnapshot(snapshot(argsObject(args)));

describe("exercise 1: WordCountTool on every input", () => {
  // One tool a side for the argument properties: compiling a schema is the slow part, and a tool
  // must answer every call the same way, however many came before.
  const learnerOne = new learnerTool();
  const answerOne = new answerTool();

  it("R3 (every argument object): text is a required string, checked by the schema", async () => {
    await expectSameAsAnswer({
      rule: R3,
      input: textArgs(),
      learner: (args) => learnerOne.validateParams(argsObject(args)),
      answer: (args) => answerOne.validateParams(argsObject(args)),
      show: (args) => `new WordCountTool().validateParams(${showArgs(args)})`,
      runs: 40,
    });
  });

  it("R4 (every argument object): any other parameter is unexpected, prototype-looking names too", async () => {
    await expectSameAsAnswer({
      rule: R4,
      input: sentArgs(),
      learner: (args) => learnerOne.validateParams(argsObject(args)),
      answer: (args) => answerOne.validateParams(argsObject(args)),
      show: (args) => `new WordCountTool().validateParams(${showArgs(args)})`,
      runs: 40,
    });
  });

  it("R1, R2, R5 (any order of reads): the name, the description and the policy flags never change", async () => {
    await expectSameAsAnswer({
      rule: R5,
      input: memberReads(),
      learner: (reads) => {
        const tool = new learnerTool();
        return reads.map((member) => [member, readMember(tool, member)]);
      },
      answer: (reads) => {
        const tool = new answerTool();
        return reads.map((member) => [member, readMember(tool, member)]);
      },
      show: (reads) => `reading, in this order: ${reads.join(", ")}`,
      runs: 20,
    });
  });

  it("R6 (every text): counts the words between runs of white space of any kind", async () => {
    await expectSameAsAnswer({
      rule: R6,
      input: textHolder(wordText()),
      learner: (holder) => new learnerTool().execute(paramsOf(holder), { signal }),
      answer: (holder) => new answerTool().execute(paramsOf(holder), { signal }),
      show: showHolder,
      runs: 100,
    });
  });

  it("R7 (every blank text): no words is an error result, whatever the white space", async () => {
    await expectSameAsAnswer({
      rule: R7,
      input: textHolder(blankish()),
      learner: (holder) => new learnerTool().execute(paramsOf(holder), { signal }),
      answer: (holder) => new answerTool().execute(paramsOf(holder), { signal }),
      show: showHolder,
      runs: 40,
    });
  });

  it("R8 (every call the model may send): the registry lists and runs the tool as the answer's", async () => {
    const through = (tool: Tool, args: SentArgs): Promise<unknown> => {
      const registry = new ToolRegistry();
      registry.register(tool);
      const definition = definitionView(tool);
      const listed = registry.getDefinitions().map((d) => d.function.name);
      return registry.execute("word_count", JSON.stringify(argsObject(args))).then((result) => ({ definition, listed, result }));
    };
    await expectSameAsAnswer({
      rule: R8,
      input: sentArgs(),
      learner: (args) => through(learnerOne, args),
      answer: (args) => through(answerOne, args),
      show: (args) => `registry.execute("word_count", ${showString(JSON.stringify(argsObject(args)) ?? "")})`,
      runs: 40,
    });
  });
});
