/**
 * Self-check question 5: why can an ordinary tool error return to the model?
 *
 * Answer by predicting what the real code in `src/` does, then pick a reason. Replace each `null`.
 * Check it with `npm run exercise q5`; the explanation is shown once your answer is right.
 * Lessons 7 and 8 (and `src/tools/registry.ts`, `src/tools/messages.ts`) have what you need.
 */

/** Your answer: three predictions about the real `src/` and one reason. */
export interface Answer {
  /** a) A registered tool throws `new Error("ENOENT: nope.txt")`. Does `registry.execute(...)` reject (throw)? */
  executeRejects: boolean | null;
  /** b) The first word of the text the model gets back for that call. */
  firstWord: string | null;
  /** c) Does that text end with the retry hint, `RETRY_HINT` from `src/tools/messages.ts`? */
  endsWithRetryHint: boolean | null;
  /** d) Why send the error back instead of ending the run? One of the reasons listed below. */
  reason: "a" | "b" | "c" | null;
}

// The reasons to choose from for d):
//   "a": tool errors are rare, so it hardly matters what happens to them.
//   "b": the model can act on it: fix its arguments, pick another tool or explain the failure to
//        the user; ending the run would take that chance away.
//   "c": the provider's API refuses a conversation in which a tool call failed.

export const answer: Answer = {
  // TODO(lesson 11): a test registers a tool "read_file" whose execute throws, then awaits
  // `registry.execute("read_file", { path: "nope.txt" })`. Does that await throw? true or false.
  executeRejects: null,
  // TODO(lesson 11): the first word of the returned text, e.g. "Failed".
  firstWord: null,
  // TODO(lesson 11): true or false.
  endsWithRetryHint: null,
  // TODO(lesson 11): "a", "b" or "c" from the list above.
  reason: null,
};
