import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { ToolResult } from "../../src/tools/base.js";
import { coerce, prepare, unwrap } from "../../exercises/05-argument-processing/prepare.js";
import { argumentsTool, countingReadTool, toolMap } from "./_support/tools.js";

const schema = countingReadTool().parameters;

describe("exercise 5: coerce", () => {
  it("turns missing or blank arguments into {}", () => {
    expect(coerce(null), "null means a call without arguments").toEqual({});
    expect(coerce(undefined), "undefined means a call without arguments").toEqual({});
    expect(coerce("   "), "blank text means a call without arguments").toEqual({});
  });

  it("parses JSON object and array text", () => {
    expect(coerce(' {"path": "a.txt"} ')).toEqual({ path: "a.txt" });
    expect(coerce("[1, 2]"), "an array is parsed (the shape check rejects it later)").toEqual([1, 2]);
  });

  it("never repairs malformed JSON and never parses scalars", () => {
    expect(coerce('{path: "a.txt"}'), "malformed JSON must stay the same string").toBe('{path: "a.txt"}');
    expect(coerce("42"), "text that is not an object or array is not parsed").toBe("42");
    expect(coerce(7), "non-strings are returned as they are").toBe(7);
  });
});

describe("exercise 5: unwrap", () => {
  it("unwraps one {\"arguments\": …} level and coerces the inside", () => {
    expect(unwrap(schema, { arguments: '{"path": "a.txt"}' })).toEqual({ path: "a.txt" });
    expect(unwrap(schema, { arguments: { arguments: { path: "x" } } }), "only one level").toEqual({ arguments: { path: "x" } });
  });

  it("keeps the wrapper when the tool declares an arguments parameter or there are other keys", () => {
    const own = argumentsTool().parameters;
    expect(unwrap(own, { arguments: "--fast" })).toEqual({ arguments: "--fast" });
    expect(unwrap(schema, { arguments: "{}", path: "a" })).toEqual({ arguments: "{}", path: "a" });
  });

  it("leaves every other value as it is", () => {
    expect(unwrap(schema, { path: "a.txt" }), "one key that is not \"arguments\": nothing to unwrap").toEqual({ path: "a.txt" });
    expect(unwrap(schema, null), "null is not an object: return it unchanged (check isPlainObject first)").toBeNull();
    expect(unwrap(schema, "a.txt"), "a string is not an object: return it unchanged").toBe("a.txt");
  });

  it("unwraps for a schema that declares no properties at all", () => {
    expect(
      unwrap({ type: "object" }, { arguments: { path: "a.txt" } }),
      "no properties means no \"arguments\" property: unwrap (and do not crash on the missing properties)",
    ).toEqual({ path: "a.txt" });
  });
});

describe("exercise 5: prepare", () => {
  it("returns the tool and cast params when every step passes", () => {
    const tool = countingReadTool();
    const prepared = prepare(toolMap(tool), "read_file", '{"path": "a.txt", "limit": "5"}');
    expect(prepared.error, "a valid call has error: null").toBeNull();
    expect(prepared.tool).toBe(tool);
    expect(prepared.params, "limit must be cast from \"5\" to 5 before validation").toEqual({ path: "a.txt", limit: 5 });
  });

  it("looks the tool up first, by its exact name", () => {
    const prepared = prepare(toolMap(countingReadTool()), "ReadFile", "{not json");
    expect(prepared.tool, "no tool for a near-miss name").toBeNull();
    expect(prepared.error?.content).toBe(
      "Error: Tool 'ReadFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file",
    );
  });

  it("rejects arguments that are not an object, after coercing and unwrapping", () => {
    const tools = toolMap(countingReadTool());
    expect(prepare(tools, "read_file", "[1,2]").error?.content).toMatch(/^Error: Tool 'read_file' parameters must be a JSON object, got array\./);
    expect(prepare(tools, "read_file", '{path: "a"}').error?.content).toMatch(/must be a JSON object, got string\./);
    expect(prepare(tools, "read_file", { arguments: "[1]" }).error?.content, "unwrap before the shape check").toMatch(/got array\./);
  });

  it("validates the cast params and returns every problem, in upstream's order (missing keys, then the value's keys)", () => {
    const prepared = prepare(toolMap(countingReadTool()), "read_file", { limit: "0", extra: true });
    expect(prepared.error).toBeInstanceOf(ToolResult);
    expect(prepared.error?.isError).toBe(true);
    expect(prepared.error?.content).toBe(
      "Error: Invalid parameters for tool 'read_file': missing required path; limit must be >= 1; unexpected parameter extra",
    );
    expect(prepared.params, "the error carries the cast params").toEqual({ limit: 0, extra: true });
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
    expect(cast.error, "\"30\" casts to 30, which the integer branch accepts").toBeNull();
    expect(cast.params).toEqual({ seconds: 30 });
    const none = prepare(tools, "wait", '{"seconds": null}');
    expect(none.error, "null is one of the allowed branches").toBeNull();
    expect(none.params).toEqual({ seconds: null });
    expect(prepare(tools, "wait", '{"seconds": -5}').error?.content).toBe("Error: Invalid parameters for tool 'wait': seconds must be >= 0");
  });
});
