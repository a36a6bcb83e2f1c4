/**
 * Untrusted text in a log line (lessons 2 and 9). A tool name from an MCP server, a plugin's entry
 * name, a server's stderr or a thrown message is written by someone else; printed raw, its control
 * characters reach the terminal, which obeys them: `ESC ]0;…` retitles the window, `ESC [2J`
 * clears it, a carriage return or a line separator starts what looks like a log line of our own,
 * and a bidi override shows text in another order than it is stored. {@link logText} shows every
 * such character as a visible escape and cuts a long text, so one log line stays one line, says
 * what was sent, and stays short. Its cost depends on the cut, never on the length of the text.
 *
 * @module
 */
import { sliceAtCodePoint } from "./text-cut.js";

/** How many characters of one untrusted text a log line shows by default. */
export const LOG_TEXT_MAX_CHARS = 200;

/**
 * The characters {@link logText} escapes: C0 controls (tab, newline, carriage return, ESC…), DEL,
 * C1 controls (including NEL and the 8-bit CSI), the Arabic letter mark, the left-to-right and
 * right-to-left marks, the embeddings and overrides (U+202A–U+202E), the isolates (U+2066–U+2069),
 * and the line and paragraph separators U+2028 and U+2029.
 */
// eslint-disable-next-line no-control-regex -- finding the control characters a log line must not hold raw is the point
const UNSAFE_IN_LOG = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * `text` made safe for one log line: each control, bidi or line-separating character is shown as
 * a `\uXXXX` escape (ESC reads `\u001b`, a newline `\u000a`), and a text longer than `maxChars`
 * keeps its first `maxChars` characters (never half of a surrogate pair) followed by a note of
 * how many were cut. Ordinary text, Unicode letters and emoji included, is left as it is. Only
 * the part that is kept is read, so a text of any length costs the same.
 *
 * @example
 * {@includeCode ../../docs/examples/results.ts#log-text}
 */
export function logText(text: string, maxChars: number = LOG_TEXT_MAX_CHARS): string {
  const kept = sliceAtCodePoint(text, Math.max(0, maxChars));
  const shown = kept.replace(UNSAFE_IN_LOG, escapeChar);
  const cut = text.length - kept.length;
  return cut > 0 ? `${shown}… (${cut} more characters not shown)` : shown;
}
