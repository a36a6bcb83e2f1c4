/**
 * What keeps `npm run exercise N -- --watch` quick, and what it must not change. The tests run in
 * one worker thread that stays loaded between runs, the one started before vitest was loaded; a
 * save is taken once its writes settle, also when an editor writes the file elsewhere and renames it
 * over the old one, and an editor's swap files are ignored; after a save the changed file is loaded
 * afresh; the type checker kept loaded between saves reports what `tsc` reports, syntax errors
 * alone when there are any, each message with its chained explanation.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { nativeExe, parseDiagnostics, type TypeProblem } from "../../exercises/_cli/typecheck.js";
import { startSessionChecker, toTypeProblems } from "../../exercises/_cli/typecheck-session.js";
import { openVitest } from "../../exercises/_cli/vitest-api.js";
import { warmThreadCount } from "../../exercises/_cli/warm-threads.js";
import { watchFolders } from "../../exercises/_cli/watch.js";

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "workbook-watch-"));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("the tests between saves", () => {
  it("re-runs in the one thread started before vitest was loaded, and a re-run after a save loads the saved file", async () => {
    // The answers in a folder of their own beside a link to src/, so their `../../src/` imports resolve.
    const answers = join(scratch, "answers");
    symlinkSync(join(ROOT, "src"), join(scratch, "src"), "junction");
    cpSync(join(ROOT, "solutions", "05-argument-processing"), join(answers, "05-argument-processing"), { recursive: true });
    const file = join(answers, "05-argument-processing", "prepare.ts");
    const right = readFileSync(file, "utf8");
    const testFile = "test/exercises/05-argument-processing.test.ts";
    const before = warmThreadCount.started;
    const vitest = await openVitest({ kind: "dir", dir: answers });
    const failed = (report: { tests: Array<{ status: string }> }): number => report.tests.filter((t) => t.status !== "passed").length;
    try {
      const first = await vitest.run([testFile]);
      expect(first.tests.length).toBeGreaterThan(10);
      expect(failed(first)).toBe(0);
      expect(vitest.loadedFiles()).toContain(file.split("\\").join("/"));

      writeFileSync(file, right.replace("return { tool, params: cast, error: null };", 'return { tool, params: cast, error: "wrong" };'));
      expect(vitest.invalidate([file]), "the saved file is imported by the test file").toBe(true);
      expect(failed(await vitest.run([testFile])), "the saved, wrong answer is what ran").toBeGreaterThan(0);

      writeFileSync(file, right);
      vitest.invalidate([file]);
      expect(failed(await vitest.run([testFile]))).toBe(0);
      expect(vitest.invalidate([join(scratch, "not-imported.ts")]), "a file no test imports runs nothing").toBe(false);
    } finally {
      await vitest.close();
    }
    expect(warmThreadCount.started - before, "one thread for three runs: the one started before vitest was loaded").toBe(1);
  }, 180_000);
});

describe("a save", () => {
  it("is taken once its writes settle, also when written elsewhere and renamed over the file, and swap files are ignored", async () => {
    const dir = join(scratch, "saves");
    mkdirSync(dir, { recursive: true });
    const [mine, other] = [join(dir, "prepare.ts"), join(dir, "other.ts")];
    writeFileSync(mine, "export const a = 1;\n");
    writeFileSync(other, "export const b = 1;\n");
    const calls: string[][] = [];
    let next: (() => void) | null = null;
    const watching = watchFolders(
      [mine],
      (changed) => {
        calls.push(changed);
        next?.();
      },
      50,
    );
    const change = (): Promise<void> => new Promise((resolve) => (next = resolve));
    try {
      let called = change();
      writeFileSync(join(dir, ".prepare.ts.swp"), "swap");
      writeFileSync(other, "export const b = 2;\n");
      writeFileSync(mine, "export const a = 2;\n");
      writeFileSync(mine, "export const a = 3;\n");
      await called;
      expect(calls, "two writes in a row are one save; the swap file and a file not followed are not").toEqual([[mine]]);

      called = change();
      writeFileSync(`${mine}.tmp`, "export const a = 4;\n");
      renameSync(`${mine}.tmp`, mine);
      await called;
      expect(calls[1]).toEqual([mine]);
    } finally {
      watching.close();
    }
  });
});

describe("the type checker kept loaded between saves", () => {
  it("turns the compiler's offsets into the line and column tsc prints, counting characters as tsc does, and joins the chained explanation", () => {
    const text = "// é — 😀\nconst s = 1;\nexport const x: number = 'ü😀' as string;\n";
    const offset = text.indexOf("x:");
    const chain = {
      pos: offset,
      code: 2326,
      category: 1,
      text: "Types of property 'a' are incompatible.",
      messageChain: [{ pos: offset, code: 2322, category: 1, text: "Deeper." }],
    };
    const problems = toTypeProblems("/w/prepare.ts", text, [
      { pos: offset, code: 2322, category: 1, text: "Type 'string' is not assignable to type 'number'.", messageChain: [chain] },
      { pos: 0, code: 6133, category: 2, text: "A suggestion, not an error." },
    ]);
    expect(problems).toEqual([
      {
        file: "/w/prepare.ts",
        line: 3,
        column: 14,
        code: 2322,
        message: "Type 'string' is not assignable to type 'number'.\nTypes of property 'a' are incompatible.\nDeeper.",
      },
    ]);
  });

  it("reports what tsc reports for the learner's file, after every save: type errors with their explanation, syntax errors alone", async ({ skip }) => {
    const exe = await nativeExe();
    // Where the native compiler is not installed, the checker started per check answers instead: nothing to compare.
    if (exe === null) return skip();
    const file = join(scratch, "answer.ts");
    const config = join(ROOT, "node_modules", ".cache", "workbook-cli", `tsconfig.watch-test-${process.pid}.json`);
    mkdirSync(join(ROOT, "node_modules", ".cache", "workbook-cli"), { recursive: true });
    writeFileSync(config, JSON.stringify({ extends: join(ROOT, "tsconfig.json"), compilerOptions: { noEmit: true, skipLibCheck: true }, include: [], files: [file] }));
    const tsc = (): TypeProblem[] => parseDiagnostics(spawnSync(exe, ["-p", config, "--pretty", "false"], { cwd: ROOT, encoding: "utf8" }).stdout, ROOT);
    const versions = [
      "// é — 😀\nexport const total: number = 'ü' as string;\nexport const nested: { a: { b: number }[] } = { a: [{ b: 'x' as string }] } as { a: { b: string }[] };\n",
      "export const total: number = 1;\n",
      "export const total: number = 1;\nexport const é😀 = ;\nexport const wrong: number = 'x';\n",
    ];
    writeFileSync(file, versions[0] ?? "");
    const session = startSessionChecker([file]);
    try {
      for (const [i, text] of versions.entries()) {
        writeFileSync(file, text);
        const expected = tsc();
        expect(await session.check([file], [file]), `version ${i + 1}`).toEqual(expected);
        if (i === 0)
          expect(
            expected.some((p) => p.message.split("\n").length === 6),
            "an explanation five levels deep",
          ).toBe(true);
        if (i === 2)
          expect(
            expected.every((p) => p.code < 2000),
            "syntax errors alone",
          ).toBe(true);
      }
    } finally {
      await session.close();
      rmSync(config, { force: true });
    }
  }, 120_000);
});
