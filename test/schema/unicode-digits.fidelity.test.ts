/**
 * Number strings with decimal digits of any script. Upstream casts with Python's `float()` for a
 * `number` field and `int()` for an `integer` field, and both read every Unicode decimal digit
 * (category Nd). Each expectation below is upstream's own output for the same call (its
 * `ToolRegistry.execute` on `{"n": <text>}`), apart from the two limits docs/fidelity.md lists:
 * no `_`, and integers only within ±(2^53−1).
 */
import { describe, expect, it } from "vitest";
import { castInteger, castNumber } from "../../src/schema/cast.js";
import { decimalDigitValue } from "../../src/schema/number-text.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";

async function runWith(type: "integer" | "number", text: string): Promise<{ result: string; ran: unknown[] }> {
  const tool = new FakeTool({ name: "t", parameters: { type: "object", properties: { n: { type } } }, result: "ok" });
  const result = await registryOf(tool).execute("t", { n: text });
  return { result: String(result), ran: tool.calls.map((call) => call.params["n"]) };
}

const refused = (type: string): string => `Error: Invalid parameters for tool 't': n should be ${type}${RETRY_HINT}`;

describe("fidelity to upstream: number strings in other scripts are cast as upstream's float() reads them", () => {
  it.each([
    ["\u0661\u0662.\u0665", 12.5], // Arabic-Indic "١٢.٥"
    ["\uff11.\uff15", 1.5], // full-width "１.５"
    ["\u{1d7d9}.\u{1d7dd}", 1.5], // mathematical double-struck "𝟙.𝟝"
    ["\u0661e\u0663", 1000], // "١e٣"
    ["-\u0661\u0662", -12],
    ["\uff11e-\uff13", 0.001],
    ["\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669", 1.2345678901234568e18],
  ])("%j -> %j", async (text, value) => {
    expect(castNumber(text)).toBe(value);
    expect(await runWith("number", text)).toEqual({ result: "ok", ran: [value] });
  });

  it.each(["\u00b2", "\u216b", "\u0661\u066b\u0665", "\uff49\uff4e\uff46", "\uff11E\uff0d\uff13"])("%j is no number for float() either: refused, not run", async (text) => {
    // "²" and "Ⅻ" are numerals but not decimal digits; "٫" is not "."; letters and signs stay ASCII-only.
    expect(castNumber(text)).toBe(text);
    expect(await runWith("number", text)).toEqual({ result: refused("number"), ran: [] });
  });
});

describe("fidelity to upstream: integer strings in other scripts are cast as upstream's int() reads them", () => {
  it.each([
    ["\u0661\u0662", 12],
    ["\uff11\uff12", 12],
    ["\u{1d7cf}\u{1d7d0}", 12], // mathematical bold "𝟏𝟐"
    ["\u0660\u0660\u0667", 7],
    ["+\uff11\uff12", 12],
    ["\u07c0\u07c1", 1], // NKo "߀߁"
    ["1\u0662", 12], // scripts may mix, as in Python
    ["-\u0661\u0662", -12],
    ["-\u0660", 0], // Python has no negative zero integer
    ["-0", 0],
  ])("%j -> %j", async (text, value) => {
    expect(Object.is(castInteger(text), value)).toBe(true);
    expect(await runWith("integer", text)).toEqual({ result: "ok", ran: [value] });
  });

  it.each(["\u0661\u0662.\u0665", "\u00b2", "\u216b"])("%j is no integer for int() either: refused, not run", async (text) => {
    expect(await runWith("integer", text)).toEqual({ result: refused("integer"), ran: [] });
  });

  it("keeps the workbook's two limits in every script: no `_`, nothing past 2^53 − 1", async () => {
    // Upstream: int("١_٠٠٠") is 1000 and int("١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩") is 1234567890123456789.
    expect(await runWith("integer", "\u0661_\u0660\u0660\u0660")).toEqual({ result: refused("integer"), ran: [] });
    expect(await runWith("number", "\u0661_\u0660\u0660\u0660")).toEqual({ result: refused("number"), ran: [] });
    const nineteen = "\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669";
    expect(await runWith("integer", nineteen)).toEqual({ result: refused("integer"), ran: [] });
  });

  it("reads every decimal digit Unicode has as Python's unicodedata.decimal does, and nothing else", () => {
    // Unicode encodes each script's digits as a run of ten, zero to nine; the runs found here
    // must be exactly that, so a digit's value is its place in its run.
    const nd = /^\p{Nd}$/u;
    let digits = 0;
    const wrong: string[] = [];
    for (let code = 0; code < 0x110000; code++) {
      const isDigit = nd.test(String.fromCodePoint(code));
      const expected = isDigit ? digits++ % 10 : -1;
      if (decimalDigitValue(code) !== expected) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
    expect(digits % 10).toBe(0);
    expect(decimalDigitValue(0x0669)).toBe(9);
    expect(decimalDigitValue(0x1d7ce + 17)).toBe(7); // the second run of mathematical digits
  });
});
