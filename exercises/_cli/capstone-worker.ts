/**
 * The worker thread the capstone runs in (`./capstone-thread.js`). The capstone runs the learner's
 * nine answers, so a `while` whose index never moves can hold the thread that runs it: here that is
 * this thread, and the main thread stays free to keep the deadline and to answer Ctrl+C.
 *
 * It does what it is started with (`workerData`): the capstone's verdict for `npm run progress` and
 * `npm run grade`, or the capstone command (`npm run exercise 10`). It posts `graded` once the
 * scripted scenarios are judged (the command may then go on to a real model, for as long as that
 * takes), and one last message with the answer.
 *
 * @module
 */
import { parentPort, workerData } from "node:worker_threads";
import { runCapstoneCommand } from "./capstone-command.js";
import type { CapstoneMessage, CapstoneRequest } from "./capstone-thread.js";
import { capstoneVerdict } from "./capstone-verdict.js";

const request = workerData as CapstoneRequest;
const post = (message: CapstoneMessage): void => parentPort?.postMessage(message);

// What this thread prints reaches the terminal through the main thread: it colours as that thread would.
if (request.terminal) Object.defineProperty(process.stdout, "isTTY", { value: true });

try {
  if (request.kind === "verdict") {
    const verdict = await capstoneVerdict(request.dir);
    post({ kind: "verdict", verdict });
  } else {
    const code = await runCapstoneCommand(request.argv, () => post({ kind: "graded" }));
    post({ kind: "exit", code });
  }
} catch (error) {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
}
