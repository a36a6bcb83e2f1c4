/**
 * Examples for reading a tool call's arguments: the shared text rule
 * (`src/tools/argument-text.ts`) and the provider side (`src/providers/base.ts`). The reference
 * shows each region; `tsc` checks this file and `test/docs/examples.test.ts` runs every function
 * it exports.
 */
import { parseToolArguments, readArgumentText, ToolCallRequest, toolArgumentsObjectForReplay } from "../../src/index.js";
import { normalizeCall } from "../../src/providers/base.js";

/** The argument text as the provider and the registry read it. */
export async function argumentText(): Promise<void> {
  // #region read-argument-text
  readArgumentText('{"path": "a.txt"}', "any"); // { path: "a.txt" }
  readArgumentText('{path: "a.txt"}', "any"); // '{path: "a.txt"}' (kept, later refused)
  readArgumentText("42", "object-or-array"); // "42"
  readArgumentText("   ", "object-or-array"); // {}
  // #endregion read-argument-text
}

/** What the provider keeps of the arguments it receives. */
export async function toolArguments(): Promise<void> {
  // #region parse-tool-arguments
  parseToolArguments('{"path": "a.txt"}'); // { path: "a.txt" }
  parseToolArguments('{path: "a.txt"}'); // '{path: "a.txt"}' (kept, later rejected)
  parseToolArguments("[1,2]"); // [1, 2] (later rejected: not an object)
  // #endregion parse-tool-arguments
}

/** One raw tool call from a response, with and without a name. */
export async function rawToolCall(): Promise<void> {
  // #region normalize-call
  normalizeCall({ name: "read_file", arguments: { path: "a.txt" } }, "call_0_0")?.id; // "call_0_0"
  normalizeCall({ id: "x", name: "" }, "call_0_1"); // null
  // #endregion normalize-call
}

/** One call as the runner holds it, and as it is replayed to the model. */
export async function toolCallRequest(): Promise<void> {
  // #region tool-call-request
  const call = new ToolCallRequest({ id: "call_1", name: "read_file", arguments: { path: "a.txt" } });
  call.hasValidName(); // true
  call.toOpenAIToolCall();
  // { id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"a.txt"}' } }
  // #endregion tool-call-request
  if (call.toOpenAIToolCall().function.arguments !== '{"path":"a.txt"}') throw new Error("the replayed arguments differ");
}

/** Old arguments repaired for replay only: nothing here is ever executed. */
export async function replayedArguments(): Promise<void> {
  // #region tool-arguments-object-for-replay
  toolArgumentsObjectForReplay('{"path": "a.txt"'); // { path: "a.txt" } (repaired, for the history only)
  toolArgumentsObjectForReplay("[1,2]"); // {} (not an object)
  // #endregion tool-arguments-object-for-replay
  if (toolArgumentsObjectForReplay('{"path": "a.txt"')["path"] !== "a.txt") throw new Error("the text was not repaired");
}
