/**
 * How many runs a fast-check property makes: the `FC_RUNS` environment variable when it holds a
 * positive integer, otherwise the property's own default.
 */
export function runs(defaultCount: number): number {
  const raw = process.env["FC_RUNS"];
  const n = raw === undefined ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isInteger(n) && n > 0 ? n : defaultCount;
}
