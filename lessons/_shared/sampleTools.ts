/**
 * Small example tools the demos share. They have realistic schemas but never touch the disk or
 * the network, so a demo shows exactly what the registry does and nothing else. Every tool counts
 * its `execute` calls, which is how a demo proves that a rejected call never ran.
 *
 * @module
 */
import { Tool, type ExecuteOptions, type JsonSchema } from "../../src/index.js";

/** A tool that records every `execute` call, so a demo can show what ran and what did not. */
export abstract class CountingTool extends Tool {
  /** The params of every call that reached `execute`, in order. */
  readonly executions: Record<string, unknown>[] = [];

  /** How many times `execute` ran. */
  get executeCount(): number {
    return this.executions.length;
  }

  /** Records the call, then lets the subclass answer. */
  async execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    this.executions.push(params);
    return this.run(params, options);
  }

  /** The tool's pretend work. */
  protected abstract run(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown>;
}

/** The parameter schema of `read_file` used across the workbook (and its benchmark). */
export const READ_FILE_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: { type: "string", minLength: 1, description: "File path, relative to the workspace." },
    offset: { type: "integer", minimum: 0, description: "First line to return (0-based)." },
    limit: { type: "integer", minimum: 1, maximum: 10000, description: "How many lines to return." },
    encoding: { type: "string", enum: ["utf-8", "latin-1"], description: "Text encoding." },
  },
  required: ["path"],
};

/** A pretend `read_file` over an in-memory set of files. */
export class FakeReadFileTool extends CountingTool {
  readonly name: string = "read_file";
  readonly description = "Read a text file from the workspace (in-memory sample for the lessons).";
  readonly parameters = READ_FILE_SCHEMA;
  /** The files it can "read". */
  readonly files: Map<string, string>;

  /** `files` maps a path to its text; a small default set is used when omitted. */
  constructor(files?: Record<string, string>) {
    super();
    this.files = new Map(
      Object.entries(
        files ?? { "src/index.ts": "export * from './tools/registry.js';\n", "README.md": "# Workbook\n\nLessons, exercises and tests.\nStart with lesson 5.\n" },
      ),
    );
  }

  override get readOnly(): boolean {
    return true;
  }

  protected async run(params: Record<string, unknown>): Promise<unknown> {
    const path = String(params["path"]);
    const text = this.files.get(path);
    if (text === undefined) return Tool.error(`Error: File not found: ${path}`);
    const lines = text.split("\n");
    const offset = typeof params["offset"] === "number" ? params["offset"] : 0;
    const limit = typeof params["limit"] === "number" ? params["limit"] : lines.length;
    return lines.slice(offset, offset + limit).join("\n");
  }
}

/** A pretend `list_dir`. */
export class FakeListDirTool extends CountingTool {
  readonly name = "list_dir";
  readonly description = "List the entries of a workspace folder (sample).";
  readonly parameters: JsonSchema = {
    type: "object",
    properties: { path: { type: "string", description: "Folder, relative to the workspace." } },
  };

  override get readOnly(): boolean {
    return true;
  }

  protected async run(): Promise<unknown> {
    return "README.md\nsrc/";
  }
}

/** A pretend `write_file`: not read-only, so never run alongside other calls. */
export class FakeWriteFileTool extends CountingTool {
  readonly name = "write_file";
  readonly description = "Write a text file in the workspace (sample; writes nothing).";
  readonly parameters: JsonSchema = {
    type: "object",
    properties: { path: { type: "string", minLength: 1 }, content: { type: "string" } },
    required: ["path", "content"],
  };

  protected async run(params: Record<string, unknown>): Promise<unknown> {
    return `Wrote ${String(params["content"]).length} characters to ${String(params["path"])}`;
  }
}

/** A read-only tool that still must run alone (`exclusive`), e.g. one that snapshots the workspace. */
export class FakeSnapshotTool extends CountingTool {
  readonly name = "snapshot_workspace";
  readonly description = "Take a consistent snapshot of the workspace (sample; read-only but exclusive).";
  readonly parameters: JsonSchema = { type: "object", properties: {} };

  override get readOnly(): boolean {
    return true;
  }

  override get exclusive(): boolean {
    return true;
  }

  protected async run(): Promise<unknown> {
    return "snapshot taken";
  }
}

/** A pretend tool adapted from an MCP server; its `mcp_` name puts it after the built-ins. */
export class FakeMcpTool extends CountingTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema = {
    type: "object",
    properties: { query: { type: "string" } },
    required: ["query"],
  };
  static override discoverable = false;

  /** `server` and `tool` make the name `mcp_<server>_<tool>`. */
  constructor(server: string, tool: string) {
    super();
    this.name = `mcp_${server}_${tool}`;
    this.description = `The '${tool}' tool of the MCP server '${server}' (sample).`;
  }

  override get readOnly(): boolean {
    return true;
  }

  protected async run(params: Record<string, unknown>): Promise<unknown> {
    return `results for ${String(params["query"])}`;
  }
}

/** The total number of `execute` calls over several counting tools. */
export function totalExecutions(tools: readonly CountingTool[]): number {
  return tools.reduce((sum, tool) => sum + tool.executeCount, 0);
}
