/**
 * The type check's cache of verdicts is keyed on everything the check reads: the learner's files,
 * every file they import through relative paths (a helper file of the learner's, `src/`),
 * transitively, the configuration and the compilers' versions. So a type error that a change to a
 * helper file brings into the exercise is found, where a key on the exercise's own text alone
 * answered from the cache that all was well. Where TypeScript 7's native compiler is not installed
 * (the learner install), TypeScript 5 finds the same errors in a worker thread.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheKey, checkedFiles, relativeSpecifiers, startTypeChecker } from "../../exercises/_cli/typecheck.js";

let scratch: string;
let exercise: string;
let helper: string;
let deeper: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "workbook-tccache-"));
  // An ES module folder, as the workbook is.
  writeFileSync(join(scratch, "package.json"), '{ "type": "module" }\n');
  mkdirSync(join(scratch, "lib"));
  exercise = join(scratch, "answer.ts");
  helper = join(scratch, "lib", "helper.ts");
  deeper = join(scratch, "lib", "deeper.ts");
  writeFileSync(exercise, 'import { count } from "./lib/helper.js";\n\nexport const total: number = count;\n');
  writeFileSync(helper, 'export { count } from "./deeper.js";\n');
  writeFileSync(deeper, "export const count = 3;\n");
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("the type check's cache", () => {
  it("reads the relative imports a file names, type-only and dynamic ones too", () => {
    const text = [
      'import { a } from "./a.js";',
      'import type { B } from "../b.js";',
      'export * from "./c.js";',
      'const d = await import("./d.js");',
      'import "./e.js";',
      'import { f } from "vitest";',
      '/// <reference path="./g.d.ts" />',
    ].join("\n");
    expect(relativeSpecifiers(text)).toEqual(["./a.js", "../b.js", "./c.js", "./d.js", "./e.js", "./g.d.ts"]);
  });

  it("follows the exercise's imports to its helper files, transitively", () => {
    expect(checkedFiles([exercise])).toEqual([exercise, deeper, helper].sort());
  });

  it("changes its key when any file the check reads changes, and only then", () => {
    const before = cacheKey([exercise]);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(join(scratch, "unrelated.ts"), "export const x = 1;\n");
    expect(cacheKey([exercise]), "a file the check does not read").toBe(before);
    fc.assert(
      fc.property(fc.constantFrom(exercise, helper, deeper), fc.string({ minLength: 1, maxLength: 8 }), (file, comment) => {
        const key = cacheKey([exercise]);
        writeFileSync(file, `${fc.stringify(comment)}\n`, { flag: "a" });
        expect(cacheKey([exercise]), file).not.toBe(key);
      }),
      { numRuns: 20 },
    );
  });

  it("finds a type error that a change to a helper file brings into the exercise, after a clean check of the same exercise", async () => {
    writeFileSync(exercise, 'import { count } from "./lib/helper.js";\n\nexport const total: number = count;\n');
    writeFileSync(deeper, "export const count = 3;\n");
    const checker = startTypeChecker();
    try {
      expect(await checker.check([exercise])).toEqual([]);
      writeFileSync(deeper, 'export const count = "three";\n');
      const problems = await checker.check([exercise]);
      expect(problems.map((p) => [p.file, p.line, p.code])).toEqual([[exercise, 3, 2322]]);
      writeFileSync(deeper, "export const count = 3;\n");
      expect(await checker.check([exercise]), "and clean again once the helper is").toEqual([]);
    } finally {
      await checker.close();
    }
  }, 120_000);

  it("without TypeScript 7 (the learner install leaves it out), checks with TypeScript 5 in a worker thread and finds the same errors", async () => {
    const saved = process.env["WORKBOOK_TYPECHECK"];
    process.env["WORKBOOK_TYPECHECK"] = "worker";
    writeFileSync(exercise, 'import { count } from "./lib/helper.js";\n\nexport const total: number = count;\n');
    writeFileSync(deeper, 'export const count = "three";\n');
    const checker = startTypeChecker();
    try {
      const problems = await checker.check([exercise]);
      expect(problems.map((p) => [p.file, p.line, p.code])).toEqual([[exercise, 3, 2322]]);
      writeFileSync(deeper, "export const count = 3;\n");
      expect(await checker.check([exercise])).toEqual([]);
    } finally {
      await checker.close();
      if (saved === undefined) delete process.env["WORKBOOK_TYPECHECK"];
      else process.env["WORKBOOK_TYPECHECK"] = saved;
    }
  }, 120_000);
});
