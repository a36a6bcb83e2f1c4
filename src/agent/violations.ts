/**
 * Counting workspace refusals (lesson 7). A model refused a path outside the workspace often tries
 * the same file again: through another tool, a shell command, a symlink, a `~` spelling. Each
 * refusal is counted against its target, normalised as upstream does, so all of these count as
 * one; from the third refusal against one target in a turn the model gets `escalationMessage`
 * instead of the plain refusal.
 *
 * Normalising a path reads the file system (symlinks) and the user database (`~user`), so this is
 * the one Node-only part of the runner's guards: the runner imports it only when a workspace
 * refusal has to be counted.
 *
 * @module
 */
import { lstatSync, readFileSync, readlinkSync } from "node:fs";
import { userInfo } from "node:os";
import { posix } from "node:path";
import { escalationMessage } from "../tools/messages.js";
import { pyStr, pyStrip, pyTruthy } from "./python-text.js";
import { isPlainObject } from "../json.js";

/** How many refusals against one outside target one turn gets before the escalation text. */
export const MAX_REPEATED_WORKSPACE_VIOLATIONS = 2;

/** The argument keys that may name the target of a file operation, in the order they are tried. */
const PATH_KEYS = ["path", "file_path", "target", "source", "destination"] as const;

/** The first absolute or `~` path in a shell command. */
const COMMAND_PATH = /(?:^|[\s|>'"])((?:\/[^\s"'>;|<]+)|(?:~[^\s"'>;|<]+))/;

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
 * {@includeCode ../../docs/examples/guards.ts#workspace-violation-signature}
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
 * Counts one workspace refusal of the call `name(args)` in `counts` (one map per turn), keyed by
 * {@link workspaceViolationSignature}. Returns the escalation text once the target has been
 * refused more than {@link MAX_REPEATED_WORKSPACE_VIOLATIONS} times, else null (and null, with
 * nothing counted, when the arguments name no target).
 *
 * @example
 * {@includeCode ../../docs/examples/guards.ts#record-workspace-violation}
 */
export function recordWorkspaceViolation(counts: Map<string, number>, name: string, args: unknown): string | null {
  const signature = workspaceViolationSignature(name, args);
  if (signature === null) return null;
  const count = (counts.get(signature) ?? 0) + 1;
  counts.set(signature, count);
  if (count <= MAX_REPEATED_WORKSPACE_VIOLATIONS) return null;
  return escalationMessage(signature.slice("violation:".length), count);
}
