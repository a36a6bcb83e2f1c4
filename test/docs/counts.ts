/**
 * The counts and times the prose states about the test suite, kept in `docs/counts.json`:
 * how many tests each test file holds (as `vitest list` collects them, with a hash of the file so
 * an unchanged file need not be collected again), and the last timed full run; and the counts it
 * states about grading a class, read from the exercise catalog and the committed GitHub Classroom
 * workflow. `npm run counts` measures and rewrites the numbers in the prose; `counts.test.ts`
 * checks, fast, that the prose says what these hold and that the file lists exactly the test files
 * there are.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { EXERCISE_POINTS, listExercises, listItems, listQuestions, QUESTION_POINTS } from "../../exercises/_cli/catalog.js";
import { CLASSROOM_WORKFLOW } from "../../exercises/_cli/classroom.js";
import { BROWSER_TESTS } from "../browser/browser-tests.js";
import { runsAgainstStubs } from "../proof/stub-tests.js";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");

/** Where the measurements are kept. */
export const COUNTS_FILE = join(ROOT, "docs", "counts.json");

/** What `docs/counts.json` holds. */
export interface Counts {
  /** Per test file (relative to the root): its tests as vitest collects them, and the hash of its text then. */
  files: Record<string, { tests: number; sha256: string }>;
  /** The day the last file was collected, `YYYY-MM-DD`. */
  collectedOn: string;
  /**
   * The last timed full run of `npm test` (`npm run counts -- --time`): the day, how many tests it
   * ran, its minutes from start to end, the cores of the machine it ran on, and the CPU minutes of
   * the processes it waited for (a headless browser's own helper processes may escape that count).
   */
  timed: { on: string; tests: number; wallMinutes: number; cores: number; cpuMinutes: number; command: string };
}

/** The totals the prose states, from {@link Counts}, the exercise catalog and the Classroom workflow. */
export interface Totals {
  testFiles: number;
  tests: number;
  browserTests: number;
  /** Tests `npm test` runs: every file's tests, and the `stubs` project's second run. */
  runs: number;
  /** Tests the `stubs` project runs a second time, against the untouched exercises. */
  stubRuns: number;
  timedTests: number;
  /** Minutes from start to end of the last timed run. */
  wallMinutes: number;
  /** Cores of the machine the last timed run ran on. */
  timedCores: number;
  cpuMinutes: number;
  /** Exercises in the catalog. */
  exercises: number;
  /** Self-check questions in the catalog. */
  questions: number;
  /** What a passed exercise is worth. */
  exercisePoints: number;
  /** What a passed question is worth. */
  questionPoints: number;
  /** The points of every exercise and question together. */
  maxPoints: number;
  /** The tests of the committed GitHub Classroom workflow. */
  classroomTests: number;
}

/** Every test file of the suite, relative to the root, sorted. */
export function testFiles(): string[] {
  return readdirSync(join(ROOT, "test"), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".test.ts"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
}

/** The hash of a test file's text. */
export function fileHash(file: string): string {
  return createHash("sha256")
    .update(readFileSync(join(ROOT, file)))
    .digest("hex");
}

/** Reads `docs/counts.json`. */
export function readCounts(): Counts {
  return JSON.parse(readFileSync(COUNTS_FILE, "utf8")) as Counts;
}

/** The totals of a {@link Counts}. */
export function totals(counts: Counts): Totals {
  const entries = Object.entries(counts.files);
  const tests = entries.reduce((sum, [, f]) => sum + f.tests, 0);
  const stubRuns = entries.filter(([file]) => runsAgainstStubs(file)).reduce((sum, [, f]) => sum + f.tests, 0);
  return {
    testFiles: entries.length,
    tests,
    stubRuns,
    runs: tests + stubRuns,
    browserTests: entries.filter(([file]) => BROWSER_TESTS.includes(file)).reduce((sum, [, f]) => sum + f.tests, 0),
    timedTests: counts.timed.tests,
    wallMinutes: counts.timed.wallMinutes,
    timedCores: counts.timed.cores,
    cpuMinutes: counts.timed.cpuMinutes,
    exercises: listExercises().length,
    questions: listQuestions().length,
    exercisePoints: EXERCISE_POINTS,
    questionPoints: QUESTION_POINTS,
    maxPoints: listItems().reduce((sum, item) => sum + item.points, 0),
    classroomTests: (readFileSync(CLASSROOM_WORKFLOW, "utf8").match(/uses: classroom-resources\/autograding-command-grader@/g) ?? []).length,
  };
}

/** A count as the prose writes it: `2,011`. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** One sentence of the prose that states counts: the file, a pattern whose groups are the numbers, and which totals they are. */
export interface CountSentence {
  file: string;
  pattern: RegExp;
  fields: ReadonlyArray<keyof Totals>;
}

/** Every place the prose states a count or a time of the suite. */
export const COUNT_SENTENCES: readonly CountSentence[] = [
  {
    file: "docs/instructor-guide.md",
    pattern: /`npm test` runs ([\d,]+) tests: the ([\d,]+) tests of\s+its ([\d,]+) files, and ([\d,]+) of them a second time/,
    fields: ["runs", "tests", "testFiles", "stubRuns"],
  },
  { file: "docs/instructor-guide.md", pattern: /(?<!\d)(\d+) of them\s+in a headless browser/, fields: ["browserTests"] },
  {
    file: "docs/instructor-guide.md",
    pattern: /The last timed run of\s+`npm test`, ([\d,]+) tests on a (\d+)-core machine with nothing\s+else\s+running, took ([\d.]+) minutes/,
    fields: ["timedTests", "timedCores", "wallMinutes"],
  },
  { file: "README.md", pattern: /`npm test` includes (\d+) tests in a real browser/, fields: ["browserTests"] },
  {
    file: "README.md",
    pattern: /The last timed run of\s+`npm test`, ([\d,]+) tests on a (\d+)-core machine with nothing\s+else\s+running, took ([\d.]+) minutes/,
    fields: ["timedTests", "timedCores", "wallMinutes"],
  },
  {
    file: "docs/instructor-guide.md",
    pattern: /The workbook has (\d+) exercises,\s+worth (\d+) points each,\s+and (\d+) self-check questions,\s+worth (\d+) points\s+each: (\d+) points in all/,
    fields: ["exercises", "exercisePoints", "questions", "questionPoints", "maxPoints"],
  },
  { file: "docs/instructor-guide.md", pattern: /one test per exercise and per question,\s+(\d+) tests/, fields: ["classroomTests"] },
];

/** The number a field is written as. */
export function written(field: keyof Totals, value: number): string {
  return field === "cpuMinutes" || field === "wallMinutes" ? String(value) : formatCount(value);
}
