/**
 * The names MCP tools get in the registry (lesson 9). A server names its tools as it likes; an
 * OpenAI-compatible API accepts only `^[a-zA-Z0-9_-]{1,64}$` and rejects the whole request for one
 * bad name. So `mcp_<server>_<tool>` is cleaned (every other character becomes `_`) and, when
 * longer than 64 characters, shortened to a readable prefix plus a short hash of the original.
 *
 * Cleaning can make two tools of one server look alike (`notes.list` and `notes_list` both give
 * `mcp_srv_notes_list`). {@link assignMcpToolNames} settles that without depending on the order
 * the server lists them in: the tool whose name needed no change keeps it, every other one is
 * renamed with a hash of its own name, and each rename is reported.
 *
 * @module
 */
import { createHash } from "node:crypto";

/** The longest tool name OpenAI-compatible APIs accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** The pattern OpenAI-compatible APIs require of a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Hex characters of the hash appended to a shortened or renamed name. */
const HASH_CHARS = 8;

/** `mcp_<server>_<tool>` as the server spelled it, before cleaning. */
function rawName(serverName: string, toolName: string): string {
  return `mcp_${serverName}_${toolName}`;
}

function clean(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_");
}

/** The first hex characters of the SHA-256 of the server and tool names (kept apart by a NUL). */
function nameHash(serverName: string, toolName: string): string {
  return createHash("sha256").update(`${serverName}\u0000${toolName}`).digest("hex").slice(0, HASH_CHARS);
}

/** A name of at most 64 characters: the cleaned name's start, `_`, and the hash of the original. */
function hashedName(serverName: string, toolName: string): string {
  const prefix = clean(rawName(serverName, toolName)).slice(0, MAX_TOOL_NAME_LENGTH - HASH_CHARS - 1);
  return `${prefix}_${nameHash(serverName, toolName)}`;
}

/**
 * The tool name the model sees: `mcp_<server>_<tool>`, with every character outside
 * `[A-Za-z0-9_-]` replaced by `_`; a result longer than 64 characters keeps its first 55 and
 * ends with `_` and 8 hex characters of a hash of the original names. The same names always give
 * the same result, and the result always matches `^[a-zA-Z0-9_-]{1,64}$`.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#mcp-tool-name}
 */
export function mcpToolName(serverName: string, toolName: string): string {
  const cleaned = clean(rawName(serverName, toolName));
  return cleaned.length <= MAX_TOOL_NAME_LENGTH ? cleaned : hashedName(serverName, toolName);
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
  /** The server-side names of the other tools that clean to `wouldBe`, sorted. */
  sharedWith: string[];
}

/** A tool that gets no name: every name it could have is already taken. */
export interface McpNameRefused {
  /** Refused. */
  status: "refused";
  /** The name {@link mcpToolName} gave. */
  wouldBe: string;
  /** Why, in a sentence. */
  reason: string;
}

/** What {@link assignMcpToolNames} decided for one listed tool. */
export type McpNameAssignment = McpNameKept | McpNameChanged | McpNameRefused;

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
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#assign-mcp-tool-names}
 */
export function assignMcpToolNames(serverName: string, toolNames: readonly string[]): McpNameAssignment[] {
  const base = toolNames.map((tool) => mcpToolName(serverName, tool));
  const exact = toolNames.map((tool, i) => rawName(serverName, tool) === base[i]);
  const holders = new Map<string, number[]>();
  base.forEach((name, i) => holders.set(name, [...(holders.get(name) ?? []), i]));

  // Each tool's wanted name: its own, or (sharing it without being exact) a hashed one.
  const wanted = base.map((name, i) => {
    const sharing = holders.get(name) ?? [];
    return sharing.length > 1 && !exact[i] ? hashedName(serverName, toolNames[i] as string) : name;
  });

  // Exact names claim first, then the rest, each group in listing order.
  const taken = new Map<string, number>();
  const result: McpNameAssignment[] = new Array<McpNameAssignment>(toolNames.length);
  const order = [...toolNames.keys()].sort((a, b) => Number(exact[b]) - Number(exact[a]) || a - b);
  for (const i of order) {
    const name = wanted[i] as string;
    const wouldBe = base[i] as string;
    const owner = taken.get(name);
    if (owner !== undefined) {
      const reason =
        toolNames[owner] === toolNames[i]
          ? `the server lists the tool '${toolNames[i] as string}' more than once`
          : `its name '${name}' is already given to the tool '${toolNames[owner] as string}'`;
      result[i] = { status: "refused", wouldBe, reason };
      continue;
    }
    taken.set(name, i);
    if (name === wouldBe) {
      result[i] = { status: "named", name };
    } else {
      const sharedWith = (holders.get(wouldBe) ?? []).filter((j) => j !== i).map((j) => toolNames[j] as string).sort();
      result[i] = { status: "renamed", name, wouldBe, sharedWith };
    }
  }
  return result;
}
