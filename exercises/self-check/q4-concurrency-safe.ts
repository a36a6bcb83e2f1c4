/**
 * Self-check question 4: Who declares that a tool is concurrency-safe, and who enforces it?
 *
 * Answer by predicting what the real code in `src/` does. Replace each `null`.
 * Check it with `npm run exercise q4`; the explanation is shown once your answer is right.
 * Lessons 1 and 6 (and `src/tools/base.ts`, `src/agent/batches.ts`) have what you need.
 */

/** Your answer: three predictions about the real `src/` and one choice. */
export interface Answer {
  /** a) A tool that overrides only `readOnly` (to return true): its `concurrencySafe`? */
  readOnlyToolIsSafe: boolean | null;
  /** b) A tool with `readOnly` true and `exclusive` true: its `concurrencySafe`? */
  exclusiveReadOnlyToolIsSafe: boolean | null;
  /** c) The sizes of the batches `partitionBatches` makes of `[read, read, write, read]` (reads are safe, the write is not). */
  batchSizes: number[] | null;
  /** d) Who enforces it — who decides which calls overlap? */
  enforcedBy: "the tool" | "the registry" | "the runner" | null;
}

export const answer: Answer = {
  // TODO(lesson 11): true or false.
  readOnlyToolIsSafe: null,
  // TODO(lesson 11): true or false.
  exclusiveReadOnlyToolIsSafe: null,
  // TODO(lesson 11): one number per batch, in order, e.g. [4] or [1, 1, 1, 1].
  batchSizes: null,
  // TODO(lesson 11): "the tool", "the registry" or "the runner".
  enforcedBy: null,
};
