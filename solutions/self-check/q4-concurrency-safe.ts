/**
 * Self-check question 4: Who declares that a tool is concurrency-safe, and who enforces it?
 * Worked answer.
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
  // The default is readOnly && !exclusive: the tool declares it.
  readOnlyToolIsSafe: true,
  exclusiveReadOnlyToolIsSafe: false,
  // Only safe neighbours share a batch; the write runs alone, and the read after it starts anew.
  batchSizes: [2, 1, 1],
  // The runner asks each call's tool and batches; the registry runs one call at a time.
  enforcedBy: "the runner",
};
