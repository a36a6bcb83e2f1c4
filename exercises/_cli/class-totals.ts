/**
 * The total of a grade report read back from a file (`grade-class --reports`), worked out again
 * from its items: a learner can edit the file's `points` and `maxPoints`, so the table shows the
 * sum of the items' points and maxima, and says when the file's own total differs. Pure.
 *
 * @module
 */
import type { GradeReport } from "./grading.js";

/** A report with its total worked out from its items, and the note saying what the file claimed, or null when it agreed. */
export interface CheckedTotal {
  /** The report with `points` and `maxPoints` the sums of its items'. */
  report: GradeReport;
  /** What the report's own total was, when it differs from its items', or null. */
  note: string | null;
}

/** Sums point values in order; a value that is not a finite number counts as 0. */
function sum(values: readonly unknown[]): number {
  let total = 0;
  for (const value of values) total += typeof value === "number" && Number.isFinite(value) ? value : 0;
  return total;
}

/** True when two totals are the same up to the rounding of partial credit's fractions. */
function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The report with its total and its maximum recomputed from its exercises' and questions' points (`maxPoints` from theirs). */
export function checkedTotal(report: GradeReport): CheckedTotal {
  const items = [...report.exercises, ...report.questions];
  const points = sum(items.map((item) => item.points));
  const maxPoints = sum(items.map((item) => item.maxPoints));
  if (same(points, report.points) && same(maxPoints, report.maxPoints)) return { report, note: null };
  return {
    report: { ...report, points, maxPoints },
    note: `the report's own total ${report.points}/${report.maxPoints} differs from its items' ${points}/${maxPoints}: the items' total is shown`,
  };
}
