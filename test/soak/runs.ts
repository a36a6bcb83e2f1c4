/**
 * How many runs a fast-check property makes, and with which seed. `npm test` uses each property's
 * own default; a soak run sets `FC_RUNS` (for example 100000) and, to replay a failure, `FC_SEED`.
 */

/**
 * The number of runs: the `FC_RUNS` environment variable when it holds a positive integer,
 * otherwise the property's own default.
 */
export function runs(defaultCount: number): number {
  const raw = process.env["FC_RUNS"];
  const n = raw === undefined ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isInteger(n) && n > 0 ? n : defaultCount;
}

/** The fast-check parameters of one property: how many runs, and the seed when one is pinned. */
export interface PropertyConfig {
  numRuns: number;
  seed?: number;
}

/**
 * The fast-check parameters for the property called `name`: {@link runs} of `defaultRuns`, and the
 * seed from `FC_SEED` when it holds an integer. fast-check prints the seed of any failure, so a
 * failure replays with `FC_SEED=<seed>`; the soak script sets both variables and prints the seed.
 * `name` keeps the call sites readable and is part of the signature a soak log may use.
 */
export function propertyConfig(name: string, defaultRuns: number): PropertyConfig {
  void name;
  const config: PropertyConfig = { numRuns: runs(defaultRuns) };
  const rawSeed = process.env["FC_SEED"];
  if (rawSeed !== undefined && rawSeed.trim() !== "") {
    const pinned = Number(rawSeed);
    if (Number.isInteger(pinned)) config.seed = pinned;
  }
  return config;
}

/**
 * The fast-check seed to replay a failure with: the `FC_SEED` environment variable when it holds
 * an integer, otherwise `undefined` (fast-check picks a fresh seed).
 */
export function seed(): number | undefined {
  return propertyConfig("seed", 1).seed;
}
