import { expect, it } from "vitest";
import { notFoundMessage, suggestName } from "../../exercises/04-exact-names/names.js";
import { prepare } from "../../exercises/05-argument-processing/prepare.js";
import { CountingReadTool, toolMap } from "../exercises/_support/tools.js";
import { learner } from "./_learner.js";

const EX4 = "exercise 04 (exercises/04-exact-names/names.ts)";
const EX5 = "exercise 05 (exercises/05-argument-processing/prepare.ts)";

it("Why are name suggestions used only for errors, not real execution?", () => {
  const read = new CountingReadTool("read_file");
  const tools = toolMap(read);

  // A near miss has an obvious-looking match …
  expect(learner(EX4, () => suggestName("ReadFile", ["read_file"])), `${EX4}: suggestName("ReadFile") should find read_file`).toBe("read_file");
  // … but two tools can share a loose key, and then any guess could run the wrong capability.
  expect(
    learner(EX4, () => suggestName("READ_FILE", ["read_file", "readFile"])),
    `${EX4}: suggestName must return null when two names match — a guess could pick the wrong tool`,
  ).toBeNull();

  // The suggestion goes into the message for the model, which retries with the exact name itself.
  expect(
    learner(EX4, () => notFoundMessage("ReadFile", ["read_file"])),
    `${EX4}: notFoundMessage must carry the suggestion and say names must match exactly`,
  ).toContain("Did you mean 'read_file'? Tool names must match exactly.");

  // Preparation never swaps in the suggested tool: its schema and permissions belong to the exact name.
  const prepared = learner(EX5, () => prepare(tools, "ReadFile", { path: "notes.txt" }));
  expect(prepared.tool, `${EX5}: prepare must look tools up by their exact name only — no tool for "ReadFile"`).toBeNull();
  expect(prepared.error?.content, `${EX5}: prepare must return the not-found error (with the suggestion) for "ReadFile"`).toContain(
    "Did you mean 'read_file'?",
  );
  expect(read.calls, `${EX5}: nothing may execute for a near-miss name`).toBe(0);
});
