/**
 * The course plan's times are recomputed from the files and the recorded run times: the tables of
 * `docs/course-plan.md` are what `npm run course-times` writes, every lesson and every graded item
 * has a measured time, and the estimate grows with every quantity it is made of.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAPSTONE, listItems } from "../../exercises/_cli/catalog.js";
import {
  capstoneWords,
  COURSE_PLAN,
  courseTimesTables,
  expectedCoursePlan,
  itemMinutes,
  lessonMinutes,
  readMeasured,
  renderCoursePlan,
  weekTable,
  WEEKS,
  TIMES_START,
  wordCount,
  writtenLines,
  type ItemTime,
  type LessonTime,
} from "./course-times.js";

const lessonTime = fc.record({
  lesson: fc.integer({ min: 1, max: 20 }),
  title: fc.constant("a lesson"),
  words: fc.nat({ max: 5000 }),
  demoSeconds: fc.double({ min: 0, max: 120, noNaN: true }),
});
const itemTime = fc.record({
  command: fc.constant("1"),
  label: fc.constant("1"),
  lesson: fc.integer({ min: 1, max: 20 }),
  words: fc.nat({ max: 3000 }),
  lines: fc.nat({ max: 200 }),
  checkSeconds: fc.double({ min: 0, max: 120, noNaN: true }),
});

describe("the course plan's times", () => {
  it("the tables of docs/course-plan.md are what `npm run course-times -- --no-measure` writes", () => {
    expect(readFileSync(COURSE_PLAN, "utf8"), "run `npm run course-times -- --no-measure` (or without the flag to measure again)").toBe(expectedCoursePlan());
  });

  it("every lesson and every exercise and question has a measured run time", () => {
    const measured = readMeasured();
    for (const item of listItems()) expect(measured.checks[item.command], `run \`npm run course-times -- --keep\` to measure ${item.label}`).toBeGreaterThan(0);
    expect(measured.checks[CAPSTONE.command], "run `npm run course-times -- --keep` to measure the capstone").toBeGreaterThan(0);
    expect(Object.values(measured.lessons).every((s) => s > 0)).toBe(true);
  });

  it("an estimate never shrinks when a lesson or an exercise has more words, lines or run time, and is never negative", () => {
    fc.assert(
      fc.property(lessonTime, fc.nat({ max: 500 }), fc.double({ min: 0, max: 60, noNaN: true }), (t: LessonTime, more, slower) => {
        expect(lessonMinutes(t)).toBeGreaterThanOrEqual(0);
        expect(lessonMinutes({ ...t, words: t.words + more, demoSeconds: t.demoSeconds + slower })).toBeGreaterThanOrEqual(lessonMinutes(t));
      }),
    );
    fc.assert(
      fc.property(itemTime, fc.nat({ max: 50 }), fc.nat({ max: 500 }), fc.double({ min: 0, max: 60, noNaN: true }), (t: ItemTime, lines, words, slower) => {
        expect(itemMinutes(t)).toBeGreaterThanOrEqual(0);
        expect(itemMinutes({ ...t, lines: t.lines + lines, words: t.words + words, checkSeconds: t.checkSeconds + slower })).toBeGreaterThanOrEqual(itemMinutes(t));
      }),
    );
  });

  it("the tables have a row for each lesson and item, and totals that are the sums of the rows", () => {
    fc.assert(
      fc.property(fc.array(lessonTime, { maxLength: 12 }), fc.array(itemTime, { maxLength: 16 }), (lessons, items) => {
        const tables = courseTimesTables(lessons, items, "now");
        expect(tables).toContain(`| all lessons | | | | ${lessons.reduce((sum, t) => sum + lessonMinutes(t), 0)} min |`);
        expect(tables).toContain(`| all exercises and questions | | | | | ${items.reduce((sum, t) => sum + itemMinutes(t), 0)} min |`);
        expect((tables.split("Per week")[0] ?? "").split("\n").filter((line) => line.endsWith(" min |"))).toHaveLength(lessons.length + items.length + 2);
      }),
    );
  });

  it("places only lessons and items that exist, and shows the ones no week holds (a new exercise) in a row of their own", () => {
    const commands = [...listItems().map((item) => item.command), CAPSTONE.command];
    for (const week of WEEKS) for (const command of week.items) expect(commands, `week ${week.week}`).toContain(command);
    fc.assert(
      fc.property(
        fc.array(
          itemTime.map((t) => ({ ...t, command: "new", label: "new" })),
          { minLength: 1, maxLength: 3 },
        ),
        (items) => {
          expect(weekTable(WEEKS, [], items)).toMatch(/^\| not in a week yet \| – \| 0 min \| new/m);
          expect(weekTable([], [], items).split("\n")).toHaveLength(3);
        },
      ),
    );
  });

  it("counts words as wc -w does and the lines the learner writes as code lines the answer adds", () => {
    expect(wordCount("  two words\n\tthree ")).toBe(3);
    const stub = "export function f(): number {\n  // TODO(lesson 1): return 1.\n  throw new Error(`TODO`);\n}\n";
    const answer = "export function f(): number {\n  // One, always.\n\n  const one = 1;\n  return one;\n}\n";
    expect(writtenLines(stub, answer)).toBe(2);
  });

  it("counts the capstone's task as its section of the exercises' README, up to the next section, and says when the section is missing", () => {
    const readme = "# Exercises\n\nintro words\n\n## Exercise 10, the capstone: one agent\n\nfour words of task\n\n## Commands\n\nnot counted\n";
    expect(capstoneWords(readme)).toBe(wordCount("## Exercise 10, the capstone: one agent four words of task"));
    expect(capstoneWords(readme.replace("## Commands\n\nnot counted\n", ""))).toBe(capstoneWords(readme));
    expect(() => capstoneWords("# Exercises\n\n## Commands\n")).toThrow(/no section headed/);
    const words = fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 30 });
    fc.assert(
      fc.property(words, words, words, (before, task, after) => {
        const text = `# Exercises\n\n${before.join(" ")}\n\n## Exercise 10, the capstone\n\n${task.join(" ")}\n\n## Next\n\n${after.join(" ")}\n`;
        expect(capstoneWords(text)).toBe(5 + task.length);
      }),
    );
  });

  it("refuses a plan without its markers, saying what is missing", () => {
    expect(() => renderCoursePlan(readFileSync(COURSE_PLAN, "utf8").replace(TIMES_START, ""), "")).toThrow(/lacks the two marker lines/);
  });
});
