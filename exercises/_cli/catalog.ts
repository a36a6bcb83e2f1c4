/**
 * Where everything of the workbook's exercises lives: the exercise folders, their worked answers,
 * their tests, the pristine stubs, the self-check questions, and the learner's state file.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The learner's folder. */
export const EXERCISES_DIR = join(ROOT, "exercises");
/** The worked answers. */
export const SOLUTIONS_DIR = join(ROOT, "solutions");
/** Untouched copies of every stub, as `<file>.ts.txt` (so they are not compiled), used by `--reset`, `progress` and the CI proof. */
export const PRISTINE_DIR = join(EXERCISES_DIR, "_cli", "pristine");
/** The learner's backups and state (git-ignored). */
export const BACKUP_DIR = join(ROOT, ".exercise-backups");
/** Which hints were shown. */
export const STATE_FILE = join(BACKUP_DIR, "state.json");

/** One exercise: its number, slug and files. */
export interface Exercise {
  /** 1 to 9. */
  number: number;
  /** `05-argument-processing`. */
  id: string;
  /** `argument-processing`. */
  slug: string;
  /** The folder under `exercises/`. */
  dir: string;
  /** The matching folder under `solutions/`. */
  solutionDir: string;
  /** The stub copies under `exercises/_cli/pristine/`. */
  pristineDir: string;
  /** The test file, relative to the root: `test/exercises/05-argument-processing.test.ts`. */
  testFile: string;
  /** The `.ts` files the learner edits (names only), from the pristine copy. */
  files: string[];
}

/** One self-check question and the exercises its test exercises. */
export interface SelfCheck {
  /** 1 to 5. */
  number: number;
  /** The question, which is also the test's name. */
  question: string;
  /** The test file, relative to the root. */
  testFile: string;
  /** The exercise numbers whose code the test calls. */
  uses: number[];
}

/** The five self-check questions of the source lesson, in order. */
export const SELF_CHECKS: readonly SelfCheck[] = [
  { number: 1, question: "Why should ToolLoader and ToolRegistry remain conceptually distinct?", testFile: "test/self-check/01-loader-and-registry.test.ts", uses: [2, 3] },
  { number: 2, question: "Why are name suggestions used only for errors, not real execution?", testFile: "test/self-check/02-suggestions-only-in-errors.test.ts", uses: [4, 5] },
  { number: 3, question: "Why can replay argument repair not be reused blindly for a new call?", testFile: "test/self-check/03-replay-repair.test.ts", uses: [5] },
  { number: 4, question: "Who declares concurrency_safe, and who enforces it?", testFile: "test/self-check/04-concurrency-safe.test.ts", uses: [1, 6] },
  { number: 5, question: "Why can an ordinary tool error return to the model?", testFile: "test/self-check/05-errors-return-to-model.test.ts", uses: [7, 8] },
];

/** Every exercise, in order, read from the folder names under `exercises/`. */
export function listExercises(): Exercise[] {
  return readdirSync(EXERCISES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d\d-[a-z0-9-]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((id) => {
      const pristineDir = join(PRISTINE_DIR, id);
      const files = existsSync(pristineDir)
        ? readdirSync(pristineDir).filter((f) => f.endsWith(".ts.txt")).map((f) => f.slice(0, -".txt".length)).sort()
        : readdirSync(join(EXERCISES_DIR, id)).filter((f) => f.endsWith(".ts")).sort();
      return {
        number: Number(id.slice(0, 2)),
        id,
        slug: id.slice(3),
        dir: join(EXERCISES_DIR, id),
        solutionDir: join(SOLUTIONS_DIR, id),
        pristineDir,
        testFile: `test/exercises/${id}.test.ts`,
        files,
      };
    });
}

/** Finds an exercise by `5`, `05`, `05-argument-processing` or `argument-processing`; null if none. */
export function findExercise(query: string): Exercise | null {
  const q = query.trim().toLowerCase();
  const all = listExercises();
  if (/^\d+$/.test(q)) return all.find((e) => e.number === Number(q)) ?? null;
  return all.find((e) => e.id === q || e.slug === q) ?? null;
}

/** The pristine stub text of one file of an exercise. */
export function pristineText(exercise: Exercise, file: string): string {
  return readFileSync(join(exercise.pristineDir, `${file}.txt`), "utf8");
}

/** The learner's current text of one file, or null when the file is missing. */
export function learnerText(exercise: Exercise, file: string): string | null {
  const path = join(exercise.dir, file);
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

/** Line endings made uniform, so a checkout with CRLF does not count as an edit. */
export function normalize(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

/** True when every file of the exercise is still exactly the pristine stub ("not started"). */
export function isUntouched(exercise: Exercise): boolean {
  return exercise.files.every((file) => {
    const current = learnerText(exercise, file);
    return current !== null && normalize(current) === normalize(pristineText(exercise, file));
  });
}

/** A path relative to the root, for messages. */
export function rel(path: string): string {
  return relative(ROOT, path).split("\\").join("/");
}
