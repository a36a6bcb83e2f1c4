/**
 * Number text read the way upstream reads it: Python's `int()` for an `integer` field and
 * `float()` for a `number` field (lesson 5, step "cast"). Both accept decimal digits of any script
 * (`"١٢"` is 12, `"１.５"` is 1.5) and skip blank space around the number as Python counts it.
 * Two limits are the workbook's own: a `_` between digits is never accepted, and an integer is
 * read only within ±(2^53−1), where a JavaScript number holds it exactly.
 *
 * Each reader is one pass over the text, with no regular expression over the whole of it.
 *
 * @module
 */
import { isPythonNumberSpace, stripWhere } from "../util/python-space.js";

/** One decimal digit of any script (Unicode category Nd), tested one character at a time. */
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * The value of each non-ASCII decimal digit met so far. Only digits are stored, so it holds at
 * most the few hundred that Unicode has and never needs to forget one.
 */
const digitValues = new Map<number, number>();

/** The zero of the last non-ASCII digit read: the ten code points from it are that script's digits. */
let lastZero = -100;

function isDecimalDigit(code: number): boolean {
  return code >= 0 && DECIMAL_DIGIT.test(String.fromCodePoint(code));
}

/**
 * The value (0–9) of a decimal digit of any script, as Python's `unicodedata.decimal` gives it,
 * or -1 for any other code point. Unicode places every script's digits in runs of ten from zero
 * to nine, so a digit's value is its distance from the start of its run, modulo ten.
 */
export function decimalDigitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code < 0x80) return -1;
  // Digits of one script usually come together: the zero of the last one read answers at once.
  if (code >= lastZero && code <= lastZero + 9) return code - lastZero;
  let value = digitValues.get(code);
  if (value === undefined) {
    if (!isDecimalDigit(code)) return -1;
    let start = code;
    while (isDecimalDigit(start - 1)) start--;
    value = (code - start) % 10;
    digitValues.set(code, value);
  }
  lastZero = code - value;
  return value;
}

/** A run of decimal digits: where it ends and its ASCII spelling. */
interface DigitRun {
  end: number;
  ascii: string;
}

/**
 * The run of decimal digits (any script) that starts at `start`, possibly empty. Reading stops
 * once `max` digits have been read and one more is seen, so a caller that has no use for more
 * can tell "too long" (`ascii.length > max`) without reading the rest.
 */
function digitRun(text: string, start: number, max = Number.POSITIVE_INFINITY): DigitRun {
  // ASCII digits, the usual case, are read without copying: their spelling is a slice of the text.
  let i = start;
  while (i < text.length && i - start <= max) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) break;
    i++;
  }
  if (i >= text.length || i - start > max || text.charCodeAt(i) < 0x80) return { end: i, ascii: text.slice(start, i) };
  const digits: number[] = [];
  for (let k = start; k < i; k++) digits.push(text.charCodeAt(k));
  while (i < text.length && digits.length <= max) {
    const code = text.codePointAt(i) as number;
    const value = decimalDigitValue(code);
    if (value < 0) break;
    digits.push(0x30 + value);
    i += code > 0xffff ? 2 : 1;
  }
  let ascii = "";
  for (let k = 0; k < digits.length; k += 4096) ascii += String.fromCharCode(...digits.slice(k, k + 4096));
  return { end: i, ascii };
}

/** The sign at `start` (`"+"`, `"-"` or none) and where the rest begins. */
function signAt(text: string, start: number): { sign: string; end: number } {
  const code = text.charCodeAt(start);
  return code === 0x2b || code === 0x2d ? { sign: text[start] as string, end: start + 1 } : { sign: "", end: start };
}

/**
 * The integer in `text` as Python's `int()` reads it, or `null`: an optional sign and decimal
 * digits of any script, with blank space around it. `null` too for a `_` anywhere and for an
 * integer outside ±(2^53−1). `"-0"` gives 0, as Python has no negative zero integer.
 */
export function readIntegerText(text: string): number | null {
  // The usual integer text, up to 15 ASCII digits and nothing else, is read at once: no number
  // that short is beyond ±(2^53−1), so nothing below could refuse it.
  if (text.length <= 15) {
    let n = 0;
    let i = 0;
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x30 || code > 0x39) break;
      n = n * 10 + (code - 0x30);
    }
    if (i === text.length && i > 0) return n;
  }
  // Text that starts with an ASCII character no integer text starts with (a letter) is no integer.
  const first = text.charCodeAt(0);
  if (first < 0x80 && (first < 0x30 || first > 0x39) && first !== 0x2b && first !== 0x2d && !isPythonNumberSpace(first)) return null;
  const body = stripWhere(text, isPythonNumberSpace);
  const { sign, end } = signAt(body, 0);
  // Past 16 digits no integer is safe, whatever the digits: the rest is not even read.
  const digits = digitRun(body, end, 16);
  if (digits.ascii === "" || digits.ascii.length > 16 || digits.end !== body.length) return null;
  const n = Number(sign + digits.ascii);
  if (!Number.isSafeInteger(n)) return null;
  return n === 0 ? 0 : n;
}

/** `inf`, `infinity` or `nan` in any case of ASCII letters, from `start` to the end of `text`. */
function nonFiniteWord(text: string, start: number): number | null {
  const rest = text.slice(start);
  if (rest.length > 8) return null;
  for (let i = 0; i < rest.length; i++) if (rest.charCodeAt(i) >= 0x80) return null;
  const word = rest.toLowerCase();
  if (word === "nan") return Number.NaN;
  return word === "inf" || word === "infinity" ? Number.POSITIVE_INFINITY : null;
}

/**
 * The number in `text` as Python's `float()` reads it, or `null`: an optional sign, then digits
 * with an optional fraction (`"5."` and `".5"` too) and an optional exponent, or one of the words
 * `inf`, `infinity` and `nan` in any case; digits of any script; blank space around it. A `_`
 * anywhere gives `null`. A number too large for a double gives ±Infinity, as in Python.
 */
export function readNumberText(text: string): number | null {
  const body = stripWhere(text, isPythonNumberSpace);
  const { sign, end } = signAt(body, 0);
  const whole = digitRun(body, end);
  let i = whole.end;
  let ascii = sign + whole.ascii;
  let mantissaDigits = whole.ascii.length;
  if (body.charCodeAt(i) === 0x2e /* . */) {
    const fraction = digitRun(body, i + 1);
    i = fraction.end;
    ascii += "." + fraction.ascii;
    mantissaDigits += fraction.ascii.length;
  }
  if (mantissaDigits === 0) {
    if (i !== end) return null; // a lone "." or "+."
    const word = nonFiniteWord(body, end);
    return word === null ? null : sign === "-" ? -word : word;
  }
  const e = body.charCodeAt(i);
  if (e === 0x65 /* e */ || e === 0x45 /* E */) {
    const expSign = signAt(body, i + 1);
    const exponent = digitRun(body, expSign.end);
    if (exponent.ascii === "") return null;
    i = exponent.end;
    ascii += "e" + expSign.sign + exponent.ascii;
  }
  return i === body.length ? Number(ascii) : null;
}
