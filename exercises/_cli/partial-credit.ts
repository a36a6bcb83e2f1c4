/**
 * Partial credit, for a course that wants it: an item earns its points times the share of its
 * checks that pass, rounded down to a tenth of a point, instead of all or nothing. Its checks are its
 * tests and, as one more, the type check of its files (so a correct answer with a type error earns
 * a little less than full marks, and never all of them). Off by default; `npm run grade -- --partial`,
 * `npm run grade-class -- --partial` or `WORKBOOK_PARTIAL_CREDIT=1` switch it on (the GitHub
 * Classroom workflow has the same switch).
 *
 * @module
 */

/** Partial points are rounded down to this many parts of a point: a tenth. */
export const PARTIAL_STEPS_PER_POINT = 10;

/**
 * The points an item earns in partial credit: `points` × `passedChecks` / `checks`, rounded down
 * to a tenth. 0 when nothing ran; `points` exactly when every check passed, and never more.
 */
export function partialPoints(points: number, passedChecks: number, checks: number): number {
  if (checks <= 0 || passedChecks <= 0) return 0;
  const done = Math.min(passedChecks, checks);
  return Math.floor((points * PARTIAL_STEPS_PER_POINT * done) / checks) / PARTIAL_STEPS_PER_POINT;
}

/** True when the environment switches partial credit on: `WORKBOOK_PARTIAL_CREDIT` is `1`, `true` or `yes`. */
export function partialFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(?:1|true|yes)$/i.test((env["WORKBOOK_PARTIAL_CREDIT"] ?? "").trim());
}

/** A sum of partial points, kept to tenths (no floating-point dust such as 12.299999). */
export function sumPoints(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + Math.round(value * PARTIAL_STEPS_PER_POINT), 0) / PARTIAL_STEPS_PER_POINT;
}
