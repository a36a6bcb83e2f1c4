/**
 * The lesson runner at the terminal: `--step` keys (Enter goes on; q, Esc, Ctrl-C and Ctrl-D stop
 * cleanly), a piped `--step` that says it needs a terminal, `--step` given without `--` to npm, and
 * the exit code for a lesson that does not exist.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { classifyKey, pauseForEnter } from "../../lessons/_shared/step.js";
import { runLessonCommand, withNpmFlags } from "../../lessons/run.js";

const stdin = process.stdin as NodeJS.ReadStream & { setRawMode?: (mode: boolean) => NodeJS.ReadStream };
// eslint-disable-next-line @typescript-eslint/unbound-method -- saved only to be put back on stdin, never called detached
const saved = { isTTY: stdin.isTTY, setRawMode: stdin.setRawMode };

afterEach(() => {
  stdin.isTTY = saved.isTTY;
  stdin.setRawMode = saved.setRawMode;
  vi.restoreAllMocks();
});

function captureLog(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => void lines.push(parts.map(String).join(" ")));
  return lines;
}

/** Pretends stdin is a terminal, presses `key` once the prompt is up, and reports how the pause ended. */
async function pressDuringPause(key: string): Promise<{ exitCode: number | null; output: string }> {
  stdin.isTTY = true;
  const rawModes: boolean[] = [];
  stdin.setRawMode = (mode: boolean) => {
    rawModes.push(mode);
    return stdin;
  };
  const writes: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (writes.push(String(chunk)), true));
  const lines = captureLog();
  let exitCode: number | null = null;
  vi.spyOn(process, "exit").mockImplementation(((code?: number) => {
    exitCode = code ?? 0;
    throw new Error("exit");
  }) as never);
  const paused = pauseForEnter(true).catch((error: unknown) => {
    if (!(error instanceof Error && error.message === "exit")) throw error;
  });
  stdin.emit("data", Buffer.from(key));
  await paused;
  expect(rawModes[0], "raw mode is switched on while waiting").toBe(true);
  expect(rawModes.at(-1), "and restored afterwards").not.toBe(true);
  return { exitCode, output: [...writes, ...lines].join("\n") };
}

describe("--step keys", () => {
  it("classifies Enter and space as next; q, Esc and Ctrl-D as quit; Ctrl-C as interrupt", () => {
    for (const key of ["\r", "\n", " ", "n"]) expect(classifyKey(key), JSON.stringify(key)).toBe("next");
    for (const key of ["q", "Q", "\u001b", "\u0004"]) expect(classifyKey(key), JSON.stringify(key)).toBe("quit");
    expect(classifyKey("\u0003")).toBe("interrupt");
    expect(classifyKey("x")).toBe("ignore");
  });

  it("Enter goes on to the next step without exiting", async () => {
    const run = await pressDuringPause("\r");
    expect(run.exitCode).toBeNull();
    expect(run.output).toContain("q: quit");
  });

  it("q stops the demo with exit code 0 and says so", async () => {
    const run = await pressDuringPause("q");
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain("Stopped.");
  });

  it("Ctrl-C stops the demo with exit code 130, like a shell", async () => {
    const run = await pressDuringPause("\u0003");
    expect(run.exitCode).toBe(130);
    expect(run.output).toContain("Interrupted.");
  });
});

describe("--step without a terminal", () => {
  it("says once that it needs a terminal, and never waits", async () => {
    stdin.isTTY = false;
    const lines = captureLog();
    const code = await runLessonCommand(["5", "--step"]);
    expect(code).toBe(0);
    const notes = lines.filter((line) => line.includes("--step needs a terminal"));
    expect(notes.length).toBe(1);
  });
});

describe("npm's own flags", () => {
  it("puts back a --step that npm swallowed (npm run lesson 5 --step)", () => {
    expect(withNpmFlags(["5"], { npm_config_step: "true" })).toEqual(["5", "--step"]);
    expect(withNpmFlags(["5", "--step"], { npm_config_step: "true" })).toEqual(["5", "--step"]);
    expect(withNpmFlags(["5"], {})).toEqual(["5"]);
  });
});

describe("a lesson that does not exist", () => {
  it("exits with 2 for 12 as for 99", async () => {
    captureLog();
    expect(await runLessonCommand(["12"])).toBe(2);
    expect(await runLessonCommand(["99"])).toBe(2);
  });
});
