/**
 * The wrong answers of `_wrong-answers/catalog.ts` and the rules each exercise's test file lists
 * at its top, kept in step (fast; running the tests against every wrong answer is
 * `npm run wrong-answers`): each test file lists its rules, each rule names a test that exists,
 * each rule has at least one wrong answer, and each wrong answer's edits still apply to the worked
 * answer and change it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises, ROOT, SELF_CHECKS } from "../../exercises/_cli/catalog.js";
import { applyEdits, rulesOf, testFileOf, testNamesOf } from "./_wrong-answers/apply.js";
import { WRONG_ANSWERS } from "./_wrong-answers/catalog.js";

const testFiles = [...listExercises().map((e) => e.testFile), ...SELF_CHECKS.map((c) => c.testFile)];

describe("the rules at the top of each exercise's and question's test file", () => {
  it.each(testFiles)("%s lists its rules, R1 to Rn, each naming a test of the file", (file) => {
    const rules = rulesOf(file);
    expect(rules.length, 'the header lists the rules, one per line: ` * R1  <rule> → "<test name>"`').toBeGreaterThan(0);
    expect(rules.map((r) => r.id)).toEqual(rules.map((_, i) => `R${i + 1}`));
    const check = SELF_CHECKS.find((c) => c.testFile === file);
    const names = check === undefined ? testNamesOf(file) : check.parts.map((p) => `${p.letter})`);
    for (const rule of rules) expect(names, `${rule.id} names a test the file does not have`).toContain(rule.test);
  });

  it.each(testFiles)("%s: every rule has a wrong answer that breaks it", (file) => {
    const broken = new Set(WRONG_ANSWERS.filter((a) => testFileOf(a) === file).map((a) => a.rule));
    const unbroken = rulesOf(file)
      .filter((r) => !broken.has(r.id))
      .map((r) => `${r.id} ${r.text}`);
    expect(unbroken, "add a wrong answer for each of these rules to test/exercises/_wrong-answers/catalog.ts").toEqual([]);
  });
});

describe("the wrong answers", () => {
  it("each break a rule their test file lists", () => {
    const unknown = WRONG_ANSWERS.filter((a) => !rulesOf(testFileOf(a)).some((r) => r.id === a.rule)).map((a) => `${a.folder} ${a.rule} ${a.what}`);
    expect(unknown).toEqual([]);
  });

  it("each still apply to the worked answer and change it", () => {
    const problems: string[] = [];
    for (const answer of WRONG_ANSWERS) {
      const worked = readFileSync(join(ROOT, "solutions", answer.folder, answer.file), "utf8");
      try {
        if (applyEdits(answer) === worked) problems.push(`${answer.folder} ${answer.rule} ${answer.what}: the edits change nothing`);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    expect(problems).toEqual([]);
    expect(WRONG_ANSWERS.length).toBeGreaterThan(0);
  });
});
