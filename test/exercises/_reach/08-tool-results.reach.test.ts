/**
 * Exercise 8's generators reach what its rules name: limits at the text's length − 1, length and
 * length + 1 (in UTF-16 units) with non-ASCII and astral text, limits of 0 and below, results of
 * every kind (every kind of empty among them), names that only look like `read_file`, and every
 * kind of workspace.
 */
import { describe, expect, it } from "vitest";
import { toolResultToText } from "../../../src/agent/results/result-text.js";
import { holds } from "../_support/domain.js";
import { buildResult, callName, limitFor, messageInput, READ_FILE_LOOKALIKES, RESULT_KINDS, textAndLimit, type MessageInput } from "../_support/gen-08.js";
import { expectReach } from "../_support/reach.js";
import { showSnapshot, snapshot } from "../_support/snapshot.js";

describe("exercise 8's generators", () => {
  it("truncate's inputs reach limit − 1, limit and limit + 1 with astral and non-ASCII text, and limits of 0 and below", () => {
    const reach = expectReach(
      "textAndLimit",
      textAndLimit(),
      {
        "limit = length − 1": ({ text, max }) => max === text.length - 1 && max > 0,
        "limit = length": ({ text, max }) => max === text.length && max > 0,
        "limit = length + 1": ({ text, max }) => max === text.length + 1,
        "limit 0": ({ max }) => max === 0,
        "a negative limit": ({ max }) => max < 0,
        "an astral character cut in half at the limit": ({ text, max }) => max > 0 && max < text.length && holds.astral(text.slice(max - 1, max + 1)),
        "non-ASCII text": ({ text }) => /[\u0080-\u{10ffff}]/u.test(text),
        "a lone surrogate": ({ text }) => holds.loneSurrogate(text),
        "the empty text": ({ text }) => text === "",
      },
      { size: ({ text }) => text.length },
    );
    expect(reach.largest).toBeGreaterThanOrEqual(30);
  });

  it("buildToolMessage's inputs reach every result kind, every workspace kind and read_file's look-alikes", () => {
    const kinds: Record<string, (input: MessageInput) => boolean> = {};
    for (const kind of RESULT_KINDS) kinds[`a ${kind} result`] = (input) => input.result.kind === kind;
    for (const ws of ["none", "empty string", "folder", "a file", "missing"]) kinds[`workspace: ${ws}`] = (input) => input.workspace === ws;
    for (const limit of ["length - 1", "length", "length + 1", "zero", "negative"]) kinds[`limit: ${limit}`] = (input) => input.limit === limit;
    kinds["Python-only blank text"] = (input) => input.result.kind === "blank" && holds.pythonOnlyWhitespace(input.result.text);
    kinds["text that only looks blank (byte-order mark, zero-width space)"] = (input) =>
      input.result.kind === "string" && (holds.jsOnlyWhitespace(input.result.text) || holds.lookalikeSpace(input.result.text));
    kinds["an empty ToolResult"] = (input) => input.result.kind === "tool result" && input.result.content.trim() === "";
    kinds["sessionKey empty"] = (input) => input.sessionKey === "";
    kinds["sessionKey with a slash"] = (input) => input.sessionKey === "a/b";
    kinds["an astral result over the limit"] = (input) => {
      const text = toolResultToText(buildResult(input.result));
      return holds.astral(text) && text.length > limitFor(input.limit, text.length) && limitFor(input.limit, text.length) > 0;
    };
    for (const name of READ_FILE_LOOKALIKES) kinds[`the name ${JSON.stringify(name)}`] = (input) => input.name === name;
    const reach = expectReach("messageInput", messageInput({ names: callName(3) }), kinds, { size: (input) => toolResultToText(buildResult(input.result)).length });
    expect(reach.largest).toBeGreaterThanOrEqual(30);
  });

  it("a failure message can show the files written: arrays of texts, numbers and holes print", () => {
    const sparse: unknown[] = ["ws/.tool-results/s1/c.txt", 2];
    sparse[3] = null;
    expect(showSnapshot(snapshot([["ws/a.txt", "the text"], sparse]))).toBe('[["ws/a.txt", "the text"], ["ws/.tool-results/s1/c.txt", 2, <hole>, null]]');
  });
});
