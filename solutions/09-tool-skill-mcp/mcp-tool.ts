/**
 * Exercise 9, worked answer: an MCP tool adapted to the Tool contract.
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
  switch (block.type) {
    case "text":
      return String(block["text"]);
    case "image":
    case "audio": {
      // Never the data itself: a base64 picture is noise to the model. Its kind, type and size are enough.
      const mime = typeof block["mimeType"] === "string" ? block["mimeType"] : "unknown type";
      const size = typeof block["data"] === "string" ? `, ${block["data"].length} base64 chars` : "";
      return `[${block.type} content: ${mime}${size}]`;
    }
    case "resource": {
      const resource = block["resource"] as { text?: unknown; uri?: unknown };
      // An embedded text resource is text the model can read; anything else is named by its address.
      return typeof resource.text === "string" ? resource.text : `[embedded resource: ${String(resource.uri ?? "no uri")}]`;
    }
    case "resource_link":
      return `[resource link: ${String(block["uri"] ?? "no uri")}]`;
    default:
      return `[${block.type} content]`;
  }
}

/** One tool of an MCP server, as a {@link Tool}. */
export class McpTool extends Tool {
  /** Needs a live client, so the loader must never try to create it. */
  static override discoverable = false;

  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;

  readonly #client: McpToolClient;
  readonly #info: McpToolInfo;
  readonly #readOnly: boolean;

  /** Wraps `info`, listed by the server called `server` behind `client`. */
  constructor(client: McpToolClient, server: string, info: McpToolInfo, options: McpToolOptions = {}) {
    super();
    this.#client = client;
    this.#info = info;
    // The prefix keeps two servers' "search" apart and sorts MCP tools after the built-ins.
    this.name = `mcp_${server}_${info.name}`;
    // `||`, not `??`: an empty description tells the model nothing, so the name stands in for it.
    this.description = info.description || info.name;
    // The registry casts and validates against this schema before the server is ever called.
    this.parameters = info.inputSchema ?? { type: "object", properties: {} };
    // A hint is the server's claim, not a fact: it counts only when the user trusts this server,
    // and only an explicit `true` (not "true", not 1) makes the tool read-only.
    this.#readOnly = options.trustReadOnlyHint === true && info.annotations?.readOnlyHint === true;
  }

  // Read-only makes the tool concurrency-safe (lesson 6): an unknown server tool runs alone.
  override get readOnly(): boolean {
    return this.#readOnly;
  }

  /**
   * Calls `client.callTool({ name: <the server's own tool name>, arguments: params })` and turns the
   * answer's content blocks into one text (see {@link blockText}), joined with "\n"; no text at all
   * reads {@link NO_OUTPUT}. A result with `isError: true` becomes `ToolResult.error(<that text>)`.
   */
  async execute(params: Record<string, unknown>, _options?: ExecuteOptions): Promise<unknown> {
    // The server knows the tool by its own name, not by our prefixed one.
    const result = (await this.#client.callTool({ name: this.#info.name, arguments: params })) as {
      content?: Block[];
      isError?: boolean;
    };
    const text = (result.content ?? []).map(blockText).join("\n") || NO_OUTPUT;
    // An MCP error is a tool error like any other: the runner adds the hint and the model retries.
    return result.isError === true ? ToolResult.error(text) : text;
  }
}

/** Lists the server's tools (one `listTools()` page is enough here) and wraps each in an {@link McpTool} with `options`. */
export async function adaptServerTools(client: McpToolClient, server: string, options: McpToolOptions = {}): Promise<McpTool[]> {
  const { tools } = await client.listTools();
  return tools.map((info) => new McpTool(client, server, info, options));
}
