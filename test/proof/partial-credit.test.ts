/**
 * Partial credit (`exercises/_cli/partial-credit.ts`): an item's points times its share of passing
 * checks, rounded down to a tenth; never more than its points, full points only when every check
 * passes, more passing checks never fewer points; off unless switched on. And the result a
 * partial-credit step of the Classroom workflow hands to the reporter.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classroomResultLine, classroomResultOf } from "../../exercises/_cli/classroom.js";
import { partialFromEnv, partialPoints, PARTIAL_STEPS_PER_POINT, sumPoints } from "../../exercises/_cli/partial-credit.js";

const points = fc.integer({ min: 1, max: 50 });
const counts = fc.integer({ min: 1, max: 200 }).chain((checks) => fc.record({ checks: fc.constant(checks), passed: fc.integer({ min: 0, max: checks }) }));

describe("partial points", () => {
  it("are never below 0 or above the item's points, and are whole tenths", () => {
    fc.assert(
      fc.property(points, counts, (max, { checks, passed }) => {
        const got = partialPoints(max, passed, checks);
        expect(got).toBeGreaterThanOrEqual(0);
        expect(got).toBeLessThanOrEqual(max);
        expect(Number.isInteger(Math.round(got * PARTIAL_STEPS_PER_POINT)) && Math.abs(got * PARTIAL_STEPS_PER_POINT - Math.round(got * PARTIAL_STEPS_PER_POINT)) < 1e-9).toBe(
          true,
        );
        expect(got).toBeLessThanOrEqual((max * passed) / checks + 1e-9);
        expect(got).toBeGreaterThan((max * passed) / checks - 1 / PARTIAL_STEPS_PER_POINT - 1e-9);
      }),
    );
  });

  it("are the item's points exactly when every check passes, and always 0 when none does", () => {
    fc.assert(
      fc.property(points, counts, (max, { checks, passed }) => {
        expect(partialPoints(max, passed, checks) === max).toBe(passed === checks);
        expect(partialPoints(max, 0, checks)).toBe(0);
      }),
    );
    expect(partialPoints(10, 0, 0), "nothing ran").toBe(0);
  });

  it("never fall when one more check passes", () => {
    fc.assert(
      fc.property(points, counts, (max, { checks, passed }) => {
        fc.pre(passed < checks);
        expect(partialPoints(max, passed + 1, checks)).toBeGreaterThanOrEqual(partialPoints(max, passed, checks));
      }),
    );
  });

  it("8 of 10 tests and a clean type check on a 10-point exercise earn 8.1", () => {
    expect(partialPoints(10, 9, 11)).toBe(8.1);
    expect(partialPoints(2, 1, 3)).toBe(0.6);
  });

  it("add up without floating-point dust", () => {
    expect(sumPoints([0.1, 0.2, 8.1, 4.4])).toBe(12.8);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 })), (tenths) => {
        expect(sumPoints(tenths.map((t) => t / 10))).toBe(tenths.reduce((a, b) => a + b, 0) / 10);
      }),
    );
  });

  it("are off unless WORKBOOK_PARTIAL_CREDIT switches them on", () => {
    expect(partialFromEnv({})).toBe(false);
    expect(partialFromEnv({ WORKBOOK_PARTIAL_CREDIT: "0" })).toBe(false);
    expect(partialFromEnv({ WORKBOOK_PARTIAL_CREDIT: "" })).toBe(false);
    for (const on of ["1", "true", "YES", " 1 "]) expect(partialFromEnv({ WORKBOOK_PARTIAL_CREDIT: on }), on).toBe(true);
  });
});

describe("the result a partial-credit step hands to Classroom's reporter", () => {
  it("is base64 JSON with the item's earned points as its test's score, of its points", () => {
    const result = classroomResultOf({
      label: "Exercise 5",
      slug: "argument-processing",
      command: "5",
      result: "failed",
      points: 8.1,
      maxPoints: 10,
      passed: 8,
      tests: 10,
      reason: "R3: wrong",
    });
    expect(result).toMatchObject({ status: "fail", max_score: 10, tests: [{ name: "Exercise 5: argument-processing", status: "fail", score: 8.1 }] });
    const line = classroomResultLine(result);
    expect(line.startsWith("result=") && line.endsWith("\n")).toBe(true);
    expect(JSON.parse(Buffer.from(line.slice("result=".length).trim(), "base64").toString("utf8"))).toEqual(result);
  });
});
