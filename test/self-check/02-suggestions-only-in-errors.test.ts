/**
 * Question 2's parts, each with the test that fails when a learner answers it wrong. The
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
import { answer } from "../../exercises/self-check/q2-suggestions-only-in-errors.js";
import { expectPrediction, expectReason, partTitle, question } from "./_answer.js";

const Q = "exercises/self-check/q2-suggestions-only-in-errors.ts";
const CHECK = question(2);

/** A file-reading tool under the given name. */
function readTool(name: string): FakeTool {
  return new FakeTool({
    name,
    description: "Read a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    result: "text",
  });
}

describe(CHECK.question, () => {
  const registry = new ToolRegistry();
  registry.register(readTool("read_file"));

  it(partTitle(CHECK, "a"), () => {
    const ready = registry.prepareCall("ReadFile", '{"path": "notes.txt"}').error === null;
    expectPrediction(CHECK, "a", answer.nearMissIsReadyToRun, ready, "lesson 4: which name does prepareCall run, the one sent or one it could guess?");
  });

  it(partTitle(CHECK, "b"), () => {
    const text = registry.prepareCall("ReadFile", '{"path": "notes.txt"}').error?.content ?? "";
    const suggested = /Did you mean '([^']+)'\?/.exec(text)?.[1] ?? "none";
    expectPrediction(CHECK, "b", answer.suggestedName, suggested, "lesson 4: the loose key of a name, and which registered name shares it with ReadFile.");
  });

  it(partTitle(CHECK, "c"), () => {
    const two = new ToolRegistry();
    two.register(readTool("read_file"));
    two.register(readTool("readFile"));
    const actual = two.suggestName("READ_FILE") ?? "none";
    expectPrediction(CHECK, "c", answer.suggestionWhenTwoMatch, actual, "lesson 4: what suggestName does when more than one registered name shares the loose key.");
  });

  it(partTitle(CHECK, "d"), () => {
    expectReason(answer.reason, `${Q} d) reason`, "a", {
      b: "the registry works its suggestion out only for an unknown name, and cheaply; speed would not stop it from picking a tool.",
      c: "the model does read the error: that is how it retries with the exact name (see b).",
    });
  });
});
