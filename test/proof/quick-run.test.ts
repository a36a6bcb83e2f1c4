/**
 * The quick check (`exercises/_cli/quick-run.ts`) judges as vitest does. `npm run exercise N` runs
 * the tests from a bundle with vitest's runner and `expect`, without vite; here every exercise's and
 * every question's test file runs both ways, against two kinds of code, and the two reports must be
 * the same test by test: status, every message, every diff, and the test-file and learner-file
 * lines of every failure's stack.
 *
 * - the untouched stubs (every test fails, most at once);
 * - a wrong answer for every item, taken from the catalogue (`test/exercises/_wrong-answers/`),
 *   each caught by some tests and passed by the rest (whose properties run all their inputs).
 *
 * Both runs draw the same inputs: each rule's property has a seed of its own. `npm run wrong-answers`
 * makes the same comparison on the worked answers and on every wrong answer of the catalogue.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listExercises, listQuestions, pristineText, ROOT } from "../../exercises/_cli/catalog.js";
import { quickRunFiles } from "../../exercises/_cli/quick-run.js";
import type { Target } from "../../exercises/_cli/target.js";
import { openVitest } from "../../exercises/_cli/vitest-api.js";
import type { RunReport } from "../../exercises/_cli/vitest-run.js";
import { applyEdits } from "../exercises/_wrong-answers/apply.js";
import { WRONG_ANSWERS } from "../exercises/_wrong-answers/catalog.js";
import { sameReports, verdictOf } from "./quick-run-compare.js";

const items = [...listExercises(), ...listQuestions()];
const testFiles = [...new Set(items.map((item) => item.testFile))];
let scratch: string;

/** A folder laid out like the repository's `exercises/`, beside a link to `src/`, holding `files` (folder/file → text). */
function layOut(name: string, text: (folder: string, file: string) => string): string {
  const base = join(scratch, name);
  const dir = join(base, "exercises");
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(ROOT, "src"), join(base, "src"), "junction");
  for (const item of items) {
    mkdirSync(join(dir, item.id), { recursive: true });
    for (const file of item.files) writeFileSync(join(dir, item.id, file), text(item.id, file));
  }
  return dir;
}

async function bothWays(target: Target, files: readonly string[] = testFiles, deadlineSeconds?: number): Promise<{ quick: RunReport; slow: RunReport }> {
  const seconds = deadlineSeconds === undefined ? {} : { deadlineSeconds };
  const quick = await quickRunFiles(
    files.map((file) => join(ROOT, file)),
    {
      ...seconds,
      target,
      onGiveWay: (reason) => {
        throw new Error(`the quick check gave way: ${reason}`);
      },
    },
  );
  if (quick === null) throw new Error("the quick check gave way");
  const vitest = await openVitest(target, seconds);
  try {
    return { quick, slow: await vitest.run(files) };
  } finally {
    await vitest.close();
  }
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "workbook-quick-"));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("the quick check and vitest give the same report", () => {
  it("on the untouched stubs: every test fails, with the same messages", async () => {
    const dir = layOut("stubs", (folder, file) => {
      const item = items.find((i) => i.id === folder && i.files.includes(file));
      if (item === undefined) throw new Error(`no item has ${folder}/${file}`);
      return pristineText(item, file);
    });
    const { quick, slow } = await bothWays({ kind: "dir", dir });
    expect(slow.tests.length).toBeGreaterThan(100);
    expect(slow.tests.every((t) => t.status === "failed")).toBe(true);
    expect(sameReports(quick, slow)).toBe(null);
    expect(verdictOf(quick)).toStrictEqual(verdictOf(slow));
  });

  it("on a wrong answer for every item: the same tests catch it, with the same messages", async () => {
    // The first wrong answer of the catalogue for each file; the other files of the folder stay the worked answers.
    const chosen = new Map<string, (typeof WRONG_ANSWERS)[number]>();
    for (const answer of WRONG_ANSWERS) if (!chosen.has(`${answer.folder}/${answer.file}`)) chosen.set(`${answer.folder}/${answer.file}`, answer);
    const dir = layOut("wrong", (folder, file) => {
      const answer = chosen.get(`${folder}/${file}`);
      return answer === undefined ? readSolution(folder, file) : applyEdits(answer);
    });
    const { quick, slow } = await bothWays({ kind: "dir", dir });
    const failed = new Set(slow.tests.filter((t) => t.status === "failed").map((t) => t.file));
    expect(failed.size, "every item's test file catches its wrong answer").toBe(testFiles.length);
    expect(slow.tests.some((t) => t.status === "passed")).toBe(true);
    expect(sameReports(quick, slow)).toBe(null);
    expect(verdictOf(quick)).toStrictEqual(verdictOf(slow));
  });
});

describe("the quick check guards as vitest does", () => {
  it("a learner's expect.extend(...) fails every test, as under vitest, naming what changed", async () => {
    const extend = [
      'const expectOf = (globalThis as unknown as Record<symbol, { extend(m: object): void }>)[Symbol.for("expect-global")];',
      'expectOf?.extend({ toBe: () => ({ pass: true, message: () => "" }) });',
    ].join("\n");
    const dir = layOut("extend", (folder, file) => `${readSolution(folder, file)}${folder === "01-tool-contract" ? `\n${extend}\n` : ""}`);
    const { quick, slow } = await bothWays({ kind: "dir", dir }, ["test/exercises/01-tool-contract.test.ts"]);
    expect(slow.tests.length).toBeGreaterThan(5);
    expect(quick.tests.every((t) => t.status === "failed" && t.failureMessages.some((m) => /assertions were changed .*toBe/.test(m)))).toBe(true);
    expect(sameReports(quick, slow)).toBe(null);
  });

  it("a loop that never ends is stopped at the deadline and named, as under vitest", async () => {
    const dir = layOut("loop", (folder, file) => `${readSolution(folder, file)}${folder === "01-tool-contract" ? "\nfor (;;) {}\n" : ""}`);
    const { quick, slow } = await bothWays({ kind: "dir", dir }, ["test/exercises/01-tool-contract.test.ts"], 2);
    expect(quick.stuck).toStrictEqual([{ file: "test/exercises/01-tool-contract.test.ts", seconds: 2 }]);
    expect(sameReports(quick, slow)).toBe(null);
  });
});

function readSolution(folder: string, file: string): string {
  return applyEdits({ folder, file, rule: "", what: "the worked answer", edits: [] });
}
