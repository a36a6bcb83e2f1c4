/**
 * Grading a learner's work: every exercise and self-check question (or a chosen few) run against
 * the workbook's own copies of their tests (`pristine-tests.ts`), never the learner's, in one
 * vitest in this process, with the learner's files type-checked at the same time. Each item
 * passes or fails as `npm run progress` judges it (`verdict.ts`) and earns its points only when it
 * passes. An item whose files are still the untouched stubs fails without running: the CI proof
 * shows that every stub fails every one of its tests. An item a file of whose check is missing (its
 * pristine stub copy, the grader's copy of its test: `missing-files.ts`) fails without running, its
 * reason the line naming the file; the others are graded as usual. The report also names every learner test
 * file that differs from the workbook's, and the help the CLI gave on each item.
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { EXERCISES_DIR, isUntouched, learnerText, listItems, pristineText, ROOT, selfCheckOf, type Exercise } from "./catalog.js";
import { copiedFlag, learnerScripts, readTexts, type CopiedFlag } from "./copied.js";
import { referenceNamesOf } from "./capstone/reference-names.js";
import { gradeMetaOf, type GradeMeta } from "./grade-meta.js";
import { splitMissing } from "./missing-files.js";
import { usesReference } from "./reference-use.js";
import { partialFromEnv, partialPoints, sumPoints } from "./partial-credit.js";
import { changedTests, materializePristineTests, oracleCopyPath, type TestChange } from "./pristine-tests.js";
import { helpCountersMeaningful, helpUsed, readState, type HelpUsed, type LearnerState } from "./state.js";
import { startTypeChecker, type TypeProblem } from "./typecheck.js";
import { stuckMessage } from "./deadline.js";
import { missingVerdict, reasonOf, verdictOf, type Verdict } from "./verdict.js";
import { openVitest } from "./vitest-api.js";
import { firstFailure, type RunReport } from "./vitest-run.js";

/** One graded exercise or question. */
export interface GradeItem extends Verdict {
  /** "exercise" or "question". */
  kind: Exercise["kind"];
  /** Its number. */
  number: number;
  /** Its name. */
  slug: string;
  /** The self-check question's text (questions only). */
  question?: string;
  /** What follows `npm run exercise` (and `npm run grade --`): `5` or `q3`. */
  command: string;
  /** Passed or failed: it passes only when every one of its tests passes and its files have no type error. */
  result: "passed" | "failed";
  /** Why it failed, in one line; null when it passed. */
  reason: string | null;
  /** The points earned: all of `maxPoints` when passed, else 0; in partial credit, `maxPoints` × its share of passing checks (`partial-credit.ts`). */
  points: number;
  /** What passing it is worth. */
  maxPoints: number;
  /** The hints and worked answers the CLI showed for it on this machine; null under CI, where they are not kept (`helpCountersMeaningful`). */
  help: HelpUsed | null;
  /**
   * Copying seen (`copied.ts`), for the instructor to judge; the points are not changed by it:
   * `identical`: one of its files is the worked answer once formatted; `imports-solutions`: one of
   * its files imports the worked answers; `uses-reference`: an exercise's files import, from `src/`,
   * the workbook's own implementation of its part (`reference-use.ts`); null: none of these, or
   * not looked for (the report's `copiedChecked` is false: always so in a learner's own run).
   */
  copied: CopiedFlag;
}

/** The grade, as `npm run grade -- --json` prints it. */
export interface GradeReport extends GradeMeta {
  /** True when the points are partial credit (points per passing check), false when all or nothing. */
  partialCredit: boolean;
  /** The graded exercises, in order. */
  exercises: GradeItem[];
  /** The graded self-check questions, in order. */
  questions: GradeItem[];
  /** The points earned. */
  points: number;
  /** The points there were to earn. */
  maxPoints: number;
  /** How many graded items passed. */
  passed: number;
  /** How many items were graded. */
  total: number;
  /** The learner's test files that differ from the workbook's (they were not used). */
  changedTests: TestChange[];
  /**
   * True when the copied-answer flags were worked out (`npm run grade-class` grading a learner's
   * folder); false in every run a learner can make (`npm run grade`, its `--json` and `--out`, the
   * Classroom workflow), where every item's `copied` is null: a learner never sees a flag, so cannot
   * edit until it goes away. A report written before this field existed has none.
   */
  copiedChecked: boolean;
  /** Set when the tests could not run at all. */
  error?: string;
}

/** What to grade, and where. */
export interface GradeOptions {
  /** The exercises and questions to grade (default: all of them, in order). */
  items?: readonly Exercise[];
  /** The folder that stands for `exercises/`: the learner's files (default: `exercises/`). */
  exercisesDir?: string;
  /** The folder whose `test/` is compared with the workbook's tests (default: the workbook's root). */
  learnerRoot?: string;
  /** The learner's state (default: read from `.exercise-backups/state.json`). */
  state?: LearnerState;
  /** Partial credit (default: `WORKBOOK_PARTIAL_CREDIT`, else off). */
  partial?: boolean;
  /** Report the help counters (default: not under CI, `helpCountersMeaningful`). */
  showHelp?: boolean;
  /** Work out the copied-answer flags (default: false; only the class grader, `class-grading.ts`, asks for them). */
  copyCheck?: boolean;
}

/** Grades the learner's work: type check and the workbook's own tests, run once for every started item. */
export async function gradeWork(options: GradeOptions = {}): Promise<GradeReport> {
  const items = options.items ?? listItems();
  const dir = options.exercisesDir ?? EXERCISES_DIR;
  const state = options.state ?? readState();
  const partial = options.partial ?? partialFromEnv();
  const showHelp = options.showHelp ?? helpCountersMeaningful();
  const copyCheck = options.copyCheck ?? false;
  const { ready, missing } = splitMissing(items, { gradedTest: true });
  const started = ready.filter((item) => !isUntouched(item, dir));
  const filesOf = (item: Exercise): string[] => item.files.map((file) => join(dir, item.id, file));
  const checker = startTypeChecker();
  const files = [...new Set(started.flatMap(filesOf))];
  const typeCheck = files.length > 0 ? checker.check(files).catch(() => [] as TypeProblem[]) : Promise.resolve([] as TypeProblem[]);
  let report: RunReport | null = null;
  let error: string | undefined;
  try {
    if (started.length > 0) report = await runPristineTests([...new Set(started.map((item) => item.testFile))], dir);
  } catch (thrown) {
    error = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
  } finally {
    void typeCheck.finally(() => checker.close());
  }
  const problems = await typeCheck;
  if (report !== null && report.tests.length === 0 && report.stuck === undefined)
    error = firstFailure(report.output || report.files.map((f) => f.message).join("\n") || "no test ran", 20);
  const graded = items.map((item): GradeItem => {
    const line = missing.get(item);
    const verdict =
      line !== undefined
        ? missingVerdict(line)
        : verdictOf(
            started.includes(item),
            report?.tests.filter((t) => t.file === item.testFile) ?? [],
            problems.filter((p) => filesOf(item).includes(p.file)),
            stuckOf(item, report),
          );
    const passed = verdict.state === "passed";
    const checks = verdict.tests + 1;
    const passedChecks = verdict.passed + (verdict.typeErrors.length === 0 && verdict.tests > 0 ? 1 : 0);
    const earned = passed ? item.points : partial && verdict.state !== "not started" ? Math.min(partialPoints(item.points, passedChecks, checks), item.points - 0.1) : 0;
    const base: GradeItem = {
      kind: item.kind,
      number: item.number,
      slug: item.slug,
      command: item.command,
      ...verdict,
      result: passed ? "passed" : "failed",
      reason: reasonOf({ kind: item.kind, ...verdict }),
      points: earned,
      maxPoints: item.points,
      help: showHelp ? helpUsed(item, state) : null,
      copied: copyCheck && line === undefined ? copiedOf(item, dir) : null,
    };
    const check = selfCheckOf(item);
    return check === null ? base : { ...base, question: check.question };
  });
  const learnerRoot = options.learnerRoot ?? ROOT;
  const result: GradeReport = {
    ...gradeMetaOf(learnerRoot),
    partialCredit: partial,
    exercises: graded.filter((g) => g.kind === "exercise"),
    questions: graded.filter((g) => g.kind === "question"),
    points: sumPoints(graded.map((g) => g.points)),
    maxPoints: graded.reduce((sum, g) => sum + g.maxPoints, 0),
    passed: graded.filter((g) => g.result === "passed").length,
    total: graded.length,
    changedTests: changedTests(learnerRoot),
    copiedChecked: copyCheck,
  };
  if (error !== undefined) result.error = error;
  return result;
}

/**
 * The worked answer of one file of an item, or null when this copy has none: `solutions/`, else
 * the grader's own copy of the oracle the tests import (in a Classroom template, `template.ts`).
 */
export function workedAnswerText(item: Exercise, file: string): string | null {
  const answer = join(item.solutionDir, file);
  if (existsSync(answer)) return readFileSync(answer, "utf8");
  const oracle = oracleCopyPath(item.id, file);
  // The oracle sits two folders deeper than the learner's file: its imports are read back as the learner's would be written.
  return existsSync(oracle) ? readFileSync(oracle, "utf8").replace(/(["'`])\.\.\/\.\.\/\.\.\/\.\.\//g, "$1../../") : null;
}

/**
 * The copied-answer flag of one item, from the learner's files in `exercisesDir`. A self-check
 * question is never flagged `identical`: its answer is a handful of values and a letter, which every
 * right answer shares with the worked one; importing the worked answers is flagged as for an exercise.
 * An exercise whose files (or the learner's helpers they import) import the `src/` names of its own
 * part is flagged `uses-reference`, `src/` being the one beside `exercisesDir`.
 */
export function copiedOf(item: Exercise, exercisesDir: string): CopiedFlag {
  const files = item.files.map((file) => ({
    learner: learnerText(item, file, exercisesDir),
    stub: pristineText(item, file),
    answer: item.kind === "question" ? null : workedAnswerText(item, file),
  }));
  const paths = learnerScripts(join(exercisesDir, item.id), item.files, item.kind === "exercise");
  const flag = copiedFlag(files, readTexts(paths));
  if (flag !== null || item.kind !== "exercise") return flag;
  return usesReference(paths, referenceNamesOf(item.number), dirname(exercisesDir)) ? "uses-reference" : null;
}

/** The message for an item whose tests were stopped at the deadline, or null. */
export function stuckOf(item: Exercise, report: RunReport | null): string | null {
  const stopped = report?.stuck?.find((s) => s.file === item.testFile);
  return stopped === undefined ? null : stuckMessage(item.files.map((f) => `exercises/${item.id}/${f}`).join(", "), stopped.seconds);
}

/** Runs the workbook's copies of `testFiles` against the code in `exercisesDir`, in one vitest. */
async function runPristineTests(testFiles: readonly string[], exercisesDir: string): Promise<RunReport> {
  const pristine = await materializePristineTests();
  try {
    // No transformed module kept on disk is used: graded code could have rewritten it.
    const vitest = await openVitest({ kind: "dir", dir: exercisesDir }, { root: pristine.root, setupFile: pristine.setupFile, moduleCache: false });
    let report: RunReport;
    try {
      report = await vitest.run(testFiles);
    } finally {
      await vitest.close();
    }
    const changed = pristine.changed();
    if (changed.length > 0) {
      const restored = pristine.restore();
      const back = restored.length > 0 ? ` (the workbook's copies were put back as they were: ${restored.join(", ")})` : "";
      throw new Error(`The grader's copies of the tests were changed while the tests ran, so no verdict is given: ${changed.join(", ")}${back}`);
    }
    return report;
  } finally {
    await pristine.dispose();
  }
}

/** The exit status of a grade: 0 when every graded item passed, 1 when one did not or the tests could not run. */
export function gradeExitCode(report: GradeReport): number {
  return report.error === undefined && report.passed === report.total ? 0 : 1;
}
