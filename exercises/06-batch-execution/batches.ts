/**
 * Exercise 6: batch execution. The tool declares whether it is concurrency-safe; the runner
 * enforces it. Split one model turn's calls into batches, then run the batches one after
 * another and the calls inside a batch together.
 */
import type { ToolCallRequest } from "../../src/index.js";

/**
 * Groups calls in order. With `concurrent` true, consecutive calls for which `isSafe` is true
 * share a batch, and every other call is a batch of its own. With `concurrent` false, every call
 * is its own batch. Pure: the input array is not changed.
 */
export function partitionToolBatches(calls: readonly ToolCallRequest[], isSafe: (call: ToolCallRequest) => boolean, concurrent: boolean): ToolCallRequest[][] {
  // TODO(lesson 6): walk the calls once; collect safe neighbours, close the group at an unsafe call.
  throw new Error(`TODO(lesson 6): partition ${calls.length} calls (concurrent: ${concurrent}, ${typeof isSafe})`);
}

/**
 * Runs the calls with {@link partitionToolBatches}: batch after batch, the calls of one batch at
 * the same time (`Promise.all`, no cap on how many). Resolves with `runOne`'s results in call
 * order, whatever order they finished in, one per entry (an object listed twice runs twice).
 * `concurrent` missing or `undefined` means true. `runOne` never rejects (errors are results); if
 * it does anyway, this rejects with that reason and starts no later batch.
 */
export async function executeTools<R>(
  calls: readonly ToolCallRequest[],
  isSafe: (call: ToolCallRequest) => boolean,
  runOne: (call: ToolCallRequest) => Promise<R>,
  options: { concurrent?: boolean } = {},
): Promise<R[]> {
  // TODO(lesson 6): concurrent defaults to true; await each batch before starting the next.
  throw new Error(`TODO(lesson 6): execute ${calls.length} calls (${typeof isSafe}, ${typeof runOne}, ${String(options.concurrent)})`);
}
