import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { answer } from "../../exercises/self-check/q5-errors-return-to-model.js";
import { answered, expectReason } from "./_answer.js";

const Q = "exercises/self-check/q5-errors-return-to-model.ts";

/** A file-reading tool that fails the way a missing file does. */
function failingRead(): FakeTool {
  return new FakeTool({
    name: "read_file",
    description: "Read a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    throws: new Error("ENOENT: nope.txt"),
  });
}

/** What the real registry does with the throwing tool: rejects, or resolves with the text. */
async function realOutcome(): Promise<{ rejects: boolean; text: string }> {
  const registry = new ToolRegistry();
  registry.register(failingRead());
  try {
    const result = await registry.execute("read_file", { path: "nope.txt" });
    return { rejects: false, text: String(result) };
  } catch (error) {
    return { rejects: true, text: String(error) };
  }
}

describe("Why can an ordinary tool error return to the model?", () => {
  it("a) execute does not throw", async () => {
    const real = await realOutcome();
    expect(answered(answer.executeRejects, `${Q} a) executeRejects`), `${Q} a): what the real registry did`).toBe(real.rejects);
  });

  it("b) the text starts with", async () => {
    const real = await realOutcome();
    const first = /^\S+?(?=[\s:]|$)/.exec(real.text)?.[0] ?? "";
    expect(answered(answer.firstWord, `${Q} b) firstWord`), `${Q} b): the real text was ${JSON.stringify(real.text)}`).toBe(first);
  });

  it("c) the retry hint", async () => {
    const real = await realOutcome();
    expect(answered(answer.endsWithRetryHint, `${Q} c) endsWithRetryHint`), `${Q} c): the real text was ${JSON.stringify(real.text)}`).toBe(
      real.text.endsWith(RETRY_HINT),
    );
  });

  it("d) the reason", () => {
    expectReason(answer.reason, `${Q} d) reason`, "b", {
      a: "how often errors happen does not decide what the model can do with one; a single error the model can read lets it recover.",
      c: "the error goes back as an ordinary tool message (role \"tool\"), which every provider accepts.",
    });
  });
});
