/**
 * A timed ratio that a busy machine does not skew: two pieces of work sampled in turn, the least
 * time of each kept, so whatever slows the machine slows both alike. For the few costs that no
 * counter reaches (code Ajv generates and runs itself).
 */

/** The least time of `work` over the least time of `baseline` (at least `floorMs`), over `samples` turns each. */
export function leastTimeRatio(work: () => void, baseline: () => void, samples = 7, floorMs = 0.5): number {
  const ms = (run: () => void): number => {
    const started = performance.now();
    run();
    return performance.now() - started;
  };
  let workBest = Number.POSITIVE_INFINITY;
  let baselineBest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < samples; i++) {
    workBest = Math.min(workBest, ms(work));
    baselineBest = Math.min(baselineBest, ms(baseline));
  }
  return workBest / Math.max(baselineBest, floorMs);
}
