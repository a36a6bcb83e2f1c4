/**
 * The site's exercise list, `docs/exercises.md`, is written from the catalog: the committed page is
 * what `npm run exercise-list` writes, every exercise and question of the catalog has its row with
 * its points, and a new exercise folder appears in the list, and among the site's pages, without an
 * edit anywhere else.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listItems, type Exercise } from "../../exercises/_cli/catalog.js";
import {
  catalogItems,
  exerciseListTable,
  expectedExerciseList,
  LIST_END,
  LIST_START,
  renderExerciseList,
  titleFromReadme,
  type ListedItem,
} from "../../exercises/_cli/exercise-list.js";
import { runNode } from "../setup/node-child.js";
import { ROOT } from "./root.js";

const PAGE = join(ROOT, "docs", "exercises.md");

/** A made-up catalog entry: an exercise or question with the given number, points and files. */
function entry(kind: Exercise["kind"], number: number, points: number, files: string[]): Exercise {
  const id = kind === "exercise" ? `${String(number).padStart(2, "0")}-made-up` : "self-check";
  return {
    kind,
    number,
    id,
    slug: "made-up",
    label: `${kind} ${number}`,
    command: kind === "exercise" ? String(number) : `q${number}`,
    dir: id,
    solutionDir: id,
    pristineDir: id,
    testFile: `test/exercises/${id}.test.ts`,
    files,
    lesson: kind === "exercise" ? number : 11,
    points,
  };
}

const listed = fc
  .array(
    fc.record({
      kind: fc.constantFrom<Exercise["kind"]>("exercise", "question"),
      points: fc.integer({ min: 0, max: 50 }),
      files: fc.array(fc.stringMatching(/^[a-z][a-z0-9-]{0,10}\.ts$/), { minLength: 1, maxLength: 3 }),
      title: fc.string({ minLength: 1, maxLength: 30 }),
    }),
    { maxLength: 14 },
  )
  .map((rows): ListedItem[] => rows.map((row, i) => ({ item: entry(row.kind, i + 1, row.points, row.files), title: row.title })));

describe("the site's exercise list is written from the catalog", () => {
  it("the committed docs/exercises.md is what the catalog writes (run `npm run exercise-list`)", () => {
    expect(readFileSync(PAGE, "utf8"), "run `npm run exercise-list` (or sync-pristine) and commit docs/exercises.md").toBe(expectedExerciseList());
  });

  it("lists every item the grader grades, with its points, command and files, and their total", () => {
    const page = expectedExerciseList();
    const items = listItems();
    for (const item of items) {
      const number = item.kind === "exercise" ? String(item.number) : `q${item.number}`;
      const row = page.split("\n").find((line) => line.startsWith(`| ${number} |`));
      expect(row, number).toBeDefined();
      expect(row).toContain(`| ${item.lesson} | ${item.points} |`);
      expect(row).toContain(`\`npm run exercise ${item.command}\``);
      for (const file of item.files) expect(row).toContain(`\`${item.id}/${file}\``);
    }
    expect(page).toContain(`${items.reduce((sum, item) => sum + item.points, 0)} points in all`);
    for (const { item } of catalogItems().filter(({ item }) => item.kind === "exercise")) expect(page).toContain(`  - ../exercises/${item.id}/README.md\n`);
  });

  it("always has one row per item and the sum of their points, and writing it twice changes nothing", () => {
    const page = readFileSync(PAGE, "utf8");
    fc.assert(
      fc.property(listed, (items) => {
        const table = exerciseListTable(items);
        expect(table.split("\n").filter((line) => /^\| q?\d+ \|/.test(line))).toHaveLength(items.length);
        expect(table).toContain(`${items.reduce((sum, { item }) => sum + item.points, 0)} points in all`);
        const once = renderExerciseList(page, items);
        expect(renderExerciseList(once, items)).toBe(once);
        expect(once.slice(once.indexOf(LIST_END))).toBe(page.slice(page.indexOf(LIST_END)));
      }),
    );
  });

  it("refuses a page without its markers or its front matter, saying what is missing", () => {
    const page = readFileSync(PAGE, "utf8");
    expect(() => renderExerciseList(page.replace(LIST_START, ""), catalogItems())).toThrow(/lacks the two marker lines/);
    expect(() => renderExerciseList(page.replace("children:", "kids:"), catalogItems())).toThrow(/no front matter with a `children:` list/);
  });

  it("takes an exercise's title from its README's first heading", () => {
    expect(titleFromReadme("# Exercise 10 — a capstone\n\ntext", "x")).toBe("a capstone");
    expect(titleFromReadme("no heading", "fallback")).toBe("fallback");
  });

  it("a new exercise folder appears in the list and among the site's pages once the list is written", async () => {
    const copy = mkdtempSync(join(tmpdir(), "workbook-list-"));
    try {
      cpSync(join(ROOT, "exercises"), join(copy, "exercises"), { recursive: true });
      mkdirSync(join(copy, "docs"));
      cpSync(PAGE, join(copy, "docs", "exercises.md"));
      mkdirSync(join(copy, "exercises", "99-made-up-extra"));
      writeFileSync(join(copy, "exercises", "99-made-up-extra", "README.md"), "# Exercise 99 — a made-up extra\n");
      writeFileSync(join(copy, "exercises", "99-made-up-extra", "capstone.ts"), "// TODO(lesson 99): everything\n");
      const run = await runNode(["--import", "tsx", join(ROOT, "exercises", "_cli", "sync-exercise-list.ts")], { WORKBOOK_ROOT: copy });
      expect(run.status, run.stderr).toBe(0);
      const page = readFileSync(join(copy, "docs", "exercises.md"), "utf8");
      expect(page).toContain("| 99 | [a made-up extra](../exercises/99-made-up-extra/README.md) | 99 | ");
      expect(page).toContain("`99-made-up-extra/capstone.ts` | `npm run exercise 99` |");
      expect(page).toContain("  - ../exercises/99-made-up-extra/README.md\n---");
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("the exercises' own overview, exercises/README.md", () => {
  it("has a row for every exercise of the catalog", () => {
    const overview = readFileSync(join(ROOT, "exercises", "README.md"), "utf8");
    for (const { item } of catalogItems().filter(({ item }) => item.kind === "exercise")) {
      expect(overview, `add a row for ${item.id} to exercises/README.md`).toContain(`| ${item.number} | [\`${item.id}\`](${item.id}/) |`);
    }
  });
});
