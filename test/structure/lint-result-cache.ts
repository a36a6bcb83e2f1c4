/**
 * ESLint's findings, kept for the next `npm test` while nothing they depend on has changed. The
 * type-aware rules read the types of every file the two TypeScript programs hold, so a finding in
 * one file can change when another file changes: ESLint's own per-file cache would miss that. The
 * key here is every file of the workbook that ESLint or the compiler could read (sources, tests,
 * exercises, solutions, configurations, the lock file of the installed versions), so a finding is
 * reused only when none of them changed; any edit lints the whole tree again. The findings live in
 * `node_modules/.cache/workbook-lint/`, one small file per key, the newest few kept.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Folders no lint input lives in: installed, generated or written by runs. */
const SKIPPED = new Set(["node_modules", "coverage", "reports", "test-results", join("docs", "api"), join("docs", "generated")]);
/** Files no lint input is: prose, and the built playground page. */
const SKIPPED_FILE = (path: string): boolean => path.endsWith(".md") || path === join("docs", "playground.html");
/** How many keys' findings are kept. */
const KEPT = 5;

/** The files the findings depend on, relative to `root`, sorted; hidden folders (`.git`, the learner's backups) are left out. */
export function lintInputs(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith(".") && !SKIPPED.has(rel)) walk(path);
      } else if (entry.isFile() && !SKIPPED_FILE(rel)) found.push(rel);
    }
  };
  walk(root);
  return found.sort();
}

/** The key of the tree as it is now: the names and contents of {@link lintInputs}, and the Node version that runs ESLint. */
export function lintKey(root: string): string {
  const hash = createHash("sha256").update(process.version).update("\0");
  for (const rel of lintInputs(root))
    hash
      .update(rel.split(sep).join("/"))
      .update("\0")
      .update(readFileSync(join(root, rel)))
      .update("\0");
  return hash.digest("hex");
}

/** The folder the findings are kept in. */
export function lintCacheDir(root: string): string {
  return join(root, "node_modules", ".cache", "workbook-lint");
}

/**
 * ESLint's findings for the tree as it is now: the kept ones when nothing changed since they were
 * found, otherwise those `lint` finds, kept for next time. `reused` says which.
 */
export async function lintFindings(root: string, lint: () => Promise<string[]>): Promise<{ findings: string[]; reused: boolean }> {
  const dir = lintCacheDir(root);
  const key = lintKey(root);
  const file = join(dir, `${key}.json`);
  try {
    const kept: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (Array.isArray(kept) && kept.every((f) => typeof f === "string")) return { findings: kept, reused: true };
  } catch {
    // Nothing kept for this tree: lint it.
  }
  const findings = await lint();
  // Only a tree that did not change while it was linted is kept under its key.
  if (lintKey(root) === key) {
    try {
      mkdirSync(dir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(findings));
      renameSync(temp, file);
      const older = readdirSync(dir)
        .filter((name) => name.endsWith(".json"))
        .map((name) => ({ name, time: statSync(join(dir, name)).mtimeMs }))
        .sort((a, b) => b.time - a.time)
        .slice(KEPT);
      for (const { name } of older) rmSync(join(dir, name), { force: true });
    } catch {
      // Findings that cannot be kept only cost time on the next run.
    }
  }
  return { findings, reused: false };
}
