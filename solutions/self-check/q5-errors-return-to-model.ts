/**
 * Self-check question 5: why can an ordinary tool error return to the model?
 * Worked answer.
 */

/** Your answer: three predictions about the real `src/` and one reason. */
export interface Answer {
  /** a) A registered tool throws `new Error("ENOENT: nope.txt")`. Does `registry.execute(...)` reject (throw)? */
  executeRejects: boolean | null;
  /** b) The first word of the text the model gets back for that call. */
  firstWord: string | null;
  /** c) Does that text end with the retry hint, `RETRY_HINT` from `src/tools/messages.ts`? */
  endsWithRetryHint: boolean | null;
  /** d) Why send the error back instead of ending the run? One of the reasons listed in the stub. */
  reason: "a" | "b" | "c" | null;
}

// The reasons to choose from for d):
//   "a": tool errors are rare, so it hardly matters what happens to them.
//   "b": the model can act on it: fix its arguments, pick another tool or explain the failure to
//        the user; ending the run would take that chance away.
//   "c": the provider's API refuses a conversation in which a tool call failed.

export const answer: Answer = {
  // The registry never rejects because of a tool: the failure becomes a result.
  executeRejects: false,
  // "Error executing read_file: ENOENT: nope.txt" …
  firstWord: "Error",
  // … followed by the hint to analyse the error and try another approach.
  endsWithRetryHint: true,
  reason: "b",
};
