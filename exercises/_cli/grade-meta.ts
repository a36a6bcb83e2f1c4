/**
 * Who and what a grade is about, written into every grade JSON so a class's reports can be put side
 * by side: the learner (the author of the folder's last git commit, else the folder's name), the
 * commit graded and when it was made, when it was graded, and the workbook's version (its
 * `package.json`). A repository made from the Classroom template that the learner never committed
 * to has the template's last commit, so its learner is whoever made that commit (the instructor).
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { basename, join, resolve } from "node:path";

/** The facts of one grade. */
export interface GradeMeta {
  /** The author of the last commit of the learner's folder, or the folder's name when it has no git history of its own. */
  learner: string;
  /** The commit graded (full hash), or null when the folder is not a git repository of its own. */
  commit: string | null;
  /** When it was graded (this run), ISO 8601 (UTC); not when the work was done: that is `committed`. */
  time: string;
  /** When the graded commit was made (its committer date), ISO 8601 (UTC); null when there is no commit. */
  committed: string | null;
  /** The `version` of the graded copy's `package.json` (null when it has none). */
  workbookVersion: string | null;
}

function git(root: string, args: readonly string[]): string | null {
  try {
    return execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } }).trim();
  } catch {
    return null;
  }
}

function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** The `version` field of `<root>/package.json`, or null. */
export function workbookVersionOf(root: string): string | null {
  try {
    const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: unknown }).version;
    return typeof version === "string" ? version : null;
  } catch {
    return null;
  }
}

/**
 * The facts of grading the folder `root` now. Git is asked only about a repository whose top is
 * `root` itself: a folder inside someone else's repository (a class folder kept in git) is named
 * by its folder, not by that repository's last author.
 */
export function gradeMetaOf(root: string, now: Date = new Date()): GradeMeta {
  const top = git(root, ["rev-parse", "--show-toplevel"]);
  const own = top !== null && realOrSame(top) === realOrSame(root);
  const commit = own ? git(root, ["rev-parse", "--verify", "-q", "HEAD"]) : null;
  const author = commit !== null && commit !== "" ? git(root, ["log", "-1", "--format=%an <%ae>"]) : null;
  const made = commit !== null && commit !== "" ? git(root, ["log", "-1", "--format=%ct"]) : null;
  return {
    learner: author !== null && author !== "" ? author : basename(realOrSame(root)),
    commit: commit !== null && commit !== "" ? commit : null,
    time: now.toISOString(),
    committed: made !== null && /^\d+$/.test(made) ? new Date(Number(made) * 1000).toISOString() : null,
    workbookVersion: workbookVersionOf(root),
  };
}
