/**
 * How odd results read as text, in the corners the main tests pass by: boxed primitives, bytes
 * without a usual constructor, long keys, Map keys of every kind, numbers JSON cannot spell, a
 * `toJSON` that gives nothing, text blocks past the budget, and the message builder's handling
 * of values that turn out blank only once converted.
 */
import { describe, expect, it } from "vitest";
import { buildToolMessage } from "../../../src/agent/results/tool-message.js";
import { RESULT_TEXT_CUT_NOTE, toolResultToText } from "../../../src/agent/results/result-text.js";
import { sliceAtCodePoint, TRUNCATION_SUFFIX } from "../../../src/util/text-cut.js";
import { ToolCallRequest } from "../../../src/providers/base.js";
import { ToolResult } from "../../../src/tools/base.js";
import { emptyResultMessage } from "../../../src/agent/results/tool-message.js";

describe("coverage: sliceAtCodePoint", () => {
  it("a cut at 0 or before gives the empty text", () => {
    expect(sliceAtCodePoint("abc", 0)).toBe("");
    expect(sliceAtCodePoint("abc", -3)).toBe("");
  });
});

describe("coverage: toolResultToText: functions and bytes", () => {
  it("a function whose name is not a string is anonymous", () => {
    const fn = Object.defineProperty(() => 1, "name", { value: 42 });
    expect(toolResultToText(fn)).toBe("[function (anonymous)]");
    expect(toolResultToText({ f: fn })).toBe('{"f":"[function (anonymous)]"}');
  });

  it("an ArrayBuffer and a DataView give their size", () => {
    expect(toolResultToText(new ArrayBuffer(4))).toBe("[ArrayBuffer 4 bytes]");
    expect(toolResultToText(new DataView(new ArrayBuffer(8)))).toBe("[DataView 8 bytes]");
  });

  it("a typed array whose constructor has no usable name is a TypedArray", () => {
    const blank = new Uint8Array(3);
    Object.defineProperty(blank, "constructor", { value: { name: "" } });
    const odd = new Uint16Array(2);
    Object.defineProperty(odd, "constructor", { value: { name: 7 } });
    expect(toolResultToText(blank)).toBe("[TypedArray 3 bytes]");
    expect(toolResultToText(odd)).toBe("[TypedArray 4 bytes]");
  });
});

describe("coverage: toolResultToText: values JSON spells its own way", () => {
  it("NaN and the infinities inside an object are null, as in JSON", () => {
    expect(toolResultToText({ a: NaN, b: Infinity, c: -Infinity, d: 1.5 })).toBe('{"a":null,"b":null,"c":null,"d":1.5}');
    expect(toolResultToText([NaN])).toBe("[null]");
  });

  it("boxed strings, numbers and booleans give their value", () => {
    const boxed = { s: new String("hi"), n: new Number(3), b: new Boolean(false) };
    expect(toolResultToText(boxed)).toBe('{"s":"hi","n":3,"b":false}');
    expect(toolResultToText(new String("plain"))).toBe("plain");
  });

  it("keys longer than 64 characters are written in full, commas between them", () => {
    const k1 = "k".repeat(65);
    const k2 = "j".repeat(70);
    expect(toolResultToText({ [k1]: 1, [k2]: 2, short: 3 })).toBe(`{"${k1}":1,"${k2}":2,"short":3}`);
    expect(toolResultToText({ short: 0, [k1]: 1 })).toBe(`{"short":0,"${k1}":1}`);
  });

  it("Map keys of every kind are spelled as text", () => {
    const map = new Map<unknown, number>([
      [Symbol("k"), 1],
      [function named() {}, 2],
      [1, 3],
      [null, 4],
      [undefined, 5],
      [true, 6],
      [new Error("boom"), 7],
      [{ a: 1 }, 8],
    ]);
    expect(toolResultToText(map)).toBe('{"Symbol(k)":1,"[function named]":2,"1":3,"null":4,"undefined":5,"true":6,"[Error: boom]":7,"[object Object]":8}');
  });

  it("a Map key that throws when inspected is shown as unreadable", () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error("no prototype for you");
        },
      },
    );
    expect(toolResultToText(new Map([[hostile, 1]]))).toBe('{"[unreadable: Error: no prototype for you]":1}');
  });

  it("a toJSON that gives undefined makes the whole result read as undefined", () => {
    expect(toolResultToText({ toJSON: () => undefined })).toBe("undefined");
  });
});

describe("coverage: toolResultToText: text blocks past the budget", () => {
  it("stops collecting blocks once the budget is passed, and the text ends with the cut note", () => {
    const blocks = ["x", "y", "z"].map((letter) => ({ type: "text", text: letter.repeat(60) }));
    const text = toolResultToText(blocks, { maxChars: 100 });
    expect(text).toBe("x".repeat(100 - RESULT_TEXT_CUT_NOTE.length) + RESULT_TEXT_CUT_NOTE);
    expect(text.length).toBe(100);
  });
});

describe("coverage: buildToolMessage: values that only turn out blank or odd once converted", () => {
  const call = new ToolCallRequest({ id: "c1", name: "probe", arguments: {} });

  it("a boxed blank string gets the empty-result marker", async () => {
    const message = await buildToolMessage(call, new String("   "), { maxToolResultChars: 100 });
    expect(message).toEqual({ role: "tool", tool_call_id: "c1", name: "probe", content: emptyResultMessage("probe") });
  });

  it("a toJSON that gives a blank string gets the empty-result marker", async () => {
    const message = await buildToolMessage(call, { toJSON: () => " \n " }, { maxToolResultChars: 100 });
    expect(message.content).toBe(emptyResultMessage("probe"));
  });

  it("an object dressed as a ToolResult without string content reads as unshowable", async () => {
    const dressed = Object.create(ToolResult.prototype) as ToolResult;
    Object.defineProperty(dressed, "content", { value: 5 });
    const message = await buildToolMessage(call, dressed, { maxToolResultChars: 100 });
    expect(message.content).toBe("[a result that cannot be shown as text]");
  });

  it("a ToolResult gives its content as it is, cut like any text when over the limit", async () => {
    expect((await buildToolMessage(call, new ToolResult("  kept as written  "), { maxToolResultChars: 100 })).content).toBe("  kept as written  ");
    const long = await buildToolMessage(call, ToolResult.error("e".repeat(30)), { maxToolResultChars: 10 });
    expect(long.content).toBe("e".repeat(10) + TRUNCATION_SUFFIX);
  });

  it("with the limit turned off, a non-string result is converted in full", async () => {
    const big = { items: Array.from({ length: 50 }, (_, i) => i) };
    const message = await buildToolMessage(call, big, { maxToolResultChars: 0 });
    expect(message.content).toBe(JSON.stringify(big));
  });
});
