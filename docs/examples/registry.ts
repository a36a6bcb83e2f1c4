/**
 * Examples for the registry (`src/tools/registry.ts`): preparing a call the way the runner does,
 * and the trace of the steps. The reference shows each region; `tsc` checks this file and
 * `test/docs/examples.test.ts` runs every function it exports (they read a file that does not
 * exist in `/tmp/ws` and print the steps; nothing is written).
 */
import { ReadFileTool, ToolRegistry } from "../../src/index.js";

/** Prepares one call and runs the tool only when the arguments are valid. */
export async function prepareAndExecute(): Promise<void> {
  // #region registry
  const registry = new ToolRegistry();
  registry.register(new ReadFileTool({ workspace: "/tmp/ws" }));
  const prepared = registry.prepareCall("read_file", '{"path": "notes.txt"}');
  const signal = AbortSignal.timeout(10_000);
  if (prepared.error === null) await prepared.tool.execute(prepared.params, { signal });
  else console.log(prepared.error.content); // the text the model reads
  // #endregion registry
}

/** A name that is almost right, and arguments that are not an object. */
export async function prepareCall(): Promise<void> {
  const registry = new ToolRegistry();
  registry.register(new ReadFileTool({ workspace: "/tmp/ws" }));
  // #region prepare-call
  registry.prepareCall("ReadFile", '{"path": "x"}').error?.content;
  // "Error: Tool 'ReadFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file"
  registry.prepareCall("read_file", "[1,2,3]", (s) => console.log(s.step, s.ok));
  // lookup true, coerce true, unwrap true, shape false
  // #endregion prepare-call
}
