/**
 * MCP tools as ordinary tools (lesson 9). A tool served by an external MCP server is wrapped in a
 * {@link Tool} subclass: its definition is copied (with a root object schema), its name gets the
 * `mcp_<server>_` prefix, and calling it forwards the prepared arguments to the server. What comes
 * back is turned into text; an MCP `isError` answer becomes a `ToolResult` error, so the runner
 * treats it like any other failed tool.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../tools/base.js";
import { isPlainObject } from "../tools/cast.js";
import { describeThrown } from "../tools/thrown.js";

/** One tool as an MCP server lists it (`tools/list`): the fields the adapter reads. */
export interface McpToolInfo {
  /** The tool's name on its server. */
  name: string;
  /** What the tool does, for the model. */
  description?: string;
  /** JSON Schema of the arguments (MCP requires an object schema; the adapter makes sure of it). */
  inputSchema?: Record<string, unknown>;
  /** Behaviour hints; `readOnlyHint` decides the adapter's `readOnly`. */
  annotations?: {
    /** True when the tool changes nothing. */
    readOnlyHint?: boolean;
    /** A human-readable title. */
    title?: string;
    [key: string]: unknown;
  };
}

/** Per-request options passed to the MCP client. */
export interface McpRequestOptions {
  /** Aborts the request. */
  signal?: AbortSignal;
  /** The request's own time limit in milliseconds. */
  timeout?: number;
}

/**
 * The part of an MCP client the adapter needs. The SDK's `Client` fits it; tests pass a small fake.
 */
export interface McpToolClient {
  /** Lists the server's tools, one page at a time. */
  listTools(
    params?: { cursor?: string },
    options?: McpRequestOptions,
  ): Promise<{
    /** The tools of this page. */
    tools: McpToolInfo[];
    /** Where the next page starts, when there is one. */
    nextCursor?: string;
  }>;
  /** Calls one tool on the server. */
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    resultSchema?: undefined,
    options?: McpRequestOptions,
  ): Promise<unknown>;
}

/** Options for one adapted tool. */
export interface MCPToolAdapterOptions {
  /** A time limit for each call in milliseconds, given to the MCP client. Default: the client's own. */
  callTimeoutMs?: number;
}

/** The text every malformed-result error starts with (after `Error: `). */
export const MALFORMED_MCP_CONTENT = "MCP tool returned malformed content";

/**
 * Builds the tool name the model sees: `mcp_<server>_<tool>`, with every character outside
 * `[A-Za-z0-9_-]` replaced by `_` (the characters tool names may use).
 *
 * @example
 * ```ts
 * mcpToolName("fs", "read_text_file"); // "mcp_fs_read_text_file"
 * mcpToolName("my server", "get.info"); // "mcp_my_server_get_info"
 * ```
 */
export function mcpToolName(serverName: string, toolName: string): string {
  return `mcp_${serverName}_${toolName}`.replace(/[^A-Za-z0-9_-]/g, "_");
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

/** Thrown inside the adapter when a result does not have the MCP shape. */
class MalformedContent extends Error {}

/** A short description of a non-text content block, so the model knows something was there. */
function summarizeBlock(block: Record<string, unknown>): string {
  const type = block["type"];
  const mime = typeof block["mimeType"] === "string" ? block["mimeType"] : "unknown type";
  const size = typeof block["data"] === "string" ? `, ${block["data"].length} base64 chars` : "";
  switch (type) {
    case "image":
      return `[image content: ${mime}${size}]`;
    case "audio":
      return `[audio content: ${mime}${size}]`;
    case "resource": {
      const resource = block["resource"];
      if (!isPlainObject(resource)) throw new MalformedContent("a resource block without a resource");
      if (typeof resource["text"] === "string") return resource["text"];
      return `[embedded resource: ${String(resource["uri"] ?? "no uri")}]`;
    }
    case "resource_link":
      return `[resource link: ${String(block["uri"] ?? "no uri")}]`;
    default:
      return `[${String(type)} content]`;
  }
}

/**
 * Turns an MCP `tools/call` result into text: text blocks are joined with newlines, other blocks
 * are summarised in brackets, and structured content stands in when there are no blocks.
 * @throws an internal error when the result does not have the MCP shape.
 */
function contentToText(result: Record<string, unknown>): string {
  if (!("content" in result) && "toolResult" in result) {
    // The protocol's older form: a single value instead of content blocks.
    const legacy = result["toolResult"];
    return typeof legacy === "string" ? legacy : JSON.stringify(legacy) ?? "";
  }
  const content = result["content"];
  if (!Array.isArray(content)) throw new MalformedContent("content is not a list of blocks");
  const parts: string[] = [];
  content.forEach((block: unknown, index) => {
    if (!isPlainObject(block) || typeof block["type"] !== "string") {
      throw new MalformedContent(`block ${index} has no type`);
    }
    if (block["type"] === "text") {
      if (typeof block["text"] !== "string") throw new MalformedContent(`text block ${index} has no text`);
      parts.push(block["text"]);
    } else {
      parts.push(summarizeBlock(block));
    }
  });
  if (parts.length === 0 && result["structuredContent"] !== undefined) {
    return JSON.stringify(result["structuredContent"]) ?? "";
  }
  return parts.join("\n");
}

/**
 * One tool of an MCP server, adapted to the workbook's {@link Tool} contract. The registry casts
 * and validates arguments against the server's schema before `execute` forwards them; the
 * server does the work.
 *
 * It is never discovered by the loader (it needs a live client); build it with
 * {@link adaptMcpTools} or {@link connectStdioMcpServer}.
 *
 * @example
 * ```ts
 * const tool = new MCPToolAdapter(client, "fs", { name: "read_text_file", inputSchema: { type: "object" } });
 * tool.name; // "mcp_fs_read_text_file"
 * ```
 */
export class MCPToolAdapter extends Tool {
  /** Adapters need a live client, so the loader must not try to build one. */
  static override discoverable = false;

  /** `mcp_<server>_<tool>`, sanitised. */
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

  /** Wraps `info`, one tool listed by the server behind `client`. */
  constructor(client: McpToolClient, serverName: string, info: McpToolInfo, options: MCPToolAdapterOptions = {}) {
    super();
    this.#client = client;
    this.serverName = serverName;
    this.mcpToolName = info.name;
    this.name = mcpToolName(serverName, info.name);
    this.description = info.description ?? info.annotations?.title ?? `MCP tool ${info.name} from server ${serverName}`;
    this.parameters = normalizeMcpInputSchema(info.inputSchema);
    this.#readOnly = info.annotations?.readOnlyHint === true;
    this.#callTimeoutMs = options.callTimeoutMs;
  }

  /** True when the server marked the tool with `readOnlyHint: true`; false otherwise. */
  override get readOnly(): boolean {
    return this.#readOnly;
  }

  /**
   * Calls the tool on its server with the prepared arguments. Resolves with the joined text, or a
   * `ToolResult` error when the server reports `isError` or sends a result that is not MCP-shaped.
   * A failed request (closed connection, timeout, abort) rejects, like any tool that throws.
   */
  async execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const requestOptions: McpRequestOptions = { signal: options.signal };
    if (this.#callTimeoutMs !== undefined) requestOptions.timeout = this.#callTimeoutMs;
    const result = await this.#client.callTool({ name: this.mcpToolName, arguments: params }, undefined, requestOptions);
    if (!isPlainObject(result)) {
      return ToolResult.error(`Error: ${MALFORMED_MCP_CONTENT} (${this.name}): the result is not an object`);
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

/** Options for {@link adaptMcpTools}. */
export interface AdaptMcpToolsOptions extends MCPToolAdapterOptions {
  /** Aborts the listing. */
  signal?: AbortSignal;
  /** A time limit for each `tools/list` page in milliseconds. */
  timeoutMs?: number;
}

/**
 * Lists every tool of the server behind `client` (following `nextCursor` pages) and wraps each in
 * an {@link MCPToolAdapter} named `mcp_<serverName>_<tool>`. Register the result in a
 * `ToolRegistry`; `getDefinitions()` lists them after the built-ins.
 */
export async function adaptMcpTools(
  client: McpToolClient,
  serverName: string,
  options: AdaptMcpToolsOptions = {},
): Promise<Tool[]> {
  const requestOptions: McpRequestOptions = {};
  if (options.signal !== undefined) requestOptions.signal = options.signal;
  if (options.timeoutMs !== undefined) requestOptions.timeout = options.timeoutMs;
  const adapterOptions: MCPToolAdapterOptions = {};
  if (options.callTimeoutMs !== undefined) adapterOptions.callTimeoutMs = options.callTimeoutMs;

  const tools: Tool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, requestOptions);
    for (const info of page.tools) tools.push(new MCPToolAdapter(client, serverName, info, adapterOptions));
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      if (seenCursors.has(cursor)) break; // a server that repeats a cursor would loop forever
      seenCursors.add(cursor);
    }
  } while (cursor !== undefined);
  return tools;
}

/** How to start an MCP server as a child process speaking over stdin/stdout. */
export interface StdioMcpServerOptions {
  /** The program to run, e.g. `process.execPath`. */
  command: string;
  /** Its arguments, e.g. the server script and the folder it may use. */
  args?: string[];
  /** The name in the `mcp_<server>_` prefix. */
  serverName: string;
  /** How long starting the server and listing its tools may take. Default 10 000 ms. */
  timeoutMs?: number;
  /** A time limit for each later tool call in milliseconds. */
  callTimeoutMs?: number;
  /** The child's working directory. */
  cwd?: string;
  /** The child's environment. Default: the SDK's safe subset of the current one. */
  env?: Record<string, string>;
}

/** A connected MCP server: its client, its adapted tools, and how to stop it. */
export interface StdioMcpConnection {
  /** The SDK client, connected. */
  client: Client;
  /** The server's tools as {@link MCPToolAdapter}s. */
  tools: Tool[];
  /** Closes the connection and stops the child process. Safe to call more than once. */
  close(): Promise<void>;
}

const STDERR_TAIL_CHARS = 2000;

/**
 * Starts an MCP server over stdio, connects a client, and adapts its tools, all within
 * `timeoutMs`. A server that cannot be spawned, exits, or does not answer in time makes the
 * promise reject with an `Error` that says why (with the end of the server's stderr); the child
 * is stopped. It never hangs.
 *
 * @example
 * ```ts
 * const server = await connectStdioMcpServer({
 *   command: process.execPath,
 *   args: ["node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", dir],
 *   serverName: "fs",
 *   timeoutMs: 10_000,
 * });
 * for (const tool of server.tools) registry.register(tool);
 * await server.close();
 * ```
 */
export async function connectStdioMcpServer(options: StdioMcpServerOptions): Promise<StdioMcpConnection> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const params: ConstructorParameters<typeof StdioClientTransport>[0] = {
    command: options.command,
    args: options.args ?? [],
    stderr: "pipe",
  };
  if (options.cwd !== undefined) params.cwd = options.cwd;
  if (options.env !== undefined) params.env = options.env;
  const transport = new StdioClientTransport(params);

  let stderrTail = "";
  transport.stderr?.on("data", (chunk: Buffer | string) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });

  const client = new Client({ name: "tool-calling-workbook", version: "0.1.0" });
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    try {
      await client.close();
    } catch {
      await transport.close().catch(() => undefined);
    }
  };

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const adaptOptions: AdaptMcpToolsOptions = { signal: controller.signal, timeoutMs };
    if (options.callTimeoutMs !== undefined) adaptOptions.callTimeoutMs = options.callTimeoutMs;
    const tools = await Promise.race([
      (async () => {
        await client.connect(transport, { signal: controller.signal, timeout: timeoutMs });
        return adaptMcpTools(client, options.serverName, adaptOptions);
      })(),
      expired,
    ]);
    return { client, tools, close };
  } catch (error) {
    await close();
    const command = [options.command, ...(options.args ?? [])].join(" ");
    const stderr = stderrTail.trim() === "" ? "" : `\nserver stderr:\n${stderrTail.trim()}`;
    throw new Error(
      `MCP server '${options.serverName}' could not start (${command}): ${describeThrown(error).message}${stderr}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
    expired.catch(() => undefined);
  }
}
