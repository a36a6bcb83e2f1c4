/**
 * `prepareCall` never throws, whatever its inputs. Arguments nested deeper
 * than the stack used to escape as a `RangeError`; every such failure is now the call's own error
 * result, so the batch and the run go on.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { ToolCallRequest } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";

/** A tool with the given schema that answers "ran" and records its calls. */
const probe = (name: string, parameters: JsonSchema): FakeTool => new FakeTool({ name, description: "a probe", parameters, result: "ran" });

function nestedArrays(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function nestedObjects(depth: number): unknown {
  let value: unknown = null;
  for (let i = 0; i < depth; i++) value = { next: value };
  return value;
}

const UNIQUE: JsonSchema = { type: "object", properties: { u: { type: "array", uniqueItems: true } } };
const LINKED: JsonSchema = {
  type: "object",
  $defs: { node: { type: ["object", "null"], properties: { next: { $ref: "#/$defs/node" } } } },
  properties: { head: { $ref: "#/$defs/node" } },
};

describe("hostile input: prepareCall never throws", () => {
  it("deeply nested arguments compared by uniqueItems: compared without recursion, so equal ones are refused and different ones pass", () => {
    const tool = probe("unique", UNIQUE);
    const registry = new ToolRegistry();
    registry.register(tool);
    const prepared = registry.prepareCall("unique", { u: [nestedArrays(100_000), nestedArrays(100_000)] });
    expect(prepared.error?.isError).toBe(true);
    expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'unique': u must not repeat items (items 0 and 1 are equal)");
    expect(prepared.tool).toBe(tool);
    expect(tool.calls).toHaveLength(0);
    expect(registry.prepareCall("unique", { u: [nestedArrays(100_000), nestedArrays(99_999)] }).error).toBeNull();
  });

  it("a recursive schema over a value deeper than the stack: an error result", () => {
    const registry = new ToolRegistry();
    registry.register(probe("linked", LINKED));
    const prepared = registry.prepareCall("linked", { head: nestedObjects(100_000) });
    expect(prepared.error?.content).toMatch(/^Error: RangeError: /);
  });

  it("a Proxy whose traps throw, a throwing castParams and a throwing observer: error results", () => {
    class Throwing extends FakeTool {
      override castParams(): Record<string, unknown> {
        throw new TypeError("cast exploded");
      }
    }
    const registry = new ToolRegistry();
    registry.register(probe("plain", { type: "object", properties: { a: { type: "string" } } }));
    registry.register(new Throwing({ name: "throwing", description: "a probe", parameters: { type: "object" }, result: "ran" }));
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error("no prototype for you");
        },
      },
    );
    expect(registry.prepareCall("plain", hostile).error?.content).toBe("Error: Error: no prototype for you");
    expect(registry.prepareCall("throwing", {}).error?.content).toBe("Error: TypeError: cast exploded");
    const observed = registry.prepareCall("plain", {}, () => {
      throw new RangeError("observer");
    });
    expect(observed.error?.content).toBe("Error: RangeError: observer");
  });

  it("the run goes on: the deep call gets its own error message and the next call runs", async () => {
    const deep = probe("linked", LINKED);
    const fine = probe("fine", { type: "object" });
    const registry = new ToolRegistry();
    registry.register(deep);
    registry.register(fine);
    const calls = [
      new ToolCallRequest({ id: "c1", name: "linked", arguments: { head: nestedObjects(100_000) } }),
      new ToolCallRequest({ id: "c2", name: "fine", arguments: {} }),
    ];
    const spec = { provider: { chat: () => Promise.reject(new Error("unused")) }, model: "m", tools: registry, messages: [] };
    const out = await new AgentRunner().executeTools(spec, calls);
    expect(out.results).toHaveLength(2);
    expect(String(out.results[0])).toContain("RangeError");
    expect(fine.calls).toHaveLength(1);
    expect(deep.calls).toHaveLength(0);
  });
});
