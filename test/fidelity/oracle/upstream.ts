/**
 * The upstream side of the oracle: one Python process (`upstream_driver.py`) for the whole run,
 * fed batches of inputs on stdin, one JSON line per batch each way.
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface, type Interface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { InputOf, Kind, UpstreamOutputOf, Wire } from "./protocol.js";

const HERE = fileURLToPath(new URL(".", import.meta.url));

/** The driver script. */
export const DRIVER = join(HERE, "upstream_driver.py");

/** What the driver says once upstream's modules are imported. */
export interface Hello {
  python: string;
  upstream: string;
  /** Packages replaced by the stand-ins in `py_stubs/` because they are not installed. */
  stubs: string[];
  /** Packages entered without running their `__init__`. */
  shells: string[];
  pid: number;
}

/** A setup problem the user must fix (exit status 2). */
export class SetupError extends Error {}

/** One input's answer from the driver: upstream's output, or the driver's own crash. */
export type DriverAnswer<K extends Kind> = { ok: true; out: UpstreamOutputOf[K] } | { ok: false; crash: string };

/** The Python interpreter to use: `$NANOBOT_PYTHON`, else `python3`. */
export function pythonCommand(): string {
  return process.env["NANOBOT_PYTHON"] ?? "python3";
}

/** Checks that `path` looks like a nanobot checkout and that Python runs; throws {@link SetupError} otherwise. */
export function checkSetup(path: string): void {
  const root = resolve(path);
  if (!existsSync(join(root, "nanobot", "agent", "tools", "registry.py"))) {
    throw new SetupError(
      `${root} is not a nanobot checkout: nanobot/agent/tools/registry.py is missing.\n` +
        "Give the folder that holds the `nanobot` package: npm run fidelity -- /path/to/nanobot",
    );
  }
  const python = pythonCommand();
  const version = spawnSync(python, ["-c", "import sys; print('%d.%d' % sys.version_info[:2])"], { encoding: "utf8" });
  if (version.error !== undefined || version.status !== 0) {
    throw new SetupError(`cannot run ${python} (${version.error?.message ?? version.stderr.trim()}). Install Python 3.11+ or set NANOBOT_PYTHON.`);
  }
  const [major, minor] = version.stdout.trim().split(".").map(Number);
  if ((major ?? 0) < 3 || (major === 3 && (minor ?? 0) < 11)) {
    throw new SetupError(`${python} is Python ${version.stdout.trim()}; nanobot needs 3.11 or newer. Set NANOBOT_PYTHON to a newer interpreter.`);
  }
}

/** The running driver: send a batch, get one answer per input, in order. */
export class UpstreamDriver {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #lines: Interface;
  readonly #pending: ((line: string | null) => void)[] = [];
  readonly #buffered: string[] = [];
  #stderr = "";
  #closed = false;

  private constructor(child: ChildProcessWithoutNullStreams) {
    this.#child = child;
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-20_000);
    });
    this.#lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    this.#lines.on("line", (line) => {
      const waiter = this.#pending.shift();
      if (waiter !== undefined) waiter(line);
      else this.#buffered.push(line);
    });
    this.#lines.on("close", () => {
      this.#closed = true;
      for (const waiter of this.#pending.splice(0)) waiter(null);
    });
  }

  /** Starts the driver on the checkout at `path` and waits for its hello. */
  static async start(path: string): Promise<{ driver: UpstreamDriver; hello: Hello }> {
    checkSetup(path);
    const child = spawn(pythonCommand(), ["-X", "utf8", DRIVER, resolve(path)], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONIOENCODING: "utf-8" },
    });
    const driver = new UpstreamDriver(child);
    const first = await driver.#nextLine();
    if (first === null) throw new SetupError(`the Python driver exited before starting:\n${driver.#stderr.trim()}`);
    const parsed = JSON.parse(first) as { hello?: Hello; setup_error?: string };
    if (parsed.setup_error !== undefined) throw new SetupError(parsed.setup_error);
    if (parsed.hello === undefined) throw new SetupError(`unexpected first line from the driver: ${first.slice(0, 200)}`);
    return { driver, hello: parsed.hello };
  }

  #nextLine(): Promise<string | null> {
    const line = this.#buffered.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.#closed) return Promise.resolve(null);
    return new Promise((resolvePromise) => this.#pending.push(resolvePromise));
  }

  /** Runs a batch of inputs of one kind through upstream. */
  async run<K extends Kind>(kind: K, inputs: readonly InputOf[K][]): Promise<DriverAnswer<K>[]> {
    const line = JSON.stringify({ batch: inputs.map((input) => ({ kind, input: input as unknown as Wire })) });
    this.#child.stdin.write(line + "\n");
    const answer = await this.#nextLine();
    if (answer === null) throw new Error(`the Python driver stopped:\n${this.#stderr.trim()}`);
    const { outs } = JSON.parse(answer) as { outs: DriverAnswer<K>[] };
    if (outs.length !== inputs.length) throw new Error(`the driver answered ${outs.length} of ${inputs.length} inputs`);
    return outs;
  }

  /** Ends the driver (closing its stdin lets it finish on its own). */
  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    const exited = new Promise<void>((resolvePromise) => this.#child.once("exit", () => resolvePromise()));
    this.#child.stdin.end();
    const timer = setTimeout(() => this.#child.kill("SIGTERM"), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
