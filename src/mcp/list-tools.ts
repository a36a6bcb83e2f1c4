/**
 * Listing and checking a server's tools (lesson 9): every `tools/list` page is read, each listed
 * tool is checked on its own, and each usable one becomes an {@link MCPToolAdapter}. One bad tool
 * never loses the others; each problem is reported and returned.
 *
 * @module
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "../tools/base.js";
import { describeThrown } from "../util/thrown.js";
import { MCPToolAdapter, type MCPToolAdapterOptions } from "./adapter.js";
import { CappedMcpLog, consoleMcpLogger, type McpLogger } from "./logger.js";
import { sdkClient } from "./sdk.js";
import { mcpToolClient, noListOfTools, type McpRequestOptions, type McpToolClient, type McpToolInfo } from "./tool-client.js";
import { assignMcpToolNames, type McpNameChanged } from "./tool-name.js";
import { isObjectOrNullType } from "./model-schema.js";
import { logText } from "../util/log-text.js";
import { describeJsonType, isPlainObject } from "../util/json.js";

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
  /** Where problems with listed tools, and later the failed calls of the adapted tools, are reported. Default {@link consoleMcpLogger}. */
  logger?: McpLogger;
}

/** What {@link listMcpTools} found: the tools it adapted, and every problem, in listing order. */
export interface McpToolListing {
  /** One adapter per usable tool, in listing order. */
  tools: MCPToolAdapter[];
  /** The listed tools it skipped, renamed or patched, and why. */
  problems: McpToolProblem[];
}

/** How many characters of a reason from elsewhere (a schema compiler's message) a problem keeps. */
const REASON_MAX_CHARS = 1_000;

/** Most `tools/list` pages read from one server; a server that never stops paging is cut off there. */
export const MAX_LIST_PAGES = 1_000;

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
  if (isPlainObject(entry["annotations"])) info.annotations = entry["annotations"];
  const input = entry["inputSchema"];
  let patched: string | undefined;
  if (input === undefined) {
    patched = "it has no inputSchema, so it is offered with no parameters";
  } else if (!isPlainObject(input)) {
    return { reason: `its inputSchema is ${describeJsonType(input)}, not an object schema` };
  } else if (input["type"] !== undefined && input["type"] !== "object" && !isObjectOrNullType(input["type"])) {
    return { reason: `its inputSchema has type ${logText(JSON.stringify(input["type"]) ?? "?")}; a tool's arguments must be an object` };
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

/** How many characters of another tool's name a rename's reason shows. */
const OTHER_NAME_CHARS = 80;

/** A listed tool's name as a log line shows it (`chars` of it at most). */
function shownTool(name: string, chars?: number): string {
  return `'${logText(name, chars)}'`;
}

/** The sentence saying why a renamed tool got another name; names at most a few of the others. */
function renameReason(assigned: McpNameChanged): string {
  const shown = assigned.sharedWith.map((name) => shownTool(name, OTHER_NAME_CHARS)).join(", ");
  const more = assigned.othersSharing - assigned.sharedWith.length;
  const others = more > 0 ? `${shown} and ${more} more` : shown;
  return `'${assigned.wouldBe}' would also name ${others}; it is offered as '${assigned.name}'`;
}

/**
 * Lists every tool of the server behind `client` (following `nextCursor` pages), checks each
 * one, and wraps each usable one in an {@link MCPToolAdapter}. One bad tool never loses the
 * others: a tool that is not an object, has no name, has a non-object `inputSchema`, or an
 * `outputSchema` that cannot be compiled is skipped; a tool without `inputSchema` is offered with
 * no parameters; tools whose cleaned names collide are named by {@link assignMcpToolNames}. Each
 * of these is returned in `problems` and reported to `options.logger`, with every text from the
 * server shown through `logText` and at most `MAX_LOGGED_WARNINGS` lines, then one line counting
 * the rest. Time and logged text grow in proportion to what the server sends.
 *
 * An SDK `Client` is read through {@link mcpToolClient}, so its strict listing cannot reject the
 * whole list.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#list-mcp-tools}
 */
export async function listMcpTools(client: McpToolClient | Client, serverName: string, options: AdaptMcpToolsOptions = {}): Promise<McpToolListing> {
  const source = client instanceof (await sdkClient()).Client ? mcpToolClient(client) : client;
  const logger = options.logger ?? consoleMcpLogger;
  const server = `server '${logText(serverName)}'`;
  const requestOptions: McpRequestOptions = {};
  if (options.signal !== undefined) requestOptions.signal = options.signal;
  if (options.timeoutMs !== undefined) requestOptions.timeout = options.timeoutMs;

  const listed: unknown[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    if (++pages > MAX_LIST_PAGES) {
      logger.warn(`${server}: tools/list still had more pages after ${MAX_LIST_PAGES}; the rest are not listed`);
      break;
    }
    const page = await source.listTools(cursor === undefined ? undefined : { cursor }, requestOptions);
    const tools: unknown = page.tools;
    if (!Array.isArray(tools)) throw noListOfTools(tools);
    for (const tool of tools as unknown[]) listed.push(tool);
    const next: unknown = page.nextCursor;
    cursor = typeof next === "string" && next !== "" ? next : undefined;
    if (cursor !== undefined) {
      if (seenCursors.has(cursor)) break; // a server that repeats a cursor would loop forever
      seenCursors.add(cursor);
    }
  } while (cursor !== undefined);

  const checked = listed.map((entry, index) => ({ index, entry, check: checkListedTool(entry) }));
  const usable = checked.filter((c): c is typeof c & { check: { info: McpToolInfo; patched?: string } } => "info" in c.check);
  const names = assignMcpToolNames(
    serverName,
    usable.map((c) => c.check.info.name),
  );
  const adapted = new Map<number, MCPToolAdapter>();
  const problemsAt = new Map<number, McpToolProblem[]>();
  const note = (index: number, problem: McpToolProblem): void => {
    const list = problemsAt.get(index);
    if (list === undefined) problemsAt.set(index, [problem]);
    else list.push(problem);
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
    const adapterOptions: MCPToolAdapterOptions = { name: assigned.name, logger };
    if (options.callTimeoutMs !== undefined) adapterOptions.callTimeoutMs = options.callTimeoutMs;
    if (options.trustReadOnlyHint !== undefined) adapterOptions.trustReadOnlyHint = options.trustReadOnlyHint;
    try {
      adapted.set(c.index, new MCPToolAdapter(source, serverName, c.check.info, adapterOptions));
    } catch (error) {
      note(c.index, { tool, action: "skipped", reason: logText(describeThrown(error).message, REASON_MAX_CHARS) });
      return;
    }
    if (c.check.patched !== undefined) note(c.index, { tool, action: "patched", reason: c.check.patched });
    if (assigned.status === "renamed") note(c.index, { tool, action: "renamed", reason: renameReason(assigned) });
  });

  const problems: McpToolProblem[] = [];
  const log = new CappedMcpLog(logger);
  const tools: MCPToolAdapter[] = [];
  for (const c of checked) {
    for (const problem of problemsAt.get(c.index) ?? []) {
      problems.push(problem);
      log.warn(`${server}: tool ${shownTool(problem.tool)} ${problem.action}: ${problem.reason}`);
    }
    const tool = adapted.get(c.index);
    if (tool !== undefined) tools.push(tool);
  }
  log.finish(`${server}: `, "problems with listed tools, not logged (the listing's problems hold them all)");
  return { tools, problems };
}

/**
 * Lists and adapts the tools of the server behind `client`, as {@link listMcpTools} does, and
 * returns the adapters alone (problems go to `options.logger`). Register them with
 * {@link registerMcpTools}; `getDefinitions()` lists them after the built-ins.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#adapt-mcp-tools}
 */
export async function adaptMcpTools(client: McpToolClient | Client, serverName: string, options: AdaptMcpToolsOptions = {}): Promise<Tool[]> {
  return (await listMcpTools(client, serverName, options)).tools;
}
