/**
 * Saving large results in the workspace (lesson 8). A result longer than the limit is written to
 * `<workspace>/.tool-results/<session>/<call id>.txt`, and the model gets a short reference with a
 * preview instead (see `buildToolMessage`). Old sessions' folders are cleared away as new results
 * are saved.
 *
 * Saving never leaves the workspace: a `.tool-results` or session folder that is a symlink (or
 * not a folder) is never written through, an existing file is never overwritten or reused for a
 * different text, and clean-up removes only what the runner itself wrote. This module needs
 * Node's file system; the message builder imports it only when a result has to be saved.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { link, lstat, mkdir, open, readdir, realpath, rename, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isPathInside } from "../../tools/workspace.js";

/** The folder, under the workspace, that holds persisted results (one sub-folder per session). */
export const TOOL_RESULTS_DIR = ".tool-results";

/**
 * The empty file the runner puts in each session folder it creates. Clean-up only ever touches
 * folders that hold it, so a folder someone else put under `.tool-results` is left alone.
 */
export const TOOL_RESULT_BUCKET_MARKER = ".created-by-runner";

/**
 * Makes a session key or call id safe as a file name: each of `< > : " / \ | ? *` and every
 * control character becomes `_`, then the ends are trimmed; an empty result, `.` or `..` become `_`.
 *
 * @example
 * {@includeCode ../../../docs/examples/results.ts#safe-file-name}
 */
export function safeFileName(name: string): string {
  const cleaned = String(name)
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f]/g, "_")
    .trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "_" : cleaned;
}

function errorCode(thrown: unknown): unknown {
  return (thrown as { code?: unknown } | null)?.code;
}

/**
 * Makes sure `parent/name` is a real folder (created when missing), never a symlink or a file.
 * Returns whether this call created it.
 */
async function ensurePlainFolder(path: string): Promise<boolean> {
  let created = true;
  try {
    await mkdir(path);
  } catch (thrown) {
    if (errorCode(thrown) !== "EEXIST") throw thrown;
    created = false;
  }
  const info = await lstat(path);
  if (info.isSymbolicLink() || !info.isDirectory()) {
    throw new Error(`${path} is not a plain folder (a symlink or a file); results are not saved through it`);
  }
  return created;
}

/** True when `path` is a regular file (not a symlink) holding exactly `text`. */
async function holdsText(path: string, text: string): Promise<boolean> {
  const info = await lstat(path).catch(() => null);
  if (info === null || !info.isFile() || info.size !== Buffer.byteLength(text, "utf8")) return false;
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch(() => null);
  if (handle === null) return false;
  try {
    return (await handle.readFile("utf8")) === text;
  } finally {
    await handle.close();
  }
}

/** The most file names tried for one call id before a random one is used. */
const MAX_NAME_TRIES = 100;

/**
 * Saves a large result as `<workspace>/.tool-results/<session>/<call id>.txt` and returns that
 * path (`<session>` is the safe session key, or `default`).
 *
 * - The text goes to a temporary file first, which is flushed and then linked into place, so a
 *   reader never sees half a file.
 * - An existing file is never overwritten. When it already holds this very text (the same
 *   result saved again), its path is returned; when it holds another text (a call id used
 *   twice), the result is saved as `<call id>.2.txt`, `<call id>.3.txt`, …, so a reference
 *   never points at another result's file.
 * - Nothing is written outside the workspace: the workspace must exist, and a `.tool-results`
 *   or session folder that is a symlink or a file is refused, as is a target file that is a
 *   symlink (the next name is used).
 *
 * Rejects when the file cannot be written safely; the caller then truncates instead.
 *
 * @example
 * {@includeCode ../../../docs/examples/results.ts#persist-tool-result}
 */
export async function persistToolResult(opts: { workspace: string; sessionKey?: string; callId: string; text: string }): Promise<string> {
  const bucket = safeFileName(opts.sessionKey === undefined || opts.sessionKey === "" ? "default" : opts.sessionKey);
  const base = safeFileName(opts.callId);
  // The workspace must exist (it is never created here); a file instead of a folder fails at mkdir.
  const workspace = await realpath(opts.workspace);
  const root = join(workspace, TOOL_RESULTS_DIR);
  await ensurePlainFolder(root);
  const dir = join(root, bucket);
  if (await ensurePlainFolder(dir)) await writeFile(join(dir, TOOL_RESULT_BUCKET_MARKER), "", { flag: "wx" }).catch(() => undefined);
  if (!isPathInside(workspace, await realpath(dir))) throw new Error(`${dir} resolves outside the workspace`);
  // Best effort: old sessions' results are cleared away, and a failure here never blocks saving.
  await pruneToolResultBuckets(root, bucket).catch(() => undefined);

  const shown = (name: string): string => join(opts.workspace, TOOL_RESULTS_DIR, bucket, name);
  let temp: string | null = null;
  try {
    for (let attempt = 1; ; attempt++) {
      const name = attempt === 1 ? `${base}.txt` : attempt <= MAX_NAME_TRIES ? `${base}.${attempt}.txt` : `${base}.${randomUUID()}.txt`;
      const target = join(dir, name);
      const existing = await lstat(target).catch(() => null);
      if (existing !== null) {
        if (await holdsText(target, opts.text)) return shown(name);
        continue;
      }
      if (temp === null) {
        temp = join(dir, `.${base}.${randomUUID()}.tmp`);
        const handle = await open(temp, "wx");
        try {
          await handle.writeFile(opts.text, "utf8");
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
      try {
        // link() fails instead of replacing an existing file: the "never overwrite" rule, atomically.
        await link(temp, target);
        return shown(name);
      } catch (thrown) {
        if (errorCode(thrown) === "EEXIST") {
          if (await holdsText(target, opts.text)) return shown(name);
          continue;
        }
        // Some file systems have no hard links; fall back to a rename when the target is still free.
        if ((await lstat(target).catch(() => null)) !== null) {
          if (await holdsText(target, opts.text)) return shown(name);
          continue;
        }
        await rename(temp, target);
        temp = null;
        return shown(name);
      }
    }
  } finally {
    if (temp !== null) await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** Session folders of persisted results older than this are removed. */
const TOOL_RESULT_BUCKET_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many other session folders are kept, newest first. */
const TOOL_RESULT_MAX_OTHER_BUCKETS = 31;

/** True for a file name the runner writes in a session folder. */
function isRunnerFile(name: string): boolean {
  return name === TOOL_RESULT_BUCKET_MARKER || name.endsWith(".txt") || name.endsWith(".tmp");
}

/** Deletes the runner's own files in one session folder, then the folder if that emptied it. */
async function removeBucket(path: string): Promise<boolean> {
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (!entry.isFile() || !isRunnerFile(entry.name)) continue;
    await unlink(join(path, entry.name)).catch(() => undefined);
  }
  try {
    await rmdir(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes stale session folders under `root` (the `.tool-results` folder): every folder other
 * than `keep` whose last change is older than {@link TOOL_RESULT_BUCKET_MAX_AGE_MS}, then the
 * oldest ones beyond {@link TOOL_RESULT_MAX_OTHER_BUCKETS}. The current session's folder is never
 * removed. Only what the runner created is touched: `root` and the folders must be real folders
 * (never symlinks), a folder must hold `TOOL_RESULT_BUCKET_MARKER`, and inside it only
 * regular `.txt`/`.tmp` files and the marker are deleted; a folder that still holds anything
 * else stays. Returns the names of the folders removed.
 */
export async function pruneToolResultBuckets(root: string, keep: string, now: number = Date.now()): Promise<string[]> {
  const rootInfo = await lstat(root);
  if (rootInfo.isSymbolicLink() || !rootInfo.isDirectory()) return [];
  const entries = await readdir(root, { withFileTypes: true });
  const others: { name: string; mtime: number }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === keep) continue;
    const path = join(root, entry.name);
    const info = await lstat(path).catch(() => null);
    if (info === null || !info.isDirectory()) continue;
    const marker = await lstat(join(path, TOOL_RESULT_BUCKET_MARKER)).catch(() => null);
    if (marker === null || !marker.isFile()) continue;
    others.push({ name: entry.name, mtime: info.mtimeMs });
  }
  others.sort((a, b) => b.mtime - a.mtime);
  const removed: string[] = [];
  for (const [index, bucket] of others.entries()) {
    if (now - bucket.mtime <= TOOL_RESULT_BUCKET_MAX_AGE_MS && index < TOOL_RESULT_MAX_OTHER_BUCKETS) continue;
    if (await removeBucket(join(root, bucket.name))) removed.push(bucket.name);
  }
  return removed;
}
