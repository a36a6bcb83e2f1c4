import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { answer } from "../../exercises/self-check/q1-loader-and-registry.js";
import { answered, expectReason } from "./_answer.js";

const Q = "exercises/self-check/q1-loader-and-registry.ts";

/** A tool that echoes its text, under the given name. */
function namedTool(name: string): FakeTool {
  return new FakeTool({
    name,
    description: "Echo a text.",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    run: (params) => params["text"],
  });
}

describe("Why should ToolLoader and ToolRegistry remain conceptually distinct?", () => {
  it("a) a registry filled by hand prepares calls", () => {
    const registry = new ToolRegistry();
    registry.register(namedTool("echo"));
    const ready = registry.prepareCall("echo", '{"text": "hi"}').error === null;
    expect(answered(answer.handRegisteredToolIsPrepared, `${Q} a) handRegisteredToolIsPrepared`), `${Q} a): this is what the real registry did`).toBe(ready);
  });

  it("b) definition order does not depend on the order tools were loaded in", () => {
    const registry = new ToolRegistry();
    registry.register(namedTool("zeta"));
    registry.register(namedTool("alpha"));
    const names = registry.getDefinitions().map((d) => d.function.name);
    expect(answered(answer.definitionOrder, `${Q} b) definitionOrder`), `${Q} b): the names getDefinitions() really listed`).toEqual(names);
  });

  it("c) the registry stores what it is given; precedence is decided before, by the loader", () => {
    const registry = new ToolRegistry();
    const first = namedTool("echo");
    const second = namedTool("echo");
    registry.register(first);
    let actual: "keeps the first" | "replaces it" | "throws";
    try {
      registry.register(second);
      actual = registry.get("echo") === second ? "replaces it" : "keeps the first";
    } catch {
      actual = "throws";
    }
    expect(answered(answer.sameNameAgain, `${Q} c) sameNameAgain`), `${Q} c): what the real registry did`).toBe(actual);
  });

  it("d) the reason", () => {
    expectReason(answer.reason, `${Q} d) reason`, "b", {
      a: "speed is not the point: a registry filled by hand in a test reads no folder either way, and the two would still differ in what they decide.",
      c: "the registry only holds instances and never sees a file path (see a): a tool registered by hand runs without any).",
    });
  });
});
