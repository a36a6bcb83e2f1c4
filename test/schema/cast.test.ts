/**
 * Safe, schema-driven casting, with the differences that
 * API.md pins (strings only from numbers and booleans; integer text as Python's int() reads it, but
 * no `_` and nothing past ±(2^53−1)).
 */
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/tools/base.js";
import { castBoolean, castInteger, castNumber, castString, castValue, compileCaster } from "../../src/schema/cast.js";
import { isPlainObject } from "../../src/util/json.js";
import { FakeTool } from "../../src/testing/index.js";

const obj = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({
  type: "object",
  properties,
  ...extra,
});

/** Casts `{ [key]: value }` against `{ [key]: fieldSchema }` and returns the cast field. */
function castField(fieldSchema: JsonSchema, value: unknown, key = "x"): unknown {
  const out = castValue(obj({ [key]: fieldSchema }), { [key]: value }) as Record<string, unknown>;
  return out[key];
}

/** A fake tool with the given name and schema. */
const toolWith = (name: string, parameters: JsonSchema): FakeTool => new FakeTool({ name, parameters });

describe("root gate", () => {
  it("a root without type is treated as an object", () => {
    expect(castValue({ properties: { n: { type: "integer" } } }, { n: "4" })).toEqual({ n: 4 });
  });

  it("an empty schema or an object schema without properties casts nothing", () => {
    const input = { n: "4", b: "true" };
    expect(castValue({}, input)).toBe(input);
    expect(castValue({ type: "object" }, input)).toBe(input);
  });

  it("a tool whose root is not an object schema cannot cast at all (API.md: TypeError)", () => {
    expect(() => new FakeTool({ name: "arr", parameters: { type: "array" } }).castParams({})).toThrow(TypeError);
    expect(() => new FakeTool({ name: "nullable", parameters: { type: ["object", "null"] } }).castParams({})).toThrow(TypeError);
  });
});

describe("integer", () => {
  it.each([
    ["42", 42],
    [" 42 ", 42],
    ["-7", -7],
    ["+7", 7],
    ["0", 0],
    ["007", 7],
    ["\t12\n", 12],
  ])("%j becomes %j", (text, n) => {
    expect(castField({ type: "integer" }, text)).toBe(n);
    expect(castInteger(text)).toBe(n);
  });

  it.each(["abc", "12.5.7", "3.0", "1_000", "1e3", "0x10", "", " ", "4 2", "++4", "NaN", "Infinity"])("%j is kept as the string", (text) => {
    expect(castField({ type: "integer" }, text)).toBe(text);
  });

  it("an integer beyond 2^53 is kept as the string (no precision lost)", () => {
    expect(castInteger("9007199254740993")).toBe("9007199254740993");
    expect(castInteger("-9007199254740993")).toBe("-9007199254740993");
    expect(castInteger("123456789012345678901234567890")).toBe("123456789012345678901234567890");
    expect(castInteger("9007199254740991")).toBe(9007199254740991);
  });

  it("booleans are never cast to integers", () => {
    expect(castField({ type: "integer" }, true)).toBe(true);
    expect(castField({ type: "integer" }, false)).toBe(false);
  });

  it("numbers are never truncated", () => {
    expect(castField({ type: "integer" }, 3.5)).toBe(3.5);
    expect(castField({ type: "integer" }, 3)).toBe(3);
  });

  it("an integer enum accepts the cast value", () => {
    expect(castField({ type: "integer", enum: [1, 2] }, "2")).toBe(2);
  });
});

describe("number", () => {
  it.each([
    ["3.14", 3.14],
    ["5", 5],
    ["1e3", 1000],
    ["-2.5", -2.5],
    [".5", 0.5],
    ["5.", 5],
    [" 7 ", 7],
    ["1E-2", 0.01],
  ])("%j becomes %j", (text, n) => {
    expect(castField({ type: "number" }, text)).toBe(n);
    expect(castNumber(text)).toBe(n);
  });

  it.each(["not_a_number", "", "1,5", "0x10", "1_000", "3.1.4", "e5", "--1"])("%j is kept", (text) => {
    expect(castField({ type: "number" }, text)).toBe(text);
  });

  it("non-finite numbers pass through; their words become non-finite numbers", () => {
    expect(castField({ type: "number" }, Number.NaN)).toBeNaN();
    expect(castField({ type: "number" }, Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(castField({ type: "number" }, Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
    expect(castField({ type: "number" }, "NaN")).toBeNaN();
    expect(castField({ type: "number" }, "Infinity")).toBe(Number.POSITIVE_INFINITY);
    expect(castField({ type: "number" }, "-Infinity")).toBe(Number.NEGATIVE_INFINITY);
    expect(castField({ type: "number" }, "inf")).toBe(Number.POSITIVE_INFINITY);
  });

  it("booleans stay booleans, integers stay integers", () => {
    expect(castField({ type: "number" }, true)).toBe(true);
    expect(castField({ type: "number" }, false)).toBe(false);
    expect(castField({ type: "number" }, 5)).toBe(5);
  });
});

describe("boolean", () => {
  it.each([
    ["true", true],
    ["1", true],
    ["yes", true],
    ["True", true],
    ["YES", true],
    ["false", false],
    ["False", false],
    ["0", false],
    ["no", false],
    ["NO", false],
  ])("%j becomes %j", (text, b) => {
    expect(castField({ type: "boolean" }, text)).toBe(b);
    expect(castBoolean(text)).toBe(b);
  });

  it.each(["random", "maybe", "on", "off", " true", "true ", "", "y", "2"])("%j is kept", (text) => {
    expect(castField({ type: "boolean" }, text)).toBe(text);
  });

  it("the numbers 1 and 0 are not cast to booleans", () => {
    expect(castField({ type: "boolean" }, 1)).toBe(1);
    expect(castField({ type: "boolean" }, 0)).toBe(0);
  });
});

describe("string (as API.md)", () => {
  it("strings pass through, the empty string too", () => {
    expect(castField({ type: "string" }, "hello")).toBe("hello");
    expect(castField({ type: "string" }, "")).toBe("");
    expect(castField({ type: "string" }, "42")).toBe("42");
  });

  it("numbers and booleans become their text", () => {
    expect(castField({ type: "string" }, 123)).toBe("123");
    expect(castField({ type: "string" }, 1.5)).toBe("1.5");
    expect(castField({ type: "string" }, true)).toBe("true");
    expect(castField({ type: "string" }, false)).toBe("false");
    expect(castString(-0.25)).toBe("-0.25");
  });

  it("objects and arrays are kept as they are, to fail validation", () => {
    const list = [1, 2];
    const dict = { a: 1 };
    expect(castField({ type: "string" }, list)).toBe(list);
    expect(castField({ type: "string" }, dict)).toBe(dict);
  });
});

describe("null", () => {
  it("null is kept for every type", () => {
    const schema = obj({
      name: { type: "string" },
      count: { type: "integer" },
      rate: { type: "number" },
      flag: { type: "boolean" },
      items: { type: "array", items: { type: "integer" } },
      config: { type: "object", properties: { port: { type: "integer" } } },
    });
    const input = { name: null, count: null, rate: null, flag: null, items: null, config: null };
    const out = castValue(schema, input);
    expect(out).toEqual(input);
    expect(out).toBe(input);
  });

  it("nullable unions cast with their first non-null type", () => {
    expect(castField({ type: ["string", "null"] }, "hello")).toBe("hello");
    expect(castField({ type: ["string", "null"] }, null)).toBeNull();
    expect(castField({ type: ["string", "null"] }, 5)).toBe("5");
    expect(castField({ type: ["integer", "null"] }, "5")).toBe(5);
    expect(castField({ type: ["null", "integer"] }, "5")).toBe(5);
    expect(castField({ type: "integer", nullable: true }, "5")).toBe(5);
    expect(castField({ type: "integer", nullable: true }, null)).toBeNull();
  });
});

describe("arrays", () => {
  it("are cast item by item", () => {
    expect(castField({ type: "array", items: { type: "integer" } }, ["1", "2", "3"])).toEqual([1, 2, 3]);
    expect(castField({ type: "array", items: { type: "boolean" } }, ["true", "no", "maybe"])).toEqual([true, false, "maybe"]);
  });

  it("without items are left alone", () => {
    const list = ["1", "2"];
    expect(castField({ type: "array" }, list)).toBe(list);
  });

  it("never wrap a scalar and never parse a JSON string", () => {
    const schema = { type: "array", items: { type: "integer" } };
    expect(castField(schema, 5)).toBe(5);
    expect(castField(schema, "text")).toBe("text");
    expect(castField(schema, "[1,2]")).toBe("[1,2]");
    expect(castField(schema, null)).toBeNull();
  });

  it("nested arrays and arrays of objects are cast all the way down", () => {
    const schema = {
      type: "array",
      items: { type: "object", properties: { b: { type: "integer" }, c: { type: "array", items: { type: "number" } } } },
    };
    expect(castField(schema, [{ b: "1", c: ["1.5", 2] }, { b: 2 }])).toEqual([{ b: 1, c: [1.5, 2] }, { b: 2 }]);
  });

  it("an array whose items need no cast is returned as the same array", () => {
    const list = [1, 2, 3];
    expect(castField({ type: "array", items: { type: "integer" } }, list)).toBe(list);
  });
});

describe("nested objects", () => {
  it("are cast recursively", () => {
    const schema = obj({
      config: { type: "object", properties: { port: { type: "integer" }, debug: { type: "boolean" } } },
    });
    expect(castValue(schema, { config: { port: "8080", debug: "true" } })).toEqual({
      config: { port: 8080, debug: true },
    });
  });

  it("a JSON string for an object field is not parsed", () => {
    const schema = obj({ config: { type: "object", properties: { port: { type: "integer" } } } });
    expect(castValue(schema, { config: '{"port":"1"}' })).toEqual({ config: '{"port":"1"}' });
  });

  it("deeply nested values are cast", () => {
    const schema = obj({
      a: { type: "object", properties: { b: { type: "object", properties: { c: { type: "integer" } } } } },
    });
    expect(castValue(schema, { a: { b: { c: "9" } } })).toEqual({ a: { b: { c: 9 } } });
  });
});

describe("keys not in properties", () => {
  it("are cast with a typed additionalProperties", () => {
    const schema = obj({ n: { type: "integer" } }, { additionalProperties: { type: "integer" } });
    expect(castValue(schema, { n: "1", extra: "2" })).toEqual({ n: 1, extra: 2 });
  });

  it("a declared property uses its own schema, not additionalProperties", () => {
    const schema = obj({ s: { type: "string" } }, { additionalProperties: { type: "integer" } });
    expect(castValue(schema, { s: "2", extra: "3" })).toEqual({ s: "2", extra: 3 });
  });

  it("are kept otherwise, even with additionalProperties false (casting never drops keys)", () => {
    expect(castValue(obj({ n: { type: "integer" } }), { n: "1", extra: "2" })).toEqual({ n: 1, extra: "2" });
    expect(castValue(obj({ n: { type: "integer" } }, { additionalProperties: false }), { n: "1", extra: "2" })).toEqual({
      n: 1,
      extra: "2",
    });
    expect(castValue(obj({ n: { type: "integer" } }, { additionalProperties: true }), { extra: "2" })).toEqual({
      extra: "2",
    });
  });

  it("typed additionalProperties reach nested objects", () => {
    const schema = obj({ tags: { type: "object", additionalProperties: { type: "boolean" } } });
    expect(castValue(schema, { tags: { a: "yes", b: "no" } })).toEqual({ tags: { a: true, b: false } });
  });
});

describe("no recognised type", () => {
  it.each([{}, { type: "null" }, { type: "whatever" }, { enum: [1, 2] }])("%j leaves the value alone", (schema) => {
    expect(castField(schema, "2")).toBe("2");
    expect(castField(schema, 2)).toBe(2);
  });
});

describe("casting is pure", () => {
  const schema = obj({
    n: { type: "integer" },
    list: { type: "array", items: { type: "integer" } },
    inner: { type: "object", properties: { flag: { type: "boolean" } } },
    keep: { type: "string" },
  });

  it("never mutates its input", () => {
    const input = { n: "1", list: ["2", 3], inner: { flag: "true" }, keep: "k" };
    const snapshot = structuredClone(input);
    const out = castValue(schema, input) as Record<string, unknown>;
    expect(input).toEqual(snapshot);
    expect(out).toEqual({ n: 1, list: [2, 3], inner: { flag: true }, keep: "k" });
    expect(out).not.toBe(input);
  });

  it("returns the very same object when nothing changes, down to nested values", () => {
    const input = { n: 1, list: [2, 3], inner: { flag: true }, keep: "k" };
    expect(castValue(schema, input)).toBe(input);
  });

  it("shares the parts that did not change", () => {
    const input = { n: "1", list: [2, 3], inner: { flag: true } };
    const out = castValue(schema, input) as Record<string, unknown>;
    expect(out["list"]).toBe(input.list);
    expect(out["inner"]).toBe(input.inner);
  });

  it("keeps the key order", () => {
    const out = castValue(schema, { keep: "k", n: "1", extra: 0 }) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["keep", "n", "extra"]);
  });

  it("compileCaster gives a reusable function with the same results", () => {
    const cast = compileCaster(schema);
    expect(cast({ n: "5" })).toEqual({ n: 5 });
    expect(cast({ n: "6" })).toEqual({ n: 6 });
  });

  it("a __proto__ own key survives casting without touching any prototype", () => {
    const input = JSON.parse('{"__proto__": {"polluted": "1"}, "n": "2"}') as Record<string, unknown>;
    const typed = obj({ n: { type: "integer" } }, { additionalProperties: { type: "object", properties: { polluted: { type: "integer" } } } });
    const out = castValue(typed, input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__", "n"]);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toEqual({ polluted: 1 });
    expect(out["n"]).toBe(2);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    // the input's own __proto__ entry is untouched too
    expect(Object.getOwnPropertyDescriptor(input, "__proto__")?.value).toEqual({ polluted: "1" });
  });

  it("a declared __proto__ property is cast as an own key", () => {
    const schema2 = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"},"m":{"type":"integer"}}}') as JsonSchema;
    const out = castValue(schema2, JSON.parse('{"m":"1","__proto__":"5"}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toBe(5);
    expect(out["m"]).toBe(1);
  });

  it("a null-prototype object is still cast", () => {
    const input = Object.assign(Object.create(null) as Record<string, unknown>, { n: "3" });
    expect(isPlainObject(input)).toBe(true);
    expect(castValue(schema, input)).toEqual({ n: 3 });
  });

  it("class instances are not plain objects and are left alone", () => {
    const date = new Date(0);
    expect(isPlainObject(date)).toBe(false);
    expect(castField({ type: "object", properties: { n: { type: "integer" } } }, date)).toBe(date);
  });
});

describe("casting repairs only what would fail (API.md)", () => {
  it.each([
    [["integer", "string"], "007"],
    [["string", "number"], 5],
    [["boolean", "string"], "yes"],
    [["integer", "string"], "42"],
    [["number", "boolean"], true],
  ])("a type list %j keeps %j, which it already accepts", (type, value) => {
    expect(castField({ type }, value)).toBe(value);
  });

  it("a type list casts when no listed type accepts the value, to one that a type then accepts", () => {
    expect(castField({ type: ["integer", "boolean"] }, "7")).toBe(7);
    expect(castField({ type: ["integer", "boolean"] }, "true")).toBe(true);
    expect(castField({ type: ["string", "integer"] }, 5.5)).toBe("5.5");
    expect(castField({ type: ["integer", "null"] }, "5")).toBe(5);
  });

  it("a type list leaves the value alone when no cast gives an accepted value", () => {
    expect(castField({ type: ["integer", "boolean"] }, "maybe")).toBe("maybe");
    expect(castField({ type: ["integer", "boolean"], minimum: 10 }, "7")).toBe("7");
  });

  it("anyOf: an accepted value is kept; otherwise the first branch whose cast is accepted wins", () => {
    const optional = { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] };
    expect(castField(optional, 3)).toBe(3);
    expect(castField(optional, null)).toBe(null);
    expect(castField(optional, "3")).toBe(3);
    expect(castField(optional, "-3")).toBe("-3");
    expect(castField(optional, "forever")).toBe("forever");
    const either = { anyOf: [{ type: "integer" }, { type: "string", enum: ["7"] }] };
    expect(castField(either, "7")).toBe("7");
  });

  it("oneOf: a cast that would match two branches is not made", () => {
    const schema = { oneOf: [{ type: "integer" }, { type: "number" }] };
    expect(castField(schema, "2")).toBe("2");
    expect(castField(schema, "2.5")).toBe(2.5);
  });

  it("allOf casts through every branch and keeps the result only when all accept it", () => {
    const schema = { allOf: [{ type: "integer" }, { minimum: 1 }] };
    expect(castField(schema, "4")).toBe(4);
    expect(castField(schema, "0")).toBe("0");
  });

  it("a Pydantic-style $ref branch is followed", () => {
    const schema: JsonSchema = {
      type: "object",
      $defs: { Window: { type: "object", properties: { seconds: { type: "integer" } } } },
      properties: { window: { anyOf: [{ $ref: "#/$defs/Window" }, { type: "null" }] } },
    };
    expect(castValue(schema, { window: { seconds: "30" } })).toEqual({ window: { seconds: 30 } });
    const same = { window: { seconds: 30 } };
    expect(castValue(schema, same)).toBe(same);
  });

  it("items of an anyOf array are cast one by one, each only when it fails", () => {
    const schema = obj({ xs: { type: "array", items: { anyOf: [{ type: "integer" }, { type: "string", minLength: 3 }] } } });
    expect(castValue(schema, { xs: ["1", "abc", 2, "22"] })).toEqual({ xs: [1, "abc", 2, 22] });
  });

  it("a recursive schema compiles once and casts at every level", () => {
    const schema: JsonSchema = {
      type: "object",
      $defs: { node: { type: "object", properties: { n: { type: "integer" }, next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] } } } },
      properties: { head: { $ref: "#/$defs/node" } },
    };
    expect(castValue(schema, { head: { n: "1", next: { n: "2", next: null } } })).toEqual({ head: { n: 1, next: { n: 2, next: null } } });
  });
});

describe("Tool.castParams on one mixed schema, checked by validateParams", () => {
  const schema: JsonSchema = {
    type: "object",
    properties: {
      count: { type: "integer" },
      rate: { type: "number" },
      flag: { type: "boolean" },
      name: { type: "string" },
      tags: { type: "array", items: { type: "integer" } },
      plain: { type: "array" },
      config: { type: "object", properties: { port: { type: "integer" }, debug: { type: "boolean" } } },
      opt: { type: ["integer", "null"] },
    },
  };
  const tool = toolWith("caster", schema);

  it("casts integer strings", () => {
    expect(tool.castParams({ count: "42" })).toEqual({ count: 42 });
    expect(tool.castParams({ count: " 42 " })).toEqual({ count: 42 });
    expect(tool.castParams({ count: "-7" })).toEqual({ count: -7 });
    expect(tool.castParams({ count: "+7" })).toEqual({ count: 7 });
  });

  it("keeps integer strings that are not plain digits", () => {
    for (const text of ["3.0", "1_000", "abc", "12.5.7", "", "1e3"]) {
      expect(tool.castParams({ count: text })).toEqual({ count: text });
    }
    expect(tool.validateParams(tool.castParams({ count: "3.0" }))).toEqual(["count should be integer"]);
  });

  it("keeps integer strings beyond 2^53", () => {
    expect(tool.castParams({ count: "9007199254740993" })).toEqual({ count: "9007199254740993" });
    expect(tool.castParams({ count: "9007199254740991" })).toEqual({ count: 9007199254740991 });
  });

  it("casts number strings", () => {
    expect(tool.castParams({ rate: "3.14" })).toEqual({ rate: 3.14 });
    expect(tool.castParams({ rate: "5" })).toEqual({ rate: 5 });
    expect(tool.castParams({ rate: "1e3" })).toEqual({ rate: 1000 });
    expect(tool.castParams({ rate: "not_a_number" })).toEqual({ rate: "not_a_number" });
  });

  it.each(["NaN", "Infinity", "-Infinity", "nan", "inf"])("rejects the non-finite string %s with `rate must be finite`", (text) => {
    const cast = tool.castParams({ rate: text });
    expect(typeof cast["rate"]).toBe("number");
    expect(tool.validateParams(cast)).toEqual(["rate must be finite"]);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("rejects the non-finite number %s", (value) => {
    expect(tool.validateParams(tool.castParams({ rate: value }))).toEqual(["rate must be finite"]);
  });

  it("casts boolean strings, any case, no spaces", () => {
    for (const t of ["true", "True", "1", "yes", "Yes"]) expect(tool.castParams({ flag: t })).toEqual({ flag: true });
    for (const f of ["false", "False", "0", "no", "NO"]) expect(tool.castParams({ flag: f })).toEqual({ flag: false });
    for (const other of ["random", "maybe", "on", " true", ""]) {
      expect(tool.castParams({ flag: other })).toEqual({ flag: other });
    }
    expect(tool.validateParams(tool.castParams({ flag: "maybe" }))).toEqual(["flag should be boolean"]);
    expect(tool.validateParams(tool.castParams({ flag: 1 }))).toEqual(["flag should be boolean"]);
  });

  it("never casts booleans to numbers", () => {
    expect(tool.castParams({ count: true })).toEqual({ count: true });
    expect(tool.validateParams({ count: true })).toEqual(["count should be integer"]);
    expect(tool.validateParams({ rate: false })).toEqual(["rate should be number"]);
    expect(tool.validateParams({ count: 3.5 })).toEqual(["count should be integer"]);
  });

  it("turns numbers and booleans into strings for a string field, and leaves objects", () => {
    expect(tool.castParams({ name: 123 })).toEqual({ name: "123" });
    expect(tool.castParams({ name: 1.5 })).toEqual({ name: "1.5" });
    expect(tool.castParams({ name: true })).toEqual({ name: "true" });
    expect(tool.castParams({ name: "" })).toEqual({ name: "" });
    const obj = { a: 1 };
    const arr = [1, 2];
    expect(tool.castParams({ name: obj })["name"]).toBe(obj);
    expect(tool.castParams({ name: arr })["name"]).toBe(arr);
    expect(tool.validateParams(tool.castParams({ name: obj }))).toEqual(["name should be string"]);
    expect(tool.validateParams(tool.castParams({ name: arr }))).toEqual(["name should be string"]);
  });

  it("keeps null for every type", () => {
    const params = { count: null, rate: null, flag: null, name: null, tags: null, config: null };
    expect(tool.castParams(params)).toEqual(params);
    expect(tool.validateParams(params)).toContain("name should be string");
    expect(tool.validateParams(params)).toContain("count should be integer");
  });

  it("casts nullable unions by their non-null type", () => {
    expect(tool.castParams({ opt: "5" })).toEqual({ opt: 5 });
    expect(tool.castParams({ opt: null })).toEqual({ opt: null });
  });

  it("casts arrays item by item and never wraps a scalar", () => {
    expect(tool.castParams({ tags: ["1", "2", "3"] })).toEqual({ tags: [1, 2, 3] });
    expect(tool.castParams({ tags: ["1", "x"] })).toEqual({ tags: [1, "x"] });
    expect(tool.castParams({ tags: 5 })).toEqual({ tags: 5 });
    expect(tool.castParams({ tags: "text" })).toEqual({ tags: "text" });
    expect(tool.castParams({ tags: "[1,2]" })).toEqual({ tags: "[1,2]" });
    expect(tool.validateParams(tool.castParams({ tags: "[1,2]" }))).toEqual(["tags should be array"]);
    expect(tool.castParams({ plain: ["1", 2] })).toEqual({ plain: ["1", 2] });
  });

  it("casts nested objects and leaves a JSON string for an object field", () => {
    expect(tool.castParams({ config: { port: "8080", debug: "true" } })).toEqual({ config: { port: 8080, debug: true } });
    expect(tool.castParams({ config: '{"port":"1"}' })).toEqual({ config: '{"port":"1"}' });
  });

  it("casts keys outside properties with a typed additionalProperties, and keeps them otherwise", () => {
    const typed = toolWith("typed", { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "integer" } });
    expect(typed.castParams({ a: 1, extra: "2" })).toEqual({ a: "1", extra: 2 });
    const closed = toolWith("closed", { type: "object", properties: { a: { type: "integer" } }, additionalProperties: false });
    expect(closed.castParams({ a: "1", extra: "2" })).toEqual({ a: 1, extra: "2" });
    const open = toolWith("open", { type: "object", properties: { a: { type: "integer" } } });
    expect(open.castParams({ extra: "2" })).toEqual({ extra: "2" });
  });

  it("never mutates its input", () => {
    const params = { count: "1", tags: ["2"], config: { port: "3" } };
    const snapshot = structuredClone(params);
    const cast = tool.castParams(params);
    expect(params).toEqual(snapshot);
    expect(cast).not.toBe(params);
    expect(cast).toEqual({ count: 1, tags: [2], config: { port: 3 } });
  });

  it("returns the very same objects when nothing changes", () => {
    const params = { count: 1, name: "x", tags: [1, 2], config: { port: 1 }, other: "o" };
    expect(tool.castParams(params)).toBe(params);
    const partly = { count: "1", tags: [1, 2], config: { port: 1 } };
    const cast = tool.castParams(partly);
    expect(cast).not.toBe(partly);
    expect(cast["tags"]).toBe(partly.tags);
    expect(cast["config"]).toBe(partly.config);
  });

  it("keeps a `__proto__` own key as data and never changes a prototype", () => {
    const withProps = toolWith("protos", {
      type: "object",
      properties: { n: { type: "integer" } },
      additionalProperties: { type: "integer" },
    });
    const parsed = JSON.parse('{"n":"5","__proto__":"7"}') as Record<string, unknown>;
    const cast = withProps.castParams(parsed);
    expect(Object.getPrototypeOf(cast)).toBe(Object.prototype);
    expect(Object.hasOwn(cast, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(cast, "__proto__")?.value).toBe(7);
    expect(cast["n"]).toBe(5);

    const polluting = JSON.parse('{"n":"1","__proto__":{"polluted":"yes"}}') as Record<string, unknown>;
    const cast2 = tool.castParams(polluting);
    expect(Object.getPrototypeOf(cast2)).toBe(Object.prototype);
    expect(Object.hasOwn(cast2, "__proto__")).toBe(true);
    expect((cast2 as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
