/**
 * The provider side of a tool call. `parseToolArguments`
 * never guesses; only the replay helpers repair, and only for history.
 */
import { describe, expect, it } from "vitest";
import { parseToolArguments, toolArgumentsJsonForReplay, toolArgumentsObjectForReplay, ToolCallRequest } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";

/** The schema of a file-reading tool. */
const PATH_SCHEMA: JsonSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };

describe("parseToolArguments", () => {
  it.each([null, undefined, "", "   ", "\n\t "])("%j gives {}", (raw) => {
    expect(parseToolArguments(raw)).toEqual({});
  });

  it("returns non-strings as they are", () => {
    const list: unknown[] = [];
    const dict = { a: 1 };
    expect(parseToolArguments(list)).toBe(list);
    expect(parseToolArguments(dict)).toBe(dict);
    expect(parseToolArguments(5)).toBe(5);
    expect(parseToolArguments(false)).toBe(false);
  });

  it("parses any JSON value", () => {
    expect(parseToolArguments('{"path":"foo.txt"}')).toEqual({ path: "foo.txt" });
    expect(parseToolArguments('{"a":1}')).toEqual({ a: 1 });
    expect(parseToolArguments('  {"path":"foo.txt"}\n')).toEqual({ path: "foo.txt" });
    expect(parseToolArguments('["foo.txt"]')).toEqual(["foo.txt"]);
    expect(parseToolArguments("false")).toBe(false);
    expect(parseToolArguments("42")).toBe(42);
    expect(parseToolArguments('"s"')).toBe("s");
  });

  it("gives the original text back for the JSON null", () => {
    expect(parseToolArguments("null")).toBe("null");
    expect(parseToolArguments(" null ")).toBe(" null ");
  });

  it("gives the original, unstripped text back for malformed JSON and never repairs", () => {
    expect(parseToolArguments('{path:"foo.txt"}')).toBe('{path:"foo.txt"}');
    expect(parseToolArguments(" {bad ")).toBe(" {bad ");
    expect(parseToolArguments("{bad")).toBe("{bad");
    expect(parseToolArguments("{'a': 1}")).toBe("{'a': 1}");
    expect(parseToolArguments('{"a":1,}')).toBe('{"a":1,}');
    expect(parseToolArguments("NaN")).toBe("NaN");
  });
});

describe("what reaches the registry", () => {
  const registry = new ToolRegistry();
  const tool = new FakeTool({ name: "read_file", parameters: { ...PATH_SCHEMA, required: [] } });
  registry.register(tool);
  const notObject = (type: string): string =>
    `Error: Tool 'read_file' parameters must be a JSON object, got ${type}. Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.`;

  it.each([
    ['{"path":"a"}', null],
    ['{"a":1}', null],
    ["", null],
    ["null", notObject("string")],
    ["false", notObject("boolean")],
    ["42", notObject("number")],
    ['["a"]', notObject("array")],
    ["[1,2]", notObject("array")],
    ["{bad", notObject("string")],
    ['"s"', notObject("string")],
  ])("%j → %s", (raw, expected) => {
    const prepared = registry.prepareCall("read_file", parseToolArguments(raw));
    expect(prepared.error === null ? null : prepared.error.content).toBe(expected);
    expect(tool.calls).toHaveLength(0);
  });
});

describe("toolArgumentsObjectForReplay", () => {
  it.each([null, undefined, "", "  ", "   ", 0, false, ["foo.txt"], '["foo.txt"]', "false", "null", "0", '"s"'])("%j gives {}", (raw) => {
    expect(toolArgumentsObjectForReplay(raw)).toEqual({});
  });

  it("an object is returned as the same object", () => {
    const dict = { path: "a" };
    expect(toolArgumentsObjectForReplay(dict)).toBe(dict);
  });

  it("parses JSON object text", () => {
    expect(toolArgumentsObjectForReplay('{"path":"foo.txt"}')).toEqual({ path: "foo.txt" });
  });

  it("repairs object-like text", () => {
    expect(toolArgumentsObjectForReplay('{path:"foo.txt"}')).toEqual({ path: "foo.txt" });
    expect(toolArgumentsObjectForReplay("{'a': 1}")).toEqual({ a: 1 });
    expect(toolArgumentsObjectForReplay('{"a": 1,}')).toEqual({ a: 1 });
  });

  it("text that cannot be repaired into an object gives {}", () => {
    expect(toolArgumentsObjectForReplay("just words")).toEqual({});
    expect(toolArgumentsObjectForReplay("[1, 2")).toEqual({});
  });

  it("class instances are not plain objects", () => {
    expect(toolArgumentsObjectForReplay(new Map([["a", 1]]))).toEqual({});
  });

  it("the replay repair is never used on the execution path", () => {
    const registry = new ToolRegistry();
    const tool = new FakeTool({ name: "read_file", parameters: PATH_SCHEMA });
    registry.register(tool);
    const prepared = registry.prepareCall("read_file", '{path:"foo.txt"}');
    expect(prepared.params).toBe('{path:"foo.txt"}');
    expect(prepared.error?.content).toContain("must be a JSON object");
  });
});

describe("toolArgumentsJsonForReplay", () => {
  it("is the replay object as JSON text", () => {
    expect(toolArgumentsJsonForReplay('{path:"foo.txt"}')).toBe('{"path":"foo.txt"}');
    expect(JSON.parse(toolArgumentsJsonForReplay('{path:"foo.txt"}'))).toEqual({ path: "foo.txt" });
    expect(toolArgumentsJsonForReplay("null")).toBe("{}");
    expect(toolArgumentsJsonForReplay("[1]")).toBe("{}");
    expect(toolArgumentsJsonForReplay({ k: "é" })).toBe('{"k":"é"}');
  });
});

describe("ToolCallRequest", () => {
  it("keeps its fields as given", () => {
    const args = { path: "a" };
    const call = new ToolCallRequest({ id: "call_1", name: "readFile", arguments: args });
    expect(call.id).toBe("call_1");
    expect(call.name).toBe("readFile");
    expect(call.arguments).toBe(args);
    const raw = new ToolCallRequest({ id: "x", name: "Read-File", arguments: "{bad" });
    expect(raw.id).toBe("x");
    expect(raw.name).toBe("Read-File");
    expect(raw.arguments).toBe("{bad");
  });

  it("hasValidName is true only for a non-empty string", () => {
    expect(new ToolCallRequest({ id: "1", name: "read_file", arguments: {} }).hasValidName()).toBe(true);
    expect(new ToolCallRequest({ id: "1", name: " ", arguments: {} }).hasValidName()).toBe(true);
    for (const name of ["", null, undefined, 0, {}, ["a"]]) {
      expect(new ToolCallRequest({ id: "1", name: name as string, arguments: {} }).hasValidName()).toBe(false);
    }
  });

  it("toOpenAIToolCall keeps string arguments verbatim, even malformed", () => {
    for (const raw of ['{path:"notes.txt"}', '{path:"x"}', "null", "", '{"a": 1}', " spaced "]) {
      expect(new ToolCallRequest({ id: "c", name: "n", arguments: raw }).toOpenAIToolCall()).toEqual({
        id: "c",
        type: "function",
        function: { name: "n", arguments: raw },
      });
    }
  });

  it("toOpenAIToolCall writes other arguments as JSON", () => {
    const json = (args: unknown): string => new ToolCallRequest({ id: "c", name: "n", arguments: args }).toOpenAIToolCall().function.arguments;
    expect(json({ k: "é" })).toBe('{"k":"é"}');
    expect(JSON.parse(json({ a: [1, { b: null }] }))).toEqual({ a: [1, { b: null }] });
    expect(json(null)).toBe("null");
    expect(json(undefined)).toBe("null");
    expect(json([])).toBe("[]");
    expect(json([1, 2])).toBe("[1,2]");
    expect(json(5)).toBe("5");
    expect(json(false)).toBe("false");
  });

  it("toOpenAIToolCall never throws, even on values JSON cannot hold", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    const text = new ToolCallRequest({ id: "c", name: "n", arguments: cyclic }).toOpenAIToolCall().function.arguments;
    expect(typeof text).toBe("string");
    expect(new ToolCallRequest({ id: "c", name: "n", arguments: { big: 10n } }).toOpenAIToolCall().function.arguments).toBe('{"big":"10"}');
  });

  it("the shape has exactly id, type and function", () => {
    const entry = new ToolCallRequest({ id: "c", name: "n", arguments: {} }).toOpenAIToolCall();
    expect(Object.keys(entry)).toEqual(["id", "type", "function"]);
    expect(Object.keys(entry.function)).toEqual(["name", "arguments"]);
  });
});
