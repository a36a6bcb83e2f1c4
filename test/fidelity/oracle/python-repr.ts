/**
 * Python's `repr()` of JSON values, as upstream prints them inside error texts (an enum shown as
 * `['fast', 'full']`). The oracle uses it to recognise a listed difference (docs/fidelity.md row
 * 12), never to produce a text the model reads.
 *
 * @module
 */

/** Characters Python's `str.isprintable()` calls unprintable (other than the ASCII ones handled first). */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** `repr()` of a Python `str`. */
export function pyStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += "\\" + quote;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f) out += "\\x" + hex(code, 2);
    else if (code < 0x7f) out += ch;
    else if (ch !== " " && UNPRINTABLE.test(ch)) {
      out += code < 0x100 ? "\\x" + hex(code, 2) : code < 0x10000 ? "\\u" + hex(code, 4) : "\\U" + hex(code, 8);
    } else out += ch;
  }
  return out + quote;
}

/** `repr()` of a Python `float` with the value `x` (shortest round-trip digits, Python's layout). */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, expText] = x.toExponential().split("e") as [string, string];
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  const exp = Number(expText);
  if (exp >= -4 && exp < 16) {
    if (exp >= digits.length - 1) return `${sign}${digits}${"0".repeat(exp - digits.length + 1)}.0`;
    if (exp >= 0) return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
    return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  }
  const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = Math.abs(exp);
  return `${sign}${body}e${exp < 0 ? "-" : "+"}${e < 10 ? "0" + e : e}`;
}

/**
 * `repr()` of the Python value `json.loads` makes of `value`'s JSON text: a number written with a
 * point or an exponent is a float, any other number an int.
 */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") {
    const json = JSON.stringify(value);
    return /[.e]/i.test(json) ? pyFloatRepr(value) : json;
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return pyStrRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pyStrRepr(k)}: ${pyRepr(v)}`)
      .join(", ")}}`;
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- only a symbol or a function reaches here, and String names it
  return String(value);
}

/** Python's type name for a value `json.loads` made (`str`, `list`, `int`, `float`, `bool`, `NoneType`, `dict`) mapped to its JSON name. */
export const PY_TYPE_TO_JSON: Readonly<Record<string, string>> = {
  str: "string",
  list: "array",
  int: "number",
  float: "number",
  bool: "boolean",
  NoneType: "null",
  dict: "object",
};
