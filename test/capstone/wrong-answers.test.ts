/**
 * For each of exercises 2 to 9, one wrong answer of `npm run wrong-answers`' catalog, put in place
 * beside the other worked answers, makes the capstone fail and name that exercise — and no other —
 * as the part that makes the difference.
 */
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { runCapstone } from "../../exercises/_cli/capstone/capstone.js";
import { partInfo, type PartNumber } from "../../exercises/_cli/capstone/parts.js";
import { reportLines } from "../../exercises/_cli/capstone/report.js";
import { applyEdits } from "../exercises/_wrong-answers/apply.js";
import { WRONG_ANSWERS } from "../exercises/_wrong-answers/catalog.js";
import { answersFolder } from "./answers.js";

/** The wrong answer used for each exercise, by what the catalog says it does. */
const CHOSEN: ReadonlyArray<readonly [PartNumber, string]> = [
  [2, "a plugin replaces a built-in"],
  [3, "registration order kept"],
  [4, "the names joined without a space"],
  [5, "malformed JSON becomes {}"],
  [6, "every safe call runs together, wherever it stands"],
  [7, "the retry hint is left out"],
  [8, "no truncation without a workspace"],
  [9, "the call goes to the prefixed name"],
];

describe("a wrong answer makes the capstone fail and name its exercise", () => {
  for (const [part, what] of CHOSEN) {
    it(`exercise ${part}: ${what}`, async () => {
      const info = partInfo(part);
      const answer = WRONG_ANSWERS.find((a) => a.folder === info.folder && a.what === what);
      if (answer === undefined) throw new Error(`the catalog has no wrong answer "${what}" for ${info.folder}`);
      const folder = await answersFolder({ [part]: { text: applyEdits(answer) } });
      try {
        const report = await runCapstone({ dir: folder.dir });
        expect(report.passed).toBe(false);
        expect(report.parts[part]).toEqual({ kind: "learner" });
        const differing = report.scenarios.filter((v) => v.difference !== null);
        expect(differing.length, "at least one scenario differs").toBeGreaterThan(0);
        // Each differing scenario is put down to this exercise alone.
        for (const verdict of differing) expect(verdict.culprits, verdict.scenario.id).toEqual([part]);
        const lines = reportLines(report, false).map((line) => stripVTControlCharacters(line));
        expect(lines).toContain(`  makes a difference: exercise ${part} — see npm run exercise ${part}`);
        expect(lines.some((line) => line.includes(`made by exercise ${part} (${info.exports.join(", ")} in ${info.folder}/${info.file})`))).toBe(true);
        // The first differing request is shown as a diff.
        expect(differing[0]?.difference?.diff).toMatch(/^[-+]/m);
      } finally {
        await folder.dispose();
      }
    });
  }
});
