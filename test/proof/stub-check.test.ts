/**
 * `sync-pristine.ts` saves a stub as the learners' starting point only while it is still a stub:
 * marked with its lesson's `TODO(lesson N)`, with no fewer markers than the stub saved before, and
 * not the worked answer, comments and white space aside.
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listExercises } from "../../exercises/_cli/catalog.js";
import { codeOnly, markerCount, stubLesson, stubProblem } from "../../exercises/_cli/stub-check.js";
import { ROOT } from "../docs/root.js";
import { scratchWorkbook } from "./scratch-workbook.js";

const folders = readdirSync(join(ROOT, "exercises")).filter((name) => stubLesson(name) !== null);

/** Every stub of the workbook with its lesson, its saved copy and its worked answer. */
const stubs = folders.flatMap((id) =>
  readdirSync(join(ROOT, "exercises", id))
    .filter((f) => f.endsWith(".ts"))
    .map((file) => ({
      id,
      file,
      lesson: stubLesson(id) ?? 0,
      text: readFileSync(join(ROOT, "exercises", id, file), "utf8"),
      saved: readFileSync(join(ROOT, "exercises", "_cli", "pristine", id, `${file}.txt`), "utf8"),
      answer: readFileSync(join(ROOT, "solutions", id, file), "utf8"),
    })),
);

/** `text` without its `index`-th `marker` (the marker's text alone, or its whole line). */
function withoutMarker(text: string, marker: string, index: number, wholeLine: boolean): string {
  let at = -1;
  for (let i = 0; i <= index; i++) at = text.indexOf(marker, at + 1);
  if (!wholeLine) return text.slice(0, at) + text.slice(at + marker.length);
  const start = text.lastIndexOf("\n", at) + 1;
  const end = text.indexOf("\n", at);
  return text.slice(0, start) + text.slice(end < 0 ? text.length : end + 1);
}

describe("a stub that is no longer a stub is not saved", () => {
  it("every stub of the workbook is marked with its lesson and differs from its worked answer", () => {
    expect(folders.length, "every exercise folder and the self-check").toBe(listExercises().length + 1);
    for (const id of folders) {
      for (const file of readdirSync(join(ROOT, "exercises", id)).filter((f) => f.endsWith(".ts"))) {
        const answer = join(ROOT, "solutions", id, file);
        const text = readFileSync(join(ROOT, "exercises", id, file), "utf8");
        expect(stubProblem(id, file, text, existsSync(answer) ? readFileSync(answer, "utf8") : null), `${id}/${file}`).toBeNull();
      }
    }
  });

  it("names the missing marker, and the worked answer even when only its white space differs", () => {
    expect(stubLesson("05-argument-processing")).toBe(5);
    expect(stubLesson("self-check")).toBe(11);
    expect(stubLesson("_cli")).toBeNull();
    expect(stubProblem("05-argument-processing", "prepare.ts", "// TODO(lesson 4): wrong lesson\n", null)).toMatch(/has no TODO\(lesson 5\) marker/);
    const answer = "export const x = 1;\n// TODO(lesson 5): kept in the answer\n";
    expect(stubProblem("05-argument-processing", "prepare.ts", answer.replace("= 1", "=   1").replace(/\n/g, "\r\n"), answer)).toMatch(/is the worked answer/);
    expect(stubProblem("05-argument-processing", "prepare.ts", "// TODO(lesson 5): fill me\n", answer)).toBeNull();
  });

  it("refuses every stub with any one of its markers removed, unless the author says blanks were removed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...stubs), fc.nat(), fc.boolean(), (stub, pick, wholeLine) => {
        const marker = `TODO(lesson ${stub.lesson})`;
        const cut = withoutMarker(stub.text, marker, pick % markerCount(stub.text, stub.lesson), wholeLine);
        expect(markerCount(cut, stub.lesson)).toBe(markerCount(stub.text, stub.lesson) - 1);
        const problem = stubProblem(stub.id, stub.file, cut, stub.answer, { saved: stub.saved });
        expect(problem, `${stub.id}/${stub.file}`).not.toBeNull();
        expect(problem).toContain(`exercises/${stub.id}/${stub.file}`);
        if (markerCount(cut, stub.lesson) > 0) {
          expect(problem).toMatch(/the stub saved before had \d+: a blank was filled in or its marker lost/);
          expect(stubProblem(stub.id, stub.file, cut, stub.answer, { saved: stub.saved, fewerMarkersAllowed: true })).toBeNull();
        }
      }),
    );
  });

  it("refuses a worked answer however its comments and white space were changed", () => {
    const comment = fc.oneof(
      fc.stringMatching(/^[\w ,.()]{0,30}$/).map((t) => `// ${t}`),
      fc.stringMatching(/^[\w ,.()]{0,30}$/).map((t) => `/* ${t} */`),
    );
    fc.assert(
      fc.property(fc.constantFrom(...stubs), fc.array(fc.tuple(fc.nat(), comment)), fc.constantFrom("", " ", "    ", "\t"), (stub, inserts, indent) => {
        const lines = stub.answer.split("\n").map((line) => (line.trim() === "" ? line : indent + line.trimStart()));
        // A comment goes after a line of code with no comment or template in it (a `*/` inside a doc
        // comment would end it early).
        const codeLines = lines.flatMap((line, i) => (/[;{}]$/.test(line) && !/[*`]|\/\//.test(line) ? [i + 1] : []));
        const places = inserts.map(([at, text]) => [codeLines[at % codeLines.length] ?? 0, text] as const).sort((x, y) => y[0] - x[0]);
        for (const [at, text] of places) lines.splice(at, 0, text);
        const edited = lines.join("\r\n").replace(/\/\*\*[\s\S]*?\*\//, "");
        expect(stubProblem(stub.id, stub.file, edited, stub.answer), `${stub.id}/${stub.file}`).toMatch(
          /is the worked answer in solutions\/.+ \(comments and white space aside\)/,
        );
      }),
    );
  });

  it("sets comments and white space aside, but not the text of a string", () => {
    expect(codeOnly('const a = "x  y"; // note\n/* more */ const b = `t ${a}`;')).toBe('consta="x  y";constb=`t ${a}`;');
    expect(codeOnly('const url = "http://x"; // c')).toBe('consturl="http://x";');
    expect(codeOnly('throw new Error("TODO");')).not.toBe(codeOnly('throw new Error("TODO!");'));
  });

  it("sync-pristine refuses a folder whose stub is the worked answer, and saves nothing", async () => {
    const copy = scratchWorkbook();
    try {
      cpSync(join(ROOT, "solutions", "04-exact-names", "names.ts"), join(copy.root, "exercises", "04-exact-names", "names.ts"));
      const before = readFileSync(join(copy.root, "exercises", "_cli", "pristine", "04-exact-names", "names.ts.txt"), "utf8");
      const run = await copy.run("sync-pristine");
      expect(run.status, run.stdout).toBe(1);
      expect(run.stderr).toContain("exercises/04-exact-names/names.ts is the worked answer");
      expect(run.stderr).toContain("Nothing was saved.");
      expect(readFileSync(join(copy.root, "exercises", "_cli", "pristine", "04-exact-names", "names.ts.txt"), "utf8")).toBe(before);
    } finally {
      copy.dispose();
    }
  });

  it("sync-pristine refuses a stub that lost one marker, says why, and saves nothing", async () => {
    const copy = scratchWorkbook();
    try {
      const stub = join(copy.root, "exercises", "05-argument-processing", "prepare.ts");
      writeFileSync(stub, withoutMarker(readFileSync(stub, "utf8"), "TODO(lesson 5)", 0, true));
      const saved = join(copy.root, "exercises", "_cli", "pristine", "05-argument-processing", "prepare.ts.txt");
      const before = readFileSync(saved, "utf8");
      const run = await copy.run("sync-pristine");
      expect(run.status, run.stdout).toBe(1);
      expect(run.stderr).toMatch(/exercises\/05-argument-processing\/prepare\.ts has \d+ TODO\(lesson 5\) markers, the stub saved before had \d+/);
      expect(run.stderr).toContain("--fewer-markers");
      expect(run.stderr).toContain("Nothing was saved.");
      expect(readFileSync(saved, "utf8")).toBe(before);
    } finally {
      copy.dispose();
    }
  });
});
