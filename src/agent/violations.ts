/**
 * Recognising security refusals among tool errors (lesson 7). Two kinds matter to the runner:
 * an SSRF refusal (a request to a private or internal address) and a workspace refusal (a path
 * outside the allowed folder). Neither is ever fatal; both go back to the model, an SSRF refusal
 * with a note that retrying will not help, and repeated workspace refusals against the same
 * target escalate to a firmer text. The same file holds the throttle for repeated identical
 * external lookups (`web_fetch`, `web_search`).
 *
 * @module
 */
import { homedir } from "node:os";
import { resolve } from "node:path";
import { isPlainObject } from "../tools/cast.js";

/** Which security refusal a text reports, if any. */
export type ViolationKind = "ssrf" | "workspace";

/** Lower-case phrases that mark an SSRF refusal. Checked before the workspace phrases. */
export const SSRF_MARKERS: readonly string[] = [
  "internal/private url detected",
  "private/internal address",
  "private address",
];

/** Lower-case phrases that mark a refusal to touch a path outside the workspace. */
export const WORKSPACE_MARKERS: readonly string[] = [
  "outside the configured workspace",
  "outside allowed directory",
  "working_dir is outside",
  "working_dir could not be resolved",
  "path outside working dir",
  "path traversal detected",
];

/**
 * Says whether an error text is an SSRF refusal, a workspace refusal, or neither. Matching is a
 * case-insensitive substring test; SSRF wins when both match. The runner asks this only for
 * failures (prepare errors, thrown messages, `ToolResult` errors), never for a success, even one
 * whose text happens to contain a marker.
 *
 * @example
 * ```ts
 * classifyViolation("Blocked: host resolves to private/internal address 10.0.0.1"); // "ssrf"
 * classifyViolation("Path /etc/passwd is outside allowed directory /ws");          // "workspace"
 * classifyViolation("Error: File not found: a.txt");                             // null
 * ```
 */
export function classifyViolation(text: string): ViolationKind | null {
  const lower = String(text).toLowerCase();
  if (SSRF_MARKERS.some((m) => lower.includes(m))) return "ssrf";
  if (WORKSPACE_MARKERS.some((m) => lower.includes(m))) return "workspace";
  return null;
}

/**
 * Appended to an SSRF refusal. It tells the model the refusal is final, so it stops probing
 * with other spellings of the same address.
 */
export const SSRF_NOTE =
  "This refusal is a non-bypassable security boundary: private, loopback and internal network " +
  "addresses cannot be reached from here. Do not retry with another tool, another spelling of " +
  "the address (decimal, hex, octal or shortened forms), a different DNS name, a redirect or a " +
  "proxy. Ask the user to paste the content, share a file, or give a public URL instead.";

/** The refusal returned for the third and later identical external lookup in one turn. */
export const REPEATED_LOOKUP_MESSAGE =
  "Error: repeated external lookup blocked. The same request was already made twice in this " +
  "turn; answer with the results you have, or look in a genuinely different place.";

/** The argument keys that may name the target of a file operation, in the order they are tried. */
const PATH_KEYS = ["path", "file_path", "target", "source", "destination"] as const;

/** The first absolute or `~` path in a shell command. */
const COMMAND_PATH = /(?:^|[\s|>'"])((?:\/[^\s"'>;|<]+)|(?:~[^\s"'>;|<]+))/;

function normalizePath(raw: string): string {
  let text = raw.trim();
  if (text === "~" || text.startsWith("~/")) text = homedir() + text.slice(1);
  return resolve(text).replace(/\\/g, "/");
}

/**
 * The target a workspace refusal is about, as a key for counting repeated attempts: the
 * string `"violation:<normalized absolute path>"`, lower-cased. The path is the first non-blank
 * string among `path`, `file_path`, `target`, `source`, `destination`; for `exec` and `shell`
 * calls without one, the first absolute or `~` path in `command`, else `working_dir`. So the same
 * file reached through `read_file`, `write_file` or a shell `cat` counts as one target.
 * Returns null when the arguments are not an object or name no target.
 *
 * @example
 * ```ts
 * workspaceViolationSignature("read_file", { path: "/Users/X/notes.md" }); // "violation:/users/x/notes.md"
 * workspaceViolationSignature("exec", { command: "cat /etc/hosts | head" }); // "violation:/etc/hosts"
 * workspaceViolationSignature("web_search", { query: "x" });                // null
 * ```
 */
export function workspaceViolationSignature(name: string, args: unknown): string | null {
  if (!isPlainObject(args)) return null;
  let raw: string | null = null;
  for (const key of PATH_KEYS) {
    const value = args[key];
    if (typeof value === "string" && value.trim() !== "") {
      raw = value;
      break;
    }
  }
  if (raw === null && (name === "exec" || name === "shell")) {
    const command = args["command"];
    if (typeof command === "string") {
      const match = COMMAND_PATH.exec(command);
      if (match?.[1] !== undefined) raw = match[1];
    }
    if (raw === null) {
      const dir = args["working_dir"];
      if (typeof dir === "string" && dir.trim() !== "") raw = dir;
    }
  }
  if (raw === null) return null;
  return ("violation:" + normalizePath(raw)).toLowerCase();
}

/**
 * A key for spotting the same external lookup repeated in one turn:
 * `"web_fetch:<url>"` or `"web_search:<query>"` (trimmed, lower-cased; a search may also give
 * `search_term`). Any other tool, non-object arguments, or a missing value give null, and then
 * the call is never throttled.
 *
 * @example
 * ```ts
 * externalLookupSignature("web_fetch", { url: " https://Example.com " }); // "web_fetch:https://example.com"
 * externalLookupSignature("web_fetch", '{"url": …'); // null (raw text is not an object)
 * ```
 */
export function externalLookupSignature(name: string, args: unknown): string | null {
  if (!isPlainObject(args)) return null;
  let value: unknown;
  if (name === "web_fetch") value = args["url"];
  else if (name === "web_search") value = args["query"] ?? args["search_term"];
  else return null;
  if (value === undefined || value === null) return null;
  const text = String(value).trim().toLowerCase();
  return text === "" ? null : `${name}:${text}`;
}

/**
 * The text that replaces a workspace refusal from the third attempt on the same target in one
 * turn. `target` is shown lower-cased, as the signature holds it.
 *
 * @example
 * ```ts
 * escalationMessage("/users/x/secret.md", 3);
 * // "Error: refusing repeated workspace-bypass attempts. '/users/x/secret.md' has now been …"
 * ```
 */
export function escalationMessage(target: string, count: number): string {
  const shown = String(target).toLowerCase();
  return (
    "Error: refusing repeated workspace-bypass attempts. " +
    `'${shown}' (or a path that leads to the same place) has now been requested ${count} times in this turn, ` +
    "and it lies outside the workspace. Another tool, a shell command, a symlink, a different " +
    "working directory or an encoded path will get the same refusal, so stop trying. Tell the " +
    "user you cannot reach this file and ask how they want to go on, for example by copying it " +
    "into the workspace."
  );
}
