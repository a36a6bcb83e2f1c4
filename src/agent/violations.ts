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
import { lstatSync, readFileSync, readlinkSync } from "node:fs";
import { userInfo } from "node:os";
import { posix } from "node:path";
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
 * Appended to an SSRF refusal (upstream's exact text). It tells the model the refusal is final,
 * so it stops probing with other spellings of the same address, and says how a user who trusts
 * the address can allow it: the `ssrfAllowlist` option of `WebFetchTool` is this workbook's
 * counterpart of upstream's `tools.ssrfWhitelist` setting.
 */
export const SSRF_NOTE =
  "This is a non-bypassable security boundary. Stop trying to access " +
  "private/internal URLs. Do not retry with curl, wget, encoded IPs, " +
  "alternate DNS, redirects, proxies, or another tool. Ask the user for " +
  "local files, logs, screenshots, or an explicit safe public URL instead. " +
  "If the user explicitly trusts this private URL, ask them to whitelist " +
  "the exact IP/CIDR via tools.ssrfWhitelist.";

/** The refusal returned for the third and later identical external lookup in one turn (upstream's exact text). */
export const REPEATED_LOOKUP_MESSAGE =
  "Error: repeated external lookup blocked. " +
  "Use the results you already have to answer, or try a meaningfully different source.";

/** How many identical external lookups one turn may make; the next one is blocked. */
export const MAX_REPEATED_EXTERNAL_LOOKUPS = 2;

/** How many refusals against one outside target one turn gets before the escalation text. */
export const MAX_REPEATED_WORKSPACE_VIOLATIONS = 2;

/** The argument keys that may name the target of a file operation, in the order they are tried. */
const PATH_KEYS = ["path", "file_path", "target", "source", "destination"] as const;

/** The first absolute or `~` path in a shell command. */
const COMMAND_PATH = /(?:^|[\s|>'"])((?:\/[^\s"'>;|<]+)|(?:~[^\s"'>;|<]+))/;

/** The characters Python's `str.strip()` removes (those for which `str.isspace()` is true). */
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");

/** Python's `str.strip()`: blank space at both ends, as Python counts it. */
function pyStrip(text: string): string {
  return text.replace(PY_STRIP, "");
}

/** Python's truthiness for a JSON value: `null`, `false`, `0`, `""`, `[]` and `{}` are false. */
function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

function pyRepr(value: unknown, depth: number): string {
  if (typeof value === "string") {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const body = value
      .replace(/\\/g, "\\\\")
      .replace(/\n/g, "\\n")
      .replace(/\r/g, "\\r")
      .replace(/\t/g, "\\t")
      .split(quote)
      .join("\\" + quote);
    return quote + body + quote;
  }
  return pyStr(value, depth);
}

/**
 * Python's `str()` of a JSON value, closely enough to key on: `True`, `None`, `[1, 'a']`,
 * `{'k': 2}`. Nesting deeper than 32 levels is shown as `...`.
 */
function pyStr(value: unknown, depth = 0): string {
  if (depth > 32) return "...";
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return String(value).replace(/e([+-])(\d)$/, "e$10$2");
  if (Array.isArray(value)) return `[${value.map((v: unknown) => pyRepr(v, depth + 1)).join(", ")}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .map((k) => `${pyRepr(k, depth + 1)}: ${pyRepr(value[k], depth + 1)}`)
      .join(", ")}}`;
  }
  return String(value);
}

/** The home folder of `~` (from `HOME`, as Python does) or of `~user` (from the user database); null when unknown. */
function homeOf(part: string): string | null {
  let home: string | null;
  if (part === "~") {
    home = process.env["HOME"] ?? userInfo().homedir;
  } else {
    home = passwdHome(part.slice(1));
  }
  if (home === null) return null;
  return home.replace(/\/+$/, "") || "/";
}

/** The home folder of `user` in `/etc/passwd`, or null. */
function passwdHome(user: string): string | null {
  let text: string;
  try {
    text = readFileSync("/etc/passwd", "utf8");
  } catch {
    return null;
  }
  for (const line of text.split("\n")) {
    const fields = line.split(":");
    if (fields.length >= 7 && fields[0] === user) return fields[5] ?? null;
  }
  return null;
}

function posixJoin(a: string, b: string): string {
  if (b.startsWith("/")) return b;
  if (a === "" || a.endsWith("/")) return a + b;
  return `${a}/${b}`;
}

/**
 * Resolves every symlink along `path` that exists, as Python's non-strict `os.path.realpath`
 * does: a missing part and everything after it are kept as written, `..` after a symlink goes to
 * the parent of the link's target, and a symlink loop stops the walk.
 */
function looseRealpath(path: string): string {
  const seen = new Map<string, string | null>();
  const walk = (start: string, rest: string): [string, boolean] => {
    let current = start;
    let todo = rest;
    if (todo.startsWith("/")) {
      todo = todo.slice(1);
      current = "/";
    }
    while (todo !== "") {
      const slash = todo.indexOf("/");
      const name = slash < 0 ? todo : todo.slice(0, slash);
      todo = slash < 0 ? "" : todo.slice(slash + 1);
      if (name === "" || name === ".") continue;
      if (name === "..") {
        current = current === "/" || current === "" ? current || ".." : posix.dirname(current);
        continue;
      }
      const next = posixJoin(current, name);
      let isLink = false;
      try {
        isLink = lstatSync(next).isSymbolicLink();
      } catch {
        isLink = false;
      }
      if (!isLink) {
        current = next;
        continue;
      }
      if (seen.has(next)) {
        const known = seen.get(next);
        if (known !== null && known !== undefined) {
          current = known;
          continue;
        }
        return [posixJoin(next, todo), false];
      }
      seen.set(next, null);
      const [resolved, ok] = walk(current, readlinkSync(next));
      if (!ok) return [posixJoin(resolved, todo), false];
      seen.set(next, resolved);
      current = resolved;
    }
    return [current, true];
  };
  const [result] = walk("", path);
  const normal = posix.normalize(result);
  return normal.length > 1 ? normal.replace(/\/+$/, "") : normal;
}

/**
 * Upstream's `Path(raw).expanduser().resolve().as_posix()`: `~` and `~user` are expanded, a
 * relative path is taken from the current folder, and symlinks are followed as far as the path
 * exists. When that fails (an unknown `~user`, an unreadable link) the text is kept as written,
 * with `\` turned into `/`.
 */
function normalizePath(raw: string): string {
  try {
    let text = raw;
    if (text.startsWith("~")) {
      const slash = text.indexOf("/");
      const first = slash < 0 ? text : text.slice(0, slash);
      const home = homeOf(first);
      if (home === null) throw new Error(`cannot expand ${first}`);
      text = home + (slash < 0 ? "" : text.slice(slash));
    }
    if (!text.startsWith("/")) text = posixJoin(process.cwd().replace(/\\/g, "/"), text);
    return looseRealpath(text);
  } catch {
    return raw.replace(/\\/g, "/");
  }
}

/**
 * The target a workspace refusal is about, as a key for counting repeated attempts: the
 * string `"violation:<normalized absolute path>"`, lower-cased. The path is the first non-blank
 * string among `path`, `file_path`, `target`, `source`, `destination`; for `exec` and `shell`
 * calls without one, the first absolute or `~` path in `command`, else `working_dir`. So the same
 * file reached through `read_file`, `write_file` or a shell `cat` counts as one target.
 * Normalised as upstream does: `~` and `~user` are expanded (an unknown user leaves the text as
 * it is), a relative path is taken from the current folder, and symlinks are followed as far as
 * the path exists, so a link and its target count as one. Returns null when the arguments are
 * not an object or name no target.
 *
 * @example
 * ```ts
 * workspaceViolationSignature("read_file", { path: "/Users/X/notes.md" }); // "violation:/users/x/notes.md"
 * workspaceViolationSignature("exec", { command: "cat /etc/hosts | head" }); // "violation:/etc/hosts"
 * workspaceViolationSignature("read_file", { path: "~root/x" });            // "violation:/root/x"
 * workspaceViolationSignature("web_search", { query: "x" });                // null
 * ```
 */
export function workspaceViolationSignature(name: string, args: unknown): string | null {
  if (!isPlainObject(args)) return null;
  let raw: string | null = null;
  for (const key of PATH_KEYS) {
    const value = args[key];
    if (typeof value === "string" && pyStrip(value) !== "") {
      raw = pyStrip(value);
      break;
    }
  }
  if (raw === null && (name === "exec" || name === "shell")) {
    const command = pyStrip(pyTruthy(args["command"]) ? pyStr(args["command"]) : "");
    if (command !== "") {
      const match = COMMAND_PATH.exec(command);
      if (match?.[1] !== undefined) raw = match[1];
    }
    if (raw === null) {
      const dir = pyStrip(pyTruthy(args["working_dir"]) ? pyStr(args["working_dir"]) : "");
      if (dir !== "") raw = dir;
    }
  }
  if (raw === null) return null;
  return ("violation:" + normalizePath(raw)).toLowerCase();
}

/**
 * A key for spotting the same external lookup repeated in one turn:
 * `"web_fetch:<url>"` or `"web_search:<query>"`, trimmed and lower-cased. As upstream, a value
 * is taken with Python's truthiness: a search keys on `query or search_term`, so an empty
 * `query` falls back to `search_term`; a non-string value is spelled as Python's `str()` would.
 * Any other tool, non-object arguments, or a blank value give null, and then the call is never
 * throttled.
 *
 * @example
 * ```ts
 * externalLookupSignature("web_fetch", { url: " https://Example.com " }); // "web_fetch:https://example.com"
 * externalLookupSignature("web_search", { query: "", search_term: "Hi" }); // "web_search:hi"
 * externalLookupSignature("web_fetch", '{"url": …'); // null (raw text is not an object)
 * ```
 */
export function externalLookupSignature(name: string, args: unknown): string | null {
  if (!isPlainObject(args)) return null;
  let value: unknown;
  if (name === "web_fetch") value = args["url"];
  else if (name === "web_search") value = pyTruthy(args["query"]) ? args["query"] : args["search_term"];
  else return null;
  const text = pyStrip(pyTruthy(value) ? pyStr(value) : "");
  return text === "" ? null : `${name}:${text.toLowerCase()}`;
}

/**
 * The text that replaces a workspace refusal from the third attempt on the same target in one
 * turn (upstream's exact text). `target` is shown lower-cased, as the signature holds it.
 *
 * @example
 * ```ts
 * escalationMessage("/users/x/secret.md", 3);
 * // "Error: refusing repeated workspace-bypass attempts.\nYou have tried to access '/users/x/secret.md' …"
 * ```
 */
export function escalationMessage(target: string, count: number): string {
  const shown = String(target).toLowerCase();
  return (
    "Error: refusing repeated workspace-bypass attempts.\n" +
    `You have tried to access '${shown}' (or an equivalent path) ` +
    `${count} times in this turn. This is a hard policy boundary -- ` +
    "switching tools, shell tricks, working_dir overrides, symlinks, " +
    "or base64 piping will NOT change the answer. Stop retrying. " +
    "If the user genuinely needs this resource, tell them you cannot " +
    "access it and ask how they want to proceed (e.g. copy the file " +
    "into the workspace, or disable restrict_to_workspace for this run)."
  );
}
