import { expect, it } from "vitest";
import { RETRY_HINT, ToolCallRequest, ToolResult } from "../../src/index.js";
import { captureOutcome, settleOutcome } from "../../exercises/07-errors-as-results/settle.js";
import { buildToolMessage } from "../../exercises/08-tool-results/tool-message.js";
import { learner, learnerAsync } from "./_learner.js";

const EX7 = "exercise 07 (exercises/07-errors-as-results/settle.ts)";
const EX8 = "exercise 08 (exercises/08-tool-results/tool-message.ts)";

it("Why can an ordinary tool error return to the model?", async () => {
  const call = new ToolCallRequest({ id: "call_1", name: "read_file", arguments: { path: "nope.txt" } });

  // An ordinary failure is information, not a crash: it is captured, never thrown on.
  const thrown = await learnerAsync(EX7, () =>
    captureOutcome(async () => {
      throw new Error("ENOENT: nope.txt");
    }),
  );
  expect(thrown.kind, `${EX7}: captureOutcome must catch a thrown error and report kind "thrown"`).toBe("thrown");
  const settled = learner(EX7, () => settleOutcome("read_file", thrown, false));
  expect(settled.payload, `${EX7}: settleOutcome must turn a thrown Error into "Error: <name>: <message>"`).toBe("Error: Error: ENOENT: nope.txt");
  expect(settled.fatal, `${EX7}: without failOnToolError an ordinary error is not fatal — the run goes on`).toBeNull();

  const failed = learner(EX7, () => settleOutcome("read_file", { kind: "error-result", text: "Error: File not found: nope.txt" }, false));
  expect(failed.payload, `${EX7}: a ToolResult error goes back with RETRY_HINT so the model tries another approach`).toBe(
    "Error: File not found: nope.txt" + RETRY_HINT,
  );

  // The model reads it as the answer to its call, and can correct the arguments, pick another
  // tool, or explain the failure to the user.
  const message = await learnerAsync(EX8, () => buildToolMessage(call, failed.payload, { maxToolResultChars: 16_000 }));
  expect(message, `${EX8}: buildToolMessage must answer the call with a role "tool" message carrying the error text`).toStrictEqual({
    role: "tool",
    tool_call_id: "call_1",
    name: "read_file",
    content: "Error: File not found: nope.txt" + RETRY_HINT,
  });

  // Swallowing the error into an empty string would leave the model nothing to reason about.
  const swallowed = await learnerAsync(EX8, () => buildToolMessage(call, new ToolResult(""), { maxToolResultChars: 16_000 }));
  expect(swallowed.content, `${EX8}: even an empty result must say the call ran (the empty marker)`).toBe("(read_file completed with no output)");
});
