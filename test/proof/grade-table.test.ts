/**
 * What the learner's grade table (`exercises/_cli/grade-table.ts`, printed by `npm run grade` and
 * in the GitHub Classroom log) shows, and what it keeps for the instructor: the copied-answer flags
 * are never in it, whatever they are; the class table of a grade the class grader worked out shows
 * them, and a row read from a learner's own report (no flags worked out) says `not checked` and is
 * marked self-reported.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ClassRow } from "../../exercises/_cli/class-table.js";
import { classCsv, classTable, NOT_CHECKED, SELF_REPORTED } from "../../exercises/_cli/class-table.js";
import type { CopiedFlag } from "../../exercises/_cli/copied.js";
import { gradeTableLines } from "../../exercises/_cli/grade-table.js";
import type { GradeItem, GradeReport } from "../../exercises/_cli/grading.js";
import { isGradeReport } from "../../exercises/_cli/class-grading.js";

const flags: CopiedFlag[] = ["identical", "imports-solutions", "uses-reference", null];

function item(number: number, copied: CopiedFlag, passed: boolean, withHelp: boolean): GradeItem {
  return {
    kind: "exercise",
    number,
    slug: `exercise-${number}`,
    command: String(number),
    state: passed ? "passed" : "failing",
    passed: passed ? 3 : 1,
    tests: 3,
    typeErrors: [],
    firstFailure: passed ? null : { test: "a test", message: "expected 1 to be 2" },
    stuck: null,
    missing: null,
    result: passed ? "passed" : "failed",
    reason: passed ? null : "a test: expected 1 to be 2",
    points: passed ? 10 : 0,
    maxPoints: 10,
    help: withHelp ? { hintsShown: 1, hintsAvailable: 3, hintViews: 1, solutionViews: 0 } : null,
    copied,
  };
}

function report(items: GradeItem[], copiedChecked = true): GradeReport {
  return {
    learner: "Lin Learner <lin@example.org>",
    commit: "0123456789abcdef0123456789abcdef01234567",
    time: "2026-06-01T00:00:00.000Z",
    committed: "2026-05-31T12:00:00.000Z",
    workbookVersion: "0.2.0",
    partialCredit: false,
    exercises: items,
    questions: [],
    points: items.reduce((sum, i) => sum + i.points, 0),
    maxPoints: items.length * 10,
    passed: items.filter((i) => i.result === "passed").length,
    total: items.length,
    changedTests: [],
    copiedChecked,
  };
}

const graded = fc
  .array(fc.tuple(fc.constantFrom(...flags), fc.boolean()), { minLength: 1, maxLength: 9 })
  .chain((cells) => fc.boolean().map((withHelp) => report(cells.map(([copied, passed], at) => item(at + 1, copied, passed, withHelp)))));

describe("the learner's grade table", () => {
  it("never shows a copied-answer flag, nor a word about copying, whatever the flags are", () => {
    fc.assert(
      fc.property(graded, (r) => {
        const text = gradeTableLines(r, null).join("\n");
        expect(text).not.toMatch(/copied|identical|imports|uses-reference|reference|solutions|oracle/i);
        for (const i of r.exercises) expect(text).toContain(`${i.points}/${i.maxPoints}`);
        expect(text).toContain(`Total: ${r.points} of ${r.maxPoints} points`);
      }),
    );
  });
});

describe("the instructor's side", () => {
  it("the class table of a folder the class grader graded shows every flag, and is not marked self-reported", () => {
    fc.assert(
      fc.property(graded, (r) => {
        const row: ClassRow = { source: "lin", report: r, problem: null, selfReported: false };
        const expected = r.exercises.filter((i) => i.copied !== null).map((i) => `${i.command}:${i.copied ?? ""}`);
        const [head, line] = classCsv([row]).split("\r\n");
        expect(head?.split(",").at(-1)).toBe("self-reported");
        expect(line?.split(",").at(-1)).toBe("");
        for (const flag of expected) {
          expect(classTable([row])).toContain(flag);
          expect(line).toContain(flag);
        }
        if (expected.length === 0) expect(line).not.toContain(NOT_CHECKED);
      }),
    );
  });

  it("a row read back from a learner's own report is marked self-reported, its copied cell `not checked`", () => {
    fc.assert(
      fc.property(graded, (r) => {
        const learnerRun = report(
          r.exercises.map((i) => ({ ...i, copied: null })),
          false,
        );
        const back: unknown = JSON.parse(JSON.stringify(learnerRun));
        expect(isGradeReport(back)).toBe(true);
        const row: ClassRow = { source: "lin/grade.json", report: back as GradeReport, problem: null, selfReported: true };
        const cells = classCsv([row]).split("\r\n")[1]?.split(",") ?? [];
        expect(cells.at(-1)).toBe(SELF_REPORTED);
        expect(cells).toContain(NOT_CHECKED);
        expect(classTable([row])).toMatch(/not checked.*yes$/m);
      }),
    );
  });
});
