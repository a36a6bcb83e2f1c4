/**
 * How much work schema checks have done in this process, counted in the units their limits are
 * written in: characters handed to the pattern engine, programs it compiled, values hashed for
 * `uniqueItems`, schemas compiled and their size, meta-schema instances made, and what listing a
 * refused call's problems read (`./problem-budget.js`). The checks only add to these counters (an
 * integer addition each); benchmarks and tests read them to show that the work grows linearly with
 * a schema's or an argument's size, without a clock.
 *
 * @module
 */

/** The counters; each only ever grows. */
export interface ValidationWork {
  /** Patterns compiled for a schema (once per pattern per compiled schema). */
  patternCompiles: number;
  /** Characters handed to compiled patterns, summed over every check. */
  patternCharacters: number;
  /** Programs the RE2 engine built, first compiles and recompiles after a fresh heap alike. */
  engineCompiles: number;
  /** Times the RE2 engine started over on a fresh heap. */
  engineReloads: number;
  /** Values (items and everything inside them) hashed by `uniqueItems`. */
  uniqueItemsValues: number;
  /** Digits worked through by the decimal `multipleOf` check. */
  multipleOfDigits: number;
  /** Schemas compiled (each tool schema, and each part casting checks on its own). */
  schemaCompiles: number;
  /** JSON values in the schemas compiled, summed. */
  schemaValuesCompiled: number;
  /** Instances made to hold the meta-schemas; each compiles them, a compiler's largest one-off cost. */
  metaSchemaInstances: number;
  /** Ajv errors of refused calls whose paths were measured against the problem budget. */
  problemErrors: number;
  /** Characters of Ajv's instance paths handed to the rewording, summed over every error it reworded. */
  problemPathCharacters: number;
  /** Values looked at while measuring how deeply arguments nest. */
  depthWalkValues: number;
}

/** The process's counters. Read them with {@link workSnapshot}; only the checks write them. */
export const validationWork: ValidationWork = {
  patternCompiles: 0,
  patternCharacters: 0,
  engineCompiles: 0,
  engineReloads: 0,
  uniqueItemsValues: 0,
  multipleOfDigits: 0,
  schemaCompiles: 0,
  schemaValuesCompiled: 0,
  metaSchemaInstances: 0,
  problemErrors: 0,
  problemPathCharacters: 0,
  depthWalkValues: 0,
};

/** A copy of the counters as they are now; subtract two snapshots to count one piece of work. */
export function workSnapshot(): ValidationWork {
  return { ...validationWork };
}

/** The work done between two snapshots, counter by counter. */
export function workBetween(before: ValidationWork, after: ValidationWork): ValidationWork {
  const out = { ...after };
  for (const key of Object.keys(out) as (keyof ValidationWork)[]) out[key] = after[key] - before[key];
  return out;
}
