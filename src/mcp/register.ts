/**
 * Registering a server's tools (lesson 9). The loop `for (const tool of tools) registry.register(tool)`
 * has two faults with tools from a server we do not control: one tool that `register` refuses (a
 * schema over the complexity budget, a pattern that cannot compile) throws out of the loop and
 * loses every tool after it; and `register` replaces a tool of the same name without a word.
 * {@link registerMcpTools} skips and reports the first, and never does the second.
 *
 * @module
 */
import type { Tool } from "../tools/base.js";
import type { ToolRegistry } from "../tools/registry.js";
import { describeThrown } from "../util/thrown.js";
import { MCPToolAdapter } from "./adapter.js";
import { logText } from "../util/log-text.js";
import { CappedMcpLog, consoleMcpLogger, type McpLogger } from "./logger.js";

/** A tool {@link registerMcpTools} did not register, and why. */
export interface SkippedMcpTool {
  /** The name it would have had in the registry. */
  name: string;
  /** Why it was skipped. */
  reason: string;
}

/** What {@link registerMcpTools} did. */
export interface McpRegistration {
  /** The names registered, in order. */
  registered: string[];
  /** The tools skipped, in order, with the reason. */
  skipped: SkippedMcpTool[];
}

/** How many characters of a refusal's message (which may quote the server's schema) a reason keeps. */
const REASON_MAX_CHARS = 1_000;

/** How a tool is named in messages: its registry name, and its server and server-side name when it has them. */
function label(tool: Tool, name: string): string {
  const shown = `'${logText(name)}'`;
  return tool instanceof MCPToolAdapter ? `${shown} (tool '${logText(tool.mcpToolName)}' of server '${logText(tool.serverName)}')` : shown;
}

/**
 * Registers each tool in order, and goes on past any it cannot register:
 * - a name already in the registry (a built-in, another server's tool, an earlier tool of the
 *   list) is never replaced: the new tool is skipped;
 * - a tool that `register` refuses (its error says why) is skipped;
 * - a tool whose `name` cannot even be read is skipped.
 * Each skip is returned, and reported to `options.logger` (default: the console) with every text
 * from elsewhere shown through `logText`, at most `MAX_LOGGED_WARNINGS` lines, then one line
 * counting the rest.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#register-mcp-tools}
 */
export function registerMcpTools(registry: ToolRegistry, tools: readonly Tool[], options: { logger?: McpLogger } = {}): McpRegistration {
  const log = new CappedMcpLog(options.logger ?? consoleMcpLogger);
  const result: McpRegistration = { registered: [], skipped: [] };
  const skip = (name: string, what: string, reason: string): void => {
    result.skipped.push({ name, reason });
    log.warn(`${what} was not registered: ${reason}`);
  };
  tools.forEach((tool, index) => {
    let name: string;
    try {
      name = String(tool.name);
    } catch (error) {
      skip(`#${index}`, `tool #${index}`, `its name cannot be read (${logText(describeThrown(error).message, REASON_MAX_CHARS)})`);
      return;
    }
    const what = label(tool, name);
    if (registry.has(name)) {
      const existing = registry.get(name);
      const owner = existing instanceof MCPToolAdapter ? `tool '${logText(existing.mcpToolName)}' of server '${logText(existing.serverName)}'` : "another tool";
      skip(name, what, `the name is already registered to ${owner}, which is kept`);
      return;
    }
    try {
      registry.register(tool);
    } catch (error) {
      skip(name, what, logText(describeThrown(error).message, REASON_MAX_CHARS));
      return;
    }
    result.registered.push(name);
  });
  log.finish("", "tools not registered, not logged (the result's skipped list holds them all)");
  return result;
}
