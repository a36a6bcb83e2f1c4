/**
 * The JSON helpers every part of the workbook shares (`src/util/json.ts`), and the one never-guess
 * rule for argument text that the provider side and the registry's coerce step both follow.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CIRCULAR_MARK, describeJsonType, isPlainObject, parseJsonOr, safeJsonStringify } from "../../src/util/json.js";
import { parseToolArguments } from "../../src/providers/base.js";
import { readArgumentText } from "../../src/tools/argument-text.js";
import { coerceArgumentValue } from "../../src/tools/coerce.js";
import { describeThrown } from "../../src/util/thrown.js";

describe("safeJsonStringify", () => {
  it("is JSON.stringify for every JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(safeJsonStringify(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it("writes a BigInt as its digits in a JSON string, at any depth", () => {
    expect(safeJsonStringify(10n)).toBe('"10"');
    expect(safeJsonStringify({ n: 1n, list: [2n, { m: -3n }] })).toBe('{"n":"1","list":["2",{"m":"-3"}]}');
  });

  it("writes an object met again inside itself as [Circular], and a shared one twice", () => {
    const a: Record<string, unknown> = { name: "a" };
    a["self"] = a;
    expect(safeJsonStringify(a)).toBe(`{"name":"a","self":"${CIRCULAR_MARK}"}`);
    const list: unknown[] = [1];
    list.push(list);
    expect(safeJsonStringify(list)).toBe('[1,"[Circular]"]');
    const shared = { k: 1 };
    expect(safeJsonStringify({ x: shared, y: [shared, shared] })).toBe('{"x":{"k":1},"y":[{"k":1},{"k":1}]}');
    const deep: Record<string, unknown> = { inner: { list: [] as unknown[] } };
    (deep["inner"] as { list: unknown[] }).list.push(deep, { sibling: true });
    expect(safeJsonStringify(deep)).toBe('{"inner":{"list":["[Circular]",{"sibling":true}]}}');
  });

  it("gives undefined where JSON has no text, and lets what reading the value throws through", () => {
    expect(safeJsonStringify(undefined)).toBeUndefined();
    expect(safeJsonStringify(() => 1)).toBeUndefined();
    expect(safeJsonStringify(Symbol("s"))).toBeUndefined();
    const hostile = {
      get boom(): never {
        throw new RangeError("no");
      },
    };
    expect(() => safeJsonStringify(hostile)).toThrow(RangeError);
  });
});

describe("the other JSON helpers", () => {
  it("isPlainObject, describeJsonType and parseJsonOr", () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(new Map())).toBe(false);
    expect([null, [], 1, "s", true, {}, 1n, new Date(0)].map(describeJsonType)).toEqual(["null", "array", "number", "string", "boolean", "object", "bigint", "Date"]);
    expect(parseJsonOr('{"a":1}', null)).toEqual({ a: 1 });
    expect(parseJsonOr("{a:1}", "fallback")).toBe("fallback");
  });

  it("a thrown object is described with the same spelling of BigInt and cycles", () => {
    expect(describeThrown({ n: 1n }).message).toBe('{"n":"1"}');
    const cyclic: Record<string, unknown> = { code: 7 };
    cyclic["self"] = cyclic;
    expect(describeThrown(cyclic).message).toBe('{"code":7,"self":"[Circular]"}');
  });
});

describe("one never-guess rule for argument text", () => {
  const texts = fc.oneof(
    fc.string(),
    fc.json().map((text) => ` ${text}\n`),
    fc.constantFrom("", "   ", "null", " [1,2] ", '{"a":', "{path: 1}", "42", '"x"', "true", "NaN"),
  );

  it("parseToolArguments is the rule over any JSON text; the coerce step is the rule over object and array text", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(parseToolArguments(text)).toEqual(readArgumentText(text, "any"));
        expect(coerceArgumentValue(text)).toEqual(readArgumentText(text, "object-or-array"));
      }),
    );
  });

  it("the two agree on every text that starts with { or [, and coerce keeps any other text as it came", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const trimmed = text.trim();
        if (trimmed.startsWith("{") || trimmed.startsWith("[") || trimmed === "") {
          expect(coerceArgumentValue(text)).toEqual(parseToolArguments(text));
        } else {
          expect(coerceArgumentValue(text)).toBe(text);
        }
      }),
    );
  });

  it("never repairs and never parses a non-string", () => {
    expect(readArgumentText("{path: 'a'}", "any")).toBe("{path: 'a'}");
    expect(readArgumentText(" null ", "any")).toBe(" null ");
    expect(readArgumentText(undefined, "any")).toEqual({});
    const value = { path: "a" };
    expect(readArgumentText(value, "object-or-array")).toBe(value);
    expect(readArgumentText(7, "any")).toBe(7);
  });
});
