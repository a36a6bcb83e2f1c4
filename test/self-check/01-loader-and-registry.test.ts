/**
 * Question 1's parts, each with the test that fails when a learner answers it wrong. The
 * headers never state an answer: each test computes it by running `src/`.
 * `npm run wrong-answers` tries every wrong answer and checks it fails.
 *
 * R1  a) the prediction equals what the real code does, run in the test → test a)
 * R2  b) the prediction equals what the real code does, run in the test → test b)
 * R3  c) the prediction equals what the real code does, run in the test → test c)
 * R4  d) the reason chosen is the one that holds (each other choice gets its rebuttal) → test d)
 */
import { describe, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { answer } from "../../exercises/self-check/q1-loader-and-registry.js";
import { expectPrediction, expectReason, partTitle, question } from "./_answer.js";

const Q = "exercises/self-check/q1-loader-and-registry.ts";
const CHECK = question(1);

/** A tool that echoes its text, under the given name. */
function namedTool(name: string): FakeTool {
  return new FakeTool({
    name,
    description: "Echo a text.",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    run: (params) => params["text"],
  });
}

describe(CHECK.question, () => {
  it(partTitle(CHECK, "a"), () => {
    const registry = new ToolRegistry();
    registry.register(namedTool("echo"));
    const ready = registry.prepareCall("echo", '{"text": "hi"}').error === null;
    expectPrediction(
      CHECK,
      "a",
      answer.handRegisteredToolIsPrepared,
      ready,
      "prepareCall looks the name up among the instances registered (src/tools/registry.ts); ask what it needs besides them.",
    );
  });

  it(partTitle(CHECK, "b"), () => {
    const registry = new ToolRegistry();
    registry.register(namedTool("zeta"));
    registry.register(namedTool("alpha"));
    const names = registry.getDefinitions().map((d) => d.function.name);
    expectPrediction(
      CHECK,
      "b",
      answer.definitionOrder,
      names,
      "lesson 3 says in what order getDefinitions() lists the tools, and why the order of registering must not reach the prompt.",
    );
  });

  it(partTitle(CHECK, "c"), () => {
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
    expectPrediction(
      CHECK,
      "c",
      answer.sameNameAgain,
      actual,
      "read register in src/tools/registry.ts: does it check the name it stores under? Lesson 2 says who protects the built-ins.",
    );
  });

  it(partTitle(CHECK, "d"), () => {
    expectReason(answer.reason, `${Q} d) reason`, "c", {
      a: "speed is not the point: a registry filled by hand in a test reads no folder either way, and the two would still differ in what they decide.",
      b: "the registry only holds instances and never sees a file path (see a): a tool registered by hand runs without any).",
    });
  });
});
