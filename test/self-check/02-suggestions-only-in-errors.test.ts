import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { answer } from "../../exercises/self-check/q2-suggestions-only-in-errors.js";
import { answered, expectReason } from "./_answer.js";

const Q = "exercises/self-check/q2-suggestions-only-in-errors.ts";

/** A file-reading tool under the given name. */
function readTool(name: string): FakeTool {
  return new FakeTool({
    name,
    description: "Read a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    result: "text",
  });
}

describe("Why are name suggestions used only for errors, not real execution?", () => {
  const registry = new ToolRegistry();
  registry.register(readTool("read_file"));

  it("a) a near-miss name is not ready to run", () => {
    const ready = registry.prepareCall("ReadFile", '{"path": "notes.txt"}').error === null;
    expect(answered(answer.nearMissIsReadyToRun, `${Q} a) nearMissIsReadyToRun`), `${Q} a): what the real registry did`).toBe(ready);
  });

  it("b) the suggestion is in the text the model reads", () => {
    const text = registry.prepareCall("ReadFile", '{"path": "notes.txt"}').error?.content ?? "";
    const suggested = /Did you mean '([^']+)'\?/.exec(text)?.[1] ?? "none";
    expect(answered(answer.suggestedName, `${Q} b) suggestedName`), `${Q} b): the real error text was ${JSON.stringify(text)}`).toBe(suggested);
  });

  it("c) two names with the same loose key get no suggestion", () => {
    const two = new ToolRegistry();
    two.register(readTool("read_file"));
    two.register(readTool("readFile"));
    const actual = two.suggestName("READ_FILE") ?? "none";
    expect(answered(answer.suggestionWhenTwoMatch, `${Q} c) suggestionWhenTwoMatch`), `${Q} c): what the real suggestName returned`).toBe(actual);
  });

  it("d) the reason", () => {
    expectReason(answer.reason, `${Q} d) reason`, "c", {
      a: "the registry works its suggestion out only for an unknown name, and cheaply; speed would not stop it from picking a tool.",
      b: "the model does read the error: that is how it retries with the exact name (see b).",
    });
  });
});
