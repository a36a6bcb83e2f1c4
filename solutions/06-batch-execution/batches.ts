/**
 * Exercise 6, worked answer: the tool declares concurrencySafe, the runner enforces it.
 */
import type { ToolCallRequest } from "../../src/index.js";

/**
 * Groups calls in order. With `concurrent` true, consecutive calls for which `isSafe` is true
 * share a batch, and every other call is a batch of its own. With `concurrent` false, every call
 * is its own batch. Pure: the input array is not changed.
 */
export function partitionToolBatches(calls: readonly ToolCallRequest[], isSafe: (call: ToolCallRequest) => boolean, concurrent: boolean): ToolCallRequest[][] {
  if (!concurrent) return calls.map((call) => [call]);
  const batches: ToolCallRequest[][] = [];
  let group: ToolCallRequest[] = [];
  for (const call of calls) {
    if (isSafe(call)) {
      group.push(call);
      continue;
    }
    // Only neighbours are grouped: moving a read past a write could change what it reads.
    if (group.length > 0) batches.push(group);
    group = [];
    batches.push([call]);
  }
  if (group.length > 0) batches.push(group);
  return batches;
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
  const results: R[] = [];
  for (const batch of partitionToolBatches(calls, isSafe, options.concurrent ?? true)) {
    // Promise.all keeps input order, so every result lines up with its call id.
    results.push(...(await Promise.all(batch.map(runOne))));
  }
  return results;
}
