/**
 * How many runs a fast-check property makes: the `FC_RUNS` environment variable when it holds a
 * positive integer, otherwise the property's own default.
 */
export function runs(defaultCount: number): number {
  const raw = process.env["FC_RUNS"];
  const n = raw === undefined ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isInteger(n) && n > 0 ? n : defaultCount;
}

/**
 * The fast-check seed to replay a failure with: the `FC_SEED` environment variable when it holds
 * an integer, otherwise `undefined` (fast-check picks a fresh seed).
 */
export function seed(): number | undefined {
  const raw = process.env["FC_SEED"];
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  return Number.isInteger(n) ? n : undefined;
}
