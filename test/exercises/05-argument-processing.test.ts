/**
 * Exercise 5's rules (its README and the comments in prepare.ts), each with the test that fails
 * when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  coerce: null, undefined and blank text (spaces, tabs, newlines) become {} → "turns missing or blank arguments into {}"
 * R2  coerce: every other value comes back as it is: false, 0, NaN, objects (the same object) → "keeps false, 0 and every other non-string as it is"
 * R3  coerce: text starting with { or [ (once stripped as Python strips: U+001C–U+001F and U+0085 too, never U+FEFF) is parsed when valid JSON → "parses JSON object and array text"
 * R4  coerce: malformed JSON and other text come back unchanged, untrimmed, never repaired → "never repairs malformed JSON and never parses scalars"
 * R5  unwrap: {"arguments": x} with no other key becomes coerce(x), one level only → "unwraps one arguments wrapper level and coerces the inside"
 * R6  unwrap: kept when the schema declares arguments or there are other keys → "keeps the wrapper when the tool declares an arguments parameter or there are other keys"
 * R7  unwrap: every other value as it is; no properties in the schema still unwraps → "leaves every other value as it is"
 * R8  unwrap never changes the caller's object → "never changes the caller's object"
 * R9  prepare: success is { tool, params: cast, error: null } → "returns the tool and cast params when every step passes"
 * R10 prepare: exact lookup first; not found: toolNotFoundMessage with a suggestion, tool null → "looks the tool up first, by its exact name"
 * R11 prepare: not an object after coerce and unwrap: notAnObjectMessage, never run (false and 0 too) → "rejects arguments that are not an object, after coercing and unwrapping"
 * R12 prepare: validates the cast value and reports every problem with invalidParametersMessage → "validates the cast params and returns every problem, in upstream's order (missing keys, then the value's keys)"
 * R13 prepare: no arguments is {} and validation decides → "treats no arguments as {} and lets validation decide"
 * R14 prepare never changes the caller's arguments → "never changes the caller's arguments"
 * R15 prepare: the schema's combinators (anyOf) are validated and cast → "an Optional field refuses a string, with the exact message"
 *
 * Each rule is also held against the worked answer on generated arguments ("R1 (every input): …"):
 * blank text of every kind of white space (JavaScript's and Python's differ), JSON padded with
 * either kind, malformed JSON, scalars, not-quite-booleans, objects with a null prototype, getters,
 * prototype-looking keys and nested wrappers, arrays with holes, near-miss tool names.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { ToolResult } from "../../src/tools/base.js";
import { isPlainObject } from "../../src/util/json.js";
import { coerce, prepare, unwrap } from "../../exercises/05-argument-processing/prepare.js";
import * as answer from "../../solutions/05-argument-processing/prepare.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import { anyWhitespace } from "./_support/domain.js";
import { argumentRecipe, argumentText, build, buildTools, jsonText, SCHEMAS, toolArguments, toolName, wrappedInput, type Recipe } from "./_support/gen-05.js";
import { showSnapshot, snapshot } from "./_support/snapshot.js";
import { argumentsTool, countingReadTool, toolMap } from "./_support/tools.js";

const schema = countingReadTool().parameters;

describe("exercise 5: coerce", () => {
  it("turns missing or blank arguments into {}", () => {
    expect(coerce(null), "null means a call without arguments").toEqual({});
    expect(coerce(undefined), "undefined means a call without arguments").toEqual({});
    expect(coerce("   "), "blank text means a call without arguments").toEqual({});
    expect(coerce(""), "empty text means a call without arguments").toEqual({});
    expect(coerce(" \t\n "), "tabs and newlines are blank too: strip the text as Python does (pyStrip)").toEqual({});
  });

  it("keeps false, 0 and every other non-string as it is", () => {
    expect(coerce(false), 'false is a value, not "no arguments": check null and undefined, not !value').toBe(false);
    expect(coerce(0), '0 is a value, not "no arguments": check null and undefined, not !value').toBe(0);
    expect(coerce(Number.NaN), "NaN is a value too").toBeNaN();
    const params = { path: "a.txt" };
    expect(coerce(params), "an object comes back as the same object").toBe(params);
    expect(coerce([1]), "an array is returned as it is").toEqual([1]);
  });

  it("parses JSON object and array text", () => {
    expect(coerce(' {"path": "a.txt"} ')).toEqual({ path: "a.txt" });
    expect(coerce("[1, 2]"), "an array is parsed (the shape check rejects it later)").toEqual([1, 2]);
    expect(coerce('\n\t{"n": 1}'), "leading whitespace of any kind is trimmed before looking at the first character").toEqual({ n: 1 });
  });

  it("never repairs malformed JSON and never parses scalars", () => {
    expect(coerce('{path: "a.txt"}'), "malformed JSON must stay the same string").toBe('{path: "a.txt"}');
    expect(coerce("42"), "text that is not an object or array is not parsed").toBe("42");
    expect(coerce(7), "non-strings are returned as they are").toBe(7);
    expect(coerce('{"path": "a.txt",}'), "a trailing comma is malformed JSON: keep the string").toBe('{"path": "a.txt",}');
    expect(coerce(' {"path": '), "malformed text comes back exactly as it was sent, spaces included").toBe(' {"path": ');
    expect(coerce(" 42 "), "text that is not parsed comes back untrimmed").toBe(" 42 ");
    for (const scalar of ["true", "null", '"a.txt"']) expect(coerce(scalar), `${scalar} is not an object or array: keep the text`).toBe(scalar);
  });
});

describe("exercise 5: unwrap", () => {
  it("unwraps one arguments wrapper level and coerces the inside", () => {
    expect(unwrap(schema, { arguments: '{"path": "a.txt"}' })).toEqual({ path: "a.txt" });
    expect(unwrap(schema, { arguments: { arguments: { path: "x" } } }), "only one level").toEqual({ arguments: { path: "x" } });
    expect(unwrap(schema, { arguments: null }), "the inside is coerced: null is no arguments, {}").toEqual({});
    expect(unwrap(schema, { arguments: "  " }), "the inside is coerced: blank text is no arguments, {}").toEqual({});
    expect(unwrap(schema, { arguments: "[1]" }), "the inside is coerced: an array text is parsed (the shape check rejects it)").toEqual([1]);
  });

  it("keeps the wrapper when the tool declares an arguments parameter or there are other keys", () => {
    const own = argumentsTool().parameters;
    expect(unwrap(own, { arguments: "--fast" })).toEqual({ arguments: "--fast" });
    expect(unwrap(schema, { arguments: "{}", path: "a" })).toEqual({ arguments: "{}", path: "a" });
  });

  it("leaves every other value as it is", () => {
    expect(unwrap(schema, { path: "a.txt" }), 'one key that is not "arguments": nothing to unwrap').toEqual({ path: "a.txt" });
    expect(unwrap(schema, null), "null is not an object: return it unchanged (check isPlainObject first)").toBeNull();
    expect(unwrap(schema, "a.txt"), "a string is not an object: return it unchanged").toBe("a.txt");
    expect(unwrap(schema, [{ arguments: {} }]), "an array is not an object: return it unchanged").toEqual([{ arguments: {} }]);
    expect(unwrap(schema, {}), "no keys: nothing to unwrap").toEqual({});
  });

  it("never changes the caller's object", () => {
    const sent = { arguments: { path: "a.txt" } };
    const unwrapped = unwrap(schema, sent);
    expect(unwrapped, "the inner value").toEqual({ path: "a.txt" });
    expect(sent, "the object the model sent must stay as it was: build or return another, never delete or assign keys").toEqual({ arguments: { path: "a.txt" } });
    const other = { arguments: "{}", path: "a" };
    unwrap(schema, other);
    expect(other).toEqual({ arguments: "{}", path: "a" });
  });

  it("unwraps for a schema that declares no properties at all", () => {
    expect(
      unwrap({ type: "object" }, { arguments: { path: "a.txt" } }),
      'no properties means no "arguments" property: unwrap (and do not crash on the missing properties)',
    ).toEqual({ path: "a.txt" });
  });
});

describe("exercise 5: prepare", () => {
  it("returns the tool and cast params when every step passes", () => {
    const tool = countingReadTool();
    const prepared = prepare(toolMap(tool), "read_file", '{"path": "a.txt", "limit": "5"}');
    expect(prepared.error, "a valid call has error: null").toBeNull();
    expect(prepared.tool).toBe(tool);
    expect(prepared.params, 'limit must be cast from "5" to 5 before validation').toEqual({ path: "a.txt", limit: 5 });
  });

  it("looks the tool up first, by its exact name", () => {
    const prepared = prepare(toolMap(countingReadTool()), "ReadFile", "{not json");
    expect(prepared.tool, "no tool for a near-miss name").toBeNull();
    expect(prepared.error?.content).toBe("Error: Tool 'ReadFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file");
  });

  it("rejects arguments that are not an object, after coercing and unwrapping", () => {
    const tools = toolMap(countingReadTool());
    expect(prepare(tools, "read_file", "[1,2]").error?.content).toMatch(/^Error: Tool 'read_file' parameters must be a JSON object, got array\./);
    expect(prepare(tools, "read_file", '{path: "a"}').error?.content).toMatch(/must be a JSON object, got string\./);
    expect(prepare(tools, "read_file", { arguments: "[1]" }).error?.content, "unwrap before the shape check").toMatch(/got array\./);
    for (const [value, type] of [
      [false, "boolean"],
      [0, "number"],
      ["42", "string"],
    ] as const) {
      const prepared = prepare(tools, "read_file", value);
      expect(prepared.error?.content, `arguments ${JSON.stringify(value)} are not an object: the error names ${type}, and nothing runs`).toBe(
        `Error: Tool 'read_file' parameters must be a JSON object, got ${type}. Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.`,
      );
      expect(prepared.tool, "the tool was found, so it is returned with the error").toBe(tools.get("read_file"));
    }
  });

  it("validates the cast params and returns every problem, in upstream's order (missing keys, then the value's keys)", () => {
    const prepared = prepare(toolMap(countingReadTool()), "read_file", { limit: "0", extra: true });
    expect(prepared.error).toBeInstanceOf(ToolResult);
    expect(prepared.error?.isError).toBe(true);
    expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'read_file': missing required path; limit must be >= 1; unexpected parameter extra");
    expect(prepared.params, "the error carries the cast params").toEqual({ limit: 0, extra: true });
  });

  it("never changes the caller's arguments", () => {
    const sent = { path: "a.txt", limit: "5" };
    const prepared = prepare(toolMap(countingReadTool()), "read_file", sent);
    expect(prepared.params).toEqual({ path: "a.txt", limit: 5 });
    expect(sent, "the cast happens in a new object: the arguments the model sent stay as they were").toEqual({ path: "a.txt", limit: "5" });
    const wrapped = { arguments: { path: "b.txt" } };
    prepare(toolMap(countingReadTool()), "read_file", wrapped);
    expect(wrapped, "unwrapping builds nothing into the wrapper").toEqual({ arguments: { path: "b.txt" } });
  });

  it("treats no arguments as {} and lets validation decide", () => {
    const prepared = prepare(toolMap(countingReadTool()), "read_file", null);
    expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'read_file': missing required path");
  });
});

/** A tool with an `Optional`-style field, as Pydantic and MCP servers write it. */
function waitTool(): FakeTool {
  return new FakeTool({
    name: "wait",
    description: "Wait some seconds, or until told when seconds is null.",
    parameters: { type: "object", properties: { seconds: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } } },
    result: "waited",
  });
}

describe("exercise 5: a combinator schema", () => {
  it("an Optional field refuses a string, with the exact message", () => {
    const prepared = prepare(toolMap(waitTool()), "wait", '{"seconds": "forever"}');
    expect(prepared.error?.content, "anyOf is part of the schema: use tool.validateParams, never skip it").toBe(
      "Error: Invalid parameters for tool 'wait': seconds should be integer or null",
    );
  });

  it("casts a number string the integer branch accepts, and keeps null", () => {
    const tools = toolMap(waitTool());
    const cast = prepare(tools, "wait", '{"seconds": "30"}');
    expect(cast.error, '"30" casts to 30, which the integer branch accepts').toBeNull();
    expect(cast.params).toEqual({ seconds: 30 });
    const none = prepare(tools, "wait", '{"seconds": null}');
    expect(none.error, "null is one of the allowed branches").toBeNull();
    expect(none.params).toEqual({ seconds: null });
    expect(prepare(tools, "wait", '{"seconds": -5}').error?.content).toBe("Error: Invalid parameters for tool 'wait': seconds must be >= 0");
  });
});

const rule = (id: string, sentence: string): Rule => ({ exercise: 5, id, sentence });
const shown = (recipe: Recipe): string => showSnapshot(snapshot(build(recipe)));

/** coerce on both sides, each on its own copy: the result, and whether it is the very value given. */
function coerceProperty(id: string, sentence: string, input: fc.Arbitrary<Recipe>): Promise<void> {
  const side = (fn: typeof coerce) => (recipe: Recipe) => {
    const value = build(recipe);
    const out = fn(value);
    return { out, same: out === value };
  };
  return expectSameAsAnswer({ rule: rule(id, sentence), input, learner: side(coerce), answer: side(answer.coerce), show: (r) => `coerce(${shown(r)})`, runs: 50 });
}

interface UnwrapInput {
  readonly schema: number;
  readonly value: Recipe;
}

/** unwrap on both sides: the result, whether it is the value given (or its inner value) itself, and the value given afterwards. */
function unwrapProperty(id: string, sentence: string, input: fc.Arbitrary<UnwrapInput>): Promise<void> {
  const side = (fn: typeof unwrap) => (drawn: UnwrapInput) => {
    const schema = (SCHEMAS[drawn.schema] as () => ReturnType<(typeof SCHEMAS)[number]>)();
    const value = build(drawn.value);
    const inner = isPlainObject(value) && Object.hasOwn(value, "arguments") ? value["arguments"] : undefined;
    const out = fn(schema, value);
    return { out, same: out === value, sameAsInner: inner !== undefined && typeof inner === "object" && out === inner, after: snapshot(value) };
  };
  return expectSameAsAnswer({
    rule: rule(id, sentence),
    input,
    learner: side(unwrap),
    answer: side(answer.unwrap),
    show: (d) => `unwrap(${JSON.stringify(SCHEMAS[d.schema]?.())}, ${shown(d.value)})`,
    runs: 50,
  });
}

/** The tools every prepare property gives the learner's code, and those it gives the worked answer. */
const learnerTools = buildTools();
const answerTools = buildTools();

interface PrepareInput {
  readonly name: string;
  readonly params: Recipe;
}

/**
 * prepare on both sides, each with its own tools: which tool came back, the error (its text, and
 * that it is an error ToolResult), the params where the text fixes them (on success and with a
 * validation error), and the caller's arguments afterwards.
 */
function prepareProperty(id: string, sentence: string, input: fc.Arbitrary<PrepareInput>): Promise<void> {
  // Each side has its own tools, built once for the whole file: a tool compiles its schema's checks
  // the first time it validates, and prepare never runs a tool.
  const side =
    (fn: typeof prepare, tools = fn === prepare ? learnerTools : answerTools) =>
    (drawn: PrepareInput) => {
      const params = build(drawn.params);
      const prepared = fn(toolMap(...tools), drawn.name, params);
      const error = prepared.error;
      const content = error === null ? null : error.content;
      const fixed = error === null || (typeof content === "string" && content.startsWith("Error: Invalid parameters"));
      return {
        tool: prepared.tool === null ? null : tools.includes(prepared.tool) ? prepared.tool.name : "a tool that is not in the map",
        error: error === null ? null : { content, isError: error.isError, isToolResult: error instanceof ToolResult },
        params: fixed ? prepared.params : "(free: the text does not fix it)",
        callerArgumentsAfter: snapshot(params),
      };
    };
  return expectSameAsAnswer({
    rule: rule(id, sentence),
    input,
    learner: side(prepare),
    answer: side(answer.prepare),
    show: (d) => `prepare(tools read_file, run_script, wait; ${JSON.stringify(d.name)}, ${shown(d.params)})`,
    runs: 50,
  });
}

const blankOrNothing = fc.oneof(
  fc.constantFrom<Recipe>({ leaf: null }, { leaf: undefined }),
  fc.array(anyWhitespace(), { maxLength: 4 }).map((chars): Recipe => ({ leaf: chars.join("") })),
);
const anyUnwrapInput = fc.record({ schema: fc.integer({ min: 0, max: SCHEMAS.length - 1 }), value: argumentRecipe() });
const wrapped = wrappedInput();
const prepareInput = fc.record({ name: toolName(), params: toolArguments() });

describe("exercise 5: every rule, on generated arguments", () => {
  it("R1 (every input): no arguments and blank text of any white space are {}", async () => {
    await coerceProperty("R1", "coerce: null, undefined and blank text (white space as Python's str.strip counts it) become {}.", blankOrNothing);
  });

  it("R2 (every input): every non-string comes back as it is", async () => {
    await coerceProperty("R2", "coerce: every value that is not text comes back as it is: false, 0, NaN, objects (the same object).", argumentRecipe());
  });

  it("R3 (every input): JSON object and array text is parsed, once stripped as Python strips", async () => {
    await coerceProperty(
      "R3",
      "coerce: text that starts with { or [ once stripped as Python's str.strip strips it is parsed when it is valid JSON.",
      argumentText().map((leaf): Recipe => ({ leaf })),
    );
  });

  it("R4 (every input): other text comes back unchanged", async () => {
    await coerceProperty(
      "R4",
      "coerce: malformed JSON and other text come back unchanged, unstripped, never repaired.",
      fc
        .oneof(
          argumentText(),
          jsonText().map((t) => t.slice(0, -1)),
        )
        .map((leaf): Recipe => ({ leaf })),
    );
  });

  it("R5 (every input): one wrapper level is unwrapped and its inside coerced", async () => {
    await unwrapProperty("R5", 'unwrap: {"arguments": x} with no other key becomes coerce(x), one level only.', wrapped);
  });

  it("R6 (every input): the wrapper stays when the schema declares arguments or other keys sit beside it", async () => {
    await unwrapProperty("R6", "unwrap: the value stays as it is when the schema declares an arguments property or there are other keys.", wrapped);
  });

  it("R7 (every input): every other value comes back as it is", async () => {
    await unwrapProperty("R7", "unwrap: every other value comes back as it is (the same object); a schema without properties still unwraps.", anyUnwrapInput);
  });

  it("R8 (every input): the caller's object is never changed", async () => {
    await unwrapProperty("R8", "unwrap never changes the value it is given.", fc.oneof(wrapped, anyUnwrapInput));
  });

  it("R9 (every input): success gives the tool and the cast params", async () => {
    await prepareProperty("R9", "prepare: success is { tool, params: the cast params, error: null }.", prepareInput);
  });

  it("R10 (every input): the lookup is exact and comes first", async () => {
    await prepareProperty(
      "R10",
      "prepare: exact lookup first; not found: toolNotFoundMessage with the suggestion, tool null.",
      fc.record({ name: toolName(), params: argumentRecipe(1) }),
    );
  });

  it("R11 (every input): arguments that are not an object are refused", async () => {
    await prepareProperty(
      "R11",
      "prepare: not an object after coerce and unwrap: notAnObjectMessage with the tool found, never run (false and 0 too).",
      fc.record({ name: fc.constant("read_file"), params: argumentRecipe() }),
    );
  });

  it("R12 (every input): the cast params are validated, every problem reported", async () => {
    await prepareProperty(
      "R12",
      "prepare: validates the cast value and reports every problem with invalidParametersMessage, with the tool found and the cast params.",
      prepareInput,
    );
  });

  it("R13 (every input): no arguments is {} and validation decides", async () => {
    await prepareProperty("R13", "prepare: no arguments (null, undefined, blank text) is {} and validation decides.", fc.record({ name: toolName(), params: blankOrNothing }));
  });

  it("R14 (every input): the caller's arguments are never changed", async () => {
    await prepareProperty("R14", "prepare never changes the caller's arguments: the cast values go into a new object.", prepareInput);
  });

  it("R15 (every input): combinators are validated and cast", async () => {
    await prepareProperty("R15", "prepare: the schema's combinators (anyOf) are validated and cast.", fc.record({ name: fc.constant("wait"), params: toolArguments() }));
  });
});
