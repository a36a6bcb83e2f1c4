/**
 * Colour for every command line of the workbook: the lesson runner and its demos
 * (`lessons/_shared/print.ts`), `npm run exercise` and `npm run progress`. Colour is on only when
 * stdout is a terminal and `NO_COLOR` is unset or empty; piped or captured output stays plain text,
 * so a test can match it and a log file stays readable. The escapes come from `util.styleText`,
 * told not to judge the stream itself, so this one rule decides everywhere.
 *
 * @module
 */
import { styleText } from "node:util";

/** A style `util.styleText` knows: a colour or a modifier such as `bold`. */
export type Style = Parameters<typeof styleText>[0];

/** True when output may be coloured: stdout is a terminal and `NO_COLOR` is unset or empty. */
export function useColour(): boolean {
  return process.stdout.isTTY === true && (process.env["NO_COLOR"] ?? "") === "";
}

/** `text` in `style` when colour is on ({@link useColour}), otherwise `text` unchanged. */
export function paint(style: Style, text: string): string {
  return useColour() ? styleText(style, text, { validateStream: false }) : text;
}

/** The text in bold (plain when colour is off). */
export const bold = (text: string): string => paint("bold", text);
/** The text dimmed (plain when colour is off). */
export const dim = (text: string): string => paint("dim", text);
/** The text in green (plain when colour is off). */
export const green = (text: string): string => paint("green", text);
/** The text in red (plain when colour is off). */
export const red = (text: string): string => paint("red", text);
/** The text in yellow (plain when colour is off). */
export const yellow = (text: string): string => paint("yellow", text);
/** The text in cyan (plain when colour is off). */
export const cyan = (text: string): string => paint("cyan", text);
