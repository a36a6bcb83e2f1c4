/**
 * The exercise list the site shows, `docs/exercises.md`, written from the catalog: one row per
 * exercise and per self-check question (number, title, lesson, points, files, command), the total
 * of the points, and the front matter that makes each exercise's README a page of the site. A new
 * exercise folder appears in the list, and on the site, the next time the list is written
 * (`npm run exercise-list`, or `sync-pristine.ts`); a test fails while the committed page differs.
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CAPSTONE, EXERCISES_DIR, listExercises, listQuestions, ROOT, selfCheckOf, type Exercise } from "./catalog.js";

/** The page the list is written into. */
export const EXERCISE_LIST_PAGE = join(ROOT, "docs", "exercises.md");

/** The line before the generated table. */
export const LIST_START = "<!-- The list below is written from exercises/_cli/catalog.ts by `npm run exercise-list`: edit the catalog, not the list. -->";
/** The line after it. */
export const LIST_END = "<!-- End of the list written from the catalog. -->";

/** What the list needs to know of one exercise or question, besides the catalog: its title. */
export interface ListedItem {
  /** The catalog's entry. */
  item: Exercise;
  /** The title, from the first heading of the exercise's README without "Exercise N —", or the question. */
  title: string;
}

/** The title an exercise's README gives it: its first `# ` heading, without a leading "Exercise N —". */
export function titleFromReadme(readme: string, fallback: string): string {
  const heading = readme.split("\n").find((line) => line.startsWith("# "));
  if (heading === undefined) return fallback;
  const title = heading
    .slice(2)
    .trim()
    .replace(/^Exercise \d+ ?[—–:-] ?/, "")
    .trim();
  return title === "" ? fallback : title;
}

/** A cell's text with the characters that would break a markdown table row escaped. */
function cell(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .join(" ")
    .replace(/\|/g, "\\|");
}

/** The list's table, with its total, for the given items: a pure function of its input. */
export function exerciseListTable(items: readonly ListedItem[]): string {
  const rows = items.map(({ item, title }) => {
    const number = item.kind === "exercise" ? String(item.number) : `q${item.number}`;
    const link = item.kind === "exercise" ? `[${cell(title)}](../exercises/${item.id}/README.md)` : cell(title);
    const files = item.files.map((file) => `\`${item.id}/${file}\``).join(", ");
    return `| ${number} | ${link} | ${item.lesson} | ${item.points} | ${files} | \`npm run exercise ${item.command}\` |`;
  });
  const total = items.reduce((sum, { item }) => sum + item.points, 0);
  const exercises = items.filter(({ item }) => item.kind === "exercise").length;
  const questions = items.length - exercises;
  return [
    "| # | title | lesson | points | you edit (under `exercises/`) | check it with |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    `${exercises} exercises and ${questions} self-check questions, ${total} points in all: \`npm run grade\` adds up the points of every item that passes.`,
    "",
    `Then the capstone, \`npm run exercise ${CAPSTONE.command}\`: your nine answers run together as one agent on scripted scenarios, each request the model receives compared with what the reference's parts send ([lesson 10](../lessons/10-observation-task/README.md) introduces it). It carries no points; \`npm run progress\` and \`npm run grade\` list it on a row of its own.`,
  ].join("\n");
}

/** The front matter's `children:` lines, each ending in a line break: each exercise's README becomes a page of the site, in order. */
export function exerciseListChildren(items: readonly ListedItem[]): string {
  return items
    .filter(({ item }) => item.kind === "exercise")
    .map(({ item }) => `  - ../exercises/${item.id}/README.md\n`)
    .join("");
}

/**
 * `page` with its front matter's `children:` and the text between {@link LIST_START} and
 * {@link LIST_END} replaced by what the items give; everything else is kept. Throws, saying what
 * is missing, when the page lacks the front matter's `children:` or either marker.
 */
export function renderExerciseList(page: string, items: readonly ListedItem[]): string {
  const text = page.replace(/\r\n/g, "\n");
  const children = /^(---\n(?:.*\n)*?children:\n)((?: {2}- .*\n)*)((?:.*\n)*?---\n)/.exec(text);
  if (children === null) throw new Error("docs/exercises.md has no front matter with a `children:` list: put one back (see git log) before writing the list.");
  const start = text.indexOf(LIST_START);
  const end = text.indexOf(LIST_END);
  if (start < 0 || end < start) throw new Error("docs/exercises.md lacks the two marker lines around the list: put them back (see git log) before writing the list.");
  const head = `${children[1]}${exerciseListChildren(items)}${children[3]}`;
  const middle = text.slice(children[0].length, start);
  return `${head}${middle}${LIST_START}\n\n${exerciseListTable(items)}\n\n${text.slice(end)}`;
}

/** Every exercise and question of the catalog with its title, as the workbook holds them now. */
export function catalogItems(): ListedItem[] {
  const exercises = listExercises().map((item) => {
    const readme = join(EXERCISES_DIR, item.id, "README.md");
    return { item, title: titleFromReadme(existsSync(readme) ? readFileSync(readme, "utf8") : "", item.slug.replace(/-/g, " ")) };
  });
  const questions = listQuestions().map((item) => ({ item, title: `self-check: ${selfCheckOf(item)?.question ?? item.slug.replace(/-/g, " ")}` }));
  return [...exercises, ...questions];
}

/** The page as the catalog would write it now. */
export function expectedExerciseList(): string {
  return renderExerciseList(readFileSync(EXERCISE_LIST_PAGE, "utf8"), catalogItems());
}
