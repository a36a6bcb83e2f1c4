/**
 * The one "never guess" rule for a model's argument text, shared by the provider side
 * (`parseToolArguments`, when a response is read) and the registry (the "coerce" step of
 * `prepareCall`). Blank means no arguments; valid JSON is read; anything else, malformed JSON
 * above all, is kept exactly as it came, so a later step can refuse it and the model can see why.
 * No repair, ever: the value may be executed. Blank space is Python's (`pyStrip`), as upstream
 * strips argument text with `str.strip()`.
 *
 * @module
 */
import { parseJsonOr } from "../util/json.js";
import { pyStrip } from "../util/python-space.js";
import { findInexactInteger, holdsUnsafeNumber, mayHoldInexactInteger, type InexactInteger } from "./integer-literals.js";

/**
 * Which argument texts are parsed: `"any"` parses every JSON text (`"42"` gives 42, which the
 * shape check then refuses); `"object-or-array"` parses only text that starts with `{` or `[`
 * once stripped, and keeps any other text as the string it is.
 */
export type ArgumentTextScope = "any" | "object-or-array";

const NOT_JSON: unique symbol = Symbol("not JSON");

/**
 * For JSON text that parsed to an object: its first integer literal no number holds exactly, or
 * `null`. Such a literal has at least 16 digits in a row, so text without such a run holds none,
 * and neither does an object holding no number beyond ±(2^53−1).
 */
function readObjectText(text: string, parsed: unknown): InexactInteger | null {
  // What `JSON.parse` gives is a plain object whenever it is an object and not an array.
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed) || !mayHoldInexactInteger(text)) return null;
  return holdsUnsafeNumber(parsed) ? findInexactInteger(text) : null;
}

/**
 * False for stripped text that cannot be JSON, told by its two ends: an object's text ends with
 * `}` and an array's with `]` (JSON's own blank space is stripped too). Text cut short, the usual
 * malformed arguments (a model out of tokens), is so kept without the cost of a failed parse.
 */
function mayBeJson(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if (first === 0x7b /* { */) return last === 0x7d; /* } */
  if (first === 0x5b /* [ */) return last === 0x5d; /* ] */
  return true;
}

/**
 * Reads argument text without guessing. `null`, `undefined`, `""` and blank text give `{}` (a call
 * with no arguments); any other non-string is returned as it is; text within `scope` that is valid
 * JSON gives its value, except the JSON `null`; everything else (malformed JSON, the JSON `null`,
 * text outside `scope`) gives the original value back, unstripped. So does a JSON object holding
 * an integer literal that no JavaScript number holds exactly (`12345678901234567890`): the
 * registry then refuses it and says why (`inexactIntegerIn` in `integer-literals.ts`).
 *
 * @example
 * {@includeCode ../../docs/examples/arguments.ts#read-argument-text}
 */
export function readArgumentText(raw: unknown, scope: ArgumentTextScope): unknown {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== "string") return raw;
  const text = pyStrip(raw);
  if (text === "") return {};
  if (scope === "object-or-array") {
    const first = text.charCodeAt(0);
    if (first !== 0x7b /* { */ && first !== 0x5b /* [ */) return raw;
  }
  const parsed = mayBeJson(text) ? parseJsonOr(text, NOT_JSON) : NOT_JSON;
  if (parsed === null || parsed === NOT_JSON) return raw;
  return readObjectText(text, parsed) === null ? parsed : raw;
}

/**
 * Why {@link readArgumentText} keeps `raw` as text although it is a JSON object: the first
 * integer literal in it that no JavaScript number holds exactly, with its path; `null` for
 * anything else (not a string, not a JSON object, every integer exact).
 */
export function inexactIntegerIn(raw: unknown): InexactInteger | null {
  if (typeof raw !== "string") return null;
  const text = pyStrip(raw);
  // Without a run of 16 digits there is nothing to find: malformed text is not parsed a second time.
  if (text.charCodeAt(0) !== 0x7b /* { */ || !mayHoldInexactInteger(text)) return null;
  return readObjectText(text, parseJsonOr(text, NOT_JSON));
}
