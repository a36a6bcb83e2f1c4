/**
 * Shared pieces of the MCP tests: the hostile server's path, a logger that collects warnings,
 * and a liveness check that counts a zombie (a killed process nobody has reaped yet) as dead.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { McpLogger } from "../../src/mcp/adapter.js";
import { connectStdioMcpServer, type StdioMcpConnection, type StdioMcpServerOptions } from "../../src/mcp/stdio-connection.js";

/** The hostile MCP server script (raw JSON-RPC over stdio). */
export const HOSTILE_SERVER = resolve("test/mcp/hostile-server.mjs");

/**
 * Starts the hostile server with one of its scenarios (`mixed` when none is given) under the name
 * `serverName`: a 10 s start-up limit, a short close grace, and a logger that collects warnings
 * unless `options` gives one.
 */
export function connectHostile(serverName: string, scenario?: string, options: Partial<StdioMcpServerOptions> = {}): Promise<StdioMcpConnection> {
  return connectStdioMcpServer({
    command: process.execPath,
    args: scenario === undefined ? [HOSTILE_SERVER] : [HOSTILE_SERVER, "--scenario", scenario],
    serverName,
    timeoutMs: 10_000,
    closeGraceMs: 300,
    logger: collectingLogger(),
    ...options,
  });
}

/** A logger that keeps every warning. */
export function collectingLogger(): McpLogger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warn: (message) => void warnings.push(message) };
}

/** True while `pid` runs; a zombie counts as gone. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    // Field 3 of /proc/<pid>/stat, after the parenthesised command name, is the state.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/**
 * How much slower `hostile` is than `benign`: the fastest of `rounds` timings of `repeat` calls
 * of each, the two timed in turn so that a busy moment of the machine falls on both alike. For
 * comparing two costs inside one run (a ratio), never against a fixed ceiling.
 */
export function slowdown(hostile: () => unknown, benign: () => unknown, rounds = 9, repeat = 200): number {
  const time = (fn: () => unknown): number => {
    const started = performance.now();
    for (let i = 0; i < repeat; i++) fn();
    return performance.now() - started;
  };
  let fastestHostile = Number.POSITIVE_INFINITY;
  let fastestBenign = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    fastestHostile = Math.min(fastestHostile, time(hostile));
    fastestBenign = Math.min(fastestBenign, time(benign));
  }
  return fastestHostile / Math.max(fastestBenign, 1e-3);
}
