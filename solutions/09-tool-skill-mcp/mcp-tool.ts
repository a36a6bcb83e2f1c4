/**
 * Exercise 9, worked answer: an MCP tool adapted to the Tool contract.
 */
import type { McpToolClient, McpToolInfo } from "../../src/mcp/adapter.js";
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";

/** One tool of an MCP server, as a {@link Tool}. */
export class McpTool extends Tool {
  /** Needs a live client, so the loader must never try to create it. */
  static override discoverable = false;

  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;

  readonly #client: McpToolClient;
  readonly #info: McpToolInfo;

  /** Wraps `info`, listed by the server called `server` behind `client`. */
  constructor(client: McpToolClient, server: string, info: McpToolInfo) {
    super();
    this.#client = client;
    this.#info = info;
    // The prefix keeps two servers' "search" apart and sorts MCP tools after the built-ins.
    this.name = `mcp_${server}_${info.name}`;
    this.description = info.description ?? `MCP tool ${info.name} from ${server}`;
    // The registry casts and validates against this schema before the server is ever called.
    this.parameters = info.inputSchema ?? { type: "object", properties: {} };
  }

  // Trust only an explicit hint: an unknown server tool may change things, so it runs alone.
  override get readOnly(): boolean {
    return this.#info.annotations?.readOnlyHint === true;
  }

  /**
   * Calls `client.callTool({ name: <the server's own tool name>, arguments: params })` and joins
   * the `text` of every `{ type: "text" }` content block with "\n". A result with `isError: true`
   * becomes `ToolResult.error(<that text>)`.
   */
  async execute(params: Record<string, unknown>, _options?: ExecuteOptions): Promise<unknown> {
    // The server knows the tool by its own name, not by our prefixed one.
    const result = (await this.#client.callTool({ name: this.#info.name, arguments: params })) as {
      content?: Array<{ type: string; text?: string }>;
      isError?: boolean;
    };
    const text = (result.content ?? [])
      .filter((block) => block.type === "text" && typeof block.text === "string")
      .map((block) => block.text as string)
      .join("\n");
    // An MCP error is a tool error like any other: the runner adds the hint and the model retries.
    return result.isError === true ? ToolResult.error(text) : text;
  }
}

/** Lists the server's tools (one `listTools()` page is enough here) and wraps each in an {@link McpTool}. */
export async function adaptServerTools(client: McpToolClient, server: string): Promise<McpTool[]> {
  const { tools } = await client.listTools();
  return tools.map((info) => new McpTool(client, server, info));
}
