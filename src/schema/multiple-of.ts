/**
 * `multipleOf` on the numbers as they are written. Ajv divides in floating point, so
 * `multipleOf: 0.01` (zod's way of saying "cents") refused 19.99, 0.07 and 1.15, and `0.1` refused
 * 0.3: 19.99 / 0.01 is 1998.9999999999998, not an integer. A model cannot satisfy such a message.
 * Here both numbers are read as the shortest decimal that names them (what JSON text says: 19.99
 * is 1999 × 10^-2) and the quotient is checked exactly, with integers. No tolerance is involved:
 * 1.0000000001 is not a multiple of 1.
 *
 * The work is bounded whatever the exponents: a finite double has at most 17 significant digits
 * and an exponent within ±324, so the integers compared have at most about 700 digits.
 *
 * @module
 */
import { _, str, type CodeKeywordDefinition, type KeywordErrorDefinition } from "ajv/dist/2020.js";
import { validationWork } from "./validation-work.js";

/** A positive finite number as the shortest decimal that names it: `digits × 10^exponent`, with no trailing zero in `digits`. */
interface Decimal {
  digits: bigint;
  exponent: number;
}

/** The shortest decimal of `|x|` for a finite non-zero `x`: 0.07 is 7 × 10^-2, 1.5e300 is 15 × 10^299. */
export function shortestDecimal(x: number): Decimal {
  const text = String(Math.abs(x));
  const e = text.indexOf("e");
  const mantissa = e === -1 ? text : text.slice(0, e);
  let exponent = e === -1 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  let digits = mantissa;
  if (dot !== -1) {
    exponent -= mantissa.length - dot - 1;
    digits = mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  }
  digits = digits.replace(/^0+(?=\d)/, "");
  let end = digits.length;
  while (end > 1 && digits[end - 1] === "0") end--;
  exponent += digits.length - end;
  return { digits: BigInt(digits.slice(0, end)), exponent };
}

/**
 * True when `value` is an integer multiple of `divisor`, both read as the shortest decimals that
 * name them: 19.99 is a multiple of 0.01, 0.3 of 0.1, 10 of 2.5; 0.3 is not a multiple of 0.2. A
 * non-finite number, or a divisor that is not positive, is never a multiple (the meta-schema
 * refuses such a divisor before this is reached).
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false;
  if (value === 0) return true;
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return value % divisor === 0;
  const v = shortestDecimal(value);
  const d = shortestDecimal(divisor);
  const shift = v.exponent - d.exponent;
  validationWork.multipleOfDigits += Math.abs(shift) + 34;
  // value / divisor = (v.digits / d.digits) × 10^shift, an integer exactly when:
  return shift >= 0 ? (v.digits * 10n ** BigInt(shift)) % d.digits === 0n : v.digits % (d.digits * 10n ** BigInt(-shift)) === 0n;
}

const error: KeywordErrorDefinition = {
  message: ({ schemaCode }) => str`must be multiple of ${schemaCode}`,
  params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}`,
};

/** Ajv's `multipleOf` keyword, checked by {@link isMultipleOf}; its error is Ajv's own (`params.multipleOf`). */
export const multipleOfKeyword: CodeKeywordDefinition = {
  keyword: "multipleOf",
  type: "number",
  schemaType: "number",
  error,
  code(cxt) {
    const { gen, data, schemaCode } = cxt;
    const check = gen.scopeValue("func", { ref: isMultipleOf });
    cxt.fail(_`!${check}(${data}, ${schemaCode})`);
  },
};
