/**
 * Cost ratios that a busy machine cannot push over their limit. A test that asks "does 8 times the
 * input take at most about 8 times as long?" and cannot count the work itself (the work happens
 * inside a compiled engine or a package) measures CPU time instead of the wall clock: the time this
 * process spent running, which does not grow while it waits for a core that other processes hold.
 * Each side is measured several times, the two in turn, and the least of each is kept, so a garbage
 * collection that falls into one sample does not count either.
 */

/** CPU milliseconds (user and system) this process spends on `work`, run `repeats` times in a row. */
function cpuTime(work: () => void, repeats: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < repeats; i++) work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** How long, in CPU milliseconds, each side of a ratio is run at least: long enough for a coarse clock. */
const LEAST_SAMPLE_MS = 20;

/**
 * How many times more CPU time one run of `large` takes than one run of `small`, where `large`'s
 * input is `growth` times `small`'s. `small` is repeated until a sample takes at least 20 ms of
 * CPU, and `large` `growth` times fewer times, so both samples are about as long when the cost is
 * linear. Each is sampled `samples` times, in turn, and the least sample of each is compared.
 */
export function cpuTimeRatio(small: () => void, large: () => void, growth: number, samples = 7): number {
  let repeats = 1;
  while (cpuTime(small, repeats) < LEAST_SAMPLE_MS && repeats < 1_000_000) repeats *= 2;
  const largeRepeats = Math.max(1, Math.round(repeats / growth));
  let smallBest = Number.POSITIVE_INFINITY;
  let largeBest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < samples; i++) {
    smallBest = Math.min(smallBest, cpuTime(small, repeats));
    largeBest = Math.min(largeBest, cpuTime(large, largeRepeats));
  }
  return largeBest / largeRepeats / (Math.max(smallBest, 0.001) / repeats);
}
