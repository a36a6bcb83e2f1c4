/**
 * Fidelity of the range, length and item-count problems (`base.py`
 * `validate_json_schema_value`): at one value upstream lists the lower limit before the upper one
 * (`minimum` then `maximum`, `minLength` then `maxLength`, `minItems` then `maxItems`), and prints
 * a limit below 0.0001 as Python prints a float, `1e-05`. The expected text is upstream's own
 * output for the same schema and arguments.
 */
import { describe, expect, it } from "vitest";
import { limitText } from "../../src/schema/problems/problem-text.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";

describe("limit problems, in upstream's order and spelling", () => {
  it("lists each lower limit before its upper one, and prints 0.00001 as 1e-05", () => {
    const parameters = {
      type: "object",
      properties: {
        a: { type: "number", minimum: 3, maximum: 0.00001 },
        s: { type: "string", minLength: 4, maxLength: 1 },
        l: { type: "array", minItems: 2, maxItems: 0 },
      },
    };
    const prepared = registryOf(new FakeTool({ name: "probe", parameters })).prepareCall("probe", { a: 1, s: "xx", l: [1] });
    expect(prepared.error?.content).toBe(
      "Error: Invalid parameters for tool 'probe': a must be >= 3; a must be <= 1e-05; s must be at least 4 chars; s must be at most 1 chars; l must have at least 2 items; l must be at most 0 items",
    );
  });

  it("spells limits as Python's repr() spells the same floats, integers as their digits", () => {
    expect([0.00001, 1e-7, 2.5e-7, -0.00003, 0.0001, 0.5, 10, 1e-100, 1.2345e-5].map(limitText)).toEqual([
      "1e-05",
      "1e-07",
      "2.5e-07",
      "-3e-05",
      "0.0001",
      "0.5",
      "10",
      "1e-100",
      "1.2345e-05",
    ]);
  });
});
