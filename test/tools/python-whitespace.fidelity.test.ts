/**
 * Blank space as upstream's Python counts it. Upstream strips argument text with `str.strip()`,
 * and `int()`/`float()` skip blank space around a number; JavaScript's `trim()` disagrees with
 * both. Each expectation is upstream's own output for the same input (its `parse_tool_arguments`,
 * `tool_arguments_object_for_replay` and `ToolRegistry.execute`); only the type names differ
 * (`got string` where Python says `got str`, as docs/fidelity.md lists).
 */
import { describe, expect, it } from "vitest";
import { pyStrip } from "../../src/util/python-space.js";
import { parseToolArguments, toolArgumentsObjectForReplay } from "../../src/providers/base.js";
import { coerce as workedCoerce } from "../../solutions/05-argument-processing/prepare.js";
import { isPythonSpace } from "../../src/util/python-space.js";
import { castInteger, castNumber } from "../../src/schema/cast.js";
import { coerceArgumentValue } from "../../src/tools/coerce.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";

async function runWith(parameters: JsonSchema, args: unknown): Promise<{ result: string; ran: unknown[] }> {
  const tool = new FakeTool({ name: "t", parameters, result: "ok" });
  const result = await registryOf(tool).execute("t", args);
  return { result: String(result), ran: tool.calls.map((call) => call.params) };
}

const NOT_AN_OBJECT =
  "Error: Tool 't' parameters must be a JSON object, got string. Use named parameters like " +
  'tool_name(param1="value1", param2="value2") matching the tool schema.' +
  RETRY_HINT;
const NO_PARAMS: JsonSchema = { type: "object", properties: {} };

describe("fidelity to upstream: argument text is stripped as Python's str.strip() strips it", () => {
  it("strips exactly the characters str.isspace() accepts", () => {
    // Python: [hex(c) for c in range(0x110000) if chr(c).isspace()]
    const python = [
      0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
      0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
    ];
    const here: number[] = [];
    for (let code = 0; code < 0x110000; code++) if (isPythonSpace(code)) here.push(code);
    expect(here).toEqual(python);
    expect(pyStrip("\x1c\x85 a b \u3000\x1f")).toBe("a b");
    expect(pyStrip("\ufeffa\ufeff")).toBe("\ufeffa\ufeff");
  });

  it.each([
    ["\x1c{}", {}],
    ["\x85{}", {}],
    ["\x1f", {}],
    ["\u2028\u3000", {}],
    ['\x1c{"a": 1}\x85', { a: 1 }],
    ["\ufeff{}", "\ufeff{}"],
    ["{}\ufeff", "{}\ufeff"],
    ["\u200b{}", "\u200b{}"],
  ])("parseToolArguments(%j) is %j", (text, parsed) => {
    expect(parseToolArguments(text)).toEqual(parsed);
  });

  it.each([
    ["\x1c{}", {}],
    ["\x85{}", {}],
    ["\x1f", {}],
    ['\x1c{"a": 1}\x85', { a: 1 }],
  ])("%j runs, as a call with %j", async (text, params) => {
    expect(await runWith(NO_PARAMS, text)).toEqual({ result: "ok", ran: [params] });
    expect(await runWith(NO_PARAMS, parseToolArguments(text))).toEqual({ result: "ok", ran: [params] });
  });

  it.each(["\ufeff{}", "{}\ufeff", "\u200b{}"])("%j is text, refused, and never runs", async (text) => {
    expect(await runWith(NO_PARAMS, text)).toEqual({ result: NOT_AN_OBJECT, ran: [] });
    expect(await runWith(NO_PARAMS, parseToolArguments(text))).toEqual({ result: NOT_AN_OBJECT, ran: [] });
  });

  it("replayed history strips the same way", () => {
    expect(toolArgumentsObjectForReplay('\x1c{"a": 1}\x85')).toEqual({ a: 1 });
    expect(toolArgumentsObjectForReplay("\x1f")).toEqual({});
  });

  it("exercise 5's worked coerce strips the same way as the registry's coerce step", () => {
    for (const text of ['\x1c{"a": 1}\x85', "\u3000[1]\u2028", "\x1f", "\x85 \x1c", "\ufeff{}", "{}\ufeff", "\u200b{}", ' {"a": 1} ']) {
      expect(workedCoerce(text), JSON.stringify(text)).toEqual(coerceArgumentValue(text));
    }
  });
});

describe("fidelity to upstream: number strings skip blank space as int() and float() do", () => {
  const number: JsonSchema = { type: "object", properties: { n: { type: "number" } } };
  const integer: JsonSchema = { type: "object", properties: { n: { type: "integer" } } };

  it.each([
    ["2.5\x85", 2.5],
    ["\x852.5", 2.5],
    ["\u30002.5\u2029", 2.5],
    ["\xa0-2.5e1\u205f", -25],
  ])("number %j -> %j", async (text, value) => {
    expect(castNumber(text)).toBe(value);
    expect(await runWith(number, { n: text })).toEqual({ result: "ok", ran: [{ n: value }] });
  });

  it.each([
    ["12\x85", 12],
    ["\u3000\uff11\uff12\u3000", 12],
    ["\u1680 7 \u202f", 7],
  ])("integer %j -> %j", async (text, value) => {
    expect(castInteger(text)).toBe(value);
    expect(await runWith(integer, { n: text })).toEqual({ result: "ok", ran: [{ n: value }] });
  });

  // int() and float() do not skip U+001C–U+001F (str.strip() does), nor U+FEFF or U+200B.
  it.each(["2.5\x1c", "\x1c2.5", "\ufeff2.5", "2.5\ufeff", "\u200b2.5"])("number %j is refused", async (text) => {
    expect(castNumber(text)).toBe(text);
    expect(await runWith(number, { n: text })).toEqual({ result: `Error: Invalid parameters for tool 't': n should be number${RETRY_HINT}`, ran: [] });
  });

  it.each(["\x1c12", "\ufeff12"])("integer %j is refused", async (text) => {
    expect(castInteger(text)).toBe(text);
    expect(await runWith(integer, { n: text })).toEqual({ result: `Error: Invalid parameters for tool 't': n should be integer${RETRY_HINT}`, ran: [] });
  });
});
