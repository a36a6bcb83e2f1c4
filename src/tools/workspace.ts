/**
 * Confining file tools to the workspace (lesson 7). A path the model gives is resolved against the
 * workspace, through every symlink, and refused when it lands outside. The refusal says so as data
 * (`outside`), which the file built-ins pass on as the `"workspace"` code of their error result, and
 * in its text, upstream's: `Path <path> is outside allowed directory <workspace>` and
 * {@link WORKSPACE_BOUNDARY_NOTE}. Unlike upstream, where `read_file` is confined only when
 * `tools.restrictToWorkspace` is on, every file built-in here is always confined.
 *
 * @module
 */
import { readlink, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { WORKSPACE_BOUNDARY_NOTE } from "./messages.js";
import { hasBrand, REFUSAL_BRAND, type RefusalCode } from "../security/refusal.js";

/** The mark of a {@link WorkspaceViolationError}, shared by every copy of the workbook. */
const WORKSPACE_VIOLATION_BRAND = Symbol.for("tool-calling-workbook.WorkspaceViolationError");

/** The longest path accepted, in characters. */
const MAX_PATH_LENGTH = 4096;

/**
 * A path that would leave the workspace, or cannot be a path at all. Recognised by
 * {@link WorkspaceViolationError.isInstance}, also when it comes from another copy of the workbook.
 */
export class WorkspaceViolationError extends Error {
  /** Names the error so the model reads `WorkspaceViolationError`. */
  override readonly name = "WorkspaceViolationError";
  /**
   * True when the path leads outside the workspace: the refusal the runner counts and, repeated,
   * escalates. False for a path that cannot be used at all (empty, a NUL byte, too long, a loop).
   */
  readonly outside: boolean;
  /** `"workspace"` when the path leads outside the workspace (a security refusal); undefined otherwise. */
  readonly code: RefusalCode | undefined;
  /** Marks a refusal error that carries its code. */
  readonly [REFUSAL_BRAND] = true;
  /** Marks this class, in every copy of the workbook. */
  readonly [WORKSPACE_VIOLATION_BRAND] = true;

  /** Builds the refusal; `outside` says whether the path leads out of the workspace (default false). */
  constructor(message: string, options: { outside?: boolean } = {}) {
    super(message);
    this.outside = options.outside ?? false;
    this.code = this.outside ? "workspace" : undefined;
  }

  /** True for a `WorkspaceViolationError` from this copy of the workbook or another; never throws. */
  static isInstance(value: unknown): value is WorkspaceViolationError {
    return hasBrand(value, WORKSPACE_VIOLATION_BRAND);
  }
}

/**
 * A path as Python's `pathlib` spells it, which is how upstream names the workspace in a refusal:
 * repeated `/` and `.` parts dropped, no trailing `/`, `"."` for an empty path (`..` is kept).
 */
function pythonPathText(path: string): string {
  const lead = path.startsWith("//") && !path.startsWith("///") ? "//" : path.startsWith("/") ? "/" : "";
  const text =
    lead +
    path
      .split("/")
      .filter((part) => part !== "" && part !== ".")
      .join("/");
  return text === "" ? "." : text;
}

/** Upstream's refusal of `path` (as the model wrote it) outside `workspace` (as it was configured). */
function outside(path: string, workspace: string): WorkspaceViolationError {
  const text = `Path ${path} is outside allowed directory ${pythonPathText(workspace)}${WORKSPACE_BOUNDARY_NOTE}`;
  return new WorkspaceViolationError(text, { outside: true });
}

/**
 * True when `target` is `root` or lies inside it. Compares path segments, not string prefixes:
 * `..notes.txt` is a file inside the root, while `..` and `../x` are outside, and `/ws-other` is
 * not inside `/ws`. Both paths should be absolute and already resolved (`realpath`) when symlinks
 * matter.
 */
export function isPathInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  if (rel === "") return true;
  if (isAbsolute(rel)) return false;
  const first = rel.split(sep, 1)[0];
  return first !== "..";
}

const isInside = isPathInside;

/** The real path of the deepest part of `target` that exists, with the rest appended. */
async function realpathOfExisting(target: string): Promise<string> {
  const rest: string[] = [];
  let current = target;
  let hops = 0;
  for (;;) {
    try {
      const real = await realpath(current);
      return rest.length === 0 ? real : join(real, ...rest.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ELOOP") throw new WorkspaceViolationError(`Path ${target} is a symlink loop`);
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      // A dangling symlink: follow it by hand, or writing through it would land where it points.
      const link = await readlink(current).catch(() => null);
      if (link !== null) {
        if (++hops > 40) throw new WorkspaceViolationError(`Path ${target} is a symlink loop`);
        current = resolve(dirname(current), link);
        continue;
      }
      const parent = dirname(current);
      if (parent === current) return target;
      rest.push(basename(current));
      current = parent;
    }
  }
}

/**
 * Resolves `path` (relative to the workspace, or absolute inside it) to a real absolute path
 * inside the workspace, following symlinks. Throws {@link WorkspaceViolationError} for an empty
 * or non-string path, a NUL byte, an over-long path, a `..` escape (with `/` or `\`), an absolute
 * path elsewhere, a symlink leading out, or a symlink loop.
 */
export async function resolveInWorkspace(workspace: string, path: unknown): Promise<string> {
  if (typeof path !== "string" || path === "") {
    throw new WorkspaceViolationError("Path must be a non-empty string");
  }
  if (path.includes("\0")) throw new WorkspaceViolationError("Path contains a NUL byte");
  if (path.length > MAX_PATH_LENGTH) {
    throw new WorkspaceViolationError(`Path is ${path.length} characters long; at most ${MAX_PATH_LENGTH} are allowed`);
  }
  const root = await realpathOfExisting(resolve(workspace));
  // A backslash is a separator on Windows; elsewhere a `..` between backslashes is still refused.
  if (sep === "/" && path.split(/[\\/]/).includes("..")) {
    const normal = resolve(root, path.replace(/\\/g, "/"));
    if (!isInside(root, normal)) throw outside(path, workspace);
  }
  const target = resolve(root, path);
  if (!isInside(root, target)) throw outside(path, workspace);
  const real = await realpathOfExisting(target);
  if (!isInside(root, real)) throw outside(path, workspace);
  return real;
}
