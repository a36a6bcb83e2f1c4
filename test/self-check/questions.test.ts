/**
 * The self-check questions as a learner meets them: one wording per question everywhere (the
 * catalog, lesson 11, the answer files, the test's describe), each part asked in the answer file
 * in the catalog's words, test titles that name the question and never its answer, and choices
 * that give nothing away: of similar length, the right one at varying places and not always the
 * longest. Question 5's explanation quotes two texts the model reads; they are checked against
 * what the code sends.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ROOT, SELF_CHECKS, SOLUTIONS_DIR, EXERCISES_DIR, SELF_CHECK_ID } from "../../exercises/_cli/catalog.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { expectPrediction, WrongPrediction } from "./_answer.js";
import { registryOutcome, runnerText } from "./_thrown-texts.js";

/** Text as a reader compares it: comment markers and runs of blank space made one space. */
function flat(text: string): string {
  return text
    .replace(/^[^\S\r\n\u2028\u2029]*\/\/\s?/gm, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const lesson11 = readFileSync(join(ROOT, "lessons", "11-self-check", "README.md"), "utf8");
const stubs = new Map(SELF_CHECKS.map((c) => [c.number, readFileSync(join(EXERCISES_DIR, SELF_CHECK_ID, c.file), "utf8")]));
const worked = new Map(SELF_CHECKS.map((c) => [c.number, readFileSync(join(SOLUTIONS_DIR, SELF_CHECK_ID, c.file), "utf8")]));
const answers = new Map(
  await Promise.all(
    SELF_CHECKS.map(
      async (c) => [c.number, ((await import(pathToFileURL(join(SOLUTIONS_DIR, SELF_CHECK_ID, c.file)).href)) as { answer: Record<string, unknown> }).answer] as const,
    ),
  ),
);

/** Every part answered by choosing, with the worked answer's choice. */
const choiceParts = SELF_CHECKS.flatMap((check) =>
  check.parts
    .filter((part) => part.choices !== undefined)
    .map((part) => ({ check, part, choices: part.choices ?? [], right: String(answers.get(check.number)?.[part.field]) })),
);

describe("the self-check questions", () => {
  it.each(SELF_CHECKS.map((c) => [c.number, c] as const))("question %i is worded the same in the catalog, lesson 11, its answer files and its test", (_n, check) => {
    expect(lesson11.replaceAll("`", ""), "lesson 11 asks it in bold, in the same words").toContain(`**${check.question}**`);
    expect(stubs.get(check.number), "the answer file's first line asks it").toContain(`Self-check question ${check.number}: ${check.question}\n`);
    expect(worked.get(check.number), "the worked answer's first line asks it").toContain(`Self-check question ${check.number}: ${check.question}\n`);
    const test = readFileSync(join(ROOT, check.testFile), "utf8");
    expect(test, "the test's describe block is the catalog's question").toContain(`describe(CHECK.question,`);
    expect(test).toContain(`const CHECK = question(${check.number});`);
  });

  it.each(SELF_CHECKS.map((c) => [c.number, c] as const))("question %i: each part is asked in the answer files in the catalog's words", (_n, check) => {
    for (const part of check.parts) {
      for (const [which, text] of [
        ["answer file", stubs.get(check.number)],
        ["worked answer", worked.get(check.number)],
      ] as const) {
        expect(text, `${which}: part ${part.letter}`).toContain(`/** ${part.letter}) ${part.ask} */\n  ${part.field}:`);
      }
    }
  });

  it.each(SELF_CHECKS.map((c) => [c.number, c] as const))("question %i: tests are titled by the part they ask, never by its answer", (_n, check) => {
    const test = readFileSync(join(ROOT, check.testFile), "utf8");
    expect(test.match(/\bit\(\s*["'`]/g) ?? [], "no test title written out by hand: use partTitle(CHECK, letter)").toEqual([]);
    for (const part of check.parts) expect(test).toContain(`it(partTitle(CHECK, "${part.letter}")`);
  });

  it.each(choiceParts.filter((c) => c.choices[0]?.value === "a").map((c) => [c.check.number, c] as const))(
    "question %i: the answer files list the reasons in the catalog's words",
    (_n, { check, choices }) => {
      for (const text of [stubs.get(check.number) ?? "", worked.get(check.number) ?? ""]) {
        const block = flat(text.slice(text.indexOf("// The reasons to choose from")));
        for (const choice of choices) expect(block).toContain(flat(`"${choice.value}": ${choice.text}`));
      }
    },
  );

  it("choices are of similar length: the longest at most 1.25 times the shortest (or 10 characters longer)", () => {
    for (const { check, part, choices } of choiceParts) {
      const lengths = choices.map((c) => c.text.length);
      const [min, max] = [Math.min(...lengths), Math.max(...lengths)];
      expect(max <= min * 1.25 || max - min <= 10, `question ${check.number} ${part.letter}): lengths ${lengths.join(", ")}`).toBe(true);
    }
  });

  it("the right choice is at varying places and is not always the longest", () => {
    const positions = choiceParts.map(({ choices, right }) => choices.findIndex((c) => c.value === right));
    expect(
      positions.every((p) => p >= 0),
      "every worked answer picks one of the listed choices",
    ).toBe(true);
    const counts = [0, 1, 2].map((p) => positions.filter((q) => q === p).length);
    expect(
      counts.every((n) => n >= 1),
      `every place holds the right choice at least once: ${positions.join(", ")}`,
    ).toBe(true);
    expect(Math.max(...counts), `no place holds it more than half the time: ${positions.join(", ")}`).toBeLessThanOrEqual(Math.ceil(positions.length / 2));
    const longest = choiceParts.filter(({ choices, right }) => {
      const length = choices.find((c) => c.value === right)?.text.length ?? 0;
      return choices.every((c) => c.value === right || c.text.length < length);
    });
    expect(longest.length, `the right choice is the longest in ${longest.map((c) => `question ${c.check.number}`).join(", ")}`).toBeLessThanOrEqual(
      Math.floor(choiceParts.length / 2),
    );
  });

  it("question 5's explanation quotes the texts the registry and the runner really send", async () => {
    const registry = (await registryOutcome()).text;
    const runner = await runnerText();
    const explanation = SELF_CHECKS.find((c) => c.number === 5)?.explanation ?? "";
    expect(registry.endsWith(RETRY_HINT), "registry.execute ends a thrown error with the hint").toBe(true);
    expect(explanation, "it quotes registry.execute's text, without the hint it names").toContain(`\`${registry.slice(0, -RETRY_HINT.length)}\``);
    expect(runner.endsWith(RETRY_HINT), "the runner sends a thrown error without the hint").toBe(false);
    expect(explanation, "it quotes the runner's text").toContain(`\`${runner}\``);
  });
});

/** What a prediction check threw, or null when it passed. */
function verdict(predicted: unknown, real: unknown): WrongPrediction | null {
  try {
    expectPrediction(SELF_CHECKS[2] ?? SELF_CHECKS[0]!, "a", predicted, real, "read the replay rule.");
    return null;
  } catch (error) {
    expect(error, "a wrong prediction fails with a WrongPrediction, which carries no diff").toBeInstanceOf(WrongPrediction);
    return error as WrongPrediction;
  }
}

describe("a wrong prediction", () => {
  it("names the part and the field, offers the hint and the --solution command, and never shows the real value", () => {
    const wrong = verdict({ path: "notes.txt" }, { path: "secrets-7f3a.txt" });
    expect(wrong?.message).toContain("exercises/self-check/q3-replay-repair.ts a) replayOfBrokenText: this prediction is not what the real code does.");
    expect(wrong?.message).toContain("Hint: read the replay rule.");
    expect(wrong?.message).toContain("npm run exercise q3 -- --solution (it asks first)");
    expect(wrong?.message, "the real value stays out of the message").not.toContain("secrets-7f3a");
    expect(Object.keys(wrong ?? {}), "no expected or actual value for a diff to show").not.toEqual(expect.arrayContaining(["expected"]));
    expect(wrong && "actual" in wrong, "no actual value either").toBe(false);
  });

  it("is compared strictly: an extra key holding undefined, -0, a string for a number or another order of items is a different prediction", () => {
    expect(verdict({ path: "a", extra: undefined }, { path: "a" }), "an extra key holding undefined").not.toBeNull();
    expect(verdict({}, { x: undefined }), "a missing key that the real value holds as undefined").not.toBeNull();
    expect(verdict(-0, 0), "-0 is not 0").not.toBeNull();
    expect(verdict(["2", "1"], [2, 1]), "strings for numbers").not.toBeNull();
    expect(verdict([1, 2], [2, 1]), "another order").not.toBeNull();
    expect(verdict({ b: 1, a: 2 }, { a: 2, b: 1 }), "the same keys in another order are the same object").toBeNull();
    expect(verdict({ path: "a" }, { path: "a" }), "the same value passes").toBeNull();
    expect(verdict([2, 1, 1], [2, 1, 1])).toBeNull();
    expect(verdict(false, false)).toBeNull();
  });

  it("still null: says what to write", () => {
    expect(() => expectPrediction(SELF_CHECKS[0]!, "a", null, true, "hint")).toThrow(/still null: replace it with your answer/);
  });
});
