/**
 * The per-call table of `npm run bench`: each corpus call against the floor on the same call,
 * timed in several fresh processes and combined here. One process's compiled code runs a call up
 * to a tenth faster or slower than the next one's (the engine's choices differ from process to
 * process), so the table gives the median over the processes and keeps each one's ratio.
 *
 * @module
 */
import { CORPUS_CALLS } from "./corpus.js";
import { median, round } from "./harness.js";

/** The goal of the per-call table: the plain valid call (call 1) costs at most this many times its floor. */
export const PLAIN_VALID_GOAL_RATIO = 1.3;

/** The call the per-call goal is on: a valid call that needs no repair, the common path. */
export const PLAIN_VALID_CALL = 1;

/** One corpus call timed on its own in one process: `prepareCall` and the floor on that call, in ns. */
export interface CallTiming {
  n: number;
  prepareCallNs: number;
  floorNs: number;
}

/** One row of the per-call table: one corpus call against the floor on the same call, over several processes. */
export interface PerCall {
  n: number;
  name: string;
  label: string;
  /** The median over the processes of `prepareCall`'s time on this call. */
  prepareCallNs: number;
  /** The same for the floor. */
  floorNs: number;
  /** The median over the processes of each one's ratio (its `prepareCall` time over its floor time). */
  ratio: number;
  /** Each process's ratio, in the order they ran. */
  ratios: number[];
  /** The goal on this call's ratio, or null when it has none. */
  goalRatio: number | null;
  met: boolean | null;
}

/**
 * The per-call table from the timings of several processes (one list per process, each call in
 * corpus order): per call, the median of the processes' times and of their ratios, every
 * process's ratio kept, and the goal judged on the median ratio.
 */
export function combinePerCall(processes: readonly (readonly CallTiming[])[]): PerCall[] {
  if (processes.length === 0) throw new Error("the per-call table needs the timings of at least one process");
  return CORPUS_CALLS.map((call, i) => {
    const timings = processes.map((timed) => {
      const t = timed[i];
      if (t === undefined || t.n !== call.n || !(t.prepareCallNs > 0) || !(t.floorNs > 0)) throw new Error(`a process gave no timing for call ${call.n}`);
      return t;
    });
    const ratios = timings.map((t) => t.prepareCallNs / t.floorNs);
    const ratio = median(ratios);
    const goalRatio = call.n === PLAIN_VALID_CALL ? PLAIN_VALID_GOAL_RATIO : null;
    return {
      n: call.n,
      name: call.name,
      label: call.label,
      prepareCallNs: round(median(timings.map((t) => t.prepareCallNs))),
      floorNs: round(median(timings.map((t) => t.floorNs))),
      ratio: round(ratio, 2),
      ratios: ratios.map((r) => round(r, 2)),
      goalRatio,
      met: goalRatio === null ? null : ratio <= goalRatio,
    };
  });
}
