/**
 * Every process the learner CLI starts ends with it. `exercise`, `progress`, `grade` and
 * `grade-class` start children of their own (the native type checker, the esbuild service vite
 * starts, a vitest when the quick path is not taken); a grade stopped by GitHub Classroom's time
 * limit (SIGTERM), by Ctrl+C (SIGINT) or by a closed terminal (SIGHUP) would otherwise leave them
 * running. When one of those signals comes, or the command ends, every child it started, and every
 * process under them that the system lists (`/proc`, on Linux), is killed before the command exits
 * with 128 + the signal's number.
 *
 * @module
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { constants } from "node:os";

/** The children started and not yet ended. */
const live = new Set<ChildProcess>();

/** Keeps `child` until it ends, so a stop ends it too; returns it. */
export function trackChild<T extends ChildProcess>(child: T): T {
  live.add(child);
  child.once("exit", () => live.delete(child));
  child.once("error", () => live.delete(child));
  return child;
}

/** One running process: its id and its parent's. */
export interface ProcessEntry {
  /** The process id. */
  pid: number;
  /** Its parent's id. */
  ppid: number;
}

/**
 * The ids of every process under `root` in `table` (children, their children, and so on), parents
 * before their children. A pure rule: `root` itself is never in it, and a loop in the table ends.
 */
export function descendantsOf(root: number, table: readonly ProcessEntry[]): number[] {
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const seen = new Set<number>([root]);
  const queue = [root];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of children.get(next) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * The parent of a process from the text of its `/proc/<pid>/stat`, or null. The command name (in
 * brackets) may hold spaces and brackets, so the fields are read after its last `)`.
 */
export function parentFromStat(stat: string): number | null {
  const close = stat.lastIndexOf(")");
  if (close < 0) return null;
  const fields = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) && ppid >= 0 ? ppid : null;
}

/** The running processes as `/proc` lists them (Linux); empty where there is no `/proc`. */
export function processTable(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  const table: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = parentFromStat(readFileSync(`/proc/${name}/stat`, "utf8"));
      if (ppid !== null) table.push({ pid: Number(name), ppid });
    } catch {
      // It ended while the table was read.
    }
  }
  return table;
}

/**
 * Kills every child started here and, with `all`, every process under this one that the system
 * lists (the children of children too); returns how many were signalled.
 */
export function stopChildren(all = true): number {
  const pids = new Set<number>(all ? descendantsOf(process.pid, processTable()) : []);
  for (const child of live) if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) pids.add(child.pid);
  let signalled = 0;
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
      signalled++;
    } catch {
      // It had ended already.
    }
  }
  live.clear();
  return signalled;
}

/** The signals that stop a command: Classroom's time limit, Ctrl+C, a closed terminal. */
export const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

let installed = false;

/**
 * From now on, a stop signal ends every process under this one and then this process (exit status
 * 128 + the signal's number; a command that listens for the signal itself, `--watch`, exits its own way); the process's own end ends the children it started (the quick way: no
 * process table read). Calling it again changes nothing.
 */
export function endChildrenOnStop(): void {
  if (installed) return;
  installed = true;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      stopChildren();
      // A command with a stop of its own (`--watch` closes its vitest and exits with 0) ends itself.
      if (process.listenerCount(signal) <= 1) process.exit(128 + (constants.signals[signal] ?? 0));
    });
  }
  process.on("exit", () => {
    stopChildren(false);
  });
}
