/**
 * The capstone's row in `npm run progress` and `npm run grade`: not started while every part is
 * the stub, failing (naming the first stub) while any part is, and passed only when all nine are
 * the learner's and every scenario matches.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { capstoneVerdict, missingReason, type CapstoneLoader } from "../../exercises/_cli/capstone-verdict.js";
import { PART_NUMBERS } from "../../exercises/_cli/capstone/parts.js";
import { answersFolder, type AnswersFolder } from "./answers.js";

const direct: CapstoneLoader = () => import("../../exercises/_cli/capstone/capstone.js");

it("names the stubs, the first one to start with", () => {
  expect(missingReason([])).toBeNull();
  expect(missingReason([3, 7])).toBe("it runs when your nine answers are in place; still the stub: exercise 3, 7 (start with npm run exercise 3)");
});

describe("capstoneVerdict", () => {
  let stubs: AnswersFolder;
  let oneStub: AnswersFolder;
  beforeAll(async () => {
    stubs = await answersFolder(Object.fromEntries(PART_NUMBERS.map((n) => [n, "stub"])));
    oneStub = await answersFolder({ 3: "stub" });
  });
  afterAll(async () => {
    await stubs.dispose();
    await oneStub.dispose();
  });

  it("is not started while every part is the stub, and runs nothing", async () => {
    const load: CapstoneLoader = () => Promise.reject(new Error("must not be loaded"));
    expect(await capstoneVerdict(stubs.dir, load)).toEqual({ state: "not started", reason: missingReason([1, 2, 3, 4, 5, 6, 7, 8, 9]), command: "10" });
  });

  it("fails while one part is the stub, naming it", async () => {
    const load: CapstoneLoader = () => Promise.reject(new Error("must not be loaded"));
    expect(await capstoneVerdict(oneStub.dir, load)).toEqual({ state: "failing", reason: missingReason([3]), command: "10" });
  });

  it("passes with the worked answers", async () => {
    expect(await capstoneVerdict(SOLUTIONS_DIR, direct)).toEqual({ state: "passed", reason: null, command: "10" });
  });

  it("fails with a wrong answer, naming the exercise that makes the difference", async () => {
    const wrong = await answersFolder({ 3: { text: "export class DefinitionCache { register() {} unregister() {} getDefinitions() { return []; } }\n" } });
    try {
      const verdict = await capstoneVerdict(wrong.dir, direct);
      expect(verdict.state).toBe("failing");
      expect(verdict.reason).toMatch(/: exercise 3 makes a difference \(npm run exercise 10 shows it\)$/);
    } finally {
      await wrong.dispose();
    }
  });
});
