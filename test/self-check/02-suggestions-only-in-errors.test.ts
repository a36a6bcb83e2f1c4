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
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { answer } from "../../exercises/self-check/q2-suggestions-only-in-errors.js";
import { answered, expectReason, partTitle, question } from "./_answer.js";

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
    expect(answered(answer.nearMissIsReadyToRun, `${Q} a) nearMissIsReadyToRun`), `${Q} a): what the real registry did`).toBe(ready);
  });

  it(partTitle(CHECK, "b"), () => {
    const text = registry.prepareCall("ReadFile", '{"path": "notes.txt"}').error?.content ?? "";
    const suggested = /Did you mean '([^']+)'\?/.exec(text)?.[1] ?? "none";
    expect(answered(answer.suggestedName, `${Q} b) suggestedName`), `${Q} b): the real error text was ${JSON.stringify(text)}`).toBe(suggested);
  });

  it(partTitle(CHECK, "c"), () => {
    const two = new ToolRegistry();
    two.register(readTool("read_file"));
    two.register(readTool("readFile"));
    const actual = two.suggestName("READ_FILE") ?? "none";
    expect(answered(answer.suggestionWhenTwoMatch, `${Q} c) suggestionWhenTwoMatch`), `${Q} c): what the real suggestName returned`).toBe(actual);
  });

  it(partTitle(CHECK, "d"), () => {
    expectReason(answer.reason, `${Q} d) reason`, "a", {
      b: "the registry works its suggestion out only for an unknown name, and cheaply; speed would not stop it from picking a tool.",
      c: "the model does read the error: that is how it retries with the exact name (see b).",
    });
  });
});
