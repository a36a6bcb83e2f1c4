/**
 * Counting workspace refusals (lesson 7). A model refused a path outside the workspace often tries
 * the same file again: through another tool, a shell command, a symlink, a `~` spelling. Each
 * refusal is counted against its target, normalised as upstream does, so all of these count as
 * one; from the third refusal against one target in a run the model gets `escalationMessage`
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
import { pyStr, pyTruthy } from "../../util/python-text.js";
import { pyStrip } from "../../util/python-space.js";
import { isPlainObject } from "../../util/json.js";

/**
 * The text that replaces a workspace refusal from the third attempt on the same target in one
 * run (upstream's exact text, where "this turn" means the user's turn: the whole run). `target`
 * is shown lower-cased, as the signature holds it.
 *
 * @example
 * {@includeCode ../../../docs/examples/messages.ts#escalation-message}
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

/** How many refusals against one outside target one run gets before the escalation text. */
export const MAX_REPEATED_WORKSPACE_VIOLATIONS = 2;

/** The argument keys that may name the target of a file operation, in the order they are tried. */
const PATH_KEYS = ["path", "file_path", "target", "source", "destination"] as const;

/** The first absolute or `~` path in a shell command. */
const COMMAND_PATH = /(?:^|[\s|>'"])(\/[^\s"'>;|<]+|~[^\s"'>;|<]+)/;

/** The home folder of `~` (from `HOME`, as Python does) or of `~user` (from the user database); null when unknown. */
function homeOf(part: string): string | null {
  let home: string | null;
  if (part === "~") {
    home = process.env["HOME"] ?? userInfo().homedir;
  } else {
    home = passwdHome(part.slice(1));
  }
  if (home === null) return null;
  let end = home.length;
  while (end > 0 && home.charCodeAt(end - 1) === 0x2f) end--;
  return end === 0 ? "/" : home.slice(0, end);
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

/** Longer paths are refused by the kernel (`ENAMETOOLONG`), so they are never looked at. */
const PATH_MAX = 4096;

/**
 * How many characters of paths one normalisation may hand to `lstat` and `readlink`. A real path
 * needs a few hundred; past the budget the rest of the path is taken as written, so a path of a
 * hundred thousand `x/..` steps costs no more than that.
 */
const LOOKUP_BUDGET = 1 << 20;

/**
 * An absolute path as a stack of names, so that `..` is one pop however long the path grows.
 * `dead` is the index of the first name that does not exist (or is not a folder): nothing below
 * it can exist either, so the walk does not ask the file system about it.
 */
class PathStack {
  readonly names: string[] = [];
  /** `ends[i]`: the length of the text of the first `i + 1` names. */
  readonly ends: number[] = [];
  dead = -1;

  /** The length of {@link text}. */
  get length(): number {
    return this.ends.length === 0 ? 1 : (this.ends[this.ends.length - 1] as number);
  }

  text(): string {
    return this.names.length === 0 ? "/" : `/${this.names.join("/")}`;
  }

  push(name: string): void {
    this.ends.push((this.ends.length === 0 ? 0 : (this.ends[this.ends.length - 1] as number)) + 1 + name.length);
    this.names.push(name);
  }

  pop(): void {
    this.names.pop();
    this.ends.pop();
    if (this.dead >= this.names.length) this.dead = -1;
  }

  clone(): PathStack {
    const copy = new PathStack();
    copy.names.push(...this.names);
    copy.ends.push(...this.ends);
    copy.dead = this.dead;
    return copy;
  }
}

/**
 * Resolves every symlink along the absolute `path` that exists, as Python's non-strict
 * `os.path.realpath` does: a missing part and everything after it are kept as written, `..` after
 * a symlink goes to the parent of the link's target, and a symlink loop stops the walk. Linear in
 * the length of `path`: each name is pushed or popped once, the file system is asked only about
 * names whose folder exists, and at most {@link LOOKUP_BUDGET} characters of paths in all.
 */
function looseRealpath(path: string): string {
  const seen = new Map<string, PathStack | null>();
  let budget = LOOKUP_BUDGET;
  const walk = (start: PathStack, rest: string): { stack: PathStack; ok: true } | { text: string; ok: false } => {
    let stack = start;
    let at = 0;
    if (rest.startsWith("/")) {
      at = 1;
      stack = new PathStack();
    }
    // The rest of the path from `at` on; read by index, so no shorter copy is made per name.
    const todo = (): string => rest.slice(at);
    while (at < rest.length) {
      const slash = rest.indexOf("/", at);
      const end = slash < 0 ? rest.length : slash;
      const length = end - at;
      const first = rest.charCodeAt(at);
      if (length === 0 || (length === 1 && first === 0x2e)) {
        at = end + 1;
        continue;
      }
      if (length === 2 && first === 0x2e && rest.charCodeAt(at + 1) === 0x2e) {
        at = end + 1;
        stack.pop();
        continue;
      }
      const name = rest.slice(at, end);
      at = end + 1;
      stack.push(name);
      if (stack.dead >= 0 || budget <= 0) continue;
      if (stack.length >= PATH_MAX) {
        stack.dead = stack.names.length - 1;
        continue;
      }
      const next = stack.text();
      budget -= next.length;
      let isLink = false;
      try {
        const info = lstatSync(next);
        isLink = info.isSymbolicLink();
        if (!isLink && !info.isDirectory()) stack.dead = stack.names.length - 1;
      } catch {
        stack.dead = stack.names.length - 1;
      }
      if (!isLink) continue;
      if (seen.has(next)) {
        const known = seen.get(next);
        if (known !== null && known !== undefined) {
          stack = known.clone();
          continue;
        }
        return { text: posixJoin(next, todo()), ok: false };
      }
      seen.set(next, null);
      const target = readlinkSync(next);
      budget -= target.length;
      stack.pop();
      const inner = walk(stack.clone(), target);
      if (!inner.ok) return { text: posixJoin(inner.text, todo()), ok: false };
      seen.set(next, inner.stack.clone());
      stack = inner.stack;
    }
    return { stack, ok: true };
  };
  const done = walk(new PathStack(), path);
  // A finished walk is already normal: absolute, no empty, `.` or `..` names, no trailing `/`.
  if (done.ok) return done.stack.text();
  const normal = posix.normalize(done.text);
  return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
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
 * {@includeCode ../../../docs/examples/guards.ts#workspace-violation-signature}
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
 * Counts one workspace refusal of the call `name(args)` in `counts` (one map per run), keyed by
 * {@link workspaceViolationSignature}. Returns the escalation text once the target has been
 * refused more than {@link MAX_REPEATED_WORKSPACE_VIOLATIONS} times, else null (and null, with
 * nothing counted, when the arguments name no target).
 *
 * @example
 * {@includeCode ../../../docs/examples/guards.ts#record-workspace-violation}
 */
export function recordWorkspaceViolation(counts: Map<string, number>, name: string, args: unknown): string | null {
  const signature = workspaceViolationSignature(name, args);
  if (signature === null) return null;
  const count = (counts.get(signature) ?? 0) + 1;
  counts.set(signature, count);
  if (count <= MAX_REPEATED_WORKSPACE_VIOLATIONS) return null;
  return escalationMessage(signature.slice("violation:".length), count);
}
