/**
 * A type list casts a value only to one the schema then accepts, exactly as the same choice
 * written with `anyOf` does (lesson 5). Upstream casts a type list by its first non-null type and
 * lets validation refuse the result; where that result is accepted, both give the same call.
 * Upstream's own outputs (its `ToolRegistry.execute` on `{"n": <value>}`):
 *
 *   ["integer","null"], minimum 100, "5"   -> n must be >= 100            (here: "5" is kept, see below)
 *   anyOf [integer ≥ 100, null], "5"       -> ran {'n': '5'}              (anyOf is not validated upstream)
 *   ["integer","null"], minimum 1, "5"     -> ran {'n': 5}
 *   ["number","null"], maximum 1, "2.5"    -> n must be <= 1              (here: "2.5" is kept)
 *   ["number","null"], maximum 3, "2.5"    -> ran {'n': 2.5}
 *   ["integer","null"], null               -> ran {'n': None}
 *   ["boolean","null"], "yes"              -> ran {'n': True}
 *   ["integer","null"], enum [1, 2], "2"   -> ran {'n': 2}
 */
import { describe, expect, it } from "vitest";
import { castValue } from "../../src/schema/cast.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";

const withField = (field: JsonSchema): JsonSchema => ({ type: "object", properties: { n: field } });

async function runWith(field: JsonSchema, value: unknown): Promise<{ result: string; ran: unknown[]; params: unknown }> {
  const tool = new FakeTool({ name: "t", parameters: withField(field), result: "ok" });
  const registry = registryOf(tool);
  const prepared = registry.prepareCall("t", { n: value });
  const result = await registry.execute("t", { n: value });
  return { result: String(result), ran: tool.calls.map((call) => call.params["n"]), params: (prepared.params as { n: unknown }).n };
}

describe("fidelity to upstream: a type list casts only to a value the schema then accepts, as anyOf does", () => {
  it('"5" against ["integer","null"] with minimum 100 stays "5" and is refused, as with anyOf; nothing runs', async () => {
    const list = await runWith({ type: ["integer", "null"], minimum: 100 }, "5");
    const anyOf = await runWith({ anyOf: [{ type: "integer", minimum: 100 }, { type: "null" }] }, "5");
    // Both keep what the model sent and refuse it with a type problem about it, at the same path.
    expect(list).toEqual({ params: "5", ran: [], result: `Error: Invalid parameters for tool 't': n should be integer${RETRY_HINT}` });
    expect(anyOf).toEqual({ params: "5", ran: [], result: `Error: Invalid parameters for tool 't': n should be integer or null${RETRY_HINT}` });
    expect(await runWith({ type: ["number", "null"], maximum: 1 }, "2.5")).toMatchObject({ params: "2.5", ran: [] });
  });

  it("the same call as upstream wherever the cast value is accepted", async () => {
    expect(await runWith({ type: ["integer", "null"], minimum: 1 }, "5")).toMatchObject({ result: "ok", ran: [5] });
    expect(await runWith({ type: ["number", "null"], maximum: 3 }, "2.5")).toMatchObject({ result: "ok", ran: [2.5] });
    expect(await runWith({ type: ["integer", "null"] }, null)).toMatchObject({ result: "ok", ran: [null] });
    expect(await runWith({ type: ["boolean", "null"] }, "yes")).toMatchObject({ result: "ok", ran: [true] });
    expect(await runWith({ type: ["integer", "null"], enum: [1, 2] }, "2")).toMatchObject({ result: "ok", ran: [2] });
  });

  it("a type list and its anyOf form cast the same values to the same results", () => {
    const values = ["5", "150", "-3", "abc", "", null, 5, 150, "2.5", "yes", true];
    for (const [list, anyOf] of [
      [{ type: ["integer", "null"], minimum: 100 }, { anyOf: [{ type: "integer", minimum: 100 }, { type: "null" }] }],
      [{ type: ["number", "null"], maximum: 3 }, { anyOf: [{ type: "number", maximum: 3 }, { type: "null" }] }],
      [{ type: ["boolean", "null"] }, { anyOf: [{ type: "boolean" }, { type: "null" }] }],
      [{ type: ["integer", "string"], minimum: 100 }, { anyOf: [{ type: "integer", minimum: 100 }, { type: "string" }] }],
    ] as const) {
      for (const value of values) {
        expect(castValue(withField(list), { n: value }), `${JSON.stringify(list)} ${JSON.stringify(value)}`).toEqual(castValue(withField(anyOf), { n: value }));
      }
    }
  });

  it("a one-type list is no choice: it casts like the plain type", () => {
    expect(castValue(withField({ type: ["integer"], minimum: 100 }), { n: "5" })).toEqual({ n: 5 });
    expect(castValue(withField({ type: "integer", minimum: 100 }), { n: "5" })).toEqual({ n: 5 });
  });
});

/**
 * How a value of none of a type list's types is named. Upstream's own outputs (its
 * `Schema.validate_json_schema_value` on `{"n": <value>}`, the check `validate_params` makes):
 *
 *   ["integer","null"], "x"     -> ['n should be integer']
 *   ["null","integer"], "x"     -> ['n should be integer']
 *   ["number","null"], "abc"    -> ['n should be number']
 *   ["string","null"], [1]      -> ['n should be string']
 *   ["boolean","null"], "maybe" -> ['n should be boolean']
 *   ["array","null"], "x"       -> ['n should be array']
 *   ["object","null"], 5        -> ['n should be object']
 *   ["integer","string"], [1]   -> ['n should be integer']
 *
 * Upstream names the first type that is not `"null"`, and so does the workbook. The same choice
 * written with `anyOf` is not checked by upstream at all; the workbook names every branch's type
 * there (`n should be integer or null`), as docs/fidelity.md row 20 says.
 */
describe("a type list's type problem reads as upstream's", () => {
  it.each([
    [["integer", "null"], "x", "n should be integer"],
    [["null", "integer"], "x", "n should be integer"],
    [["number", "null"], "abc", "n should be number"],
    [["string", "null"], [1], "n should be string"],
    [["boolean", "null"], "maybe", "n should be boolean"],
    [["array", "null"], "x", "n should be array"],
    [["object", "null"], 5, "n should be object"],
    [["integer", "string"], [1], "n should be integer"],
  ] as const)("%j with %j: %s", (type, value, text) => {
    const tool = new FakeTool({ name: "t", parameters: withField({ type: [...type] }), result: "ok" });
    expect(tool.validateParams({ n: value })).toEqual([text]);
  });

  it("the anyOf form names every branch's type", () => {
    const tool = new FakeTool({ name: "t", parameters: withField({ anyOf: [{ type: "integer" }, { type: "null" }] }), result: "ok" });
    expect(tool.validateParams({ n: "x" })).toEqual(["n should be integer or null"]);
  });
});
