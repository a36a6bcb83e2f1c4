/**
 * Passages of the workbook's Markdown written for its authors alone (how to copy the worked answers
 * into place, what `npm test` runs against, the authors' commands), marked by a pair of HTML
 * comments, which no renderer shows: `<!-- authors-only -->` opens a passage and
 * `<!-- /authors-only -->` closes it. The learners' copy (`npm run template`) leaves every passage
 * out, markers included. Pure.
 *
 * @module
 */

/** The comment that opens a passage for the authors alone. */
export const AUTHORS_ONLY_OPEN = "<!-- authors-only -->";

/** The comment that closes it. */
export const AUTHORS_ONLY_CLOSE = "<!-- /authors-only -->";

/** The markers of a text in order, with the line (from 1) each is on. */
function markers(text: string): { open: boolean; line: number }[] {
  const found: { open: boolean; line: number }[] = [];
  text.split("\n").forEach((line, at) => {
    for (const match of line.matchAll(/<!-- (\/?)authors-only -->/g)) found.push({ open: match[1] === "", line: at + 1 });
  });
  return found;
}

/** What is wrong with a text's markers (one that opens inside a passage, or one left unpaired), or null when every passage opens and closes once. */
export function authorsOnlyProblem(text: string): string | null {
  let openedAt: number | null = null;
  for (const marker of markers(text)) {
    if (marker.open && openedAt !== null) return `line ${marker.line}: ${AUTHORS_ONLY_OPEN} inside the passage opened on line ${openedAt}`;
    if (!marker.open && openedAt === null) return `line ${marker.line}: ${AUTHORS_ONLY_CLOSE} with no ${AUTHORS_ONLY_OPEN} before it`;
    openedAt = marker.open ? marker.line : null;
  }
  return openedAt === null ? null : `line ${openedAt}: ${AUTHORS_ONLY_OPEN} never closed`;
}

/** Stands where a passage was, until the lines it leaves are looked at: a character Markdown text does not hold. */
const CUT = "\u0000";

/**
 * The text without its passages for the authors alone, markers included: what stands before an
 * opening marker and what follows its closing one join up, as the sentence of a paragraph that
 * loses a clause does. A line the passage leaves with nothing but spaces and table pipes (a table
 * row) goes with it. Throws, naming the line, when the markers do not pair.
 */
export function withoutAuthorsOnly(text: string): string {
  const problem = authorsOnlyProblem(text);
  if (problem !== null) throw new Error(`unpaired ${AUTHORS_ONLY_OPEN} markers: ${problem}`);
  if (!text.includes(AUTHORS_ONLY_OPEN)) return text;
  if (text.includes(CUT)) throw new Error("a text with a NUL character cannot lose its passages for the authors");
  return text
    .replace(/<!-- authors-only -->[\s\S]*?<!-- \/authors-only -->/g, CUT)
    .split("\n")
    .filter((line) => !(line.includes(CUT) && /^[\s|]*$/.test(line.replaceAll(CUT, ""))))
    .map((line) => line.replaceAll(CUT, ""))
    .join("\n");
}
