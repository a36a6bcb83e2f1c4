/**
 * A JSON integer literal that no JavaScript number holds exactly. Upstream's `json.loads` reads
 * `12345678901234567890` as that very integer and the tool receives it; `JSON.parse` would round
 * it to 12345678901234567168. The workbook refuses the call instead and says why (docs/fidelity.md
 * lists the difference). Upstream, for the record (its `ToolRegistry.execute`, integer field):
 *
 *   '{"n": 12345678901234567890}'     -> ran {'n': 12345678901234567890}
 *   '{"n": 18446744073709551616}'     -> ran {'n': 18446744073709551616}   (2^64: exact here too)
 *   '{"n": 1e400}'                    -> n should be integer   (number field: n must be finite)
 *   '{"n": 12345678901234567890.0}'   -> number field: ran {'n': 1.2345678901234567e+19}
 *
 * A literal with a fraction or an exponent is a float in Python too, rounded the same way there,
 * so only integer literals are refused.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { parseToolArguments } from "../../src/providers/base.js";
import { findInexactInteger, isExactIntegerLiteral } from "../../src/tools/integer-literals.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";

const withField = (field: JsonSchema): JsonSchema => ({ type: "object", properties: { n: field } });
const REFUSAL = "Error: Invalid parameters for tool 'big': n cannot be represented exactly: the integer 12345678901234567890 would become 12345678901234567168";

describe("fidelity to upstream: a JSON integer literal past 2^53 is refused, never rounded", () => {
  it.each(["integer", "number", "string"])("a %s field: the call comes back as an error and the tool never runs", async (type) => {
    const tool = new FakeTool({ name: "big", parameters: withField({ type }) });
    const registry = registryOf(tool);
    const text = '{"n": 12345678901234567890}';
    // The provider keeps the text as it came, so nothing downstream sees the rounded number.
    expect(parseToolArguments(text)).toBe(text);
    const prepared = registry.prepareCall("big", text);
    expect(prepared.error?.isError).toBe(true);
    expect(prepared.error?.content).toBe(REFUSAL);
    const result = await registry.execute("big", text);
    expect(String(result)).toBe(REFUSAL + RETRY_HINT);
    expect(tool.calls).toHaveLength(0);
  });

  it("through the runner, the model reads the refusal as the tool's error result", async () => {
    const tool = new FakeTool({ name: "big", parameters: withField({ type: "integer" }) });
    const provider = new ScriptedProvider([toolReply([toolCall("c1", "big", parseToolArguments('{"n": 12345678901234567890}'))]), textReply("done")]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(tool), messages: [{ role: "user", content: "go" }] });
    const message = result.messages.find((m) => m.role === "tool");
    expect(message?.content).toBe(REFUSAL + RETRY_HINT);
    expect(tool.calls).toHaveLength(0);
  });

  it('names the place of a nested literal, and a negative one, and one wrapped in {"arguments": …}', () => {
    const registry = registryOf(new FakeTool({ name: "big", parameters: { type: "object" } }));
    expect(registry.prepareCall("big", '{"meta": {"ids": [1, 9007199254740993]}}').error?.content).toBe(
      "Error: Invalid parameters for tool 'big': meta.ids[1] cannot be represented exactly: the integer 9007199254740993 would become 9007199254740992",
    );
    expect(registry.prepareCall("big", '{"n": -12345678901234567890}').error?.content).toContain(
      "n cannot be represented exactly: the integer -12345678901234567890 would become -12345678901234567168",
    );
    expect(registry.prepareCall("big", { arguments: '{"n": 12345678901234567890}' }).error?.content).toContain("n cannot be represented exactly");
    const huge = "1" + "0".repeat(400);
    expect(registry.prepareCall("big", `{"n": ${huge}}`).error?.content).toBe(
      "Error: Invalid parameters for tool 'big': n cannot be represented exactly: the integer 10000000000000000000… (401 digits) would become Infinity",
    );
  });

  it("keeps upstream's value where a number holds it exactly: 2^53, 2^64, and every float literal", () => {
    const tool = new FakeTool({ name: "big", parameters: withField({ type: "number" }) });
    const registry = registryOf(tool);
    expect(registry.prepareCall("big", '{"n": 9007199254740992}').params).toEqual({ n: 2 ** 53 });
    expect(registry.prepareCall("big", '{"n": 18446744073709551616}').params).toEqual({ n: 2 ** 64 });
    // Floats: upstream rounds them too (1.2345678901234567e+19); 1e400 is infinite in both.
    expect(registry.prepareCall("big", '{"n": 12345678901234567890.0}').params).toEqual({ n: 1.2345678901234567e19 });
    expect(registry.prepareCall("big", '{"n": 1.2345678901234567e19}').error).toBeNull();
    expect(registry.prepareCall("big", '{"n": 1e400}').error?.content).toBe("Error: Invalid parameters for tool 'big': n must be finite");
    // A big integer inside a string is text, not a literal.
    expect(registry.prepareCall("big", '{"n": 1, "note": "12345678901234567890"}').error).toBeNull();
  });

  it("tells exact literals from inexact ones, whatever their length", () => {
    expect(isExactIntegerLiteral("9007199254740991")).toBe(true);
    expect(isExactIntegerLiteral("9007199254740993")).toBe(false);
    expect(isExactIntegerLiteral("-9007199254740992")).toBe(true);
    const largest = BigInt(Number.MAX_VALUE).toString(); // 309 digits
    expect(isExactIntegerLiteral(largest)).toBe(true);
    expect(isExactIntegerLiteral((BigInt(largest) + 1n).toString())).toBe(false);
    expect(isExactIntegerLiteral("9".repeat(100_000))).toBe(false);
    expect(findInexactInteger('{"a": "12345678901234567890", "b": [0, {"c": 12345678901234567890}]}')).toEqual({
      literal: "12345678901234567890",
      path: "b[1].c",
      read: 12345678901234567168,
    });
    expect(findInexactInteger('{"a\\"b": 1e400, "k": 1.5}')).toBeNull();
  });
});
