/**
 * The shared base of the file built-ins: a tool bound to one workspace folder. The module's name
 * starts with `_`, so the loader never scans it; the class has no `execute`, so it is never
 * loaded as a tool of its own.
 *
 * @module
 */
import { Tool, type ToolContext } from "../base.js";

/**
 * A tool that works inside one workspace folder, created from `ctx.workspace`.
 *
 * @typeParam P - the arguments the tool's `execute` receives.
 */
export abstract class WorkspaceTool<P extends Record<string, unknown> = Record<string, unknown>> extends Tool<P> {
  /** The folder this tool may work in. */
  readonly workspace: string;

  /** Binds the tool to a workspace (default: the current directory). */
  constructor(options: { workspace: string } = { workspace: process.cwd() }) {
    super();
    this.workspace = options.workspace;
  }

  /** Builds the tool for the loader's context: bound to `ctx.workspace`. */
  static override create(ctx: ToolContext): Tool {
    return new (this as unknown as new (options: { workspace: string }) => Tool)({ workspace: ctx.workspace });
  }
}
