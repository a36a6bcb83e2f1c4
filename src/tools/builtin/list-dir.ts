/**
 * The built-in `list_dir` tool: lists a folder inside the workspace, folders marked with a
 * trailing `/`. Read-only. A missing path gives upstream's `Error: Directory not found: <path>`, a
 * file `Error: Not a directory: <path>`.
 *
 * @module
 */
import { readdir, stat } from "node:fs/promises";
import { ToolResult } from "../base.js";
import type { ParametersSchema } from "../../schema/parameters-schema.js";
import { WorkspaceTool } from "./_workspace-tool.js";
import { resolveInWorkspace } from "../workspace.js";
import { fileErrorResult } from "./read-file.js";

/** The arguments of `list_dir`: the folder (`""` or `"."` is the workspace itself). */
export type ListDirParams = {
  /** Folder path, relative to the workspace (or absolute inside it). */
  path: string;
};

/**
 * Lists the entries of a folder in the workspace, sorted, folders ending in `/`. The definition is
 * upstream's, less the sentences and options of what is not ported (`recursive`, `max_entries`,
 * skipping noise folders).
 */
export class ListDirTool extends WorkspaceTool<ListDirParams> {
  readonly name = "list_dir";
  readonly description = "List the contents of a directory.";
  readonly parameters: ParametersSchema<ListDirParams> = {
    type: "object",
    properties: { path: { type: "string", description: "The directory path to list" } },
    required: ["path"],
    additionalProperties: false,
  };
  override get readOnly(): boolean {
    return true;
  }

  async execute(params: ListDirParams): Promise<unknown> {
    const path = typeof params.path === "string" && params.path !== "" ? params.path : ".";
    try {
      const real = await resolveInWorkspace(this.workspace, path);
      // Upstream's texts for a path that is missing and for one that is no folder.
      if (!(await stat(real)).isDirectory()) return ToolResult.error(`Error: Not a directory: ${path}`);
      const entries = await readdir(real, { withFileTypes: true });
      const names = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
      names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return names.length === 0 ? `(${path} is empty)` : names.join("\n");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === "ENOENT" || code === "ENOTDIR") return ToolResult.error(`Error: Directory not found: ${path}`);
      return fileErrorResult(path, error);
    }
  }
}
