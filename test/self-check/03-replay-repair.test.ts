import { expect, it } from "vitest";
import { toolArgumentsObjectForReplay } from "../../src/index.js";
import { coerce, prepare } from "../../exercises/05-argument-processing/prepare.js";
import { CountingReadTool, toolMap } from "../exercises/_support/tools.js";
import { learner } from "./_learner.js";

const EX5 = "exercise 05 (exercises/05-argument-processing/prepare.ts)";

it("Why can replay argument repair not be reused blindly for a new call?", () => {
  const tools = toolMap(new CountingReadTool("read_file"));

  // Replaying old history only needs *some* object, so the replay rule repairs and defaults …
  expect(toolArgumentsObjectForReplay('{path: "secrets.txt"')).toEqual({ path: "secrets.txt" });
  expect(toolArgumentsObjectForReplay("[1, 2]")).toEqual({});

  // … but a new call will execute. Repaired text is a guess at what the model meant.
  expect(
    learner(EX5, () => coerce('{path: "secrets.txt"')),
    `${EX5}: coerce must keep malformed JSON as the same string — never repair text that will be executed`,
  ).toBe('{path: "secrets.txt"');
  const malformed = learner(EX5, () => prepare(tools, "read_file", '{path: "secrets.txt"'));
  expect(malformed.error?.content, `${EX5}: prepare must reject malformed JSON with the "must be a JSON object, got string" error`).toMatch(
    /parameters must be a JSON object, got string/,
  );

  // Replay turns an array into {} — for a new call that would run the tool with no arguments at all.
  const array = learner(EX5, () => prepare(tools, "read_file", "[1, 2]"));
  expect(array.error?.content, `${EX5}: prepare must reject an array ("got array"), not treat it as no arguments`).toMatch(/got array/);
});
