/**
 * The learner CLI behind `npm run exercise N`:
 *
 *     npm run exercise 5                  type-check exercises/05-* and run exercise 5's tests against it
 *     npm run exercise q3                 check your answer to self-check question 3 (exercises/self-check/)
 *     npm run exercise 5 -- --watch       re-run on every save (one vitest stays alive)
 *     npm run exercise 5 -- --hint        show the next hint
 *     npm run exercise 5 -- --solution    show how your file differs from the worked answer (asks first)
 *     npm run exercise 5 -- --reset       restore the stub (asks first; --yes skips the question)
 *     npm run exercise -- --help          the options, and every exercise and question
 *
 * Flags given without `--` (`npm run exercise 5 --watch`) reach here through npm's
 * `npm_config_*` variables and work the same.
 *
 * @module
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { BACKUP_DIR, CAPSTONE, findExercise, learnerText, listExercises, listQuestions, normalize, pristineText, rel, selfCheckOf, type Exercise } from "./catalog.js";
import { asksForCapstone } from "./capstone-command.js";
import { capstoneCommandInThread } from "./capstone-thread.js";
import { checkOnce } from "./check.js";
import { bold, dim, red, yellow } from "./colour.js";
import { diffLines, formatDiff } from "./diff.js";
import { missingFileLine } from "./missing-files.js";
import { lessonsText } from "./report.js";
import { runCommand } from "./run-command.js";
import { hintsOf, readState, recordHint, recordSolution, stateKey } from "./state.js";
import { watchExercise } from "./watch.js";

type Mode = "run" | "watch" | "hint" | "solution" | "reset";

/** The flags `npm run exercise` knows; `-y` is short for `--yes`. */
const OPTIONS = {
  watch: { type: "boolean" },
  hint: { type: "boolean" },
  solution: { type: "boolean" },
  reset: { type: "boolean" },
  yes: { type: "boolean", short: "y" },
  help: { type: "boolean", short: "h" },
} as const;

/** The flags that choose what to do; at most one may be given. */
const MODES = ["watch", "hint", "solution", "reset"] as const;

/** An option as it was typed: `--watch`, `-x`, `--watch=1`. */
function optionText(token: { rawName: string; value?: string | undefined; inlineValue?: boolean | undefined }): string {
  return token.inlineValue === true ? `${token.rawName}=${token.value ?? ""}` : token.rawName;
}

/** The command line, read from argv — and from `npm_config_*` when npm swallowed a flag given without `--`. */
function readArgs(argv: readonly string[]): { query: string | null; mode: Mode; yes: boolean; help: boolean; unknown: string[] } {
  // Not strict: whatever it does not know is collected, so the learner hears about all of it at once.
  const { positionals, tokens } = parseArgs({ args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const [query = null, ...unknown] = positionals;
  const given = new Set<string>();
  const strange = new Set<string>();
  for (const token of tokens) {
    if (token.kind === "option-terminator") strange.add("--");
    else if (token.kind !== "option") continue;
    else if (Object.hasOwn(OPTIONS, token.name) && token.inlineValue !== true) given.add(token.name);
    else strange.add(optionText(token));
  }
  for (const name of Object.keys(OPTIONS)) {
    if (process.env[`npm_config_${name}`] === "true") given.add(name);
  }
  unknown.push(...strange);
  const modes = MODES.filter((mode) => given.has(mode));
  if (modes.length > 1) unknown.push(`only one of ${modes.map((m) => `--${m}`).join(", ")}`);
  return { query, mode: modes[0] ?? "run", yes: given.has("yes"), help: given.has("help"), unknown };
}

function usage(): void {
  console.log("Usage: npm run exercise <N | qN> [-- <option>]");
  console.log("");
  const [exercises, questions] = [listExercises(), listQuestions()];
  console.log(`Type-checks your files of exercise N (1 to ${exercises.length}) or self-check question qN (q1 to q${questions.length}), then runs its tests.`);
  console.log("");
  console.log("Options (after --; at most one of the first four):");
  console.log("  --watch      re-run on every save (Ctrl+C stops)");
  console.log("  --hint       the next hint of an exercise, one at a time");
  console.log("  --solution   how your file differs from the worked answer (asks first)");
  console.log("  --reset      restore the stub; your file is copied to .exercise-backups/ first (asks first)");
  console.log("  --yes, -y    with --solution or --reset: do not ask");
  console.log("  --help, -h   this help");
  console.log("");
  for (const e of exercises) console.log(`  ${e.command.padStart(2)}  ${e.slug}`);
  console.log(`  ${CAPSTONE.command.padStart(2)}  ${CAPSTONE.slug}: the answers to exercises 1 to 9 as one agent (--trace: every step, marked yours or the reference's)`);
  for (const q of questions) console.log(`  ${q.command.padStart(2)}  self-check: ${selfCheckOf(q)?.question ?? q.slug}`);
  console.log("");
  console.log("See where you are: npm run progress");
}

function showHint(exercise: Exercise): void {
  if (exercise.kind === "question") {
    const check = selfCheckOf(exercise);
    console.log(`Question ${exercise.number} has no hints: its file, exercises/${exercise.id}/${exercise.files.join(", ")}, says where to look`);
    console.log(`(${lessonsText(exercise)}, and the files of src/ it names). Try the code: npm run lesson ${check?.lessons[0] ?? 11}`);
    return;
  }
  const hints = hintsOf(exercise);
  if (hints.length === 0) {
    console.log(`${exercise.label} has no hints.`);
    return;
  }
  const shown = readState().hintsShown[stateKey(exercise)] ?? 0;
  const index = Math.min(shown, hints.length - 1);
  console.log(bold(`Hint ${index + 1} of ${hints.length} — ${exercise.label.toLowerCase()}: ${exercise.slug}`));
  console.log("");
  console.log(hints[index]);
  console.log("");
  if (shown >= hints.length) console.log(dim("That was the last hint (shown again). The worked answer: --solution"));
  else if (index + 1 < hints.length) console.log(dim(`Next hint: npm run exercise ${exercise.command} -- --hint`));
  else console.log(dim(`That was the last hint. The worked answer: npm run exercise ${exercise.command} -- --solution`));
  recordHint(exercise, index + 1);
}

/** What `--solution` says in a copy without the worked answers (a Classroom template, `npm run template`). */
const NO_SOLUTIONS_MESSAGE = "The worked answers are not in this copy of the workbook (your course's copy leaves them out). Try the hints (--hint), or ask your instructor.";

async function showSolution(exercise: Exercise, yes: boolean): Promise<number> {
  if (!exercise.files.some((file) => existsSync(join(exercise.solutionDir, file)))) {
    console.log(NO_SOLUTIONS_MESSAGE);
    return 1;
  }
  console.log(yellow("Spoiler warning: this shows the worked answer. Try the hints first (--hint) — you learn more by finishing it yourself."));
  if (!yes) {
    if (process.stdin.isTTY !== true) {
      console.log(red("Not showing it: no terminal to ask. Run it again with --yes to confirm."));
      return 1;
    }
    if (!(await confirm(`Show the worked answer of ${exercise.label.toLowerCase()}? [y/N] `))) {
      console.log("Not shown. Keep going: npm run exercise " + exercise.command + " -- --hint");
      return 1;
    }
  }
  recordSolution(exercise);
  console.log("");
  for (const file of exercise.files) {
    const solutionPath = join(exercise.solutionDir, file);
    if (!existsSync(solutionPath)) continue;
    const mine = learnerText(exercise, file) ?? "";
    const theirs = readFileSync(solutionPath, "utf8");
    console.log(bold(`--- exercises/${exercise.id}/${file} (yours)`));
    console.log(bold(`+++ solutions/${exercise.id}/${file} (worked answer)`));
    const lines = diffLines(mine, theirs);
    console.log(lines.every((l) => l.op === " ") ? "(identical)" : formatDiff(lines));
    console.log("");
  }
  console.log(dim(`Whole files: solutions/${exercise.id}/`));
  return 0;
}

async function confirm(question: string): Promise<boolean> {
  if (process.stdin.isTTY !== true) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(question);
    return /^y(?:es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

async function reset(exercise: Exercise, yes: boolean): Promise<number> {
  const changed = exercise.files.filter((file) => {
    const current = learnerText(exercise, file);
    return current === null || normalize(current) !== normalize(pristineText(exercise, file));
  });
  if (changed.length === 0) {
    console.log(`${exercise.label} is already the untouched stub; nothing to reset.`);
    return 0;
  }
  console.log(`This restores the stub of ${changed.map((f) => `exercises/${exercise.id}/${f}`).join(", ")}.`);
  console.log("Your current version is copied to .exercise-backups/ first.");
  if (!yes) {
    if (process.stdin.isTTY !== true) {
      console.log(red("Not resetting: no terminal to ask. Run it again with --yes to confirm."));
      return 1;
    }
    if (!(await confirm("Reset? [y/N] "))) {
      console.log("Nothing changed.");
      return 1;
    }
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const prefix = exercise.kind === "question" ? exercise.command : String(exercise.number).padStart(2, "0");
  let backup = join(BACKUP_DIR, `${prefix}-${stamp}`);
  for (let n = 2; existsSync(backup); n++) backup = join(BACKUP_DIR, `${prefix}-${stamp}-${n}`);
  mkdirSync(backup, { recursive: true });
  for (const file of changed) {
    const current = join(exercise.dir, file);
    if (existsSync(current)) copyFileSync(current, join(backup, file));
  }
  for (const file of changed) writeFileSync(join(exercise.dir, file), pristineText(exercise, file));
  console.log(`Restored. Your previous work is in ${rel(backup)}/`);
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  // The capstone (10 while there are nine exercises) runs the nine answers together: it has no file and no tests of its own.
  if (asksForCapstone(argv)) return capstoneCommandInThread(argv);
  const { query, mode, yes, help, unknown } = readArgs(argv);
  if (help && unknown.length === 0) {
    usage();
    return 0;
  }
  if (unknown.length > 0) {
    console.log(red(`Not understood: ${unknown.join(" ")}`));
    usage();
    return 2;
  }
  if (query === null) {
    usage();
    return 2;
  }
  const exercise = findExercise(query);
  if (exercise === null) {
    console.log(red(`There is no exercise "${query}".`));
    usage();
    return 2;
  }
  // Hints and the worked answer need no generated copy; checking, watching and resetting do.
  const missing = mode === "hint" || mode === "solution" ? null : missingFileLine(exercise, { testFile: mode !== "reset" });
  if (missing !== null) {
    console.log(red(missing));
    return 1;
  }
  switch (mode) {
    case "hint":
      showHint(exercise);
      return 0;
    case "solution":
      return showSolution(exercise, yes);
    case "reset":
      return reset(exercise, yes);
    case "watch":
      return watchExercise(exercise);
    case "run":
      return (await checkOnce(exercise)) ? 0 : 1;
  }
}

runCommand(main, process.argv.slice(2));
