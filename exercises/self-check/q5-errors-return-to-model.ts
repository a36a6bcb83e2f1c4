/**
 * Self-check question 5: Why can an ordinary tool error return to the model?
 *
 * Answer by predicting what the real code in `src/` does, then pick a reason. Replace each `null`.
 * Check it with `npm run exercise q5`; the explanation is shown once your answer is right.
 * Lessons 7 and 8 (and `src/tools/registry.ts`, `src/agent/call.ts`) have what you need.
 */

/** Your answer: three predictions about the real `src/` and one reason. */
export interface Answer {
  /** a) A registered tool throws `new Error("ENOENT: nope.txt")`. Does `registry.execute(...)` reject (throw)? */
  executeRejects: boolean | null;
  /** b) Does the text `registry.execute` resolves with for that call end with the retry hint, `RETRY_HINT`? */
  registryTextEndsWithRetryHint: boolean | null;
  /** c) The runner meets the same throw in a call the model made: does the tool message it sends end with `RETRY_HINT`? */
  runnerTextEndsWithRetryHint: boolean | null;
  /** d) Why send the error back instead of ending the run? One of the reasons listed below. */
  reason: "a" | "b" | "c" | null;
}

// The reasons to choose from for d):
//   "a": The model can act on it: fix its arguments, pick another tool or explain the failure;
//        ending the run takes that away.
//   "b": Tool errors are rare, so it hardly matters what happens to them; stopping the run for each
//        one would cost very little.
//   "c": The provider's API refuses a conversation that ends just after a tool call, so some answer
//        has to be sent back.

export const answer: Answer = {
  // TODO(lesson 11): a test registers a tool "read_file" whose execute throws, then awaits
  // `registry.execute("read_file", { path: "nope.txt" })`. Does that await throw? true or false.
  executeRejects: null,
  // TODO(lesson 11): true or false.
  registryTextEndsWithRetryHint: null,
  // TODO(lesson 11): a scripted model calls read_file once in `new AgentRunner().run(...)`, and
  // the tool throws the same error. Does its tool message end with the retry hint? true or false.
  runnerTextEndsWithRetryHint: null,
  // TODO(lesson 11): "a", "b" or "c" from the list above.
  reason: null,
};
