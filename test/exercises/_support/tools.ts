/**
 * Small tools shared by the exercise and self-check tests, all built with the testing kit's
 * FakeTool. They come from `src/` only, never from an exercise, so a test fails because of the
 * learner's code and nothing else.
 */
import { FakeTool } from "../../../src/testing/index.js";
import type { Tool } from "../../../src/tools/base.js";

/** A read-only `read_file` tool with a typed, closed schema; it answers `contents of <path>`. */
export function countingReadTool(name = "read_file"): FakeTool {
  return new FakeTool({
    name,
    description: "Read a file from the workspace.",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } },
      required: ["path"],
      additionalProperties: false,
    },
    readOnly: true,
    run: (params) => `contents of ${String(params["path"])}`,
  });
}

/** A tool whose schema declares its own `arguments` parameter. */
export function argumentsTool(): FakeTool {
  return new FakeTool({
    name: "run_script",
    description: "Run a script with arguments.",
    parameters: { type: "object", properties: { arguments: { type: "string" } }, required: ["arguments"] },
    run: (params) => String(params["arguments"]),
  });
}

/** A map of tools keyed by name, in the order given. */
export function toolMap(...tools: Tool[]): Map<string, Tool> {
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/** A tool with any name and flags, for the batching tests; it answers its own name. */
export function flaggedTool(name: string, flags: { readOnly?: boolean; exclusive?: boolean }): FakeTool {
  return new FakeTool({ name, description: `The ${name} tool.`, ...flags, result: name });
}
