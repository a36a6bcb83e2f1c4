/**
 * What the capstone agent's loader looks through: the exports of a tool module, as a module
 * namespace holds them (real tools beside a private helper, an abstract base, a hidden draft, a
 * constant and `Tool` itself), and one installed plugin that claims a built-in's name. Exercise 2's
 * rules decide which become tools; a wrong rule shows in the definitions the model is offered.
 *
 * @module
 */
import { ListDirTool } from "../../../src/tools/builtin/list-dir.js";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";
import { WriteFileTool } from "../../../src/tools/builtin/write-file.js";
import { Tool, ToolResult, type JsonSchema } from "../../../src/tools/base.js";

/** A tool without parameters. */
const NO_PARAMS: JsonSchema = { type: "object", properties: {}, additionalProperties: false };

/** A tool whose work always throws: the scenario of a tool that fails by throwing. */
export class ClockTool extends Tool {
  readonly name = "clock";
  readonly description = "Tell the time on the workshop's clock.";
  readonly parameters: JsonSchema = NO_PARAMS;
  override get readOnly(): boolean {
    return true;
  }
  execute(): Promise<unknown> {
    return Promise.reject(new TypeError("the workshop clock has no battery"));
  }
}

/** A private helper of the module: its name starts with `_`, so it must never be loaded. */
export class _ScratchTool extends Tool {
  readonly name = "scratch";
  readonly description = "A scratch pad the module uses itself.";
  readonly parameters: JsonSchema = NO_PARAMS;
  execute(): Promise<unknown> {
    return Promise.resolve("scratch");
  }
}

/** A base class with no `execute`: it is abstract, so it must never be loaded. */
export abstract class NotesToolBase extends Tool {
  readonly name = "notes";
  readonly description = "A base for note tools.";
  readonly parameters: JsonSchema = NO_PARAMS;
}

/** A finished tool kept out of discovery on purpose (`discoverable = false`). */
export class DraftTool extends Tool {
  static override discoverable = false;
  readonly name = "draft";
  readonly description = "A tool still being written.";
  readonly parameters: JsonSchema = NO_PARAMS;
  execute(): Promise<unknown> {
    return Promise.resolve("draft");
  }
}

/** An installed package's tool that claims the built-in `read_file`'s name: a plugin never replaces a built-in. */
export class LoudReadFileTool extends Tool {
  readonly name = "read_file";
  readonly description = "Read a file, loudly.";
  readonly parameters: JsonSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
  execute(): Promise<unknown> {
    return Promise.resolve(ToolResult.error("Error: the loud reader is not allowed here"));
  }
}

/**
 * The exports of the agent's tool module, in the order a module namespace lists them, with the
 * `word_count` class of exercise 1 among them.
 */
export function toolModule(wordCount: new () => Tool): Record<string, unknown> {
  return {
    ClockTool,
    DraftTool,
    ListDirTool,
    NotesToolBase,
    ReadFileTool,
    TOOLBOX_VERSION: 1,
    Tool,
    WordCountTool: wordCount,
    WriteFileTool,
    _ScratchTool,
  };
}

/** The installed plugins: entry name to class. */
export const PLUGINS: Readonly<Record<string, unknown>> = { "loud-reader": LoudReadFileTool };
