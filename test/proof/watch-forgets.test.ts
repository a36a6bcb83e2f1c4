/**
 * `npm run exercise N -- --watch` judges each save as a fresh `npm run exercise N` would: for any
 * sequence of saves, the verdict of the vitest kept alive between saves (the saved file
 * invalidated, the test file run again in the warm thread) equals the verdict of a vitest started
 * afresh on the same file. The saves mix a right answer, a wrong one, and a right one that changes
 * a `src/` class at module level in the way the wrong one needs: a change that must not outlive
 * the save that made it. And a save that never finishes is stopped at the deadline, said so, and
 * the next save is judged as usual.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { stuckMessage } from "../../exercises/_cli/deadline.js";
import { openVitest, type LiveVitest } from "../../exercises/_cli/vitest-api.js";
import type { RunReport } from "../../exercises/_cli/vitest-run.js";

const testFile = "test/exercises/01-tool-contract.test.ts";
const right = readFileSync(join(SOLUTIONS_DIR, "01-tool-contract", "word-count.ts"), "utf8");
const blankResult = 'if (text.trim() === "") return ToolResult.error("Error: text is empty");';
/** The saves a learner makes, by name. */
const saves = {
  right,
  /** Reports blank text through a method src/ does not have: wrong, unless something added it. */
  wrong: right.replace(blankResult, 'if (text.trim() === "") return (ToolResult as unknown as { fail(m: string): unknown }).fail("Error: text is empty");'),
  /** Right, and adds that method to src/'s ToolResult as it loads. */
  patching: `${right}\nObject.assign(ToolResult, { fail: (message: string) => ToolResult.error(message) });\n`,
  /** Spins for ever in execute: its tests never finish. */
  endless: right.replace(blankResult, `${blankResult}\n    for (let i = 0; i < 1; ) void i;`),
} as const;
type Save = keyof typeof saves;

let scratch: string;
let file: string;
let dir: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "workbook-forgets-"));
  symlinkSync(join(ROOT, "src"), join(scratch, "src"), "junction");
  writeFileSync(join(scratch, "package.json"), '{ "type": "module" }\n');
  dir = join(scratch, "exercises");
  cpSync(join(SOLUTIONS_DIR, "01-tool-contract"), join(dir, "01-tool-contract"), { recursive: true });
  file = join(dir, "01-tool-contract", "word-count.ts");
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** What a learner reads of a run: each test passed or not, and whether it was stopped. */
function verdict(report: RunReport): string {
  return JSON.stringify({ tests: report.tests.map((t) => `${t.title}: ${t.status}`), stuck: report.stuck?.length ?? 0 });
}

/** The verdict of a fresh check of `save`: a vitest of its own, closed after one run. */
const fresh = new Map<Save, string>();
async function freshVerdict(save: Save): Promise<string> {
  const known = fresh.get(save);
  if (known !== undefined) return known;
  writeFileSync(file, saves[save]);
  const vitest = await openVitest({ kind: "dir", dir });
  try {
    const found = verdict(await vitest.run([testFile]));
    fresh.set(save, found);
    return found;
  } finally {
    await vitest.close();
  }
}

/** A save under --watch: the file written, then invalidated and its test file run again, as `watch.ts` does. */
async function watchedSave(vitest: LiveVitest, save: Save): Promise<string> {
  writeFileSync(file, saves[save]);
  vitest.invalidate([file]);
  return verdict(await vitest.run([testFile]));
}

describe("--watch", () => {
  it("a module-level change to src/ that a save made does not outlive it: the wrong answer fails after the patching one", async () => {
    expect(await freshVerdict("wrong")).not.toBe(await freshVerdict("right"));
    expect(await freshVerdict("patching")).toBe(await freshVerdict("right"));
    const vitest = await openVitest({ kind: "dir", dir });
    try {
      expect(await watchedSave(vitest, "patching")).toBe(await freshVerdict("patching"));
      expect(await watchedSave(vitest, "wrong")).toBe(await freshVerdict("wrong"));
    } finally {
      await vitest.close();
    }
  }, 120_000);

  it("gives the verdict of a fresh check after every save, for any sequence of saves", async () => {
    const names: Save[] = ["right", "wrong", "patching"];
    for (const name of names) await freshVerdict(name);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }), async (sequence) => {
        const vitest = await openVitest({ kind: "dir", dir });
        try {
          for (const save of sequence) expect(await watchedSave(vitest, save), sequence.join(" → ")).toBe(await freshVerdict(save));
        } finally {
          await vitest.close();
        }
      }),
      { numRuns: 5 },
    );
  }, 600_000);

  it("stops a save that never finishes at the deadline, names it, and judges the next save as usual", async () => {
    const seconds = 8;
    const vitest = await openVitest({ kind: "dir", dir }, { deadlineSeconds: seconds });
    try {
      writeFileSync(file, saves.endless);
      vitest.invalidate([file]);
      const stopped = await vitest.run([testFile]);
      expect(stopped.stuck).toEqual([{ file: testFile, seconds }]);
      expect(stuckMessage("exercises/01-tool-contract/word-count.ts", seconds)).toBe(
        "exercises/01-tool-contract/word-count.ts did not finish in 8 s — an endless loop or an `await` that never settles?",
      );
      expect(await watchedSave(vitest, "right")).toBe(await freshVerdict("right"));
    } finally {
      await vitest.close();
    }
  }, 180_000);
});
