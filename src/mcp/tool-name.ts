/**
 * The names MCP tools get in the registry (lesson 9). A server names its tools as it likes; an
 * OpenAI-compatible API accepts only `^[a-zA-Z0-9_-]{1,64}$` and rejects the whole request for one
 * bad name. So `mcp_<server>_<tool>` is cleaned as upstream cleans it: every run of characters
 * outside `[A-Za-z0-9-]` (underscores included) becomes one `_`, and a name longer than 64
 * characters keeps its first 55, then `_` and 8 hex characters of the SHA-1 of the cleaned name.
 *
 * Cleaning can make two tools of one server look alike (`notes.list` and `notes_list` both give
 * `mcp_srv_notes_list`). Upstream lets the later one replace the earlier one; here
 * {@link assignMcpToolNames} settles it without depending on the order the server lists them in:
 * the tool whose name needed no change keeps it, every other one is renamed with a hash of its own
 * name, and each rename is reported. Naming n tools costs time and text in proportion to the
 * length of their names: every name is cleaned and hashed at most once or twice, and a rename
 * names at most {@link MAX_SHARED_NAMES_SHOWN} of the tools it shares a name with.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { logText } from "../util/log-text.js";

/** The longest tool name OpenAI-compatible APIs accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** The pattern OpenAI-compatible APIs require of a tool name. */
// eslint-disable-next-line regexp/prefer-w, regexp/use-ignore-case -- spelled out as OpenAI documents it; linear as it is
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Hex characters of the hash appended to a shortened or renamed name. */
const HASH_CHARS = 8;

/** How many of the other tools sharing a name a rename names (the rest are counted). */
export const MAX_SHARED_NAMES_SHOWN = 3;

/** A run of characters that are not letters, digits or `-`: unsafe ones and underscores alike. */
const UNSAFE_RUN = /[^\da-z-]+/gi;

/** `mcp_<server>_<tool>` as the server spelled it, before cleaning. */
function rawName(serverName: string, toolName: string): string {
  return `mcp_${serverName}_${toolName}`;
}

/**
 * `name` with every character outside `[A-Za-z0-9_-]` replaced by `_` and every run of `_` then
 * collapsed to one, as upstream does: `mcp_my server_read..file` gives `mcp_my_server_read_file`,
 * and `mcp_srv___private` gives `mcp_srv_private`. Both steps at once: each run of characters
 * that are not letters, digits or `-` becomes one `_`.
 */
export function sanitizeToolName(name: string): string {
  return name.replace(UNSAFE_RUN, "_");
}

/**
 * `name` when it has at most 64 characters; otherwise its first 55, `_`, and the first 8 hex
 * characters of the SHA-1 of the whole `name`, as upstream shortens (64 characters in all).
 */
export function limitToolName(name: string): string {
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  const digest = createHash("sha1").update(name).digest("hex").slice(0, HASH_CHARS);
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_CHARS - 1)}_${digest}`;
}

/**
 * The tool name the model sees, as upstream makes it: `mcp_<server>_<tool>`, cleaned by
 * {@link sanitizeToolName} and shortened by {@link limitToolName}. The same names always give the
 * same result, and the result always matches `^[a-zA-Z0-9_-]{1,64}$`.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#mcp-tool-name}
 */
export function mcpToolName(serverName: string, toolName: string): string {
  return limitToolName(sanitizeToolName(rawName(serverName, toolName)));
}

/**
 * The name of a tool renamed to avoid a collision: the first 55 characters of its cleaned name,
 * `_`, and 8 hex characters of the SHA-256 of the server and tool names (kept apart by a NUL), so
 * two different tools never get the same rename by shortening alone.
 */
function renamed(cleaned: string, serverName: string, toolName: string): string {
  const digest = createHash("sha256").update(`${serverName}\u0000${toolName}`).digest("hex").slice(0, HASH_CHARS);
  return `${cleaned.slice(0, MAX_TOOL_NAME_LENGTH - HASH_CHARS - 1)}_${digest}`;
}

/** A tool that keeps {@link mcpToolName}'s name. */
export interface McpNameKept {
  /** Kept as computed. */
  status: "named";
  /** The registry name. */
  name: string;
}

/** A tool renamed because its name would be shared with another tool of the server. */
export interface McpNameChanged {
  /** Renamed. */
  status: "renamed";
  /** The registry name: the cleaned name's start, `_`, and a hash of the tool's own names. */
  name: string;
  /** The name {@link mcpToolName} gave, which another tool keeps or shares. */
  wouldBe: string;
  /**
   * Server-side names of other tools that clean to `wouldBe`, sorted: the first
   * {@link MAX_SHARED_NAMES_SHOWN} of them (`othersSharing` counts them all).
   */
  sharedWith: string[];
  /** How many other listed tools clean to `wouldBe`. */
  othersSharing: number;
}

/** A tool that gets no name: every name it could have is already taken. */
export interface McpNameRefused {
  /** Refused. */
  status: "refused";
  /** The name {@link mcpToolName} gave. */
  wouldBe: string;
  /** Why, in a sentence (server-side names shown through `logText`). */
  reason: string;
}

/** What {@link assignMcpToolNames} decided for one listed tool. */
export type McpNameAssignment = McpNameKept | McpNameChanged | McpNameRefused;

/** Compares two strings by UTF-16 code units, the same on every machine. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Names every tool of one server at once, so that no two share a name and the result does not
 * depend on the order of `toolNames`:
 * - each tool gets {@link mcpToolName};
 * - when several tools get the same name, the one whose `mcp_<server>_<tool>` needed no cleaning
 *   keeps it, and every other one is renamed to the cleaned name's start plus a hash of its own
 *   names (`status: "renamed"`);
 * - a tool whose name is still taken (the server listed the same name twice, or a rename met
 *   another tool's name) is refused (`status: "refused"`), never given another tool's name.
 *
 * Time and result size grow with the total length of the names (and `n log n` for sorting the
 * tools that share a name), never with the square of how many share one.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#assign-mcp-tool-names}
 */
export function assignMcpToolNames(serverName: string, toolNames: readonly string[]): McpNameAssignment[] {
  const count = toolNames.length;
  const cleaned: string[] = new Array<string>(count);
  const base: string[] = new Array<string>(count);
  const exact: boolean[] = new Array<boolean>(count);
  const holders = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    const raw = rawName(serverName, toolNames[i] as string);
    const clean = sanitizeToolName(raw);
    const name = limitToolName(clean);
    cleaned[i] = clean;
    base[i] = name;
    exact[i] = raw === name;
    const group = holders.get(name);
    if (group === undefined) holders.set(name, [i]);
    else group.push(i);
  }

  // Each tool's wanted name: its own, or (sharing it without being exact) a renamed one.
  const wanted = base.map((name, i) => {
    const sharing = (holders.get(name) as number[]).length;
    return sharing > 1 && !exact[i] ? renamed(cleaned[i] as string, serverName, toolNames[i] as string) : name;
  });

  // The members of each shared name, sorted by their server-side names, once per name.
  const sortedGroups = new Map<string, number[]>();
  const sortedGroup = (name: string): number[] => {
    let sorted = sortedGroups.get(name);
    if (sorted === undefined) {
      sorted = [...(holders.get(name) as number[])].sort((a, b) => byCodeUnits(toolNames[a] as string, toolNames[b] as string) || a - b);
      sortedGroups.set(name, sorted);
    }
    return sorted;
  };

  // Exact names claim first, then the rest, each group in listing order.
  const taken = new Map<string, number>();
  const result: McpNameAssignment[] = new Array<McpNameAssignment>(count);
  const claim = (i: number): void => {
    const name = wanted[i] as string;
    const wouldBe = base[i] as string;
    const owner = taken.get(name);
    if (owner !== undefined) {
      const reason =
        toolNames[owner] === toolNames[i]
          ? `the server lists the tool '${logText(toolNames[i] as string)}' more than once`
          : `its name '${name}' is already given to the tool '${logText(toolNames[owner] as string)}'`;
      result[i] = { status: "refused", wouldBe, reason };
      return;
    }
    taken.set(name, i);
    if (name === wouldBe) {
      result[i] = { status: "named", name };
      return;
    }
    const group = sortedGroup(wouldBe);
    const sharedWith: string[] = [];
    for (const j of group) {
      if (sharedWith.length === MAX_SHARED_NAMES_SHOWN) break;
      if (j !== i) sharedWith.push(toolNames[j] as string);
    }
    result[i] = { status: "renamed", name, wouldBe, sharedWith, othersSharing: group.length - 1 };
  };
  for (let i = 0; i < count; i++) if (exact[i]) claim(i);
  for (let i = 0; i < count; i++) if (!exact[i]) claim(i);
  return result;
}
