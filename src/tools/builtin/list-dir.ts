/**
 * The built-in `list_dir` tool: lists a folder inside the workspace, folders marked with a
 * trailing `/`. Read-only.
 *
 * @module
 */
import { readdir } from "node:fs/promises";
import { Tool, type JsonSchema, type ToolContext } from "../base.js";
import { resolveInWorkspace } from "../workspace.js";
import { fileErrorResult } from "./read-file.js";

/** Lists the entries of a folder in the workspace, sorted, folders ending in `/`. */
export class ListDirTool extends Tool {
  readonly name = "list_dir";
  readonly description = "List the files and folders in a workspace folder (default: the workspace itself). Folders end with '/'.";
  readonly parameters: JsonSchema = {
    type: "object",
    properties: { path: { type: "string", description: "Folder path, relative to the workspace. Default '.'." } },
    additionalProperties: false,
  };
  /** The folder this tool may list in. */
  readonly workspace: string;

  /** Creates the tool for one workspace. */
  constructor(options: { workspace: string } = { workspace: process.cwd() }) {
    super();
    this.workspace = options.workspace;
  }

  override get readOnly(): boolean {
    return true;
  }

  static override create(ctx: ToolContext): Tool {
    return new ListDirTool({ workspace: ctx.workspace });
  }

  async execute(params: Record<string, unknown>): Promise<unknown> {
    const path = typeof params["path"] === "string" && params["path"] !== "" ? params["path"] : ".";
    try {
      const real = await resolveInWorkspace(this.workspace, path);
      const entries = await readdir(real, { withFileTypes: true });
      const names = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
      names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return names.length === 0 ? `(${path} is empty)` : names.join("\n");
    } catch (error) {
      return fileErrorResult(path, error);
    }
  }
}
