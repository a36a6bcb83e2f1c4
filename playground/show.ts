/**
 * How the playground shows a value in its trace, as the lesson's trace does: text in single quotes
 * exactly as sent, anything else as compact JSON (`src/util/compact-json.ts`). The printer is
 * bounded: a part nested deeper than `COMPACT_JSON_MAX_DEPTH` levels reads
 * `[nested deeper than 32 levels]`, and a text past {@link SHOW_MAX_CHARS} characters is cut with
 * a note, so any arguments a model sends are shown without recursing or growing without end.
 *
 * @module
 */
import { compactJson } from "../src/util/compact-json.js";

/** The most characters of one value the playground shows. */
export const SHOW_MAX_CHARS = 20_000;

/** `text`, cut to {@link SHOW_MAX_CHARS} with a note saying how long it was. */
function capped(text: string): string {
  return text.length <= SHOW_MAX_CHARS ? text : `${text.slice(0, SHOW_MAX_CHARS)}… (cut: longer than ${SHOW_MAX_CHARS} characters)`;
}

/** A value as the lesson's trace shows it: text in single quotes exactly as sent, the rest as bounded compact JSON. */
export function show(value: unknown): string {
  if (typeof value === "string") return capped(`'${value}'`);
  return capped(compactJson(value, { maxChars: SHOW_MAX_CHARS + 1 }));
}
