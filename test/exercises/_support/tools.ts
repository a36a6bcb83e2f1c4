/**
 * Small tools shared by the exercise and self-check tests. They come from `src/` only, never
 * from an exercise, so a test fails because of the learner's code and nothing else.
 */
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../../../src/tools/base.js";

/** A read-only tool with a typed schema that counts how often it ran. */
export class CountingReadTool extends Tool {
  readonly name: string;
  readonly description = "Read a file from the workspace.";
  readonly parameters: JsonSchema = {
    type: "object",
    properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } },
    required: ["path"],
    additionalProperties: false,
  };
  /** How many times `execute` ran. */
  calls = 0;

  constructor(name = "read_file") {
    super();
    this.name = name;
  }

  override get readOnly(): boolean {
    return true;
  }

  async execute(params: Record<string, unknown>, _options?: ExecuteOptions): Promise<unknown> {
    this.calls++;
    return `contents of ${String(params["path"])}`;
  }
}

/** A tool that changes things (not read-only), with an optional delay. */
export class WriterTool extends Tool {
  readonly name: string;
  readonly description = "Write a file.";
  readonly parameters: JsonSchema = { type: "object", properties: { path: { type: "string" } } };
  calls = 0;

  constructor(name = "write_file") {
    super();
    this.name = name;
  }

  async execute(): Promise<unknown> {
    this.calls++;
    return ToolResult.error("Error: the disk is read-only");
  }
}

/** A tool whose schema declares its own `arguments` parameter. */
export class ArgumentsTool extends Tool {
  readonly name = "run_script";
  readonly description = "Run a script with arguments.";
  readonly parameters: JsonSchema = {
    type: "object",
    properties: { arguments: { type: "string" } },
    required: ["arguments"],
  };

  async execute(params: Record<string, unknown>): Promise<unknown> {
    return String(params["arguments"]);
  }
}

/** A map of tools keyed by name, in the order given. */
export function toolMap(...tools: Tool[]): Map<string, Tool> {
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/** A plain object tool with any name and flags, for the batching tests. */
export function flaggedTool(name: string, flags: { readOnly?: boolean; exclusive?: boolean }): Tool {
  class Flagged extends Tool {
    readonly name = name;
    readonly description = `The ${name} tool.`;
    readonly parameters: JsonSchema = { type: "object", properties: {} };
    override get readOnly(): boolean {
      return flags.readOnly === true;
    }
    override get exclusive(): boolean {
      return flags.exclusive === true;
    }
    async execute(): Promise<unknown> {
      return name;
    }
  }
  return new Flagged();
}
