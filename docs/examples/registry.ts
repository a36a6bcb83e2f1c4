/**
 * Examples for the registry (`src/tools/registry.ts`): preparing a call the way the runner does,
 * the trace of the steps, the rules it is made of (near-miss names in `src/tools/suggest.ts` and
 * `src/tools/messages.ts`, casting in `src/schema/cast.ts`, validation in `src/schema/validate.ts`),
 * and the `read_file` built-in (`src/tools/builtin/read-file.ts`). The reference shows each region; `tsc` checks this file and
 * `test/docs/examples.test.ts` runs every function it exports (they read a file that does not
 * exist in `/tmp/ws` and print the steps; `readFileTool` writes one file in a temporary folder of
 * its own and removes it).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { castValue, compileValidator, nameKey, ReadFileTool, suggestToolName, toolNotFoundMessage, ToolRegistry } from "../../src/index.js";

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

/** The loose key of a near-miss name, and the one suggestion it gives. */
export async function nearMissNames(): Promise<void> {
  // #region name-key
  nameKey("Read-File"); // "readfile"
  nameKey("read_file"); // "readfile": the same key, so "Read-File" suggests read_file
  // #endregion name-key
  // #region suggest-tool-name
  suggestToolName("ReadFile", ["read_file", "write_file"]); // "read_file"
  suggestToolName("readfile", ["read_file", "ReadFile"]); // null: two names share the key
  // #endregion suggest-tool-name
  // #region tool-not-found-message
  toolNotFoundMessage("ReadFile", "read_file", ["read_file", "write_file"]);
  // "Error: Tool 'ReadFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file, write_file"
  // #endregion tool-not-found-message
  if (suggestToolName("ReadFile", ["read_file", "write_file"]) !== "read_file") throw new Error("no suggestion");
}

/** Casting fixes only what loses nothing. */
export async function castArguments(): Promise<void> {
  // #region cast-value
  const schema = { type: "object", properties: { n: { type: "integer" }, on: { type: "boolean" } } };
  castValue(schema, { n: "42", on: "yes" }); // { n: 42, on: true }
  castValue(schema, { n: "4.5" }); // { n: "4.5" }: not an integer, left for validation to refuse
  // #endregion cast-value
  if ((castValue(schema, { n: "42" }) as { n: unknown }).n !== 42) throw new Error("not cast");
}

/** Validation: [] for valid arguments, otherwise the problems the model reads. */
export async function validateArguments(): Promise<void> {
  // #region compile-validator
  const validate = compileValidator({
    type: "object",
    properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } },
    required: ["path"],
  });
  validate({ path: "a.txt" }); // []
  validate({ limit: 0 }); // ["missing required path", "limit must be >= 1"]
  validate({ path: 3 }); // ["path should be string"]
  // #endregion compile-validator
  if (validate({ path: "a.txt" }).length !== 0 || validate({ limit: 0 }).length !== 2) throw new Error("unexpected verdict");
}

/** The read_file built-in on a file of a temporary workspace. */
export async function readFileTool(): Promise<void> {
  const workspace = await mkdtemp(join(tmpdir(), "workbook-example-"));
  try {
    await writeFile(join(workspace, "notes.txt"), "alpha\nbeta\n");
    // #region read-file-tool
    const tool = new ReadFileTool({ workspace });
    const registry = new ToolRegistry();
    registry.register(tool);
    const prepared = registry.prepareCall("read_file", '{"path": "notes.txt"}');
    if (prepared.error === null) console.log(await prepared.tool.execute(prepared.params, { signal: AbortSignal.timeout(10_000) }));
    // the file's lines, each with its number
    await tool.execute({ path: "../outside.txt" }, { signal: AbortSignal.timeout(10_000) });
    // a ToolResult error: the path is outside the workspace
    // #endregion read-file-tool
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
