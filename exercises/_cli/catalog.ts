/**
 * Where everything of the workbook's exercises lives: the exercise folders, their worked answers,
 * their tests, the pristine stubs, the self-check questions (answered in `exercises/self-check/`),
 * and the learner's state file.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (set by `launch.mjs` when it runs the compiled copy from elsewhere). */
export const ROOT = process.env["WORKBOOK_ROOT"] || resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The learner's folder. */
export const EXERCISES_DIR = join(ROOT, "exercises");
/** The worked answers. */
export const SOLUTIONS_DIR = join(ROOT, "solutions");
/** Untouched copies of every stub, as `<file>.ts.txt` (so they are not compiled), used by `--reset`, `progress` and the CI proof. */
export const PRISTINE_DIR = join(EXERCISES_DIR, "_cli", "pristine");
/** The learner's backups and state (git-ignored). */
export const BACKUP_DIR = join(ROOT, ".exercise-backups");
/** Which hints and worked answers were shown. */
export const STATE_FILE = join(BACKUP_DIR, "state.json");

/** What a passed exercise is worth when the class is graded (`npm run grade`, GitHub Classroom), unless {@link POINTS_BY_ID} weighs it otherwise. */
export const EXERCISE_POINTS = 10;
/** What a passed self-check question is worth: four predictions and a reason, less work than an exercise. */
export const QUESTION_POINTS = 2;

/**
 * The one place an exercise is weighed: its folder name and what passing it is worth, when that is
 * not {@link EXERCISE_POINTS}. An exercise not named here (a new one, say exercise 10) is worth
 * {@link EXERCISE_POINTS}. `npm run grade`, `npm run grade-class`, the site and the GitHub Classroom
 * workflow (`npm run workflow`) all read the points from here. Every exercise weighs the same today:
 * the table is empty, and a course that weighs one more writes, for example, `"09-tool-skill-mcp": 15`.
 */
export const POINTS_BY_ID: Readonly<Record<string, number>> = {};

/** What passing the exercise in folder `id` is worth: its weight in {@link POINTS_BY_ID}, else {@link EXERCISE_POINTS}. */
export function exercisePoints(id: string, weights: Readonly<Record<string, number>> = POINTS_BY_ID): number {
  const weight = Object.hasOwn(weights, id) ? weights[id] : undefined;
  if (weight === undefined) return EXERCISE_POINTS;
  if (!Number.isInteger(weight) || weight <= 0) throw new Error(`POINTS_BY_ID["${id}"] is ${String(weight)}: an exercise is worth a whole number of points above 0`);
  return weight;
}

/** One exercise, or one self-check question: its number, folder, files and test. */
export interface Exercise {
  /** A numbered exercise (`npm run exercise 5`) or a self-check question (`npm run exercise q3`). */
  kind: "exercise" | "question";
  /** The folder's number for exercises (1 to 9 in the workbook as shipped), 1 to 5 for questions. */
  number: number;
  /** `05-argument-processing`, or `self-check` for every question. */
  id: string;
  /** `argument-processing`, or the question's file name without `qN-` and `.ts`. */
  slug: string;
  /** "Exercise 5" or "Question 3", for messages. */
  label: string;
  /** What follows `npm run exercise`: `5` or `q3`. */
  command: string;
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
  /** The lesson whose `TODO(lesson N)` marks the blanks: the exercise's number, 11 for questions. */
  lesson: number;
  /** What passing it is worth in `npm run grade`: {@link exercisePoints} of its folder, or {@link QUESTION_POINTS}. */
  points: number;
}

/** One choice of a part answered by choosing: the value written in the answer file, and what it says. */
export interface SelfCheckChoice {
  /** What the learner writes: `"a"`, or the choice itself (`"the runner"`). */
  value: string;
  /** The choice in words, as the answer file lists it. */
  text: string;
}

/** One part of a self-check question: a prediction, or a choice. */
export interface SelfCheckPart {
  /** `a` to `d`. */
  letter: string;
  /** The field of `answer` that holds it. */
  field: string;
  /** What the part asks, exactly as the answer file's comment asks it (and the test's title names it). */
  ask: string;
  /** For a part answered by choosing: the choices, in the order the answer file lists them. */
  choices?: readonly SelfCheckChoice[];
}

/** One self-check question of lesson 11. */
export interface SelfCheck {
  /** 1 to 5. */
  number: number;
  /** The question, as lesson 11 asks it; also the name of its test's `describe` block. */
  question: string;
  /** The answer file under `exercises/self-check/` (name only). */
  file: string;
  /** The test file, relative to the root. */
  testFile: string;
  /** The lessons the answer builds on. */
  lessons: number[];
  /** Its parts, a) to d). */
  parts: readonly SelfCheckPart[];
  /** The explanation, shown once the learner's answer passes. */
  explanation: string;
}

/** The folder of the self-check answers, under `exercises/` and `solutions/`. */
export const SELF_CHECK_ID = "self-check";

/** Three reasons to choose from, by letter. */
function reasons(a: string, b: string, c: string): SelfCheckChoice[] {
  return [
    { value: "a", text: a },
    { value: "b", text: b },
    { value: "c", text: c },
  ];
}

/** The five self-check questions of lesson 11, in order. */
export const SELF_CHECKS: readonly SelfCheck[] = [
  {
    number: 1,
    question: "Why should the ToolLoader and the ToolRegistry remain two separate ideas?",
    file: "q1-loader-and-registry.ts",
    testFile: "test/self-check/01-loader-and-registry.test.ts",
    lessons: [2, 3],
    parts: [
      { letter: "a", field: "handRegisteredToolIsPrepared", ask: "Does a registry filled by hand, with no loader anywhere, prepare a call to its tool?" },
      { letter: "b", field: "definitionOrder", ask: "The names `getDefinitions()` lists, in order, after registering `zeta` and then `alpha`." },
      { letter: "c", field: "sameNameAgain", ask: "Registering a second tool under a name the registry already holds: what does the registry do?" },
      {
        letter: "d",
        field: "reason",
        ask: "Why keep them apart? One of the reasons listed below.",
        choices: reasons(
          "The registry would start faster if it never read plugin folders, so the folder scan is kept in a class of its own.",
          "The registry runs each tool from the file path the loader found it at, so it depends on what the loader saw.",
          "The loader decides once, at start-up, which tools exist; the registry serves each call, however a tool was found.",
        ),
      },
    ],
    explanation:
      "They answer different questions at different times. The loader runs once at start-up and decides which tool " +
      "classes exist and should be built for this context (discovery, scope, enabled, create, which of two same-named " +
      "tools wins). The registry lives for the whole run and only knows instances: it lists their definitions, sorted so " +
      "the loading order never reaches the prompt, and prepares each call. It replaces a same-named tool without a " +
      "question, which is why protecting built-ins must happen in the loader, before registration. Kept apart, a " +
      "registry can be filled by hand in a test, by MCP adapters at run time, or by the loader, and call handling never " +
      "depends on how a tool was found.",
  },
  {
    number: 2,
    question: "Why are name suggestions used only in errors, never to pick the tool that runs?",
    file: "q2-suggestions-only-in-errors.ts",
    testFile: "test/self-check/02-suggestions-only-in-errors.test.ts",
    lessons: [4, 5],
    parts: [
      {
        letter: "a",
        field: "nearMissIsReadyToRun",
        ask: 'The registry holds `read_file`. Is `prepareCall("ReadFile", \'{"path": "notes.txt"}\')` ready to run (`error === null`)?',
      },
      { letter: "b", field: "suggestedName", ask: 'The name the error text suggests for `"ReadFile"`, or `"none"` if it suggests none.' },
      { letter: "c", field: "suggestionWhenTwoMatch", ask: 'The registry holds `read_file` AND `readFile`. What does `suggestName("READ_FILE")` return? (`"none"` for null)' },
      {
        letter: "d",
        field: "reason",
        ask: "Why only in errors? One of the reasons listed below.",
        choices: reasons(
          "Similar names can be different tools, each with its own schema and side effects; only the model knows which it meant.",
          "Working a suggestion out costs too much to do for every call, so it is done only once a call has already failed.",
          "The model skips the text of error messages, so a suggestion placed there can never change which tool it calls.",
        ),
      },
    ],
    explanation:
      "A near-miss name may point at a different capability than the model meant, and a tool's schema, read-only flag " +
      "and permissions belong to its exact name. Running the closest match would let string similarity decide which side " +
      "effect happens; when two names share a loose key there is not even a single closest match, so no suggestion is " +
      "made. Putting the suggestion in the error costs the model one turn and leaves the decision with it: it calls the " +
      "exact name next.",
  },
  {
    number: 3,
    question: "Why can the argument repair used for replaying history not be reused for a new call?",
    file: "q3-replay-repair.ts",
    testFile: "test/self-check/03-replay-repair.test.ts",
    lessons: [5],
    parts: [
      { letter: "a", field: "replayOfBrokenText", ask: 'What `toolArgumentsObjectForReplay(\'{"path": "secrets.txt"\')` returns (the text lacks its closing brace).' },
      { letter: "b", field: "replayOfArray", ask: 'What `toolArgumentsObjectForReplay("[1, 2]")` returns.' },
      {
        letter: "c",
        field: "brokenNewCallIsReadyToRun",
        ask: 'A new call sends the same broken text: is `prepareCall("read_file", \'{"path": "secrets.txt"\')` ready to run?',
      },
      {
        letter: "d",
        field: "reason",
        ask: "Why not repair new calls too? One of the reasons listed below.",
        choices: reasons(
          "The repair is too slow for a call that runs right now; replay can afford the time because it happens once per request.",
          "Replay runs nothing, so a repaired or empty object is harmless there; a new call would run with arguments never sent.",
          "Repaired arguments always fail the tool's schema check anyway, so repairing a new call would never gain anything.",
        ),
      },
    ],
    explanation:
      "Replay only needs some valid JSON object to send an old assistant message back to a provider; nothing is " +
      "executed, so repairing broken text or falling back to {} is harmless there. A new call will be executed: " +
      "repairing truncated text, or reading an array as no arguments, would run a tool with arguments the model never " +
      "sent. So the execution path parses strictly and returns an error the model can act on, and the repair is " +
      "reachable only from the replay code.",
  },
  {
    number: 4,
    question: "Who declares that a tool is concurrency-safe, and who enforces it?",
    file: "q4-concurrency-safe.ts",
    testFile: "test/self-check/04-concurrency-safe.test.ts",
    lessons: [1, 6],
    parts: [
      { letter: "a", field: "readOnlyToolIsSafe", ask: "A tool that overrides only `readOnly` (to return true): its `concurrencySafe`?" },
      { letter: "b", field: "exclusiveReadOnlyToolIsSafe", ask: "A tool with `readOnly` true and `exclusive` true: its `concurrencySafe`?" },
      { letter: "c", field: "batchSizes", ask: "The sizes of the batches `partitionBatches` makes of `[read, read, write, read]` (reads are safe, the write is not)." },
      {
        letter: "d",
        field: "enforcedBy",
        ask: "Who enforces it — who decides which calls overlap?",
        choices: [
          { value: "the tool", text: "the tool" },
          { value: "the registry", text: "the registry" },
          { value: "the runner", text: "the runner" },
        ],
      },
    ],
    explanation:
      "The tool declares it: only the tool knows whether it changes anything, and concurrencySafe defaults to " +
      "readOnly && !exclusive (a tool may override it). The runner enforces it: it asks each call's tool, puts safe " +
      "neighbours into one batch that runs together, and runs every other call alone, batches one after another. The " +
      "registry takes no part; it prepares and runs one call at a time.",
  },
  {
    number: 5,
    question: "Why can an ordinary tool error return to the model?",
    file: "q5-errors-return-to-model.ts",
    testFile: "test/self-check/05-errors-return-to-model.test.ts",
    lessons: [7, 8],
    parts: [
      { letter: "a", field: "executeRejects", ask: 'A registered tool throws `new Error("ENOENT: nope.txt")`. Does `registry.execute(...)` reject (throw)?' },
      { letter: "b", field: "registryTextEndsWithRetryHint", ask: "Does the text `registry.execute` resolves with for that call end with the retry hint, `RETRY_HINT`?" },
      {
        letter: "c",
        field: "runnerTextEndsWithRetryHint",
        ask: "The runner meets the same throw in a call the model made: does the tool message it sends end with `RETRY_HINT`?",
      },
      {
        letter: "d",
        field: "reason",
        ask: "Why send the error back instead of ending the run? One of the reasons listed below.",
        choices: reasons(
          "The model can act on it: fix its arguments, pick another tool or explain the failure; ending the run takes that away.",
          "Tool errors are rare, so it hardly matters what happens to them; stopping the run for each one would cost very little.",
          "The provider's API refuses a conversation that ends just after a tool call, so some answer has to be sent back.",
        ),
      },
    ],
    explanation:
      "Because the model can act on it: fix its arguments, pick another tool, or explain the failure to the user. In " +
      "the runner a missing tool, invalid arguments, a thrown exception or a ToolResult error each become the text of " +
      'that call\'s role "tool" message, and the run goes on; only failOnToolError or a fatal condition stops it. The ' +
      "wording depends on the kind: prepare errors and ToolResult errors end with the retry hint, while a thrown " +
      "exception is sent as its name and message alone, so the runner answers this call with " +
      "`Error: Error: ENOENT: nope.txt`. registry.execute, which runs one call outside the runner, words the same throw " +
      "as `Error executing read_file: ENOENT: nope.txt` and adds the retry hint, as upstream's registry does.",
  },
];

/**
 * The files the learner edits: those the pristine copy holds (a file the learner adds is not one),
 * or, while it holds none (a new exercise before `sync-pristine`, a copy deleted), the folder's
 * `.ts` files, so that the missing copies can be named (`missing-files.ts`).
 */
function exerciseFiles(pristineDir: string, dir: string): string[] {
  const saved = existsSync(pristineDir)
    ? readdirSync(pristineDir)
        .filter((f) => f.endsWith(".ts.txt"))
        .map((f) => f.slice(0, -".txt".length))
    : [];
  return (saved.length > 0 ? saved : readdirSync(dir).filter((f) => f.endsWith(".ts"))).sort();
}

/**
 * A catalog the commands cannot work from: two exercise folders with one number, or a folder
 * numbered 00. Its message names the folders and the fix; the learner CLI prints it alone, with no
 * stack trace (`run-command.ts`).
 */
export class CatalogError extends Error {
  override name = "CatalogError";
}

/** The pattern of an exercise folder's name: two digits, a hyphen, a slug of lower-case letters, digits and hyphens. */
export const EXERCISE_FOLDER = /^\d\d-[a-z0-9-]+$/;

/**
 * Why exercise folders named `ids` cannot make one catalog, or null when they can: each folder
 * needs a number of its own from 01 up, since `npm run exercise N`, the lists and the
 * `TODO(lesson N)` markers all go by it. A pure function of the names.
 */
export function catalogProblem(ids: readonly string[]): string | null {
  const zero = ids.find((id) => id.startsWith("00-"));
  if (zero !== undefined) return `exercises/${zero}: exercise numbers start at 01. Rename the folder (docs/authoring.md, "Names used below").`;
  const byNumber = new Map<number, string[]>();
  for (const id of ids) byNumber.set(Number(id.slice(0, 2)), [...(byNumber.get(Number(id.slice(0, 2))) ?? []), id]);
  for (const [number, shared] of byNumber) {
    if (shared.length > 1)
      return (
        `${shared.map((id) => `exercises/${id}`).join(" and ")} share the number ${number}: each exercise folder needs a number of its own ` +
        `(npm run exercise ${number} could run only one of them). Rename one to the next free number (docs/authoring.md, "Names used below").`
      );
  }
  return null;
}

/**
 * Every exercise, in order, read from the folder names under `exercises/`. Throws a
 * {@link CatalogError} naming the folders when two share a number, or one is numbered 00.
 */
export function listExercises(): Exercise[] {
  const ids = readdirSync(EXERCISES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && EXERCISE_FOLDER.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const problem = catalogProblem(ids);
  if (problem !== null) throw new CatalogError(problem);
  return ids.map((id) => {
    const pristineDir = join(PRISTINE_DIR, id);
    const dir = join(EXERCISES_DIR, id);
    const number = Number(id.slice(0, 2));
    return {
      kind: "exercise" as const,
      number,
      id,
      slug: id.slice(3),
      label: `Exercise ${number}`,
      command: String(number),
      dir,
      solutionDir: join(SOLUTIONS_DIR, id),
      pristineDir,
      testFile: `test/exercises/${id}.test.ts`,
      files: exerciseFiles(pristineDir, dir),
      lesson: number,
      points: exercisePoints(id),
    };
  });
}

/** The five self-check questions as things to check, each with its one answer file. */
export function listQuestions(): Exercise[] {
  return SELF_CHECKS.map((check) => ({
    kind: "question" as const,
    number: check.number,
    id: SELF_CHECK_ID,
    slug: check.file.replace(/^q\d+-/, "").replace(/\.ts$/, ""),
    label: `Question ${check.number}`,
    command: `q${check.number}`,
    dir: join(EXERCISES_DIR, SELF_CHECK_ID),
    solutionDir: join(SOLUTIONS_DIR, SELF_CHECK_ID),
    pristineDir: join(PRISTINE_DIR, SELF_CHECK_ID),
    testFile: check.testFile,
    files: [check.file],
    lesson: 11,
    points: QUESTION_POINTS,
  }));
}

/**
 * The capstone's number: the one after the last exercise's (10 while the exercises are 1 to 9), so
 * a new exercise folder never shares a number with it and `npm run exercise N` always runs folder
 * N. A pure function of the exercises' numbers.
 */
export function capstoneNumber(exerciseNumbers: readonly number[]): number {
  return Math.max(0, ...exerciseNumbers) + 1;
}

/** What the lists and messages need to know of the capstone. */
export interface CapstoneItem {
  /** Its number, after the last exercise's ({@link capstoneNumber}). */
  readonly number: number;
  /** What follows `npm run exercise`: its number (`capstone` works too). */
  readonly command: string;
  /** Its name in the lists. */
  readonly slug: "capstone";
  /** For messages: "Exercise 10". */
  readonly label: string;
}

/**
 * The item after the last exercise, the capstone (`npm run exercise 10` while there are nine
 * exercises, or `npm run exercise capstone`): the nine parts' answers run together as one agent
 * and compared with the reference's. It has no file and no test file of its own, so it is not an
 * {@link Exercise}: `progress` and `grade` list it on a row of its own. Its number is read from the
 * exercise folders each time, so a tenth exercise folder moves it to 11.
 */
export const CAPSTONE: CapstoneItem = {
  get number(): number {
    return capstoneNumber(listExercises().map((exercise) => exercise.number));
  },
  get command(): string {
    return String(this.number);
  },
  slug: "capstone",
  get label(): string {
    return `Exercise ${this.number}`;
  },
};

/** Every exercise, then every self-check question, in order: all that `npm run grade` grades. */
export function listItems(): Exercise[] {
  return [...listExercises(), ...listQuestions()];
}

/** The self-check question of a question item. */
export function selfCheckOf(item: Exercise): SelfCheck | null {
  return item.kind === "question" ? (SELF_CHECKS.find((c) => c.number === item.number) ?? null) : null;
}

/**
 * Finds an exercise by `5`, `05`, `05-argument-processing` or `argument-processing`, or a
 * self-check question by `q3`; null if none.
 */
export function findExercise(query: string): Exercise | null {
  const q = query.trim().toLowerCase();
  const question = /^q(\d+)$/.exec(q);
  if (question !== null) return listQuestions().find((item) => item.number === Number(question[1])) ?? null;
  const all = listExercises();
  if (/^\d+$/.test(q)) return all.find((e) => e.number === Number(q)) ?? null;
  return all.find((e) => e.id === q || e.slug === q) ?? null;
}

/** The pristine stub text of one file of an exercise. */
export function pristineText(exercise: Exercise, file: string): string {
  return readFileSync(join(exercise.pristineDir, `${file}.txt`), "utf8");
}

/**
 * The learner's current text of one file, or null when the file is missing. `exercisesDir` is the
 * folder that stands for `exercises/` (a grader may point it at another copy).
 */
export function learnerText(exercise: Exercise, file: string, exercisesDir: string = EXERCISES_DIR): string | null {
  const path = join(exercisesDir, exercise.id, file);
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

/** Line endings made uniform, so a checkout with CRLF does not count as an edit. */
export function normalize(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

/** True when every file of the exercise (in `exercisesDir`, by default `exercises/`) is still exactly the pristine stub ("not started"). */
export function isUntouched(exercise: Exercise, exercisesDir: string = EXERCISES_DIR): boolean {
  return exercise.files.every((file) => {
    const current = learnerText(exercise, file, exercisesDir);
    return current !== null && normalize(current) === normalize(pristineText(exercise, file));
  });
}

/** A path relative to the root, for messages. */
export function rel(path: string): string {
  return relative(ROOT, path).split("\\").join("/");
}
