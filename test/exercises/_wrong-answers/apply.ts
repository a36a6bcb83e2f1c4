/**
 * Wrong answers as edits of the worked answers: applying them, and the rules they break as the
 * exercise test files list them. Used by `npm run wrong-answers` (which runs the tests against each
 * wrong answer) and by `test/exercises/wrong-answers.test.ts` (which checks, fast, that every edit
 * still applies and every rule has a wrong answer).
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, SELF_CHECKS } from "../../../exercises/_cli/catalog.js";

/** A plausible wrong answer: the worked answer with a few edits, and the rule it breaks. */
export interface WrongAnswer {
  /** The folder under `solutions/`: `07-errors-as-results`, or `self-check`. */
  folder: string;
  /** The file it changes, in that folder. */
  file: string;
  /** The rule it breaks, as the test file's header numbers it (`R8`), or a question's part (`a`…`d`). */
  rule: string;
  /** What a learner wrote, in a few words. */
  what: string;
  /** Edits of the worked answer, in order; each `from` must occur exactly once in the text it edits. */
  edits: ReadonlyArray<readonly [from: string, to: string]>;
}

/** The test file that checks a wrong answer: the exercise's, or the question's. */
export function testFileOf(answer: Pick<WrongAnswer, "folder" | "file">): string {
  if (answer.folder !== "self-check") return `test/exercises/${answer.folder}.test.ts`;
  const check = SELF_CHECKS.find((c) => c.file === answer.file);
  if (check === undefined) throw new Error(`no self-check question answers in ${answer.file}`);
  return check.testFile;
}

/** The worked answer with the edits applied; throws when an edit does not find its text exactly once. */
export function applyEdits(answer: WrongAnswer): string {
  let text = readFileSync(join(ROOT, "solutions", answer.folder, answer.file), "utf8");
  for (const [from, to] of answer.edits) {
    const at = text.indexOf(from);
    if (at < 0) throw new Error(`${answer.folder}/${answer.file} (${answer.what}): the edit does not find ${JSON.stringify(from)}`);
    if (text.indexOf(from, at + 1) >= 0) throw new Error(`${answer.folder}/${answer.file} (${answer.what}): ${JSON.stringify(from)} occurs more than once`);
    text = text.slice(0, at) + to + text.slice(at + from.length);
  }
  return text;
}

/** One rule of a test file's header: `R8  <rule> → "<test name>"`, or `R2  <rule> → test b)` for a self-check part. */
export interface Rule {
  /** `R8`. */
  id: string;
  /** The rule in words. */
  text: string;
  /** The test that fails when it is broken: its whole name, or a self-check part's `b)`, which starts its name. */
  test: string;
}

/** The rules a test file lists at its top, one per line: ` * R8  <rule> → "<test name>"` or ` * R2  <rule> → test b)`. */
export function rulesOf(testFile: string): Rule[] {
  const source = readFileSync(join(ROOT, testFile), "utf8");
  const header = /^\/\*\*[\s\S]*?\*\//.exec(source)?.[0] ?? "";
  const rules: Rule[] = [];
  for (const line of header.split("\n")) {
    const match = /^\s*\*\s+(R\d+)\s+(\S(?:.*?\S)?)\s+→\s+(?:"(.+)"|test ([a-d]\)))\s*$/.exec(line);
    // The name is written as a string literal, so `\"` stands for a quote in it.
    if (match !== null) rules.push({ id: match[1] ?? "", text: match[2] ?? "", test: match[4] ?? (JSON.parse(`"${match[3] ?? ""}"`) as string) });
  }
  return rules;
}

/** The names of the tests a file declares with `it("…")`. */
export function testNamesOf(testFile: string): string[] {
  const source = readFileSync(join(ROOT, testFile), "utf8");
  return [...source.matchAll(/\bit\(\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1] ?? ""}"`) as string);
}
