/**
 * What the runner needs from a tool registry (lessons 6–8), declared once. `ToolRegistry` has all
 * of it. A registry of another make works too, with less: without `get` every call runs alone,
 * and without `prepareCall` each call goes to `execute` with its raw arguments.
 *
 * @module
 */
import type { Tool, ToolDefinition } from "../tools/base.js";
import type { PreparedCall, PrepareStep } from "../tools/registry.js";

/**
 * The members of a registry the runner uses. `ToolRegistry` satisfies it; the runner reads
 * `spec.tools` only through it, checking that an optional member is there before calling it.
 */
export interface ToolSource {
  /** The tool definitions sent with every model request. */
  getDefinitions(): ToolDefinition[];
  /**
   * The tool registered under exactly `name`. The runner asks it whether a call may share a
   * batch (`concurrencySafe`) and, without `prepareCall`, which schema unwraps the arguments.
   * Missing: every call is a batch of its own.
   */
  get?(name: string): Tool | undefined;
  /**
   * Looks a call up and prepares its arguments; only a result with `error: null` is executed,
   * through the tool's own `execute` with the call's signal. A throw becomes that call's error.
   * Missing: the runner uses `execute` instead.
   */
  prepareCall?(name: unknown, params: unknown, onStep?: (step: PrepareStep) => void): PreparedCall;
  /**
   * Prepares and runs a call in one step, with the raw arguments; used only when there is no
   * `prepareCall`. Such a call cannot be aborted, but the runner still stops waiting for it.
   */
  execute?(name: string, params: unknown): Promise<unknown>;
}
