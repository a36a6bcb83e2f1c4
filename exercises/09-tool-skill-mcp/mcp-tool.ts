/**
 * Exercise 9: an MCP tool is an ordinary tool to the registry. Wrap one tool listed by an MCP
 * server: the model sees `mcp_<server>_<tool>` and the server's schema; `execute` forwards the
 * prepared arguments to the server and turns its answer into text (or an error result).
 */
import type { McpToolClient, McpToolInfo } from "../../src/mcp/adapter.js";
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";

/** What the adapter is told about one server. */
export interface McpToolOptions {
  /** Believe the server's `readOnlyHint: true` and let the tool run beside other safe calls. Default: false. */
  trustReadOnlyHint?: boolean;
}

/** What an empty answer reads, so the model knows the call ran. */
export const NO_OUTPUT = "(no output)";

/** One content block of a `tools/call` answer, as this exercise reads it. */
type Block = { type: string; [key: string]: unknown };

/**
 * The text of one content block:
 * - `text`: its `text`;
 * - `image` / `audio`: `[<type> content: <mimeType>, <n> base64 chars]` (`unknown type` without a
 *   `mimeType`; no `, <n> base64 chars` without a `data` string);
 * - `resource`: `resource.text` when it is a string, else `[embedded resource: <resource.uri>]`;
 * - `resource_link`: `[resource link: <uri>]` (`no uri` when either has none);
 * - any other type: `[<type> content]`.
 */
export function blockText(block: Block): string {
  // TODO(lesson 9): one case per block type, as listed above.
  throw new Error(`TODO(lesson 9): the text of a ${block.type} block`);
}

/** One tool of an MCP server, as a {@link Tool}. */
export class McpTool extends Tool {
  /** Needs a live client, so the loader must never try to create it. */
  static override discoverable = false;

  // TODO(lesson 9): `mcp_<server>_<tool name>`, spelled as they are (this exercise does not clean or shorten it).
  readonly name: string;
  // TODO(lesson 9): the server's description; a missing or empty one becomes the tool's name.
  readonly description: string;
  // TODO(lesson 9): the server's inputSchema; a missing one becomes { type: "object", properties: {} }.
  readonly parameters: JsonSchema;

  readonly #client: McpToolClient;
  readonly #info: McpToolInfo;

  /** Wraps `info`, listed by the server called `server` behind `client`. */
  constructor(client: McpToolClient, server: string, info: McpToolInfo, options: McpToolOptions = {}) {
    super();
    this.#client = client;
    this.#info = info;
    this.name = `TODO(lesson 9): ${server}`;
    this.description = "";
    this.parameters = { type: "object", properties: {} };
    void options;
  }

  // TODO(lesson 9): override readOnly: true only when options.trustReadOnlyHint is true AND the
  // TODO(lesson 9): server marked the tool `annotations.readOnlyHint: true`; false in every other case.

  /**
   * Calls `client.callTool({ name: <the server's own tool name>, arguments: params })` and turns the
   * answer's content blocks into one text (see {@link blockText}), joined with "\n"; no text at all
   * reads {@link NO_OUTPUT}. A result with `isError: true` becomes `ToolResult.error(<that text>)`.
   */
  async execute(params: Record<string, unknown>, _options?: ExecuteOptions): Promise<unknown> {
    // TODO(lesson 9): forward the call, turn the blocks into text, map isError to a ToolResult error.
    throw new Error(`TODO(lesson 9): call ${this.#info.name} with ${Object.keys(params).length} params (${typeof this.#client}, ${typeof ToolResult})`);
  }
}

/** Lists the server's tools (one `listTools()` page is enough here) and wraps each in an {@link McpTool} with `options`. */
export async function adaptServerTools(client: McpToolClient, server: string, options: McpToolOptions = {}): Promise<McpTool[]> {
  // TODO(lesson 9): await client.listTools() and map its tools.
  throw new Error(`TODO(lesson 9): adapt the tools of ${server} (${typeof client}, ${JSON.stringify(options)})`);
}
