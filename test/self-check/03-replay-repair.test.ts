/**
 * Question 3's parts, each with the test that fails when a learner answers it wrong. The
 * headers never state an answer: each test computes it by running `src/`.
 * `npm run wrong-answers` tries every wrong answer and checks it fails.
 *
 * R1  a) the prediction equals what the real code does, run in the test → test a)
 * R2  b) the prediction equals what the real code does, run in the test → test b)
 * R3  c) the prediction equals what the real code does, run in the test → test c)
 * R4  d) the reason chosen is the one that holds (each other choice gets its rebuttal) → test d)
 */
import { describe, it } from "vitest";
import { toolArgumentsObjectForReplay } from "../../src/providers/base.js";
import { FakeTool } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { answer } from "../../exercises/self-check/q3-replay-repair.js";
import { expectPrediction, expectReason, partTitle, question } from "./_answer.js";

const Q = "exercises/self-check/q3-replay-repair.ts";
const CHECK = question(3);
const BROKEN = '{"path": "secrets.txt"';

/** The file-reading tool a new call would go to. */
function readTool(): FakeTool {
  return new FakeTool({
    name: "read_file",
    description: "Read a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    result: "text",
  });
}

describe(CHECK.question, () => {
  it(partTitle(CHECK, "a"), () => {
    expectPrediction(
      CHECK,
      "a",
      answer.replayOfBrokenText,
      toolArgumentsObjectForReplay(BROKEN),
      "read toolArgumentsObjectForReplay in src/providers/base.ts: what does it try before it gives up on a text? Write the object exactly, no extra keys.",
    );
  });

  it(partTitle(CHECK, "b"), () => {
    expectPrediction(
      CHECK,
      "b",
      answer.replayOfArray,
      toolArgumentsObjectForReplay("[1, 2]"),
      "replay needs an object; read what toolArgumentsObjectForReplay does with valid JSON that is not one. Write the object exactly, no extra keys.",
    );
  });

  it(partTitle(CHECK, "c"), () => {
    const registry = new ToolRegistry();
    registry.register(readTool());
    const prepared = registry.prepareCall("read_file", BROKEN);
    expectPrediction(
      CHECK,
      "c",
      answer.brokenNewCallIsReadyToRun,
      prepared.error === null,
      "lesson 5: how prepareCall parses the arguments of a call that will run, and whether it repairs them.",
    );
  });

  it(partTitle(CHECK, "d"), () => {
    expectReason(answer.reason, `${Q} d) reason`, "b", {
      a: "the repair takes microseconds; the registry rejects broken text for what it would do, not for how long it takes.",
      c: 'a repaired object can pass the schema perfectly (see a): { path: "secrets.txt" } is valid for read_file).',
    });
  });
});
