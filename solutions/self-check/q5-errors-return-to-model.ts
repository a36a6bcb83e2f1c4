/**
 * Self-check question 5: Why can an ordinary tool error return to the model?
 * Worked answer.
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
  // The registry never rejects because of a tool: the failure becomes a result.
  executeRejects: false,
  // "Error executing read_file: ENOENT: nope.txt" and the hint, as upstream's registry words it.
  registryTextEndsWithRetryHint: true,
  // The runner sends "Error: Error: ENOENT: nope.txt": a thrown error gets no hint there.
  runnerTextEndsWithRetryHint: false,
  reason: "a",
};
