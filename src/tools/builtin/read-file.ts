/**
 * The built-in `read_file` tool: reads a text file inside the workspace, optionally a range of
 * lines. Read-only, so the runner may batch it with other safe calls.
 *
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import { ToolResult, type ExecuteOptions, type JsonSchema } from "../base.js";
import { WorkspaceTool } from "./_workspace-tool.js";
import { resolveInWorkspace, WorkspaceViolationError } from "../workspace.js";

/** Turns a file-system failure into the error result the model reads. */
export function fileErrorResult(path: string, error: unknown): ToolResult {
  if (error instanceof WorkspaceViolationError) return ToolResult.error(`Error: ${error.message}`);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT") return ToolResult.error(`Error: File not found: ${path}`);
  if (code === "EISDIR") return ToolResult.error(`Error: ${path} is a directory, not a file`);
  if (code === "ENOTDIR") return ToolResult.error(`Error: ${path} is not a directory`);
  if (code === "EACCES" || code === "EPERM") return ToolResult.error(`Error: Permission denied: ${path}`);
  const message = error instanceof Error ? error.message : String(error);
  return ToolResult.error(`Error: Could not access ${path}: ${message}`);
}

/** Reads a text file in the workspace; `offset` and `limit` select lines. */
export class ReadFileTool extends WorkspaceTool {
  readonly name = "read_file";
  readonly description =
    "Read a text file in the workspace. Give `path` relative to the workspace; `offset` (first line, from 0) and `limit` (number of lines) read part of a large file.";
  readonly parameters: JsonSchema = {
    type: "object",
    properties: {
      path: { type: "string", minLength: 1, description: "File path, relative to the workspace." },
      offset: { type: "integer", minimum: 0, description: "First line to read, counting from 0." },
      limit: { type: "integer", minimum: 1, description: "Most lines to read." },
    },
    required: ["path"],
    additionalProperties: false,
  };
  override get readOnly(): boolean {
    return true;
  }

  async execute(params: Record<string, unknown>, options?: ExecuteOptions): Promise<unknown> {
    const path = params["path"] as string;
    try {
      const real = await resolveInWorkspace(this.workspace, path);
      const info = await stat(real);
      if (info.isDirectory()) return ToolResult.error(`Error: ${path} is a directory, not a file`);
      const text = await readFile(real, { encoding: "utf8", signal: options?.signal });
      const offset = typeof params["offset"] === "number" ? params["offset"] : 0;
      const limit = typeof params["limit"] === "number" ? params["limit"] : undefined;
      if (offset === 0 && limit === undefined) return text;
      const lines = text.split("\n");
      return lines.slice(offset, limit === undefined ? undefined : offset + limit).join("\n");
    } catch (error) {
      return fileErrorResult(path, error);
    }
  }
}
