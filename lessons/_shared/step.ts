/**
 * `--step`: wait for a key between steps of a demo, but only when a person is there to press it
 * (stdin is a terminal). Enter or space goes on; `q`, Esc, Ctrl-C and Ctrl-D stop the demo at once,
 * with the terminal restored. Piped, scripted or tested runs never wait; they say once that
 * `--step` needs a terminal.
 *
 * @module
 */
import { clearLine, cursorTo } from "node:readline";
import { dim, say } from "./print.js";

/** True when `--step` can pause: stdin is a terminal. */
export function canPause(): boolean {
  return process.stdin.isTTY === true;
}

/** What a key press means while paused. */
export type StepKey = "next" | "quit" | "interrupt" | "ignore";

/** Reads one key press (raw terminal bytes): Enter/space/`n` go on; `q`/Esc/Ctrl-D quit; Ctrl-C interrupts. */
export function classifyKey(data: Buffer | string): StepKey {
  const text = typeof data === "string" ? data : data.toString("utf8");
  if (text === "\u0003") return "interrupt";
  if (text === "q" || text === "Q" || text === "\u001b" || text === "\u0004") return "quit";
  if (text === "\r" || text === "\n" || text === "\r\n" || text === " " || text === "n") return "next";
  return "ignore";
}

let warnedNoTerminal = false;

/** Says once per process that `--step` was asked for but cannot pause here. */
export function noteStepNeedsTerminal(): void {
  if (warnedNoTerminal) return;
  warnedNoTerminal = true;
  say(dim("(--step needs a terminal to wait for your key presses; stdin is not one, so the demo runs straight through.)"));
}

/** Erases the current line of stdout (the prompt) and puts the cursor back at its start. */
function erasePrompt(): void {
  cursorTo(process.stdout, 0);
  clearLine(process.stdout, 0);
}

/** Ends the process after a quit key: restores the terminal and says so. Ctrl-C exits with 130, like a shell. */
function quit(key: "quit" | "interrupt"): never {
  erasePrompt();
  say(dim(key === "interrupt" ? "Interrupted." : "Stopped. Run it again without --step to see the whole demo at once."));
  process.exit(key === "interrupt" ? 130 : 0);
}

/**
 * Resolves when the user presses Enter (or space), or at once when `enabled` is false or stdin is
 * not a terminal. `q`, Esc, Ctrl-C or Ctrl-D end the demo. The prompt goes to stdout, dimmed, and
 * is erased again before the next step prints.
 */
export async function pauseForEnter(enabled: boolean, prompt = "  (Enter: next step · q: quit)"): Promise<void> {
  if (!enabled) return;
  if (!canPause()) {
    noteStepNeedsTerminal();
    return;
  }
  const stdin = process.stdin;
  process.stdout.write(dim(prompt));
  const key = await new Promise<StepKey>((resolve) => {
    const wasRaw = stdin.isRaw;
    stdin.setRawMode(true);
    stdin.resume();
    const onData = (data: Buffer): void => {
      const meaning = classifyKey(data);
      if (meaning === "ignore") return;
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      stdin.setRawMode(wasRaw);
      stdin.pause();
      resolve(meaning);
    };
    const onEnd = (): void => {
      stdin.off("data", onData);
      stdin.setRawMode(wasRaw);
      resolve("quit");
    };
    stdin.on("data", onData);
    stdin.once("end", onEnd);
  });
  // Erase the prompt so the next step starts on a clean line.
  erasePrompt();
  if (key === "quit" || key === "interrupt") quit(key);
}
