/**
 * Splitting one model turn's tool calls into batches (lesson 6). Consecutive calls that may run
 * together form one batch; every other call is a batch of its own. The batches then run one after
 * another, so a call that changes something never overlaps any other call.
 *
 * @module
 */
import type { ToolCallRequest } from "../providers/base.js";

/**
 * Groups calls into batches, keeping their order. Consecutive calls for which `isBatchable` is
 * true share a batch; a call for which it is false ends the current group and forms a batch on
 * its own. Only neighbours are grouped: a safe call after an unsafe one starts a new group.
 * Pure: the input is not changed, and `isBatchable` is asked once per call, in order.
 *
 * @example
 * {@includeCode ../../docs/examples/runner.ts#partition-batches}
 */
export function partitionBatches(calls: readonly ToolCallRequest[], isBatchable: (call: ToolCallRequest) => boolean): ToolCallRequest[][] {
  const batches: ToolCallRequest[][] = [];
  let group: ToolCallRequest[] = [];
  for (const call of calls) {
    if (isBatchable(call)) {
      group.push(call);
      continue;
    }
    if (group.length > 0) batches.push(group);
    group = [];
    batches.push([call]);
  }
  if (group.length > 0) batches.push(group);
  return batches;
}
