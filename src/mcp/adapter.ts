/**
 * MCP tools as ordinary tools (lesson 9). A tool served by an external MCP server is wrapped in a
 * {@link Tool} subclass: its definition is copied (with a root object schema), its name gets the
 * `mcp_<server>_` prefix, and calling it forwards the prepared arguments to the server. What comes
 * back is turned into text; an MCP `isError` answer becomes a `ToolResult` error, so the runner
 * treats it like any other failed tool.
 *
 * @module
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../tools/base.js";
import { isPlainObject } from "../tools/cast.js";
import { describeJsonType } from "../tools/coerce.js";
import { describeThrown } from "../tools/thrown.js";
import { compileOutputSchema, SafeJsonSchemaValidator, type OutputCheck } from "./output-validator.js";
import { ProcessGroupStdioTransport } from "./stdio-transport.js";
import { assignMcpToolNames, mcpToolName } from "./tool-name.js";

export { mcpToolName } from "./tool-name.js";

/** One tool as an MCP server lists it (`tools/list`): the fields the adapter reads. */
export interface McpToolInfo {
  /** The tool's name on its server. */
  name: string;
  /** What the tool does, for the model. */
  description?: string;
  /** JSON Schema of the arguments (MCP requires an object schema; the adapter makes sure of it). */
  inputSchema?: Record<string, unknown>;
  /** JSON Schema of the result's `structuredContent`, when the tool declares one. */
  outputSchema?: Record<string, unknown>;
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
 * The part of an MCP client the adapter needs. Tests pass a small fake; an SDK `Client` is read
 * through {@link mcpToolClient}, which {@link listMcpTools} does on its own.
 */
export interface McpToolClient {
  /** Lists the server's tools, one page at a time. */
  listTools(
    params?: { cursor?: string },
    options?: McpRequestOptions,
  ): Promise<{
    /** The tools of this page. {@link listMcpTools} checks each one before adapting it, whatever the type says. */
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
  /** The registry name to use instead of {@link mcpToolName}'s (set by {@link listMcpTools} after a collision). */
  name?: string;
}

/** The text every malformed-result error starts with (after `Error: `). */
export const MALFORMED_MCP_CONTENT = "MCP tool returned malformed content";

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
  // A missing list counts as no blocks, as the SDK reads it.
  const content = result["content"] ?? [];
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
 * server does the work. When the tool declares an `outputSchema`, the result's
 * `structuredContent` is checked against it with the registry's own compiler
 * ({@link compileOutputSchema}), compiled once here.
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

/** Where the adapter's warnings go: a listed tool it skipped, renamed or patched, a tool it could not register. */
export interface McpLogger {
  /** Reports one problem; the message names the server and the tool. */
  warn(message: string): void;
}

/** The default {@link McpLogger}: `console.warn`, prefixed with `[mcp]`. */
export const consoleMcpLogger: McpLogger = {
  warn: (message) => console.warn(`[mcp] ${message}`),
};

/** One problem with one listed tool: what the adapter did about it, and why. */
export interface McpToolProblem {
  /** The tool's name on its server (`#<index>` in the listing when it has no usable name). */
  tool: string;
  /**
   * `"skipped"`: the tool is not offered (a bad definition, a name already taken, a registration
   * refusal); `"renamed"`: it is offered under another name to avoid a collision; `"patched"`: it
   * is offered, with a stand-in for a missing part (no `inputSchema`).
   */
  action: "skipped" | "renamed" | "patched";
  /** Why, in a sentence. */
  reason: string;
}

/** Options for {@link listMcpTools} and {@link adaptMcpTools}. */
export interface AdaptMcpToolsOptions extends Omit<MCPToolAdapterOptions, "name"> {
  /** Aborts the listing. */
  signal?: AbortSignal;
  /** A time limit for each `tools/list` page in milliseconds. */
  timeoutMs?: number;
  /** Where problems with listed tools are reported. Default {@link consoleMcpLogger}. */
  logger?: McpLogger;
}

/** What {@link listMcpTools} found: the tools it adapted, and every problem, in listing order. */
export interface McpToolListing {
  /** One adapter per usable tool, in listing order. */
  tools: MCPToolAdapter[];
  /** The listed tools it skipped, renamed or patched, and why. */
  problems: McpToolProblem[];
}

/** Most `tools/list` pages read from one server; a server that never stops paging is cut off there. */
export const MAX_LIST_PAGES = 1_000;

/**
 * The SDK's client, loaded on first use: importing the workbook (a lesson, an exercise's tests)
 * never pays for the MCP SDK unless a server is actually used.
 */
async function sdkClient(): Promise<typeof import("@modelcontextprotocol/sdk/client/index.js")> {
  return import("@modelcontextprotocol/sdk/client/index.js");
}

/** A loose result schema: the SDK checks only that the answer is an object; the adapter checks the rest. */
async function looseResult(): Promise<typeof import("@modelcontextprotocol/sdk/types.js").ResultSchema> {
  return (await import("@modelcontextprotocol/sdk/types.js")).ResultSchema;
}

/**
 * An {@link McpToolClient} over the SDK's `Client` that reads `tools/list` and `tools/call`
 * answers loosely and leaves the checking to the adapter. The SDK's own `listTools` rejects the
 * whole list when one tool is malformed (no `inputSchema`, a non-object one); through this
 * client, only that tool is skipped and reported.
 */
export function mcpToolClient(client: Client): McpToolClient {
  return {
    async listTools(params, options) {
      const answer: unknown = await client.request({ method: "tools/list", ...(params === undefined ? {} : { params }) }, await looseResult(), options);
      const tools = isPlainObject(answer) ? answer["tools"] : undefined;
      if (!Array.isArray(tools)) {
        throw new Error(`the server's tools/list answer has no list of tools (got ${describeJsonType(tools)})`);
      }
      const next = isPlainObject(answer) ? answer["nextCursor"] : undefined;
      // Unchecked here on purpose: listMcpTools checks every entry, so one bad tool costs only itself.
      return typeof next === "string" ? { tools: tools as McpToolInfo[], nextCursor: next } : { tools: tools as McpToolInfo[] };
    },
    async callTool(params, _resultSchema, options) {
      return client.request({ method: "tools/call", params }, await looseResult(), options);
    },
  };
}

/** The listed tool's name on its server, for messages; `#<index>` when it has none. */
function listedName(entry: unknown, index: number): string {
  return isPlainObject(entry) && typeof entry["name"] === "string" && entry["name"] !== "" ? entry["name"] : `#${index}`;
}

/**
 * Checks one listed tool. Returns its info (with a note when a part was patched) or the reason it
 * cannot be offered.
 */
function checkListedTool(entry: unknown): { info: McpToolInfo; patched?: string } | { reason: string } {
  if (!isPlainObject(entry)) return { reason: `the listing holds ${describeJsonType(entry)} instead of a tool` };
  const name = entry["name"];
  if (typeof name !== "string" || name === "") return { reason: `its name is not a non-empty string (got ${describeJsonType(name)})` };
  const info: McpToolInfo = { name };
  if (typeof entry["description"] === "string") info.description = entry["description"];
  if (isPlainObject(entry["annotations"])) info.annotations = entry["annotations"] as NonNullable<McpToolInfo["annotations"]>;
  const input = entry["inputSchema"];
  let patched: string | undefined;
  if (input === undefined) {
    patched = "it has no inputSchema, so it is offered with no parameters";
  } else if (!isPlainObject(input)) {
    return { reason: `its inputSchema is ${describeJsonType(input)}, not an object schema` };
  } else if (input["type"] !== undefined && input["type"] !== "object") {
    return { reason: `its inputSchema has type ${JSON.stringify(input["type"]) ?? "?"}; a tool's arguments must be an object` };
  } else {
    info.inputSchema = input;
  }
  const output = entry["outputSchema"];
  if (output !== undefined) {
    if (!isPlainObject(output)) return { reason: `its outputSchema is ${describeJsonType(output)}, not an object schema` };
    info.outputSchema = output;
  }
  return patched === undefined ? { info } : { info, patched };
}

/**
 * Lists every tool of the server behind `client` (following `nextCursor` pages), checks each
 * one, and wraps each usable one in an {@link MCPToolAdapter}. One bad tool never loses the
 * others: a tool that is not an object, has no name, has a non-object `inputSchema`, or an
 * `outputSchema` that cannot be compiled is skipped; a tool without `inputSchema` is offered with
 * no parameters; tools whose cleaned names collide are named by {@link assignMcpToolNames}. Each
 * of these is reported to `options.logger` and returned in `problems`.
 *
 * An SDK `Client` is read through {@link mcpToolClient}, so its strict listing cannot reject the
 * whole list.
 */
export async function listMcpTools(
  client: McpToolClient | Client,
  serverName: string,
  options: AdaptMcpToolsOptions = {},
): Promise<McpToolListing> {
  const source = client instanceof (await sdkClient()).Client ? mcpToolClient(client) : client;
  const logger = options.logger ?? consoleMcpLogger;
  const requestOptions: McpRequestOptions = {};
  if (options.signal !== undefined) requestOptions.signal = options.signal;
  if (options.timeoutMs !== undefined) requestOptions.timeout = options.timeoutMs;

  const listed: unknown[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    if (++pages > MAX_LIST_PAGES) {
      logger.warn(`server '${serverName}': tools/list still had more pages after ${MAX_LIST_PAGES}; the rest are not listed`);
      break;
    }
    const page = await source.listTools(cursor === undefined ? undefined : { cursor }, requestOptions);
    const tools: unknown = page.tools;
    if (!Array.isArray(tools)) throw new Error(`the server's tools/list answer has no list of tools (got ${describeJsonType(tools)})`);
    listed.push(...(tools as unknown[]));
    const next: unknown = page.nextCursor;
    cursor = typeof next === "string" && next !== "" ? next : undefined;
    if (cursor !== undefined) {
      if (seenCursors.has(cursor)) break; // a server that repeats a cursor would loop forever
      seenCursors.add(cursor);
    }
  } while (cursor !== undefined);

  const problems: McpToolProblem[] = [];
  const report = (problem: McpToolProblem): void => {
    problems.push(problem);
    logger.warn(`server '${serverName}': tool '${problem.tool}' ${problem.action}: ${problem.reason}`);
  };

  const checked = listed.map((entry, index) => ({ index, entry, check: checkListedTool(entry) }));
  const usable = checked.filter((c): c is typeof c & { check: { info: McpToolInfo; patched?: string } } => "info" in c.check);
  const names = assignMcpToolNames(
    serverName,
    usable.map((c) => c.check.info.name),
  );
  const adapted = new Map<number, MCPToolAdapter>();
  const problemAt = new Map<number, McpToolProblem[]>();
  const note = (index: number, problem: McpToolProblem): void => {
    problemAt.set(index, [...(problemAt.get(index) ?? []), problem]);
  };
  for (const c of checked) {
    if (!("info" in c.check)) note(c.index, { tool: listedName(c.entry, c.index), action: "skipped", reason: c.check.reason });
  }
  usable.forEach((c, i) => {
    const tool = c.check.info.name;
    const assigned = names[i];
    if (assigned === undefined || assigned.status === "refused") {
      note(c.index, { tool, action: "skipped", reason: assigned?.reason ?? "it could not be named" });
      return;
    }
    const adapterOptions: MCPToolAdapterOptions = { name: assigned.name };
    if (options.callTimeoutMs !== undefined) adapterOptions.callTimeoutMs = options.callTimeoutMs;
    try {
      adapted.set(c.index, new MCPToolAdapter(source, serverName, c.check.info, adapterOptions));
    } catch (error) {
      note(c.index, { tool, action: "skipped", reason: `its outputSchema was refused: ${describeThrown(error).message}` });
      return;
    }
    if (c.check.patched !== undefined) note(c.index, { tool, action: "patched", reason: c.check.patched });
    if (assigned.status === "renamed") {
      note(c.index, {
        tool,
        action: "renamed",
        reason: `'${assigned.wouldBe}' would also name ${assigned.sharedWith.map((t) => `'${t}'`).join(", ")}; it is offered as '${assigned.name}'`,
      });
    }
  });

  const tools: MCPToolAdapter[] = [];
  for (const c of checked) {
    for (const problem of problemAt.get(c.index) ?? []) report(problem);
    const tool = adapted.get(c.index);
    if (tool !== undefined) tools.push(tool);
  }
  return { tools, problems };
}

/**
 * Lists and adapts the tools of the server behind `client`, as {@link listMcpTools} does, and
 * returns the adapters alone (problems go to `options.logger`). Register them with
 * {@link registerMcpTools}; `getDefinitions()` lists them after the built-ins.
 */
export async function adaptMcpTools(
  client: McpToolClient | Client,
  serverName: string,
  options: AdaptMcpToolsOptions = {},
): Promise<Tool[]> {
  return (await listMcpTools(client, serverName, options)).tools;
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
  /** Variables added to the SDK's safe subset of the current environment. */
  env?: Record<string, string>;
  /** How long `close()` waits after closing stdin, and again after SIGTERM, before it escalates. Default 2000 ms. */
  closeGraceMs?: number;
  /** Where problems with listed tools are reported. Default {@link consoleMcpLogger}. */
  logger?: McpLogger;
}

/** A connected MCP server: its client, its adapted tools, and how to stop it. */
export interface StdioMcpConnection {
  /** The SDK client, connected, with {@link SafeJsonSchemaValidator} as its schema validator. */
  client: Client;
  /** The server's usable tools as {@link MCPToolAdapter}s. */
  tools: Tool[];
  /** The listed tools that were skipped, renamed or patched, and why. */
  problems: McpToolProblem[];
  /** The pid of the process started (the leader of its process group). */
  pid: number | null;
  /**
   * Closes the connection and ends the server's whole process group, wrappers' children included
   * (stdin closed, then SIGTERM, then SIGKILL). Safe to call more than once.
   */
  close(): Promise<void>;
}

const STDERR_TAIL_CHARS = 2000;

/**
 * Starts an MCP server over stdio in a process group of its own, connects a client (with
 * {@link SafeJsonSchemaValidator}), and lists and adapts its tools ({@link listMcpTools}), all
 * within `timeoutMs`. A server that cannot be spawned, exits, or does not answer in time makes the
 * promise reject with an `Error` that says why (with the end of the server's stderr); the child
 * and its group are stopped. It never hangs.
 *
 * @example
 * ```ts
 * const server = await connectStdioMcpServer({
 *   command: process.execPath,
 *   args: ["node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", dir],
 *   serverName: "fs",
 *   timeoutMs: 10_000,
 * });
 * registerMcpTools(registry, server.tools); // a tool that cannot register is skipped and logged
 * await server.close();
 * ```
 */
export async function connectStdioMcpServer(options: StdioMcpServerOptions): Promise<StdioMcpConnection> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport = new ProcessGroupStdioTransport({
    command: options.command,
    args: options.args ?? [],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.closeGraceMs === undefined ? {} : { closeGraceMs: options.closeGraceMs }),
  });

  let stderrTail = "";
  transport.stderr.on("data", (chunk: Buffer | string) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });

  const { Client } = await sdkClient();
  const client = new Client({ name: "tool-calling-workbook", version: "0.1.0" }, { jsonSchemaValidator: new SafeJsonSchemaValidator() });
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return transport.close();
    closed = true;
    try {
      await client.close();
    } finally {
      await transport.close();
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
    const listOptions: AdaptMcpToolsOptions = { signal: controller.signal, timeoutMs };
    if (options.callTimeoutMs !== undefined) listOptions.callTimeoutMs = options.callTimeoutMs;
    if (options.logger !== undefined) listOptions.logger = options.logger;
    const listing = await Promise.race([
      (async () => {
        await client.connect(transport, { signal: controller.signal, timeout: timeoutMs });
        return listMcpTools(mcpToolClient(client), options.serverName, listOptions);
      })(),
      expired,
    ]);
    return { client, tools: listing.tools, problems: listing.problems, pid: transport.pid, close };
  } catch (error) {
    await close().catch(() => undefined);
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
