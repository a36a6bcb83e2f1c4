/**
 * An MCP server started as a child process over stdio (lesson 9): spawned in a process group of
 * its own, connected, listed and adapted within one time limit, and stopped as a whole group.
 *
 * @module
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "../tools/base.js";
import { describeThrown } from "../util/thrown.js";
import { listMcpTools, type AdaptMcpToolsOptions, type McpToolProblem } from "./list-tools.js";
import type { McpLogger } from "./logger.js";
import { SafeJsonSchemaValidator } from "./output-validator.js";
import { sdkClient } from "./sdk.js";
import { ProcessGroupStdioTransport } from "./stdio-transport.js";
import { deadlineSignal, raceSignal } from "../util/async.js";
import { logText } from "../util/log-text.js";
import { mcpToolClient } from "./tool-client.js";
import { durationOption } from "../util/options.js";

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
  /** A time limit for each later tool call in milliseconds. Default 30 000 ms (`DEFAULT_MCP_CALL_TIMEOUT_MS`, upstream's `tool_timeout`). */
  callTimeoutMs?: number;
  /**
   * Believe this server's `readOnlyHint`, so the tools it marks read-only may run in a concurrent
   * batch. Default false: like upstream, no MCP tool is read-only.
   */
  trustReadOnlyHint?: boolean;
  /** Aborts the start: the promise rejects, and nothing is left running. */
  signal?: AbortSignal;
  /** The child's working directory. */
  cwd?: string;
  /** Variables added to the SDK's safe subset of the current environment. */
  env?: Record<string, string>;
  /** How long `close()` waits after closing stdin, and again after SIGTERM, before it escalates. Default 2000 ms. */
  closeGraceMs?: number;
  /** Where problems with listed tools, and later the failed calls of the server's tools, are reported. Default {@link consoleMcpLogger}. */
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

/** How much of the end of the server's stderr a start-up failure quotes. */
const STDERR_TAIL_CHARS = 2000;

/** How many characters of the command line and of the failure's own message the error quotes. */
const QUOTED_CHARS = 1_000;

/**
 * Starts an MCP server over stdio in a process group of its own, connects a client (with
 * {@link SafeJsonSchemaValidator}), and lists and adapts its tools ({@link listMcpTools}), all
 * within `timeoutMs` (loading the SDK included). A server that cannot be spawned, exits, or does
 * not answer in time, or a start aborted through `options.signal`, makes the promise reject with
 * an `Error` that says why (with the end of the server's stderr, every text from elsewhere shown
 * through `logText`). Whenever it gives up, nothing is left behind: a server not yet spawned never
 * is, and a spawned one is stopped with its group and reaped, its pipes closed. It never hangs.
 * A bad `timeoutMs`, `callTimeoutMs` or `closeGraceMs` (not a positive, finite number) makes it
 * reject with a `TypeError` or `RangeError` naming the option, before anything starts; one over
 * 2^31−1 ms is clamped to that.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#connect-stdio-mcp-server}
 */
export async function connectStdioMcpServer(options: StdioMcpServerOptions): Promise<StdioMcpConnection> {
  // Checked before anything starts: a bad limit throws (TypeError or RangeError, naming it); a huge one is clamped.
  const timeoutMs = durationOption("timeoutMs", options.timeoutMs, 10_000);
  const callTimeoutMs = durationOption("callTimeoutMs", options.callTimeoutMs, null);
  const closeGraceMs = durationOption("closeGraceMs", options.closeGraceMs, null);
  const giveUp = deadlineSignal(
    options.signal,
    timeoutMs,
    () => new Error(`did not answer within ${timeoutMs} ms`),
    (reason) => new Error("the start was aborted", { cause: reason }),
  );

  const transport = new ProcessGroupStdioTransport({
    command: options.command,
    args: options.args ?? [],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(closeGraceMs === null ? {} : { closeGraceMs }),
  });
  let stderrTail = "";
  transport.stderr.on("data", (chunk: Buffer | string) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });

  let client: Client | undefined;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return transport.close();
    closed = true;
    try {
      await client?.close();
    } finally {
      await transport.close();
    }
  };

  const listOptions: AdaptMcpToolsOptions = { signal: giveUp.signal, timeoutMs };
  if (callTimeoutMs !== null) listOptions.callTimeoutMs = callTimeoutMs;
  if (options.trustReadOnlyHint !== undefined) listOptions.trustReadOnlyHint = options.trustReadOnlyHint;
  if (options.logger !== undefined) listOptions.logger = options.logger;
  // Each step first checks that nobody has given up: once the time is out or the start aborted,
  // the next step (creating the client, spawning the server) never begins.
  const work = (async () => {
    const { Client: SdkClient } = await sdkClient();
    giveUp.signal.throwIfAborted();
    client = new SdkClient({ name: "tool-calling-workbook", version: "0.3.0" }, { jsonSchemaValidator: new SafeJsonSchemaValidator() });
    await client.connect(transport, { signal: giveUp.signal, timeout: timeoutMs });
    giveUp.signal.throwIfAborted();
    return listMcpTools(mcpToolClient(client), options.serverName, listOptions);
  })();
  work.catch(() => undefined); // when the race below is lost, the work settles later, unobserved
  try {
    const listing = await raceSignal(work, giveUp.signal);
    return { client: client as Client, tools: listing.tools, problems: listing.problems, pid: transport.pid, close };
  } catch (error) {
    giveUp.abort(error);
    await close().catch(() => undefined);
    const command = logText([options.command, ...(options.args ?? [])].join(" "), QUOTED_CHARS);
    const tail = stderrTail.trim();
    const stderr = tail === "" ? "" : `\nserver stderr:\n${logText(tail, STDERR_TAIL_CHARS)}`;
    throw new Error(`MCP server '${logText(options.serverName)}' could not start (${command}): ${logText(describeThrown(error).message, QUOTED_CHARS)}${stderr}`, {
      cause: error,
    });
  } finally {
    giveUp.release();
  }
}
