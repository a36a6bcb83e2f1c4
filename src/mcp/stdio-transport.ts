/**
 * An MCP stdio transport that owns its whole process group (lesson 9). Servers are often started
 * through a wrapper (`sh -c`, `npx`, `uvx`), so the process we spawn is not the server: stopping
 * only it leaves the real server running. This transport starts the child in a process group of
 * its own and, on `close()`, ends the group: first stdin is closed (a well-behaved server exits),
 * then the group gets SIGTERM, then SIGKILL. On Windows, where there are no process groups, only
 * the child is signalled.
 *
 * It speaks the same newline-delimited JSON-RPC as the SDK's `StdioClientTransport`, using the
 * SDK's own reader and writer.
 *
 * @module
 */
import { spawn, type ChildProcess } from "node:child_process";
import { PassThrough } from "node:stream";
import type { ReadBuffer } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { sleep } from "../util/async.js";
import { sdkStdio } from "./sdk.js";

/** How to start the server process. */
export interface ProcessGroupStdioOptions {
  /** The program to run. */
  command: string;
  /** Its arguments. */
  args?: string[];
  /** The child's working directory. */
  cwd?: string;
  /** Variables added to the SDK's safe subset of the current environment. */
  env?: Record<string, string>;
  /** How long `close()` waits after closing stdin, and again after SIGTERM. Default 2000 ms. */
  closeGraceMs?: number;
}

const USE_GROUPS = process.platform !== "win32";
const POLL_MS = 25;
/** How long `close()` waits for Node to report the exit of a child whose group is already gone. */
const REAP_WAIT_MS = 1_000;
const CLOSED_BEFORE_START = "the transport was closed before the server was started";

/** Resolves when `child` emits `event`, or after {@link REAP_WAIT_MS} at the latest, so `close()` never hangs. */
function once(child: ChildProcess, event: "exit" | "close"): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, REAP_WAIT_MS);
    function done(): void {
      clearTimeout(timer);
      child.off(event, done);
      resolve();
    }
    child.once(event, done);
  });
}

/** Process groups still running, killed if this process exits without closing them. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroupsOnExit(): void {
  for (const pgid of liveGroups) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * A client transport over a child's stdin and stdout whose `close()` ends the child's whole
 * process group. Pass it to `client.connect()`; {@link connectStdioMcpServer} does.
 */
export class ProcessGroupStdioTransport implements Transport {
  /** Called once, when the connection has ended. */
  onclose?: () => void;
  /** Called on a transport error (a bad message, a broken pipe). */
  onerror?: (error: Error) => void;
  /** Called with each message from the server. */
  onmessage?: (message: JSONRPCMessage) => void;

  /** The child's stderr, available before `start()` so no early output is lost. */
  readonly stderr = new PassThrough();

  readonly #options: ProcessGroupStdioOptions;
  // The SDK's framing is loaded by start(), so importing this module costs nothing until a
  // server is actually started.
  #buffer: ReadBuffer | undefined;
  #serialize: ((message: JSONRPCMessage) => string) | undefined;
  #started = false;
  #child: ChildProcess | undefined;
  #closing: Promise<void> | undefined;
  #ended = false;
  #childClosed = false;

  /** Prepares the transport; nothing runs until `start()`. */
  constructor(options: ProcessGroupStdioOptions) {
    this.#options = options;
  }

  /** The child's pid (and its process group's id), once started. */
  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  /**
   * Spawns the child in its own process group; rejects when it cannot be spawned, or when
   * `close()` came first (even while the SDK was still loading): then nothing is spawned.
   */
  async start(): Promise<void> {
    if (this.#started) throw new Error("ProcessGroupStdioTransport already started");
    this.#started = true;
    if (this.#closing !== undefined) throw new Error(CLOSED_BEFORE_START);
    const { framing, getDefaultEnvironment } = await sdkStdio();
    // Closed while the SDK was loading: nothing may be spawned now, since nobody would stop it.
    if (this.#closing !== undefined) throw new Error(CLOSED_BEFORE_START);
    const buffer = new framing.ReadBuffer();
    this.#buffer = buffer;
    this.#serialize = framing.serializeMessage;
    return new Promise((resolve, reject) => {
      const child = spawn(this.#options.command, this.#options.args ?? [], {
        env: { ...getDefaultEnvironment(), ...this.#options.env },
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
        detached: USE_GROUPS,
        windowsHide: true,
        ...(this.#options.cwd === undefined ? {} : { cwd: this.#options.cwd }),
      });
      this.#child = child;
      child.on("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => {
        if (USE_GROUPS && child.pid !== undefined) {
          liveGroups.add(child.pid);
          if (!exitHookInstalled) {
            exitHookInstalled = true;
            process.on("exit", killGroupsOnExit);
          }
        }
        resolve();
      });
      child.on("close", () => {
        this.#childClosed = true;
        this.#end();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        if (this.#ended) return;
        try {
          buffer.append(chunk);
        } catch (error) {
          this.onerror?.(error as Error);
          void this.close();
          return;
        }
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = buffer.readMessage();
          } catch (error) {
            this.onerror?.(error as Error);
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr?.pipe(this.stderr);
    });
  }

  /** Writes one message to the child's stdin. */
  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    const serialize = this.#serialize;
    if (stdin === undefined || stdin === null || serialize === undefined || this.#closing !== undefined) {
      return Promise.reject(new Error("Not connected"));
    }
    return new Promise((resolve) => {
      if (stdin.write(serialize(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /**
   * Ends the connection and every process in the child's group: closes stdin, waits up to
   * `closeGraceMs` for the group to exit, sends SIGTERM to the group, waits again, then sends
   * SIGKILL. Safe to call more than once; later calls wait for the first.
   */
  close(): Promise<void> {
    this.#closing ??= this.#stop();
    return this.#closing;
  }

  async #stop(): Promise<void> {
    const child = this.#child;
    const pid = child?.pid;
    if (child === undefined || pid === undefined) {
      if (child !== undefined) {
        this.#release(child);
        await this.#closed(child);
      }
      this.#end();
      return;
    }
    const grace = this.#options.closeGraceMs ?? 2_000;
    try {
      child.stdin?.end();
    } catch {
      // the pipe is already gone
    }
    if (!(await this.#waitGone(child, pid, grace))) {
      this.#signal(child, pid, "SIGTERM");
      if (!(await this.#waitGone(child, pid, grace))) {
        this.#signal(child, pid, "SIGKILL");
        await this.#waitGone(child, pid, 1_000);
      }
    }
    await this.#reaped(child);
    liveGroups.delete(pid);
    this.#buffer?.clear();
    this.#release(child);
    await this.#closed(child);
    this.#end();
  }

  /** Closes the child's pipes, so nothing of it keeps Node running. */
  #release(child: ChildProcess): void {
    child.stdin?.destroy();
    child.stdout?.destroy();
    child.stderr?.destroy();
  }

  /** Waits (briefly) until Node has seen the child exit, so it is reaped, not left a zombie. */
  async #reaped(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await once(child, "exit");
  }

  /**
   * Waits (briefly) for the child's `close` event, which Node emits once the process has exited
   * and its pipes are closed, then until the event loop has run its close callbacks (they come
   * after `setImmediate` callbacks, so two turns), so that the process and pipe handles are gone
   * by the time `close()` resolves.
   */
  async #closed(child: ChildProcess): Promise<void> {
    if (!this.#childClosed) await once(child, "close");
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  }

  #signal(child: ChildProcess, pid: number, signal: NodeJS.Signals): void {
    try {
      if (USE_GROUPS) process.kill(-pid, signal);
      else child.kill(signal);
    } catch {
      // nothing left to signal
    }
  }

  /** True while any process of the group is left (on Windows: while the child runs). */
  #alive(child: ChildProcess, pid: number): boolean {
    if (!USE_GROUPS) return child.exitCode === null && child.signalCode === null;
    try {
      process.kill(-pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  }

  /** Waits until the group is gone or `ms` have passed; true when it is gone. */
  async #waitGone(child: ChildProcess, pid: number, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (this.#alive(child, pid)) {
      if (Date.now() >= deadline) return false;
      await sleep(POLL_MS);
    }
    return true;
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.onclose?.();
  }
}
