/**
 * JSON integer literals that a JavaScript number cannot hold exactly (lesson 5, step "coerce").
 * Python reads `12345678901234567890` as that very integer; `JSON.parse` rounds it to
 * `12345678901234567168`, and a tool would run with a number the model never sent. So argument
 * text holding such a literal is never read into arguments: the registry refuses the call and
 * says why. A literal with a fraction or an exponent (`1e400`, `12345678901234567890.0`) is a
 * float in Python too, rounded the same way there, and is read as usual.
 *
 * Such a literal has 16 digits in a row at least. Text is first looked at one character in 16
 * for such a run; only when one is there, and its parsed value holds a number beyond ±(2^53−1),
 * is the text scanned for the literal, in one pass.
 *
 * @module
 */

/** An integer literal in argument text that no JavaScript number holds exactly. */
export interface InexactInteger {
  /** The literal as the model wrote it: `12345678901234567890`. */
  literal: string;
  /** Where it is, as problems name a place: `n`, `meta.ids[2]`. */
  path: string;
  /** The number `JSON.parse` would have made of it: 12345678901234567168, or `Infinity`. */
  read: number;
}

/** Beyond this many digits an integer is larger than the largest double. */
const MAX_FINITE_DIGITS = 309;

/**
 * True when the integer literal `literal` (an optional `-` and digits) is exactly the value of
 * `Number(literal)`. Up to 15 digits always; `12345678901234567890` and anything past the
 * largest double never; `18446744073709551616` (2^64) yes. The cost is bounded whatever the length.
 */
export function isExactIntegerLiteral(literal: string): boolean {
  let start = literal.charCodeAt(0) === 0x2d /* - */ ? 1 : 0;
  while (start < literal.length - 1 && literal.charCodeAt(start) === 0x30 /* 0 */) start++;
  const count = literal.length - start;
  if (count <= 15) return true;
  if (count > MAX_FINITE_DIGITS) return false;
  const digits = literal.slice(start);
  const n = Number(digits);
  return Number.isFinite(n) && BigInt(n).toString() === digits;
}

/**
 * How deep {@link holdsUnsafeNumber} recurses before it goes on with a stack of its own: arguments
 * are mostly shallow, and a recursive walk of a shallow value is several times faster.
 */
const RECURSION_DEPTH = 64;

/** A number beyond ±(2^53−1), or an infinite one. */
function isUnsafeNumber(value: number): boolean {
  return value > Number.MAX_SAFE_INTEGER || value < -Number.MAX_SAFE_INTEGER;
}

/**
 * True when a parsed JSON value holds a number beyond ±(2^53−1) (or an infinite one) anywhere:
 * the only values whose text can hold an inexact integer literal. Any depth is fine: past a few
 * dozen levels the walk keeps its own stack instead of recursing.
 */
export function holdsUnsafeNumber(value: unknown): boolean {
  return holdsUnsafeWithin(value, 0);
}

function holdsUnsafeWithin(value: unknown, depth: number): boolean {
  if (typeof value === "number") return isUnsafeNumber(value);
  if (value === null || typeof value !== "object") return false;
  if (depth >= RECURSION_DEPTH) return holdsUnsafeIteratively(value);
  return holdsUnsafeInside(value, depth);
}

/**
 * The values directly inside an object or array, each looked at here: a number or a string (most
 * of them) costs no call, only an object or array inside is walked in turn.
 */
function holdsUnsafeInside(value: object, depth: number): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === "number" ? isUnsafeNumber(item) : item !== null && typeof item === "object" && holdsUnsafeWithin(item, depth + 1)) return true;
    }
    return false;
  }
  // `for…in` lists no key without reading the object's keys into a list first. It also lists
  // inherited enumerable keys, which a JSON value has none of (only a changed `Object.prototype`
  // would add some): a false "true" then costs one scan of the text, never a wrong verdict.
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === "number" ? isUnsafeNumber(item) : item !== null && typeof item === "object" && holdsUnsafeWithin(item, depth + 1)) return true;
  }
  return false;
}

function holdsUnsafeIteratively(value: object): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === "number") {
      if (isUnsafeNumber(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === "object") {
      for (const item of Object.values(current)) stack.push(item);
    }
  }
  return false;
}

/** How many ASCII digits in a row an inexact integer literal has at least. */
const INEXACT_DIGITS = 16;

/**
 * False when `text` certainly holds no integer literal that a number cannot hold exactly: such a
 * literal has at least 16 digits in a row, so text without a run of 16 ASCII digits needs no
 * parse to tell. True may be wrong (the digits may sit in a string or a fraction).
 *
 * A run of 16 covers one of every 16 places, so only the characters at places 15, 31, 47, … are
 * read, and the run around a digit found there is measured: for text with few digits, a sixteenth
 * of a pass.
 */
export function mayHoldInexactInteger(text: string): boolean {
  for (let at = INEXACT_DIGITS - 1; at < text.length; at += INEXACT_DIGITS) {
    if (!isDigit(text.charCodeAt(at))) continue;
    let start = at;
    while (start > at - (INEXACT_DIGITS - 1) && isDigit(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end - start < INEXACT_DIGITS && isDigit(text.charCodeAt(end))) end++;
    if (end - start >= INEXACT_DIGITS) return true;
  }
  return false;
}

/** One open object or array while scanning: its next index, or where its current key's text is. */
interface Frame {
  array: boolean;
  index: number;
  keyStart: number;
  keyEnd: number;
}

/** The index just past the JSON string that starts with the quote at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x5c /* \ */) i += 2;
    else if (code === 0x22 /* " */) return i + 1;
    else i++;
  }
  return text.length;
}

/** The dotted path of the open frames: `meta.ids[2]`. Each key's text is read once, here. */
function pathOf(text: string, frames: readonly Frame[]): string {
  let path = "";
  for (const frame of frames) {
    if (frame.array) path += `[${frame.index}]`;
    else if (frame.keyStart >= 0) {
      const key = JSON.parse(text.slice(frame.keyStart, frame.keyEnd)) as string;
      path += path === "" ? key : `.${key}`;
    }
  }
  return path;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * The first integer literal in the JSON text `text` that no JavaScript number holds exactly, with
 * its path, or `null`. `text` must be valid JSON (it was parsed first). One pass: strings are
 * skipped, each key's text is kept as a position and decoded only for the path of a find.
 */
export function findInexactInteger(text: string): InexactInteger | null {
  const frames: Frame[] = [];
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    const top = frames[frames.length - 1];
    if (code === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (expectKey && top !== undefined) {
        top.keyStart = i;
        top.keyEnd = end;
        expectKey = false;
      }
      i = end;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      frames.push({ array: code === 0x5b, index: 0, keyStart: -1, keyEnd: -1 });
      expectKey = code === 0x7b;
      i++;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      frames.pop();
      expectKey = false;
      i++;
    } else if (code === 0x2c /* , */) {
      if (top?.array === true) top.index++;
      else expectKey = true;
      i++;
    } else if (code === 0x2d /* - */ || isDigit(code)) {
      let end = i + 1;
      let integer = true;
      for (; end < text.length; end++) {
        const c = text.charCodeAt(end);
        if (c === 0x2e /* . */ || c === 0x65 /* e */ || c === 0x45 /* E */ || c === 0x2b /* + */ || c === 0x2d /* - */) integer = false;
        else if (!isDigit(c)) break;
      }
      if (integer) {
        const literal = text.slice(i, end);
        if (!isExactIntegerLiteral(literal)) return { literal, path: pathOf(text, frames), read: Number(literal) };
      }
      i = end;
    } else {
      i++;
    }
  }
  return null;
}

/** Literals longer than this are shown by their first digits and their length. */
const SHOWN_DIGITS = 40;

/**
 * The problem the model reads for an inexact integer literal, in the style of the other problems:
 * `n cannot be represented exactly: the integer 12345678901234567890 would become 12345678901234567168`.
 */
export function inexactIntegerProblem(found: InexactInteger): string {
  const label = found.path === "" ? "parameter" : found.path;
  const digits = found.literal.replace(/^-/, "").length;
  const shown = found.literal.length > SHOWN_DIGITS ? `${found.literal.slice(0, 20)}… (${digits} digits)` : found.literal;
  const read = Number.isFinite(found.read) ? BigInt(found.read).toString() : String(found.read);
  return `${label} cannot be represented exactly: the integer ${shown} would become ${read}`;
}
