import { describe, expect, it } from "vitest";
import { toolArgumentsObjectForReplay } from "../../src/providers/base.js";
import { FakeTool } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { answer } from "../../exercises/self-check/q3-replay-repair.js";
import { answered, expectReason } from "./_answer.js";

const Q = "exercises/self-check/q3-replay-repair.ts";
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

describe("Why can replay argument repair not be reused blindly for a new call?", () => {
  it("a) replay repairs broken text", () => {
    expect(answered(answer.replayOfBrokenText, `${Q} a) replayOfBrokenText`), `${Q} a): what the real replay rule returned`).toEqual(
      toolArgumentsObjectForReplay(BROKEN),
    );
  });

  it("b) replay turns a non-object into an object", () => {
    expect(answered(answer.replayOfArray, `${Q} b) replayOfArray`), `${Q} b): what the real replay rule returned`).toEqual(toolArgumentsObjectForReplay("[1, 2]"));
  });

  it("c) a new call with the same text is not repaired", () => {
    const registry = new ToolRegistry();
    registry.register(readTool());
    const prepared = registry.prepareCall("read_file", BROKEN);
    expect(
      answered(answer.brokenNewCallIsReadyToRun, `${Q} c) brokenNewCallIsReadyToRun`),
      `${Q} c): the real registry answered ${JSON.stringify(prepared.error?.content ?? "ready to run")}`,
    ).toBe(prepared.error === null);
  });

  it("d) the reason", () => {
    expectReason(answer.reason, `${Q} d) reason`, "a", {
      b: "the repair takes microseconds; the registry rejects broken text for what it would do, not for how long it takes.",
      c: "a repaired object can pass the schema perfectly (see a): { path: \"secrets.txt\" } is valid for read_file).",
    });
  });
});
