/**
 * Loaded into every soak test file: gives fast-check the soak's seed as its global default, so
 * a property that does not pass `seed` itself still replays with `--seed N`.
 */
import fc from "fast-check";

const raw = process.env["FC_SEED"];
const seed = raw === undefined ? Number.NaN : Number(raw);
if (Number.isInteger(seed)) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
