/**
 * Learner folders for the tests of grading a class: each a copy of the workbook as far as grading
 * reads it (the learner's `exercises/`, and links to the workbook's `src/`, `test/` and
 * `solutions/`, as a clone has them), filled from the stubs and the worked answers.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listItems, pristineText, ROOT, SOLUTIONS_DIR, type Exercise } from "../../exercises/_cli/catalog.js";

/** What a learner wrote for each file of each item: a text (the worked answer, one of their own), or null for the untouched stub. */
export type Work = (item: Exercise, file: string, answer: string) => string | null;

/**
 * Writes a learner folder `dir` with `work` deciding each file. With `ownSources`, its `src/` is a
 * copy of its own, as a learner's clone has (the same files at another path), not a link.
 */
export function learnerFolder(dir: string, work: Work, ownSources = false): void {
  mkdirSync(dir, { recursive: true });
  for (const name of ["src", "test", "solutions"]) {
    if (name === "src" && ownSources) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
    else symlinkSync(join(ROOT, name), join(dir, name), "junction");
  }
  cpSync(join(ROOT, "package.json"), join(dir, "package.json"));
  for (const item of listItems()) {
    for (const file of item.files) {
      const answer = readFileSync(join(SOLUTIONS_DIR, item.id, file), "utf8");
      const text = work(item, file, answer);
      mkdirSync(join(dir, "exercises", item.id), { recursive: true });
      writeFileSync(join(dir, "exercises", item.id, file), text ?? pristineText(item, file));
    }
  }
}

/** An answer of the learner's own: the worked answer with one export of their own added, so it is not a copy. */
export function ownAnswer(answer: string): string {
  return `${answer}\nexport const WRITTEN_BY = "a learner";\n`;
}
