/**
 * Exercise 9: an MCP tool is an ordinary tool to the registry. Wrap one tool listed by an MCP
 * server: the model sees `mcp_<server>_<tool>` and the server's schema; `execute` forwards the
 * prepared arguments to the server and turns its answer into text (or an error result).
 */
import type { McpToolClient, McpToolInfo } from "../../src/mcp/adapter.js";
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";

/** One tool of an MCP server, as a {@link Tool}. */
export class McpTool extends Tool {
  /** Needs a live client, so the loader must never try to create it. */
  static override discoverable = false;

  // TODO(lesson 9): `mcp_<server>_<tool name>`.
  readonly name: string;
  // TODO(lesson 9): the server's description, or `MCP tool <name> from <server>` when it has none.
  readonly description: string;
  // TODO(lesson 9): the server's inputSchema; a missing one becomes { type: "object", properties: {} }.
  readonly parameters: JsonSchema;

  readonly #client: McpToolClient;
  readonly #info: McpToolInfo;

  /** Wraps `info`, listed by the server called `server` behind `client`. */
  constructor(client: McpToolClient, server: string, info: McpToolInfo) {
    super();
    this.#client = client;
    this.#info = info;
    this.name = `TODO(lesson 9): ${server}`;
    this.description = "";
    this.parameters = { type: "object", properties: {} };
  }

  // TODO(lesson 9): readOnly is true only when the server marked the tool `annotations.readOnlyHint: true`.

  /**
   * Calls `client.callTool({ name: <the server's own tool name>, arguments: params })` and joins
   * the `text` of every `{ type: "text" }` content block with "\n". A result with `isError: true`
   * becomes `ToolResult.error(<that text>)`.
   */
  async execute(params: Record<string, unknown>, _options?: ExecuteOptions): Promise<unknown> {
    // TODO(lesson 9): forward the call, collect the text blocks, map isError to a ToolResult error.
    throw new Error(`TODO(lesson 9): call ${this.#info.name} with ${Object.keys(params).length} params (${typeof this.#client}, ${typeof ToolResult})`);
  }
}

/** Lists the server's tools (one `listTools()` page is enough here) and wraps each in an {@link McpTool}. */
export async function adaptServerTools(client: McpToolClient, server: string): Promise<McpTool[]> {
  // TODO(lesson 9): await client.listTools() and map its tools.
  throw new Error(`TODO(lesson 9): adapt the tools of ${server} (${typeof client})`);
}
