/**
 * The built-in `write_file` tool: writes a text file inside the workspace, creating folders as
 * needed. It changes the world, so it is not concurrency-safe and always runs alone.
 *
 * @module
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { ToolResult, type ExecuteOptions } from "../base.js";
import type { ParametersSchema } from "../../schema/parameters-schema.js";
import { WorkspaceTool } from "./_workspace-tool.js";
import { resolveInWorkspace } from "../workspace.js";
import { fileErrorResult } from "./read-file.js";

/** The arguments of `write_file`: where to write, and the whole text. */
export type WriteFileParams = {
  /** File path, relative to the workspace. */
  path: string;
  /** The full text to write. */
  content: string;
};

/** Writes (or replaces) a text file in the workspace. The definition is upstream's, less its pointer to edit tools that are not ported. */
export class WriteFileTool extends WorkspaceTool<WriteFileParams> {
  readonly name = "write_file";
  readonly description =
    "Create a new file or intentionally replace an entire file with the provided content. " + "Overwrites existing files and creates parent directories as needed.";
  readonly parameters: ParametersSchema<WriteFileParams> = {
    type: "object",
    properties: {
      path: { type: "string", description: "The file path to write to" },
      content: { type: "string", description: "The content to write" },
    },
    required: ["path", "content"],
    additionalProperties: false,
  };
  async execute(params: WriteFileParams, options?: ExecuteOptions): Promise<unknown> {
    const { path, content } = params;
    if (!path) return ToolResult.error("Error writing file: Unknown path");
    try {
      const real = await resolveInWorkspace(this.workspace, path);
      await mkdir(dirname(real), { recursive: true });
      await writeFile(real, content, { encoding: "utf8", signal: options?.signal });
      return `Wrote ${content.length} characters to ${path}`;
    } catch (error) {
      return fileErrorResult(path, error);
    }
  }
}
