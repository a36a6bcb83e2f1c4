/**
 * The bench's per-call table combines the timings of several processes: per call, the median of
 * their times and of their ratios, each process's ratio kept, the goal judged on the median ratio.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CORPUS_CALLS } from "../../bench/corpus.js";
import { combinePerCall, PLAIN_VALID_CALL, PLAIN_VALID_GOAL_RATIO, type CallTiming } from "../../bench/per-call.js";

/** One process's timings: a positive time for `prepareCall` and the floor on each corpus call. */
const processTimings = fc.array(fc.tuple(fc.double({ min: 1, max: 1e5, noNaN: true }), fc.double({ min: 1, max: 1e5, noNaN: true })), {
  minLength: CORPUS_CALLS.length,
  maxLength: CORPUS_CALLS.length,
});

function asTimings(pairs: readonly (readonly [number, number])[]): CallTiming[] {
  return pairs.map(([prepareCallNs, floorNs], i) => ({ n: CORPUS_CALLS[i]!.n, prepareCallNs, floorNs }));
}

describe("the per-call table over several processes", () => {
  it("gives each call the median of the processes' ratios, between the least and the most, and judges the goal on it", () => {
    fc.assert(
      fc.property(fc.array(processTimings, { minLength: 1, maxLength: 7 }), (processes) => {
        const timed = processes.map(asTimings);
        const rows = combinePerCall(timed);
        expect(rows.map((r) => r.n)).toEqual(CORPUS_CALLS.map((c) => c.n));
        for (const [i, row] of rows.entries()) {
          const ratios = timed.map((t) => t[i]!.prepareCallNs / t[i]!.floorNs).sort((a, b) => a - b);
          expect(row.ratios).toHaveLength(processes.length);
          expect(row.ratio).toBeGreaterThanOrEqual(Math.round(ratios[0]! * 100) / 100);
          expect(row.ratio).toBeLessThanOrEqual(Math.round(ratios.at(-1)! * 100) / 100);
          // With an odd count the median is one process's own ratio; with an even count it is halfway between two.
          const mid = ratios.length >> 1;
          const median = ratios.length % 2 === 1 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
          expect(row.ratio).toBe(Math.round(median * 100) / 100);
          if (row.n === PLAIN_VALID_CALL) expect(row).toMatchObject({ goalRatio: PLAIN_VALID_GOAL_RATIO, met: median <= PLAIN_VALID_GOAL_RATIO });
          else expect(row).toMatchObject({ goalRatio: null, met: null });
        }
      }),
    );
  });

  it("one slow process out of five does not decide the verdict, and its ratio is still shown", () => {
    const fast = CORPUS_CALLS.map((c) => ({ n: c.n, prepareCallNs: 120, floorNs: 100 }));
    const slow = CORPUS_CALLS.map((c) => ({ n: c.n, prepareCallNs: 150, floorNs: 100 }));
    const [plain] = combinePerCall([fast, fast, slow, fast, fast]);
    expect(plain).toMatchObject({ n: 1, ratio: 1.2, ratios: [1.2, 1.2, 1.5, 1.2, 1.2], met: true });
    const [mostlySlow] = combinePerCall([slow, fast, slow, fast, slow]);
    expect(mostlySlow).toMatchObject({ ratio: 1.5, met: false });
  });

  it("refuses no processes, and a process that missed a call or gave no time for it", () => {
    const whole = CORPUS_CALLS.map((c) => ({ n: c.n, prepareCallNs: 120, floorNs: 100 }));
    expect(() => combinePerCall([])).toThrow("at least one process");
    expect(() => combinePerCall([whole, whole.slice(1)])).toThrow("a process gave no timing for call 1");
    expect(() => combinePerCall([whole, whole.map((t) => (t.n === 3 ? { ...t, floorNs: Number.NaN } : t))])).toThrow("call 3");
    expect(() => combinePerCall([whole.map((t) => (t.n === 8 ? { ...t, prepareCallNs: 0 } : t))])).toThrow("call 8");
  });
});
