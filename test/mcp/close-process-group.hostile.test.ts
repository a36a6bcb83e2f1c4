/**
 * A server started through a wrapper (`sh -c`, `npx`, `uvx`) that ignores EOF
 * and SIGTERM outlived `close()`, because only the wrapper was signalled. The server now runs in
 * a process group of its own, and `close()` ends the whole group.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { connectStdioMcpServer } from "../../src/mcp/stdio-connection.js";
import { ProcessGroupStdioTransport } from "../../src/mcp/stdio-transport.js";
import { collectingLogger, HOSTILE_SERVER, isRunning } from "./harness.js";

const posix = process.platform !== "win32";

/** Waits for `path` to hold a pid (the test's timeout is the only limit: a busy machine starts processes late). */
async function pidFrom(path: string): Promise<number> {
  for (;;) {
    const text = await readFile(path, "utf8").catch(() => "");
    if (/^\d+$/.test(text.trim())) return Number(text.trim());
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The signals `close()` sent to process groups, read from a spy on `process.kill` (signal 0 only asks whether a group is alive). */
function signalsSent(kill: { mock: { calls: unknown[][] } }): string[] {
  return kill.mock.calls.filter(([pid, signal]) => typeof pid === "number" && pid < 0 && signal !== 0).map(([, signal]) => String(signal));
}

describe.skipIf(!posix)("hostile input: close() ends the server's whole process group", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "mcp-group-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a server behind sh -c that ignores EOF and SIGTERM does not outlive close()", async () => {
    const pidFile = join(dir, "server.pid");
    // `trap '' TERM` makes the wrapper ignore SIGTERM too; the `; true` keeps sh as a real parent.
    const script = `trap '' TERM; "${process.execPath}" "${HOSTILE_SERVER}" --ignore-eof --ignore-term --pid-file "${pidFile}"; true`;
    const server = await connectStdioMcpServer({ command: "sh", args: ["-c", script], serverName: "g", timeoutMs: 10_000, closeGraceMs: 300, logger: collectingLogger() });
    const serverPid = await pidFrom(pidFile);
    const wrapperPid = server.pid as number;
    expect(serverPid).not.toBe(wrapperPid);
    expect(isRunning(serverPid)).toBe(true);
    expect(server.tools.length).toBeGreaterThan(0);

    const kill = vi.spyOn(process, "kill");
    await server.close();
    // Counted, not timed: stdin closed, then SIGTERM, then SIGKILL to the whole group.
    expect(signalsSent(kill)).toEqual(["SIGTERM", "SIGKILL"]);
    expect(isRunning(serverPid)).toBe(false);
    expect(isRunning(wrapperPid)).toBe(false);
    await server.close(); // a second close is harmless
  }, 30_000);

  it("a well-behaved server ends on EOF without any signal", async () => {
    const pidFile = join(dir, "polite.pid");
    const server = await connectStdioMcpServer({
      command: process.execPath,
      args: [HOSTILE_SERVER, "--pid-file", pidFile],
      serverName: "p",
      timeoutMs: 10_000,
      closeGraceMs: 15_000,
      logger: collectingLogger(),
    });
    const pid = await pidFrom(pidFile);
    const kill = vi.spyOn(process, "kill");
    await server.close();
    // Closing stdin was enough: no signal was sent (counted, not timed against the 15 s grace).
    expect(signalsSent(kill)).toEqual([]);
    expect(isRunning(pid)).toBe(false);
  }, 30_000);

  it("a server that fails to start is stopped with its group too", async () => {
    const pidFile = join(dir, "silent.pid");
    // A child that never answers and ignores EOF and SIGTERM, behind a wrapper: the start-up times
    // out. The wrapper writes the child's pid as soon as it has forked it, so the check below does
    // not depend on how far the child got on a loaded machine.
    const child = `"${process.execPath}" -e "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"`;
    const script = `trap '' TERM; ${child} & echo $! > "${pidFile}"; wait; true`;
    await expect(
      connectStdioMcpServer({ command: "sh", args: ["-c", script], serverName: "s", timeoutMs: 3_000, closeGraceMs: 200, logger: collectingLogger() }),
    ).rejects.toThrow(/could not start/);
    const pid = await pidFrom(pidFile);
    expect(isRunning(pid)).toBe(false);
  }, 30_000);

  it("the transport on its own: close() after the child already exited resolves", async () => {
    const transport = new ProcessGroupStdioTransport({ command: process.execPath, args: ["-e", "process.exit(0)"], closeGraceMs: 200 });
    let closed = 0;
    transport.onclose = () => void closed++;
    await transport.start();
    await new Promise((r) => setTimeout(r, 300));
    await transport.close();
    await transport.close();
    expect(closed).toBe(1);
  });
});
