/**
 * Loaded into every soak test file: gives fast-check the soak's seed and run count as its global
 * defaults, so a property that does not pass `seed` or `numRuns` itself (one written with
 * fast-check's defaults) still replays with `--seed N` and still runs `--runs N` times.
 */
import fc from "fast-check";

const rawSeed = process.env["FC_SEED"];
const seed = rawSeed === undefined ? Number.NaN : Number(rawSeed);
const rawRuns = process.env["FC_RUNS"];
const numRuns = rawRuns === undefined ? Number.NaN : Number.parseInt(rawRuns, 10);
fc.configureGlobal({
  ...fc.readConfigureGlobal(),
  ...(Number.isInteger(seed) ? { seed } : {}),
  ...(Number.isInteger(numRuns) && numRuns > 0 ? { numRuns } : {}),
});
