/**
 * Examples for the texts the model reads (`src/tools/messages.ts`) and the reference to a result
 * saved to a file (`src/agent/results/tool-message.ts`). The reference shows each region; `tsc` checks this
 * file and `test/docs/examples.test.ts` runs every function it exports.
 */
import { escalationMessage, maxIterationsMessage, persistedReference } from "../../src/index.js";

/** The refusal after repeated attempts to leave the workspace. */
export async function escalation(): Promise<void> {
  // #region escalation-message
  escalationMessage("/users/x/secret.md", 3);
  // "Error: refusing repeated workspace-bypass attempts.\nYou have tried to access '/users/x/secret.md' …"
  // #endregion escalation-message
}

/** The fallback answer when the run stops at its iteration limit, default and custom. */
export async function maxIterations(): Promise<void> {
  // #region max-iterations-message
  maxIterationsMessage(3);
  // "I reached the maximum number of tool call iterations (3) without completing the task. You can try …"
  maxIterationsMessage(3, "Stopped after {max_iterations} rounds."); // "Stopped after 3 rounds."
  // #endregion max-iterations-message
}

/** What the model reads instead of a result too large for its context. */
export async function persisted(): Promise<void> {
  // #region persisted-reference
  persistedReference("/ws/.tool-results/default/call_1.txt", "x".repeat(5000));
  // "[tool output persisted]\nFull output saved to: /ws/.tool-results/default/call_1.txt\n
  //  Original size: 5000 chars\nPreview:\nxxxx…\n...\n(Read the saved file if you need the full output.)"
  // #endregion persisted-reference
}
