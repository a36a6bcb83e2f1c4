/**
 * Lesson 11 demo: the five self-check questions. Each is answered in a file of
 * `exercises/self-check/` by predicting what the real `src/` does; this demo asks the questions and
 * says which are answered. `npm run lesson 11 -- --run 3` checks your answer to question 3 against
 * the real code and, once it is right, explains it.
 *
 * @module
 */
import { isUntouched, listQuestions, rel, selfCheckOf, type Exercise } from "../../exercises/_cli/catalog.js";
import { parseDemoFlags, type DemoOption } from "../_shared/args.js";
import { bold, cyan, dim, field, red, say, section, yellow } from "../_shared/print.js";

/** The command that checks the learner's answer to one question. */
export function commandFor(question: Exercise): string {
  return `npm run exercise ${question.command}`;
}

/** What `npm run lesson 11 -- --help` lists. */
export const options: readonly DemoOption[] = [{ flag: "--run <N>", says: "check your answer to question N against the real code (as npm run exercise qN does)" }];

/** Runs the lesson 11 demo; with `--run N` it also checks the answer to question N and returns its exit code. */
export async function main(args: string[]): Promise<number> {
  const flags = parseDemoFlags(args);
  const questions = listQuestions();
  for (const question of questions) {
    const check = selfCheckOf(question);
    section(`Question ${question.number}`);
    say(`  ${bold(check?.question ?? question.slug)}`);
    say();
    const file = `${rel(question.dir)}/${question.files.join(", ")}`;
    field("answer in", `${file}${isUntouched(question) ? yellow("  (not answered yet)") : ""}`, 10);
    field("check", cyan(commandFor(question)), 10);
    field("lessons", (check?.lessons ?? []).map((n) => `lesson ${n}`).join(", "), 10);
  }
  say();
  say(dim("Answer in the file, then check it: the explanation is shown once your answer is right."));
  say(dim("One from here: npm run lesson 11 -- --run 3   |   all of them: npm run progress"));

  const run = flags.all["run"];
  if (run === undefined) return 0;
  const question = questions.find((q) => String(q.number) === run.trim());
  if (question === undefined) {
    say(red(`--run takes a question number from 1 to ${questions.length}, got "${run}"`));
    return 2;
  }
  section(`Checking your answer: ${commandFor(question)}`);
  // Loaded only here: the check starts vitest and the type checker.
  const { checkOnce } = await import("../../exercises/_cli/check.js");
  return (await checkOnce(question)) ? 0 : 1;
}
