/**
 * Giving up on a stdio MCP server leaves nothing behind. A start used to load the SDK outside its
 * time limit, and a transport closed while the SDK was still loading went on to spawn the server
 * once the load finished: nobody owned that child, and its pipes kept Node from exiting. Now the
 * time limit covers every step, a step never begins once the start was given up, and a spawned
 * server is stopped, reaped and its pipes closed. Each path that gives up (time-out, abort, error)
 * is checked here by what is left: whether the server was ever spawned, whether its process still
 * exists, and how many child processes and pipes this process still holds.
 *
 * The SDK loads are slowed through the seam every SDK import goes through (`src/mcp/sdk.ts`), and
 * `spawn` is watched where the transport imports it.
 */
import { existsSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sdkClient, sdkStdio } from "../../src/mcp/sdk.js";
import { connectStdioMcpServer } from "../../src/mcp/stdio-connection.js";
import { deferred, tick, type Deferred } from "../../src/testing/index.js";
import { collectingLogger, HOSTILE_SERVER, isRunning } from "./harness.js";

const gates = vi.hoisted(() => ({ client: null as Promise<void> | null, stdio: null as Promise<void> | null }));

vi.mock("../../src/mcp/sdk.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/mcp/sdk.js")>();
  return {
    ...real,
    sdkClient: async () => {
      if (gates.client !== null) await gates.client;
      return real.sdkClient();
    },
    sdkStdio: async () => {
      if (gates.stdio !== null) await gates.stdio;
      return real.sdkStdio();
    },
  };
});

vi.mock("node:child_process", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:child_process")>();
  return { ...real, spawn: vi.fn(real.spawn) };
});

const { spawn } = await import("node:child_process");
const spawned = vi.mocked(spawn);

/** How many child processes and pipes this process holds open. */
function openHandles(): { processes: number; pipes: number } {
  const info = process.getActiveResourcesInfo();
  return { processes: info.filter((r) => r === "ProcessWrap").length, pipes: info.filter((r) => r === "PipeWrap").length };
}

/** A server that never answers: the start can only time out or be aborted. */
const SILENT = { command: process.execPath, args: ["-e", "process.stdin.resume(); setInterval(() => {}, 1000)"], closeGraceMs: 200 };

/** Opens `gate` (when it was set) and lets a start that was waiting on it run on. */
async function release(gate: Deferred<void> | null): Promise<void> {
  gate?.resolve();
  for (let i = 0; i < 20; i++) await tick(5);
}

beforeAll(async () => {
  // Loaded once here, so that a test that gives up after the spawn reaches the spawn however busy
  // the machine is (a test that gives up during the load sets its own gate).
  await Promise.all([sdkClient(), sdkStdio()]);
}, 60_000);

afterEach(() => {
  gates.client = null;
  gates.stdio = null;
  spawned.mockClear();
});

describe("hostile input: a start given up while the SDK is still loading spawns nothing", () => {
  it.each([
    ["the transport's part of the SDK", "stdio"],
    ["the client's part of the SDK", "client"],
  ] as const)("time-out while %s loads: rejects, and no server is ever spawned", async (_what, which) => {
    const before = openHandles();
    const gate = deferred();
    gates[which] = gate.promise;
    await expect(connectStdioMcpServer({ ...SILENT, serverName: "slow", timeoutMs: 200, logger: collectingLogger() })).rejects.toThrow("MCP server 'slow' could not start");
    await release(gate);
    expect(spawned).not.toHaveBeenCalled();
    expect(openHandles()).toEqual(before);
  });

  it("abort while the SDK loads: rejects at once, and no server is ever spawned", async () => {
    const before = openHandles();
    const gate = deferred();
    gates.stdio = gate.promise;
    const controller = new AbortController();
    const start = connectStdioMcpServer({ ...SILENT, serverName: "stop", timeoutMs: 60_000, signal: controller.signal, logger: collectingLogger() });
    await tick(20);
    controller.abort();
    await expect(start).rejects.toThrow("MCP server 'stop' could not start (");
    await expect(start).rejects.toThrow("the start was aborted");
    await release(gate);
    expect(spawned).not.toHaveBeenCalled();
    expect(openHandles()).toEqual(before);
  });

  it("a signal aborted before the start: nothing is loaded into a child, nothing spawned", async () => {
    await expect(connectStdioMcpServer({ ...SILENT, serverName: "never", signal: AbortSignal.abort(), logger: collectingLogger() })).rejects.toThrow("the start was aborted");
    expect(spawned).not.toHaveBeenCalled();
  });
});

describe("hostile input: a start given up after the server was spawned leaves no process and no pipe", () => {
  /** The pid of the one child spawned in this test. */
  const childPid = (): number => {
    expect(spawned).toHaveBeenCalledTimes(1);
    const pid = (spawned.mock.results[0]?.value as { pid?: unknown } | undefined)?.pid;
    expect(typeof pid).toBe("number");
    return pid as number;
  };

  it("time-out: the silent server is killed and reaped, its pipes closed", async () => {
    const before = openHandles();
    await expect(connectStdioMcpServer({ ...SILENT, serverName: "silent", timeoutMs: 1_500, logger: collectingLogger() })).rejects.toThrow("did not answer within 1500 ms");
    const pid = childPid();
    expect(isRunning(pid)).toBe(false);
    expect(existsSync(`/proc/${pid}`)).toBe(false); // reaped: not even a zombie is left
    expect(openHandles()).toEqual(before);
  });

  it("abort: the same", { timeout: 60_000 }, async () => {
    const before = openHandles();
    const controller = new AbortController();
    const start = connectStdioMcpServer({ ...SILENT, serverName: "silent", timeoutMs: 60_000, signal: controller.signal, logger: collectingLogger() });
    while (spawned.mock.calls.length === 0) await tick(5);
    controller.abort();
    await expect(start).rejects.toThrow("the start was aborted");
    const pid = childPid();
    expect(isRunning(pid)).toBe(false);
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    expect(openHandles()).toEqual(before);
  });

  it("error: a server that exits at once is reaped, its pipes closed", async () => {
    const before = openHandles();
    await expect(
      connectStdioMcpServer({
        command: process.execPath,
        args: ["-e", "process.exit(3)"],
        serverName: "dies",
        timeoutMs: 10_000,
        closeGraceMs: 200,
        logger: collectingLogger(),
      }),
    ).rejects.toThrow("MCP server 'dies' could not start");
    const pid = childPid();
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    expect(openHandles()).toEqual(before);
  });

  it("error: a command that does not exist leaves no pipe", async () => {
    const before = openHandles();
    await expect(connectStdioMcpServer({ command: "/no/such/mcp-server", serverName: "none", timeoutMs: 10_000, logger: collectingLogger() })).rejects.toThrow(
      "MCP server 'none' could not start",
    );
    await tick(20);
    expect(openHandles()).toEqual(before);
  });

  it("a server that answers is still connected as before", async () => {
    const server = await connectStdioMcpServer({
      command: process.execPath,
      args: [HOSTILE_SERVER],
      serverName: "h",
      timeoutMs: 10_000,
      closeGraceMs: 300,
      logger: collectingLogger(),
    });
    const pid = childPid();
    expect(server.tools.length).toBeGreaterThan(0);
    await server.close();
    expect(existsSync(`/proc/${pid}`)).toBe(false);
  });
});
