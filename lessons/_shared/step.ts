/**
 * `--step`: wait for Enter between steps of a demo, but only when a person is there to press it
 * (stdin is a terminal). Piped, scripted or tested runs never wait.
 *
 * @module
 */
import { createInterface } from "node:readline";

/** True when `--step` can pause: stdin is a terminal. */
export function canPause(): boolean {
  return process.stdin.isTTY === true;
}

/**
 * Resolves when the user presses Enter, or at once when `enabled` is false or stdin is not a
 * terminal. The prompt goes to stdout, dimmed.
 */
export async function pauseForEnter(enabled: boolean, prompt = "  (press Enter for the next step)"): Promise<void> {
  if (!enabled || !canPause()) return;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    await new Promise<void>((resolve) => {
      rl.question(prompt, () => resolve());
      rl.once("close", () => resolve());
    });
  } finally {
    rl.close();
  }
}
