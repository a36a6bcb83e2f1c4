/**
 * Argument text takes a shorter path through `prepareCall` than an object a program hands over:
 * the parsed value is JSON data, so it needs no prototype test, its cast looks up the declared
 * properties, and with a plain schema a valid call is checked before (and instead of) its cast.
 * These properties hold that path to the same answers as the object path: the same verdict, the
 * same problems, the same arguments with their keys in the same order, keys such as `__proto__`,
 * `constructor` and `"10"` included, and the same trace. `FC_RUNS` changes the number of runs,
 * `FC_SEED` replays a failure.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { compiledSchemaOf, type JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry, type PreparedCall, type PrepareStep } from "../../src/tools/registry.js";
import { propertyConfig } from "../soak/runs.js";

/** Keys that a JSON object may hold and an ordinary assignment would not treat as plain data. */
const KEYS = ["__proto__", "constructor", "toString", "10", "2", "a", "b"] as const;

const leaf = fc.constantFrom<JsonSchema>(
  { type: "integer" },
  { type: "integer", minimum: 0 },
  { type: "number" },
  { type: "string" },
  { type: "string", maxLength: 3 },
  { type: "boolean" },
  { type: ["integer", "null"] },
  { enum: ["x", 1] },
  {},
);

const { schema: anySchema } = fc.letrec<{ schema: JsonSchema }>((tie) => ({
  schema: fc.oneof(
    { maxDepth: 2, depthIdentifier: "schema" },
    { weight: 4, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 3 }),
          fc.array(tie("schema"), { minLength: 3, maxLength: 3 }),
          fc.option(tie("schema"), { nil: undefined }),
        )
        .map(([keys, subs, extra]): JsonSchema => {
          const properties: Record<string, unknown> = {};
          keys.forEach((key, i) => Object.defineProperty(properties, key, { value: subs[i], enumerable: true, writable: true, configurable: true }));
          return extra === undefined ? { type: "object", properties } : { type: "object", properties, additionalProperties: extra };
        }),
    },
    { weight: 1, arbitrary: tie("schema").map((items): JsonSchema => ({ type: "array", items })) },
  ),
}));

/** A root schema over the keys above; `__proto__` only where the validator supports it. */
const rootSchema: fc.Arbitrary<JsonSchema> = fc
  .tuple(
    fc.uniqueArray(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 4 }),
    fc.array(anySchema, { minLength: 4, maxLength: 4 }),
    fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
    fc.option(leaf, { nil: undefined }),
  )
  .map(([keys, subs, required, extra]) => {
    const properties: Record<string, unknown> = {};
    keys.forEach((key, i) => Object.defineProperty(properties, key, { value: subs[i], enumerable: true, writable: true, configurable: true }));
    const schema: JsonSchema = { type: "object", properties };
    if (required.length > 0) schema["required"] = required;
    if (extra !== undefined) schema["additionalProperties"] = extra;
    return schema;
  })
  // A `__proto__` property is checked only where nested `properties` lead to it; elsewhere registering refuses it.
  .filter((schema) => {
    try {
      compiledSchemaOf(new FakeTool({ name: "target", parameters: schema, result: "ok" }));
      return true;
    } catch {
      return false;
    }
  });

/** A JSON value written as text, objects as lists of entries so that any key (`__proto__` too) is plain data. */
type Json = null | boolean | number | string | Json[] | { entries: [string, Json][] };

const scalar = fc.constantFrom<Json>("42", "-7", "3.5", "true", "no", "x", "", 0, 7, -1, 2.5, 1e21, true, false, null);

const { value: anyValue } = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 2, depthIdentifier: "value" },
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    { weight: 1, arbitrary: entries(tie("value")) },
  ),
}));

function entries(value: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS, "z"), value), { maxLength: 4, selector: ([key]) => key }).map((list) => ({ entries: list }));
}

function text(value: Json): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(text).join(",")}]`;
  return `{${value.entries.map(([key, inner]) => `${JSON.stringify(key)}: ${text(inner)}`).join(", ")}}`;
}

const rootText = entries(anyValue).map(text);

function registryWith(schema: JsonSchema): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(new FakeTool({ name: "target", parameters: schema, result: "ok" }));
  return registry;
}

/** What a prepared call gives the caller, written out: the verdict, the error text, the arguments with their key order. */
function outcome(prepared: PreparedCall): string {
  return JSON.stringify({ error: prepared.error?.content ?? null, params: prepared.params });
}

describe("property: argument text is prepared as the object it holds", () => {
  it("the same verdict, problems and arguments (keys in the same order) as the parsed object, and the same trace", () => {
    fc.assert(
      fc.property(rootSchema, rootText, (schema, raw) => {
        const registry = registryWith(schema);
        const asText = registry.prepareCall("target", raw);
        const asObject = registry.prepareCall("target", JSON.parse(raw));
        expect(outcome(asText)).toBe(outcome(asObject));
        // With an observer the text is prepared step by step: the same outcome again.
        const steps: PrepareStep[] = [];
        const traced = registry.prepareCall("target", raw, (step) => steps.push(step));
        expect(outcome(traced)).toBe(outcome(asText));
        const last = steps.at(-1);
        expect(last?.ok).toBe(asText.error === null);
        if (asText.error === null) expect(last?.step).toBe("validate");
      }),
      propertyConfig("argument text path: text vs object", 60),
    );
  });

  it("the cast for JSON data gives what the general cast gives, and the very same value whenever nothing is cast", () => {
    fc.assert(
      fc.property(rootSchema, rootText, (schema, raw) => {
        const compiled = compiledSchemaOf(new FakeTool({ name: "target", parameters: schema, result: "ok" }));
        const parsed: unknown = JSON.parse(raw);
        const general = compiled.cast(parsed);
        const json = compiled.castJson(parsed);
        // Equal results, keys in the same order; unchanged by one exactly when unchanged by the other.
        expect(JSON.stringify(json)).toBe(JSON.stringify(general));
        expect(json === parsed).toBe(general === parsed);
        // Neither changes what it was given.
        expect(JSON.stringify(parsed)).toBe(JSON.stringify(JSON.parse(raw)));
      }),
      propertyConfig("argument text path: JSON cast vs cast", 100),
    );
  });

  it("a plain schema judges first: a value it accepts is never changed by the cast", () => {
    let judgedFirst = 0;
    fc.assert(
      fc.property(rootSchema, rootText, (schema, raw) => {
        const compiled = compiledSchemaOf(new FakeTool({ name: "target", parameters: schema, result: "ok" }));
        if (!compiled.checkFirst) return;
        judgedFirst++;
        const value = JSON.parse(raw) as Record<string, unknown>;
        if (compiled.acceptsObject(value)) {
          expect(compiled.cast(value)).toBe(value);
          expect(compiled.validate(value)).toEqual([]);
        } else {
          expect(compiled.validate(value).length).toBeGreaterThan(0);
        }
      }),
      propertyConfig("argument text path: check first", 100),
    );
    expect(judgedFirst).toBeGreaterThan(0);
  });
});

describe("argument text and a changed Object.prototype", () => {
  it("an inherited enumerable value is neither cast nor copied, on the text path as on the object path", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { offset: { type: "integer" }, n: { type: "integer" }, meta: { type: "object", properties: { k: { type: "integer" } } } },
    };
    const registry = registryWith(schema);
    const raws = ['{"n": "5"}', '{"n": 5}', '{"meta": {"k": "2"}, "n": 1}', '{"meta": {}}'];
    const proto = Object.prototype as Record<string, unknown>;
    proto["offset"] = "7";
    proto["k"] = "3";
    try {
      for (const raw of raws) {
        const asText = registry.prepareCall("target", raw);
        const asObject = registry.prepareCall("target", JSON.parse(raw));
        expect(outcome(asText)).toBe(outcome(asObject));
        expect(Object.hasOwn(asText.params as object, "offset")).toBe(false);
      }
    } finally {
      delete proto["offset"];
      delete proto["k"];
    }
  });
});
