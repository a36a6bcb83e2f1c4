/**
 * MCP tools as ordinary tools (lesson 9). A tool served by an external MCP server is wrapped in a
 * {@link Tool} subclass: its name gets the `mcp_<server>_` prefix, its definition is the one
 * upstream shows (the description, or the tool's name when there is none; the schema normalised
 * by {@link mcpModelSchema}), and calling it forwards the prepared arguments to the server. What
 * comes back is turned into text (`(no output)` when there is none); an MCP `isError` answer, a
 * call that fails, times out or is cancelled become a `ToolResult` error, so the runner treats it
 * like any other failed tool. The details of a failure go to the log, not to the model.
 *
 * @module
 */
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../tools/base.js";
import { describeThrown } from "../util/thrown.js";
import { logText } from "../util/log-text.js";
import { contentToText, MalformedContent, MALFORMED_MCP_CONTENT } from "./content.js";
import { ModelSchemaTooLarge } from "./local-refs.js";
import { consoleMcpLogger, type McpLogger } from "./logger.js";
import { mcpModelSchema, normalizeMcpInputSchema } from "./model-schema.js";
import { compileOutputSchema, type OutputCheck } from "./output-validator.js";
import type { McpRequestOptions, McpToolClient, McpToolInfo } from "./tool-client.js";
import { mcpToolName } from "./tool-name.js";
import { isPlainObject } from "../util/json.js";

// What this module exported before the listing, the client and the stdio connection got files of
// their own, for code that imports them from here. (The listing and the connection build adapters,
// so they cannot be re-exported here without an import cycle: import them from their own files.)
export { MALFORMED_MCP_CONTENT } from "./content.js";
export type { McpRequestOptions, McpToolClient, McpToolInfo } from "./tool-client.js";
export type { McpLogger } from "./logger.js";

/** The time limit of one MCP call when none is given: upstream's `tool_timeout` default, 30 s. */
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 30_000;

/** The text of a call that succeeded or failed with nothing to say (upstream's exact text). */
export const MCP_NO_OUTPUT = "(no output)";

/** The JSON-RPC error code of a request the MCP client gave up waiting for (the SDK's `ErrorCode.RequestTimeout`). */
const REQUEST_TIMEOUT_CODE = -32001;

/** Options for one adapted tool. */
export interface MCPToolAdapterOptions {
  /**
   * A time limit for each call in milliseconds, given to the MCP client. On expiry the call
   * answers `(MCP tool call timed out after <s>s)`. Default {@link DEFAULT_MCP_CALL_TIMEOUT_MS}.
   */
  callTimeoutMs?: number;
  /** The registry name to use instead of {@link mcpToolName}'s (set by {@link listMcpTools} after a collision). */
  name?: string;
  /**
   * Believe the server's `readOnlyHint`, so a tool it marks read-only may run in a concurrent
   * batch. Default false: like upstream, an MCP tool is never read-only, and the server does not
   * decide what runs at the same time.
   */
  trustReadOnlyHint?: boolean;
  /** Where failed calls are reported, with their details. Default {@link consoleMcpLogger}. */
  logger?: McpLogger;
}

/** Reads the JSON-RPC `code` of a thrown value without letting a hostile getter throw. */
function errorCode(error: unknown): unknown {
  try {
    return error !== null && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One tool of an MCP server, adapted to the workbook's {@link Tool} contract. The registry casts
 * and validates arguments against the server's own schema (`parameters`) before `execute`
 * forwards them; the model is shown upstream's normalised form of it (`modelParameters`, through
 * `toSchema()`); the server does the work. When the tool declares an `outputSchema`, the
 * result's `structuredContent` is checked against it with the registry's own compiler
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
  /** The server's description of the tool; its name when the description is missing or empty. */
  readonly description: string;
  /** The schema arguments are validated with: the server's own, with an object root ({@link normalizeMcpInputSchema}). */
  readonly parameters: JsonSchema;
  /** The schema the model is shown in the tool's definition: upstream's normalised form ({@link mcpModelSchema}). */
  readonly modelParameters: JsonSchema;
  /** The tool's own name on the server (what `tools/call` needs). */
  readonly mcpToolName: string;
  /** The server name used in the prefix. */
  readonly serverName: string;

  readonly #client: McpToolClient;
  readonly #readOnly: boolean;
  readonly #callTimeoutMs: number;
  readonly #outputCheck: OutputCheck | undefined;
  readonly #logger: McpLogger;

  /**
   * Wraps `info`, one tool listed by the server behind `client`.
   * @throws Error (its message says why, in a clause such as `its outputSchema was refused: …`)
   *   when `info.outputSchema` cannot be compiled, or `info.inputSchema` is too large or too deep
   *   to show the model.
   */
  constructor(client: McpToolClient, serverName: string, info: McpToolInfo, options: MCPToolAdapterOptions = {}) {
    super();
    this.#client = client;
    this.serverName = serverName;
    this.mcpToolName = info.name;
    this.name = options.name ?? mcpToolName(serverName, info.name);
    this.description = typeof info.description === "string" && info.description !== "" ? info.description : info.name;
    this.parameters = normalizeMcpInputSchema(info.inputSchema);
    try {
      this.modelParameters = mcpModelSchema(info.inputSchema);
    } catch (error) {
      if (!(error instanceof ModelSchemaTooLarge)) throw error;
      throw new Error(`its inputSchema cannot be shown to the model: ${error.message}`, { cause: error });
    }
    this.#readOnly = options.trustReadOnlyHint === true && info.annotations?.readOnlyHint === true;
    this.#callTimeoutMs = options.callTimeoutMs ?? DEFAULT_MCP_CALL_TIMEOUT_MS;
    this.#logger = options.logger ?? consoleMcpLogger;
    try {
      this.#outputCheck = info.outputSchema === undefined ? undefined : compileOutputSchema(info.outputSchema);
    } catch (error) {
      throw new Error(`its outputSchema was refused: ${describeThrown(error).message}`, { cause: error });
    }
  }

  /**
   * False, as upstream's MCP tools always are, unless the adapter was built with
   * `trustReadOnlyHint` and the server marked the tool `readOnlyHint: true`.
   */
  override get readOnly(): boolean {
    return this.#readOnly;
  }

  /** The definition the model sees: the name, the description and {@link MCPToolAdapter.modelParameters}. */
  override toSchema(): ReturnType<Tool["toSchema"]> {
    return { type: "function", function: { name: this.name, description: this.description, parameters: this.modelParameters } };
  }

  /** How log lines name this tool: its registry name, its name on the server and the server. */
  #label(): string {
    return `tool '${logText(this.name)}' ('${logText(this.mcpToolName)}' of server '${logText(this.serverName)}')`;
  }

  /**
   * What a call that failed before any answer gives the model, as upstream words it; the details
   * go to the log. A time-out of the client's request, or any error named `TimeoutError`:
   * `(MCP tool call timed out after <s>s)`; a
   * request cancelled by the client or the server: `(MCP tool call was cancelled)`; anything else:
   * `(MCP tool call failed: <error name>)` (a thrown value that is no `Error` is named as the
   * runner names it, e.g. `Thrown string`).
   */
  #failed(error: unknown): ToolResult {
    const { name, message } = describeThrown(error);
    // The client's own time-out (a JSON-RPC -32001), or an error named `TimeoutError`, the name
    // `AbortSignal.timeout()` gives and the class upstream catches (`asyncio.TimeoutError`).
    if (errorCode(error) === REQUEST_TIMEOUT_CODE || name === "TimeoutError") {
      const seconds = this.#callTimeoutMs / 1000;
      this.#logger.warn(`${this.#label()} timed out after ${seconds}s`);
      return ToolResult.error(`(MCP tool call timed out after ${seconds}s)`);
    }
    if (name === "AbortError") {
      this.#logger.warn(`${this.#label()} was cancelled: ${logText(message, 1_000)}`);
      return ToolResult.error("(MCP tool call was cancelled)");
    }
    this.#logger.warn(`${this.#label()} failed: ${logText(name)}: ${logText(message, 1_000)}`);
    return ToolResult.error(`(MCP tool call failed: ${name})`);
  }

  /**
   * Calls the tool on its server with the prepared arguments. Resolves with the joined text
   * (`(no output)` when it is empty), or a `ToolResult` error when the server reports `isError`
   * (its text, or `(no output)`), sends a result that is not MCP-shaped, sends
   * `structuredContent` that breaks the tool's `outputSchema`, or the request fails before any
   * answer: `(MCP tool call timed out after <s>s)` when the client's time limit passed,
   * `(MCP tool call was cancelled)` when the request was aborted by anything but this call's
   * signal, and `(MCP tool call failed: <error name>)` otherwise, each as upstream words it, with
   * the details in the log. Only when the call's own signal aborted (the run was stopped, or the
   * runner's time limit passed) does it reject, so the runner reports that as for any tool.
   */
  async execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const requestOptions: McpRequestOptions = { signal: options.signal, timeout: this.#callTimeoutMs };
    let result: unknown;
    try {
      result = await this.#client.callTool({ name: this.mcpToolName, arguments: params }, undefined, requestOptions);
    } catch (error) {
      if (options.signal.aborted) throw error;
      return this.#failed(error);
    }
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
        return ToolResult.error(`Error: MCP tool '${this.mcpToolName}' returned structured content that does not match its output schema: ${problems.join("; ")}`);
      }
    }
    let text: string;
    try {
      text = contentToText(result);
    } catch (error) {
      if (!(error instanceof MalformedContent)) throw error;
      return ToolResult.error(`Error: ${MALFORMED_MCP_CONTENT} (${this.name}): ${error.message}`);
    }
    if (text === "") text = MCP_NO_OUTPUT;
    return result["isError"] === true ? ToolResult.error(text) : text;
  }
}
