/**
 * The rows of docs/fidelity.md's table of differences, read so that each explanation can be
 * checked to point at the row whose words it quotes.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** docs/fidelity.md. */
export const FIDELITY_DOC = fileURLToPath(new URL("../../../docs/fidelity.md", import.meta.url));

/** One row: its number and its text as a reader sees it (see {@link readable}). */
export interface Row {
  number: number;
  text: string;
}

/** Text as a reader compares it: no backticks or emphasis, one space for any run of blank space, any case. */
export function readable(text: string): string {
  return text.replace(/[`*]/g, "").replace(/\s+/g, " ").trim().toLowerCase();
}

/** The numbered rows of the table in `markdown` (default: docs/fidelity.md). */
export function rowsOf(markdown: string = readFileSync(FIDELITY_DOC, "utf8")): Row[] {
  const rows: Row[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const m = /^\|\s*(\d+)\s*\|(.*)$/.exec(line);
    if (m !== null) rows.push({ number: Number(m[1]), text: readable(m[2] as string) });
  }
  return rows;
}

/** The numbers of the rows whose text holds `quote`. */
export function rowsQuoting(quote: string, rows: readonly Row[] = rowsOf()): number[] {
  const wanted = readable(quote);
  return rows.filter((r) => r.text.includes(wanted)).map((r) => r.number);
}
