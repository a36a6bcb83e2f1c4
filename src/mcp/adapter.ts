/**
 * MCP tools as ordinary tools (lesson 9). A tool served by an external MCP server is wrapped in a
 * {@link Tool} subclass: its definition is copied (with a root object schema), its name gets the
 * `mcp_<server>_` prefix, and calling it forwards the prepared arguments to the server. What comes
 * back is turned into text; an MCP `isError` answer becomes a `ToolResult` error, so the runner
 * treats it like any other failed tool.
 *
 * @module
 */
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../tools/base.js";
import { contentToText, MalformedContent, MALFORMED_MCP_CONTENT } from "./content.js";
import { compileOutputSchema, type OutputCheck } from "./output-validator.js";
import type { McpRequestOptions, McpToolClient, McpToolInfo } from "./tool-client.js";
import { mcpToolName } from "./tool-name.js";
import { isPlainObject } from "../json.js";

// What this module exported before the listing, the client and the stdio connection got files of
// their own, for code that imports them from here. (The listing and the connection build adapters,
// so they cannot be re-exported here without an import cycle: import them from their own files.)
export { mcpToolName } from "./tool-name.js";
export { MALFORMED_MCP_CONTENT } from "./content.js";
export type { McpRequestOptions, McpToolClient, McpToolInfo } from "./tool-client.js";
export type { McpLogger } from "./logger.js";

/** Options for one adapted tool. */
export interface MCPToolAdapterOptions {
  /** A time limit for each call in milliseconds, given to the MCP client. Default: the client's own. */
  callTimeoutMs?: number;
  /** The registry name to use instead of {@link mcpToolName}'s (set by {@link listMcpTools} after a collision). */
  name?: string;
}

/**
 * Returns a parameter schema whose root is `{ type: "object" }`, as the registry requires. A
 * missing schema becomes an empty object schema; a schema without `type` gets one; a root of any
 * other type is replaced by an empty object schema. The `$schema` keyword is dropped: the model
 * does not need it, and the validator should not try to fetch a meta-schema.
 */
export function normalizeMcpInputSchema(schema: unknown): JsonSchema {
  if (!isPlainObject(schema)) return { type: "object", properties: {} };
  const { $schema: _dropped, ...rest } = schema;
  if (rest["type"] === undefined) return { type: "object", ...rest };
  if (rest["type"] !== "object") return { type: "object", properties: {} };
  return rest;
}

/**
 * One tool of an MCP server, adapted to the workbook's {@link Tool} contract. The registry casts
 * and validates arguments against the server's schema before `execute` forwards them; the
 * server does the work. When the tool declares an `outputSchema`, the result's
 * `structuredContent` is checked against it with the registry's own compiler
 * ({@link compileOutputSchema}), compiled once here.
 *
 * It is never discovered by the loader (it needs a live client); build it with
 * {@link adaptMcpTools} or {@link connectStdioMcpServer}.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#mcp-tool-adapter}
 */
export class MCPToolAdapter extends Tool {
  /** Adapters need a live client, so the loader must not try to build one. */
  static override discoverable = false;

  /** `mcp_<server>_<tool>`, cleaned and shortened to fit `^[a-zA-Z0-9_-]{1,64}$` ({@link mcpToolName}). */
  readonly name: string;
  /** The server's description of the tool. */
  readonly description: string;
  /** The server's input schema, with an object root. */
  readonly parameters: JsonSchema;
  /** The tool's own name on the server (what `tools/call` needs). */
  readonly mcpToolName: string;
  /** The server name used in the prefix. */
  readonly serverName: string;

  readonly #client: McpToolClient;
  readonly #readOnly: boolean;
  readonly #callTimeoutMs: number | undefined;
  readonly #outputCheck: OutputCheck | undefined;

  /**
   * Wraps `info`, one tool listed by the server behind `client`.
   * @throws Error when `info.outputSchema` is given but cannot be compiled.
   */
  constructor(client: McpToolClient, serverName: string, info: McpToolInfo, options: MCPToolAdapterOptions = {}) {
    super();
    this.#client = client;
    this.serverName = serverName;
    this.mcpToolName = info.name;
    this.name = options.name ?? mcpToolName(serverName, info.name);
    this.description = info.description ?? info.annotations?.title ?? `MCP tool ${info.name} from server ${serverName}`;
    this.parameters = normalizeMcpInputSchema(info.inputSchema);
    this.#readOnly = info.annotations?.readOnlyHint === true;
    this.#callTimeoutMs = options.callTimeoutMs;
    this.#outputCheck = info.outputSchema === undefined ? undefined : compileOutputSchema(info.outputSchema);
  }

  /** True when the server marked the tool with `readOnlyHint: true`; false otherwise. */
  override get readOnly(): boolean {
    return this.#readOnly;
  }

  /**
   * Calls the tool on its server with the prepared arguments. Resolves with the joined text, or a
   * `ToolResult` error when the server reports `isError`, sends a result that is not MCP-shaped,
   * or sends `structuredContent` that breaks the tool's `outputSchema`.
   * A failed request (closed connection, timeout, abort) rejects, like any tool that throws.
   */
  async execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const requestOptions: McpRequestOptions = { signal: options.signal };
    if (this.#callTimeoutMs !== undefined) requestOptions.timeout = this.#callTimeoutMs;
    const result = await this.#client.callTool({ name: this.mcpToolName, arguments: params }, undefined, requestOptions);
    if (!isPlainObject(result)) {
      return ToolResult.error(`Error: ${MALFORMED_MCP_CONTENT} (${this.name}): the result is not an object`);
    }
    if (this.#outputCheck !== undefined && result["isError"] !== true) {
      const structured = result["structuredContent"];
      if (structured === undefined) {
        return ToolResult.error(`Error: MCP tool '${this.mcpToolName}' declares an output schema but returned no structured content`);
      }
      const problems = this.#outputCheck(structured);
      if (problems.length > 0) {
        return ToolResult.error(
          `Error: MCP tool '${this.mcpToolName}' returned structured content that does not match its output schema: ${problems.join("; ")}`,
        );
      }
    }
    let text: string;
    try {
      text = contentToText(result);
    } catch (error) {
      if (!(error instanceof MalformedContent)) throw error;
      return ToolResult.error(`Error: ${MALFORMED_MCP_CONTENT} (${this.name}): ${error.message}`);
    }
    if (result["isError"] === true) {
      return ToolResult.error(text.trim() === "" ? `Error: MCP tool '${this.mcpToolName}' failed without a message` : text);
    }
    return text;
  }
}
