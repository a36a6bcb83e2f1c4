/**
 * A generator's reach, checked: on a fixed sample, every kind of input a rule names must turn up.
 * A differential property is only as good as the inputs it draws, so each generator of the
 * exercise tests proves here that it reaches the corners its rule touches.
 *
 * @module
 */
import fc from "fast-check";

/** How often each kind turned up in the sample, and the largest input by the given measure. */
export interface Reach {
  /** Kind name → how many drawn inputs were of that kind. */
  readonly counts: Readonly<Record<string, number>>;
  /** The largest input drawn, by the measure given (0 when none was given). */
  readonly largest: number;
}

/** The sample a reach check draws: a fixed seed, so the check is the same on every machine. */
export interface ReachSample<T> {
  /** How many inputs to draw (default 2,000). */
  readonly samples?: number;
  /** The seed (default 20261205). */
  readonly seed?: number;
  /** The size of one input, for {@link Reach.largest}: its length, its count of calls… */
  readonly size?: (value: T) => number;
}

/**
 * Draws a fixed sample of `arbitrary` and throws, naming them, when some of `kinds` never turn up;
 * otherwise returns how often each did and the largest input drawn.
 */
export function expectReach<T>(name: string, arbitrary: fc.Arbitrary<T>, kinds: Readonly<Record<string, (value: T) => boolean>>, options: ReachSample<T> = {}): Reach {
  const values = fc.sample(arbitrary, { numRuns: options.samples ?? 2_000, seed: options.seed ?? 20261205 });
  const counts: Record<string, number> = {};
  for (const kind of Object.keys(kinds)) counts[kind] = 0;
  let largest = 0;
  for (const value of values) {
    for (const [kind, test] of Object.entries(kinds)) if (test(value)) counts[kind] = (counts[kind] ?? 0) + 1;
    if (options.size !== undefined) largest = Math.max(largest, options.size(value));
  }
  const missing = Object.entries(counts)
    .filter(([, count]) => count === 0)
    .map(([kind]) => kind);
  if (missing.length > 0) throw new Error(`the generator "${name}" never drew: ${missing.join("; ")} (${values.length} drawn)`);
  return { counts, largest };
}
