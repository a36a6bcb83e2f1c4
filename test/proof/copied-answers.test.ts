/**
 * The copied-answer flag of `npm run grade` (`exercises/_cli/copied.ts`): a learner file that is
 * the worked answer once layout is set aside is flagged `identical`, however it was reformatted; a
 * file that imports the worked answers, however the path is spelled, is flagged
 * `imports-solutions`; the untouched stub is never flagged, and neither is a changed answer. The
 * flags are worked out only for the class grader: a learner's own grade of copied answers passes
 * with no flag in its report, while the class grader's grade of the same folder flags them
 * (`grade-class.test.ts` runs the class grader itself on learner folders).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findExercise, listExercises, pristineText, ROOT, SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { gradeWork } from "../../exercises/_cli/grading.js";
import { copiedFlag, importsAnswers, layoutFreeTokens, modulePaths, sameOnceFormatted } from "../../exercises/_cli/copied.js";

const files = listExercises().flatMap((exercise) =>
  exercise.files.map((file) => ({
    label: `${exercise.id}/${file}`,
    stub: pristineText(exercise, file),
    answer: readFileSync(join(SOLUTIONS_DIR, exercise.id, file), "utf8"),
  })),
);

/** Spaces, tabs and line breaks: what a formatter or an editor changes between tokens. */
const gap = fc.array(fc.constantFrom(" ", "  ", "\t", "\n", "\r\n", "\n\n    "), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(""));
const comment = fc.constantFrom("/* mine */", "// my own words\n", "/** why */", "/* a // b */");

/**
 * `text` reformatted: at random token boundaries white space is added, a comment put in, or a
 * semicolon added where one already ends a statement; string quotes swapped where that keeps the value.
 */
function reformat(text: string, seeds: readonly number[], gaps: readonly string[], comments: readonly string[]): string {
  const tokens = layoutFreeTokens(text);
  let out = "";
  tokens.forEach((token, at) => {
    const seed = seeds[at % seeds.length] ?? 0;
    const literal = token.startsWith('"') && !token.slice(1, -1).includes("'") && !token.slice(1, -1).includes("\\") ? `'${token.slice(1, -1)}'` : token;
    out += seed % 5 === 0 ? literal : token;
    const separator = gaps[at % gaps.length] ?? " ";
    out += seed % 7 === 0 ? ` ${comments[at % comments.length] ?? ""}${separator}` : separator;
  });
  return out;
}

describe("a learner file identical to the worked answer", () => {
  it("is flagged however it is reformatted (white space, comments, quotes)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 }),
        fc.array(gap, { minLength: 1, maxLength: 8 }),
        fc.array(comment, { minLength: 1, maxLength: 4 }),
        (file, seeds, gaps, comments) => {
          const copy = reformat(file.answer, seeds, gaps, comments);
          expect(sameOnceFormatted(copy, file.answer)).toBe(true);
          expect(copiedFlag([{ learner: copy, stub: file.stub, answer: file.answer }], [copy])).toBe("identical");
        },
      ),
      { numRuns: 60 },
    );
  });

  it("each worked answer as it is, and with trailing commas and semicolons changed, is flagged", () => {
    for (const file of files) {
      const variant = file.answer.replace(/,(\s*[)\]}])/g, "$1").replace(/;\n/g, "\n");
      expect(copiedFlag([{ learner: file.answer, stub: file.stub, answer: file.answer }], [file.answer]), file.label).toBe("identical");
      expect(sameOnceFormatted(variant, file.answer), file.label).toBe(true);
    }
  });

  it("the untouched stub is never flagged, however it is reformatted", () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 }), fc.array(gap, { minLength: 1, maxLength: 8 }), (file, seeds, gaps) => {
        const stub = reformat(file.stub, seeds, gaps, ["/* */"]);
        expect(copiedFlag([{ learner: stub, stub: file.stub, answer: file.answer }], [stub])).toBeNull();
      }),
      { numRuns: 40 },
    );
  });

  it("an answer of the learner's own (one name changed) is not flagged", () => {
    for (const file of files) {
      const own = `${file.answer}\nexport const WRITTEN_BY = "a learner";\n`;
      expect(copiedFlag([{ learner: own, stub: file.stub, answer: file.answer }], [own]), file.label).toBeNull();
    }
    expect(copiedFlag([{ learner: null, stub: "a", answer: "b" }], []), "a missing file").toBeNull();
    expect(copiedFlag([{ learner: "x", stub: "x", answer: "x" }], ["x"]), "an answer equal to its stub flags nothing").toBeNull();
  });
});

describe("a learner file that imports the worked answers", () => {
  const spellings = [
    'export * from "../../solutions/07-errors-as-results/settle.js";',
    "export * from '../../solutions/07-errors-as-results/settle';",
    'export { settleCall } from "../../solutions/07-errors-as-results/settle.ts";',
    'import { settleCall } from "/home/me/workbook/solutions/07-errors-as-results/settle.js";\nexport { settleCall };',
    'import * as worked from "..\\\\..\\\\solutions\\\\07-errors-as-results\\\\settle.js";',
    'const worked = await import("../../solutions/07-errors-as-results/settle.js");',
    "const worked = await import(`../../solutions/07-errors-as-results/settle.js`);",
    'const worked = require("../../solutions/07-errors-as-results/settle.js");',
    'import "../../solutions/07-errors-as-results/settle.js";',
    'import type { Settled } from "../../solutions";',
    'export * from "../../test/exercises/_oracle/07-errors-as-results/settle.js";',
    'export * from "./../..//solutions/07-errors-as-results/settle.js"; // the grader cannot see this',
  ];

  it("is flagged in every spelling of the path", () => {
    for (const text of spellings) {
      expect(importsAnswers(text), text).toBe(true);
      expect(copiedFlag([{ learner: text, stub: "stub", answer: "answer" }], [text]), text).toBe("imports-solutions");
    }
  });

  it("is flagged when a helper beside the file imports them, not only the file itself", () => {
    const file = 'export * from "./helper.js";';
    expect(copiedFlag([{ learner: file, stub: "stub", answer: "answer" }], [file, spellings[0] ?? ""])).toBe("imports-solutions");
  });

  it("imports of the code under test, of packages and of a folder only named like it are not flagged", () => {
    for (const text of [
      'import { Tool } from "../../src/tools/base.js";',
      'import { z } from "zod";',
      'import { solve } from "./my-solutions.js";',
      'const note = "see solutions/ later"; // solutions/',
    ])
      expect(importsAnswers(text), text).toBe(false);
    expect(modulePaths('import a from "./a.js";\nexport * from "./b.js";\nconst c = await import("./c.js");')).toEqual(["./a.js", "./b.js", "./c.js"]);
  });

  it("no exercise stub imports the worked answers", () => {
    for (const file of files) expect(importsAnswers(file.stub), file.label).toBe(false);
  });
});

describe("who sees the flags", () => {
  it("a learner's own grade of copied answers shows no flag; the class grader's grade of the same folder flags them", async () => {
    const base = mkdtempSync(join(tmpdir(), "workbook-copied-"));
    try {
      const one = findExercise("1") ?? expect.fail("no exercise 1");
      const four = findExercise("4") ?? expect.fail("no exercise 4");
      symlinkSync(join(ROOT, "src"), join(base, "src"), "junction");
      writeFileSync(join(base, "package.json"), '{ "type": "module" }\n');
      const dir = join(base, "exercises");
      cpSync(SOLUTIONS_DIR, dir, { recursive: true });
      writeFileSync(
        join(dir, four.id, four.files[0] ?? ""),
        [
          'import * as s from "../../src/tools/suggest.js";',
          'import { toolNotFoundMessage } from "../../src/tools/messages.js";',
          "type Suggest = (name: string, registered: readonly string[]) => string | null;",
          "export function suggestName(name: string, registered: readonly string[]): string | null {",
          '  return (s as unknown as Record<string, Suggest>)[["suggest", "ToolName"].join("")]?.(name, registered) ?? null;',
          "}",
          "export function notFoundMessage(name: string, registered: readonly string[]): string {",
          "  return toolNotFoundMessage(name, suggestName(name, registered), registered);",
          "}",
          "",
        ].join("\n"),
      );
      const state = { hintsShown: {}, hintViews: {}, solutionViews: {} };
      const learner = await gradeWork({ exercisesDir: dir, items: [one, four], state });
      expect(learner.exercises.map((item) => [item.result, item.copied])).toEqual([
        ["passed", null],
        ["passed", null],
      ]);
      expect(learner.copiedChecked).toBe(false);
      expect(JSON.stringify(learner)).not.toMatch(/identical|uses-reference|imports-solutions/);
      const instructor = await gradeWork({ exercisesDir: dir, items: [one, four], state, copyCheck: true });
      expect(instructor.exercises.map((item) => [item.result, item.copied])).toEqual([
        ["passed", "identical"],
        ["passed", "uses-reference"],
      ]);
      expect(instructor.copiedChecked).toBe(true);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 600_000);
});
