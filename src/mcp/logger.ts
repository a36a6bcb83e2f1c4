/**
 * Where the MCP adapter reports what it did about a listed tool: skipped, renamed or patched, or
 * a tool it could not register.
 *
 * @module
 */

/** Where the adapter's warnings go: a listed tool it skipped, renamed or patched, a tool it could not register. */
export interface McpLogger {
  /** Reports one problem; the message names the server and the tool. */
  warn(message: string): void;
}

/** The default {@link McpLogger}: `console.warn`, prefixed with `[mcp]`. */
export const consoleMcpLogger: McpLogger = {
  warn: (message) => console.warn(`[mcp] ${message}`),
};
