/**
 * Print helpers shared by every lesson demo. Colour and the ✓/✗ marks are used only when stdout
 * is a terminal (colour also needs `NO_COLOR` unset); piped or captured output is plain ASCII text,
 * so a test can match it and a log file stays readable. The colours are the command lines' shared
 * ones, from `exercises/_cli/colour.ts`.
 *
 * @module
 */
import { bold, cyan, dim, green, red } from "../../exercises/_cli/colour.js";
import { compactJson } from "../../src/util/compact-json.js";

export { bold, cyan, dim, green, red, useColour, yellow } from "../../exercises/_cli/colour.js";

/** True when output may use non-ASCII marks (✓, ✗, →): only on a terminal. */
export function useFancy(): boolean {
  return process.stdout.isTTY === true;
}

/** The mark for a step that passed: `✓` on a terminal, `ok  ` otherwise (same width as FAIL). */
export function okMark(): string {
  return useFancy() ? green("✓") : "ok  ";
}

/** The mark for a step that failed: `✗` on a terminal, `FAIL` otherwise. */
export function failMark(): string {
  return useFancy() ? red("✗") : "FAIL";
}

/** {@link okMark} or {@link failMark}. */
export function mark(ok: boolean): string {
  return ok ? okMark() : failMark();
}

/** An arrow: `→` on a terminal, `->` otherwise. */
export function arrow(): string {
  return useFancy() ? "→" : "->";
}

/** Prints one line (all demo output goes through `console.log`, so tests can capture it). */
export function say(text = ""): void {
  console.log(text);
}

/** Prints a lesson-level heading with a rule under it. */
export function heading(text: string): void {
  say(bold(text));
  say(dim("=".repeat(Math.min(text.length, 78))));
}

/** Prints a section heading, preceded by a blank line. */
export function section(text: string): void {
  say();
  say(bold(cyan(`-- ${text} `)) + dim("-".repeat(Math.max(3, 74 - text.length))));
}

/** Prints `label  value` with the label padded, indented by `indent` spaces. */
export function field(label: string, value: string, width = 12, indent = 2): void {
  say(`${" ".repeat(indent)}${dim(label.padEnd(width))}${value}`);
}

/** Prints a block of text with every line indented, e.g. an error message the model reads. */
export function block(text: string, indent = 4): void {
  for (const line of text.split("\n")) say(line === "" ? "" : `${" ".repeat(indent)}${line}`);
}

/** Pads `text` on the right to `width` characters (counting characters, not bytes). */
export function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

/** Prints rows as columns padded to the widest cell of each column. */
export function table(rows: readonly (readonly string[])[], indent = 2): void {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  for (const row of rows) {
    const cells = row.map((cell, i) => (i === row.length - 1 ? cell : pad(cell, widths[i] ?? 0)));
    say(" ".repeat(indent) + cells.join("  ").trimEnd());
  }
}

/** Shortens `text` to at most `max` characters, ending with `…` (or `...` off a terminal). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const ellipsis = useFancy() ? "…" : "...";
  return text.slice(0, Math.max(0, max - ellipsis.length)) + ellipsis;
}

/**
 * A value as compact one-line JSON for a trace: long strings inside are shortened to
 * `maxString` characters and the whole line to `max`. Values JSON cannot hold are named
 * (`undefined`, `function`, `[Circular]`, `12n`), and a part nested deeper than
 * `COMPACT_JSON_MAX_DEPTH` levels reads `[nested deeper than 32 levels]`: any value a model can
 * send is printed, however deep, without recursing past that depth (`src/util/compact-json.ts`).
 */
export function compact(value: unknown, max = 72, maxString = 40): string {
  const ellipsis = useFancy() ? "…" : "...";
  return truncate(compactJson(value, { maxString, maxChars: max + 1, ellipsis }), max);
}
