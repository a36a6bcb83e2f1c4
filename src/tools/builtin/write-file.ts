/**
 * The built-in `write_file` tool: writes a text file inside the workspace, creating folders as
 * needed. It changes the world, so it is not concurrency-safe and always runs alone.
 *
 * @module
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { type ExecuteOptions } from "../base.js";
import type { ParametersSchema } from "../parameters-schema.js";
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

/** Writes (or replaces) a text file in the workspace. */
export class WriteFileTool extends WorkspaceTool<WriteFileParams> {
  readonly name = "write_file";
  readonly description = "Write text to a file in the workspace, replacing it if it exists. Missing folders are created.";
  readonly parameters: ParametersSchema<WriteFileParams> = {
    type: "object",
    properties: {
      path: { type: "string", minLength: 1, description: "File path, relative to the workspace." },
      content: { type: "string", description: "The full text to write." },
    },
    required: ["path", "content"],
    additionalProperties: false,
  };
  async execute(params: WriteFileParams, options?: ExecuteOptions): Promise<unknown> {
    const { path, content } = params;
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
