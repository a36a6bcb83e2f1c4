/**
 * Question 4's parts, each with the test that fails when a learner answers it wrong. The
 * headers never state an answer: each test computes it by running `src/`.
 * `npm run wrong-answers` tries every wrong answer and checks it fails.
 *
 * R1  a) the prediction equals what the real code does, run in the test → test a)
 * R2  b) the prediction equals what the real code does, run in the test → test b)
 * R3  c) the prediction equals what the real code does, run in the test → test c)
 * R4  d) the choice is the one that holds (each other choice gets its rebuttal) → test d)
 */
import { describe, expect, it } from "vitest";
import { partitionBatches } from "../../src/agent/batches.js";
import { ToolCallRequest } from "../../src/providers/base.js";
import { Tool, type JsonSchema } from "../../src/tools/base.js";
import { answer } from "../../exercises/self-check/q4-concurrency-safe.js";
import { answered, expectPrediction, partTitle, question } from "./_answer.js";

const Q = "exercises/self-check/q4-concurrency-safe.ts";
const CHECK = question(4);

class Probe extends Tool {
  readonly name = "probe";
  readonly description = "A probe.";
  readonly parameters: JsonSchema = { type: "object" };
  async execute(): Promise<unknown> {
    return "ok";
  }
}
class ReadOnlyProbe extends Probe {
  override get readOnly(): boolean {
    return true;
  }
}
class ExclusiveReadOnlyProbe extends ReadOnlyProbe {
  override get exclusive(): boolean {
    return true;
  }
}

describe(CHECK.question, () => {
  it(partTitle(CHECK, "a"), () => {
    expectPrediction(
      CHECK,
      "a",
      answer.readOnlyToolIsSafe,
      new ReadOnlyProbe().concurrencySafe,
      "read the default of concurrencySafe in src/tools/base.ts: which flags does it combine?",
    );
  });

  it(partTitle(CHECK, "b"), () => {
    expectPrediction(
      CHECK,
      "b",
      answer.exclusiveReadOnlyToolIsSafe,
      new ExclusiveReadOnlyProbe().concurrencySafe,
      "lesson 1: what exclusive means, and how the default of concurrencySafe reads it.",
    );
  });

  it(partTitle(CHECK, "c"), () => {
    const calls = ["read", "read", "write", "read"].map((name, i) => new ToolCallRequest({ id: `c${i}`, name, arguments: {} }));
    const sizes = partitionBatches(calls, (call) => call.name === "read").map((batch) => batch.length);
    expectPrediction(
      CHECK,
      "c",
      answer.batchSizes,
      sizes,
      "lesson 6: which neighbours share a batch, and what happens to the calls after an unsafe one. One number per batch, in order.",
    );
  });

  it(partTitle(CHECK, "d"), () => {
    const who = answered(answer.enforcedBy, `${Q} d) enforcedBy`);
    const why: Record<string, string> = {
      "the tool": "a tool only says what it is (a, b); it never sees the other calls of the turn, so it cannot keep them apart.",
      "the registry": "the registry prepares and runs one call at a time; it never sees a whole turn of calls.",
    };
    if (who !== "the runner") expect.fail(`${Q} d) enforcedBy: "${who}" does not hold: ${why[who] ?? "not one of the choices"}`);
  });
});
