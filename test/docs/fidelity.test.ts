/**
 * Docs/fidelity.md lists every difference from nanobot, each with the lesson that mentions it and
 * the words it uses. This checks the table against the lessons, so a lesson edit that drops a
 * mention (or a row that names the wrong lesson) fails here. Only files of this repository are read.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { findLessonFolder } from "../../lessons/_shared/meta.js";

const ROOT = resolve(import.meta.dirname, "../..");
const FIDELITY = join(ROOT, "docs", "fidelity.md");

/** One row of the table. */
export interface DifferenceRow {
  number: number;
  upstream: string;
  here: string;
  why: string;
  lesson: number;
  says: string;
}

/** Splits a markdown table row into its cells; `|` inside backticks does not split. */
export function tableCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let inCode = false;
  for (const ch of line.trim().replace(/^\|/, "").replace(/\|$/, "")) {
    if (ch === "`") inCode = !inCode;
    if (ch === "|" && !inCode) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** The rows of the differences table in `markdown`. */
export function differenceRows(markdown: string): DifferenceRow[] {
  const rows: DifferenceRow[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    if (!/^\|\s*\d+\s*\|/.test(line)) continue;
    const [number = "", upstream = "", here = "", why = "", lesson = "", says = ""] = tableCells(line);
    rows.push({ number: Number(number), upstream, here, why, lesson: Number(lesson), says });
  }
  return rows;
}

/** Text compared as a reader sees it: no backticks or emphasis, one space for any line break, any case. */
export function normalise(text: string): string {
  return text.replace(/[`*]/g, "").replace(/\s+/g, " ").trim().toLowerCase();
}

const rows = differenceRows(readFileSync(FIDELITY, "utf8"));

describe("docs/fidelity.md", () => {
  it("parses table cells, keeping | inside code", () => {
    expect(tableCells("| 1 | `a|b` | c |")).toEqual(["1", "`a|b`", "c"]);
    expect(normalise("Here `register`\n  **throws**")).toBe("here register throws");
  });

  it("lists every difference, numbered in order, each with all its columns filled", () => {
    expect(rows.length).toBeGreaterThanOrEqual(23);
    rows.forEach((row, index) => {
      expect(row.number, `row ${index + 1} is numbered ${row.number}`).toBe(index + 1);
      for (const [column, value] of Object.entries(row)) {
        expect(String(value).length, `row ${row.number}: the ${column} column is empty`).toBeGreaterThan(0);
      }
    });
  });

  it.each(rows.map((row) => [row.number, row] as const))("row %i: its lesson exists and says the quoted words", (_n, row) => {
    const folder = findLessonFolder(row.lesson);
    expect(folder, `row ${row.number} names lesson ${row.lesson}, which does not exist`).not.toBeNull();
    const readme = normalise(readFileSync(join(folder ?? "", "README.md"), "utf8"));
    expect(readme, `lesson ${row.lesson}'s README does not say: ${row.says}`).toContain(normalise(row.says));
  });
});
