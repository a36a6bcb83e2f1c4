/**
 * The times of `docs/course-plan.md`, worked out from measured quantities: for each lesson, its
 * words at a stated reading rate plus the measured run time of its demo (`npm run lesson N`); for
 * each exercise and self-check question, its README's (or answer file's) words at the same rate,
 * the lines the learner writes at a stated rate, and the measured run time of its check
 * (`npm run exercise N`) times a stated number of runs. The capstone (`npm run exercise 10`) is
 * estimated by the same rule: its task is its section of `exercises/README.md`, it asks for no new
 * line, and its run is measured over the worked answers, as a learner runs it once the nine are
 * done. The words and lines are counted here, from the files; the run times come from
 * `docs/course-times.json`, which `npm run course-times` measures. These are estimates from
 * measured quantities, not the time a person took.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CAPSTONE, EXERCISES_DIR, listItems, pristineText, type Exercise } from "../../exercises/_cli/catalog.js";
import { diffLines } from "../../exercises/_cli/diff.js";
import { ROOT } from "./root.js";

/** Where the measured run times are kept. */
export const COURSE_TIMES_FILE = join(ROOT, "docs", "course-times.json");
/** The plan whose table is written from them. */
export const COURSE_PLAN = join(ROOT, "docs", "course-plan.md");
/** The line before the written table. */
export const TIMES_START = "<!-- The tables below are written by `npm run course-times`: edit the rates in test/docs/course-times.ts, not the tables. -->";
/** The line after it. */
export const TIMES_END = "<!-- End of the tables written by npm run course-times. -->";

/** Words a learner reads in a minute: technical prose with code, read to be understood. */
export const WORDS_PER_MINUTE = 150;
/** Minutes a learner spends per line of code they write, thinking and fixing included. */
export const MINUTES_PER_LINE = 3;
/** Lines written between two runs of the check, and the fewest runs of an exercise. */
export const LINES_PER_CHECK = 3;
/** The fewest runs of the check an exercise takes (the first failing run, a fix, the pass). */
export const MIN_CHECKS = 3;

/** The run times measured on one machine, in seconds. */
export interface MeasuredTimes {
  /** When and where they were measured, in words. */
  measured: string;
  /** `npm run lesson N`, by lesson number. */
  lessons: Record<string, number>;
  /** `npm run exercise <command>`, by the item's command (`5`, `q3`, and `10` for the capstone). */
  checks: Record<string, number>;
}

/** One week of the plan: the lessons taught in its session, and the exercises and questions done in class or at home. */
export interface Week {
  week: number;
  lessons: readonly number[];
  /** Items by their command: `5`, `q3`, `10` (the capstone). */
  items: readonly string[];
}

/** The weeks of the plan's week-by-week table (edit both together). */
export const WEEKS: readonly Week[] = [
  { week: 1, lessons: [1, 2], items: ["1", "2"] },
  { week: 2, lessons: [3, 4], items: ["3", "4", "q1"] },
  { week: 3, lessons: [5], items: ["5", "q2", "q3"] },
  { week: 4, lessons: [6], items: ["6", "q4"] },
  { week: 5, lessons: [7, 8], items: ["7", "8", "q5"] },
  { week: 6, lessons: [9, 10, 11], items: ["9", CAPSTONE.command] },
];

/** A lesson's counted words and measured demo. */
export interface LessonTime {
  lesson: number;
  title: string;
  words: number;
  demoSeconds: number;
}

/** An exercise's or question's counted words and lines, and its measured check. */
export interface ItemTime {
  command: string;
  label: string;
  lesson: number;
  words: number;
  lines: number;
  checkSeconds: number;
}

/** Words as `wc -w` counts them: runs of anything but white space. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w !== "").length;
}

/** True for a line that holds code: not blank, not only a comment. */
function isCode(line: string): boolean {
  const t = line.trim();
  return t !== "" && !t.startsWith("//") && !t.startsWith("*") && !t.startsWith("/*");
}

/** The lines of code in `answer` that are not in `stub`: what the learner writes (comments and blank lines left out). */
export function writtenLines(stub: string, answer: string): number {
  return diffLines(stub, answer).filter((line) => line.op === "+" && isCode(line.text)).length;
}

/** Minutes to read `words`. */
export function readingMinutes(words: number): number {
  return words / WORDS_PER_MINUTE;
}

/** How many times the check runs while `lines` lines are written. */
export function checkRuns(lines: number): number {
  return Math.max(MIN_CHECKS, Math.ceil(lines / LINES_PER_CHECK));
}

/** A lesson's minutes: its reading and its demo, rounded up. */
export function lessonMinutes(t: LessonTime): number {
  return Math.ceil(readingMinutes(t.words) + t.demoSeconds / 60);
}

/** An item's minutes: reading its task, writing its lines and running its check, rounded up. */
export function itemMinutes(t: ItemTime): number {
  return Math.ceil(readingMinutes(t.words) + t.lines * MINUTES_PER_LINE + (checkRuns(t.lines) * t.checkSeconds) / 60);
}

/** Each week's estimated minutes, and a last row for the lessons and items no week holds yet (a new exercise). */
export function weekTable(weeks: readonly Week[], lessons: readonly LessonTime[], items: readonly ItemTime[]): string {
  const lessonOf = new Map(lessons.map((t) => [t.lesson, lessonMinutes(t)]));
  const itemOf = new Map(items.map((t) => [t.command, itemMinutes(t)]));
  const row = (name: string, ls: readonly number[], is: readonly string[]): string => {
    const lessonSum = ls.reduce((sum, n) => sum + (lessonOf.get(n) ?? 0), 0);
    const itemSum = is.reduce((sum, c) => sum + (itemOf.get(c) ?? 0), 0);
    return `| ${name} | ${ls.join(", ") || "–"} | ${lessonSum} min | ${is.join(", ") || "–"} | ${itemSum} min | ${lessonSum + itemSum} min |`;
  };
  const placedLessons = new Set(weeks.flatMap((w) => w.lessons));
  const placedItems = new Set(weeks.flatMap((w) => w.items));
  const restLessons = lessons.map((t) => t.lesson).filter((n) => !placedLessons.has(n));
  const restItems = items.map((t) => t.command).filter((c) => !placedItems.has(c));
  return [
    "| week | lessons | lessons, estimated | exercises and questions | exercises, estimated | week, estimated |",
    "|---|---|---|---|---|---|",
    ...weeks.map((w) => row(String(w.week), w.lessons, w.items)),
    ...(restLessons.length + restItems.length > 0 ? [row("not in a week yet", restLessons, restItems)] : []),
  ].join("\n");
}

/** Seconds as the tables show them. */
function seconds(s: number): string {
  return `${s.toFixed(1)} s`;
}

/** The two tables and their totals, from counted and measured quantities: a pure function. */
export function courseTimesTables(lessons: readonly LessonTime[], items: readonly ItemTime[], measured: string): string {
  const lessonRows = lessons.map(
    (t) =>
      `| ${t.lesson} ${t.title} | ${t.words.toLocaleString("en-GB")} | ${Math.round(readingMinutes(t.words))} min | ${seconds(t.demoSeconds)} | ${lessonMinutes(t)} min |`,
  );
  const itemRows = items.map(
    (t) => `| ${t.label} | ${t.lesson} | ${t.words.toLocaleString("en-GB")} | ${t.lines} | ${seconds(t.checkSeconds)} × ${checkRuns(t.lines)} | ${itemMinutes(t)} min |`,
  );
  const lessonTotal = lessons.reduce((sum, t) => sum + lessonMinutes(t), 0);
  const itemTotal = items.reduce((sum, t) => sum + itemMinutes(t), 0);
  return [
    `Measured: ${measured}.`,
    "",
    "| lesson | words | reading | demo run, measured | lesson, estimated |",
    "|---|---|---|---|---|",
    ...lessonRows,
    `| all lessons | | | | ${lessonTotal} min |`,
    "",
    "| exercise | lesson | words of its task | lines to write | check run, measured × runs | exercise, estimated |",
    "|---|---|---|---|---|---|",
    ...itemRows,
    `| all exercises and questions | | | | | ${itemTotal} min |`,
    "",
    "Per week of the plan below (the lessons in class; the exercises and questions started in class and finished at home):",
    "",
    weekTable(WEEKS, lessons, items),
  ].join("\n");
}

/** The lesson folders, `NN-slug`, in order. */
function lessonFolders(): string[] {
  return readdirSync(join(ROOT, "lessons"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^\d\d-[a-z0-9-]+$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** A measured time, or an error that says how to measure it. */
function measuredTime(table: Record<string, number>, key: string, what: string): number {
  const value = table[key];
  if (value === undefined) throw new Error(`docs/course-times.json has no time for ${what}: run \`npm run course-times\` to measure it.`);
  return value;
}

/** Every lesson with its words, and the demo time from `measured`. */
export function lessonTimes(measured: MeasuredTimes): LessonTime[] {
  return lessonFolders().map((folder) => {
    const lesson = Number(folder.slice(0, 2));
    const readme = readFileSync(join(ROOT, "lessons", folder, "README.md"), "utf8");
    const heading = readme.split("\n").find((line) => line.startsWith("# ")) ?? folder;
    const title = heading
      .slice(2)
      .replace(/^\d+\. /, "")
      .trim();
    return { lesson, title, words: wordCount(readme), demoSeconds: measuredTime(measured.lessons, String(lesson), `lesson ${lesson}'s demo`) };
  });
}

/** The words of an item's task: the exercise's README, or the question's answer file. */
function taskWords(item: Exercise): number {
  const readme = join(item.dir, "README.md");
  if (item.kind === "exercise") return existsSync(readme) ? wordCount(readFileSync(readme, "utf8")) : 0;
  return item.files.reduce((sum, file) => sum + wordCount(pristineText(item, file)), 0);
}

/** The heading of the capstone's section in `exercises/README.md`: its task. */
export const CAPSTONE_HEADING = /^## Exercise 10, the capstone\b.*$/m;

/** The words of the capstone's task: its section of `exercises/README.md`, up to the next section; throws when the section is missing. */
export function capstoneWords(readme: string): number {
  const start = CAPSTONE_HEADING.exec(readme);
  if (start === null) throw new Error("exercises/README.md has no section headed `## Exercise 10, the capstone`: the course plan counts its words there.");
  const rest = readme.slice(start.index + start[0].length);
  const next = rest.search(/^## /m);
  return wordCount(start[0]) + wordCount(next < 0 ? rest : rest.slice(0, next));
}

/** The capstone as the tables count it: its task's words, no line to write (it assembles the nine answers), and its measured run. */
export function capstoneTime(measured: MeasuredTimes): ItemTime {
  return {
    command: CAPSTONE.command,
    label: `${CAPSTONE.number} (capstone)`,
    lesson: 10,
    words: capstoneWords(readFileSync(join(EXERCISES_DIR, "README.md"), "utf8")),
    lines: 0,
    checkSeconds: measuredTime(measured.checks, CAPSTONE.command, "the capstone's run"),
  };
}

/** Every exercise, the capstone after them, then every question, with its words and lines and the check time from `measured`. */
export function itemTimes(measured: MeasuredTimes): ItemTime[] {
  const items = listItems().map((item) => ({
    command: item.command,
    label: item.kind === "exercise" ? `${item.number}` : item.command,
    lesson: item.lesson,
    words: taskWords(item),
    lines: item.files.reduce((sum, file) => sum + writtenLines(pristineText(item, file), readFileSync(join(item.solutionDir, file), "utf8")), 0),
    checkSeconds: measuredTime(measured.checks, item.command, `the check of ${item.label}`),
  }));
  const exercises = listItems().filter((item) => item.kind === "exercise").length;
  return [...items.slice(0, exercises), capstoneTime(measured), ...items.slice(exercises)];
}

/** The recorded run times. */
export function readMeasured(): MeasuredTimes {
  return JSON.parse(readFileSync(COURSE_TIMES_FILE, "utf8")) as MeasuredTimes;
}

/** `plan` with the text between {@link TIMES_START} and {@link TIMES_END} replaced by `tables`; throws when a marker is missing. */
export function renderCoursePlan(plan: string, tables: string): string {
  const start = plan.indexOf(TIMES_START);
  const end = plan.indexOf(TIMES_END);
  if (start < 0 || end < start) throw new Error("docs/course-plan.md lacks the two marker lines around the times: put them back (see git log).");
  return `${plan.slice(0, start)}${TIMES_START}\n\n${tables}\n\n${plan.slice(end)}`;
}

/** The plan as the counted files and the recorded times give it now. */
export function expectedCoursePlan(measured: MeasuredTimes = readMeasured()): string {
  return renderCoursePlan(readFileSync(COURSE_PLAN, "utf8"), courseTimesTables(lessonTimes(measured), itemTimes(measured), measured.measured));
}
