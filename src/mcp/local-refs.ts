/**
 * Local `$ref`s moved into `$defs`, as upstream does before it shows an MCP tool's schema to the
 * model (lesson 9). Some providers follow only `#/$defs/<name>`, so every other local reference
 * (`#/definitions/Model`, `#/properties/a`, `#`) gets a definition of its own, named `ref_` plus
 * 12 hex characters of the SHA-256 of the reference, and points there. The pointer is read the
 * way upstream reads it (Python's `unquote`, `~1` and `~0`, list indexes by Python's `int()`,
 * negative ones counting from the end), so the same schema gives the same definitions.
 *
 * Copying a target once per distinct reference could make a schema from a server we do not
 * control grow without bound (many spellings of one reference to a large subtree), and a
 * self-containing object could recurse forever; {@link MODEL_SCHEMA_LIMITS} bounds both, and a
 * schema past them is refused with {@link ModelSchemaTooLarge}.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { isPlainObject } from "../util/json.js";

type Json = Record<string, unknown>;

/** The limits of the schema the model is shown. */
const MODEL_SCHEMA_LIMITS = Object.freeze({
  /** Most JSON values the rewritten schema may hold (every object, array and scalar counts). */
  maxValues: 20_000,
  /** Deepest nesting of objects and arrays. */
  maxDepth: 128,
});

/** Thrown when a schema, rewritten for the model, would pass {@link MODEL_SCHEMA_LIMITS}. */
export class ModelSchemaTooLarge extends Error {
  override name = "ModelSchemaTooLarge";
}

/** Sets an own property, even `__proto__`, without touching a prototype. */
export function setOwn(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Counts the values a rewrite produces and how deep it goes, and stops it past the limits. */
export class SchemaWork {
  #values = 0;

  /** Counts one value produced at `depth`. @throws ModelSchemaTooLarge past a limit. */
  count(depth: number): void {
    if (depth > MODEL_SCHEMA_LIMITS.maxDepth) {
      throw new ModelSchemaTooLarge(`it is nested deeper than ${MODEL_SCHEMA_LIMITS.maxDepth} levels`);
    }
    if (++this.#values > MODEL_SCHEMA_LIMITS.maxValues) {
      throw new ModelSchemaTooLarge(`with its local $refs moved to $defs it would hold more than ${MODEL_SCHEMA_LIMITS.maxValues} values`);
    }
  }
}

const HEX_PAIR = /^[\da-f]{2}/i;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Percent-decodes one ASCII run as Python's `unquote_to_bytes` does; `%` without two hex digits stays. */
function unquoteAsciiRun(run: string): Uint8Array {
  const parts = run.split("%");
  const bytes: number[] = [];
  const pushText = (text: string): void => {
    for (let i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i));
  };
  pushText(parts[0] as string);
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i] as string;
    if (HEX_PAIR.test(part)) {
      bytes.push(Number.parseInt(part.slice(0, 2), 16));
      pushText(part.slice(2));
    } else {
      bytes.push(0x25);
      pushText(part);
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * Python's `urllib.parse.unquote(text, errors="strict")`: each run of ASCII characters is
 * percent-decoded to bytes and read as UTF-8; other characters are kept. `null` where Python
 * raises (decoded bytes that are not UTF-8).
 */
function pythonUnquote(text: string): string | null {
  if (!text.includes("%")) return text;
  let out = "";
  // eslint-disable-next-line no-control-regex -- splits ASCII runs from the rest: the ASCII range starts at U+0000
  for (const run of text.match(/[\u0000-\u007f]+|[^\u0000-\u007f]+/g) ?? []) {
    if (run.charCodeAt(0) > 0x7f) {
      out += run;
      continue;
    }
    try {
      out += strictUtf8.decode(unquoteAsciiRun(run));
    } catch {
      return null;
    }
  }
  return out;
}

/** The characters Python's `str.strip()` and `int()` treat as white space. */
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_INT = new RegExp(`^[${PY_SPACE}]*([+-]?)(\\p{Nd}(?:_?\\p{Nd})*)[${PY_SPACE}]*$`, "u");
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** Python's default cap on the digits `int()` reads from a string (`sys.int_info.default_max_str_digits`). */
const PY_MAX_INT_DIGITS = 4_300;

const digitValues = new Map<number, number>();

/**
 * The value of a decimal digit of any script: decimal digits come in runs of ten code points
 * from 0 to 9, so the value is the distance from the start of its run, modulo 10.
 */
function digitValue(codePoint: number): number {
  if (codePoint >= 0x30 && codePoint <= 0x39) return codePoint - 0x30;
  let value = digitValues.get(codePoint);
  if (value === undefined) {
    let start = codePoint;
    while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
    value = (codePoint - start) % 10;
    digitValues.set(codePoint, value);
  }
  return value;
}

/** Python's `int(text)` for a list index: the integer, or `null` where Python raises `ValueError`. */
function pythonInt(text: string): number | null {
  const match = PY_INT.exec(text);
  if (match === null) return null;
  const digits = [...(match[2] as string).replaceAll("_", "")];
  if (digits.length > PY_MAX_INT_DIGITS) return null;
  let value = 0;
  for (const char of digits) {
    value = value * 10 + digitValue(char.codePointAt(0) as number);
    // Past this no list has such an index; the exact value no longer matters.
    if (value > Number.MAX_SAFE_INTEGER) return match[1] === "-" ? -Infinity : Infinity;
  }
  return match[1] === "-" ? -value : value;
}

/** A pointer that cannot be followed (where upstream catches an error and keeps the `$ref`). */
class Unresolved extends Error {}

/** The value a local JSON Pointer reference points at in `root`, read as upstream reads it. */
function resolveLocalRef(root: Json, ref: string): unknown {
  if (!ref.startsWith("#")) throw new Unresolved("not a local JSON Pointer");
  const pointer = pythonUnquote(ref.slice(1));
  if (pointer === null) throw new Unresolved("not UTF-8");
  if (pointer === "") return root;
  if (!pointer.startsWith("/")) throw new Unresolved("not a local JSON Pointer");
  let current: unknown = root;
  for (const rawPart of pointer.slice(1).split("/")) {
    const part = rawPart.replaceAll("~1", "/").replaceAll("~0", "~");
    if (isPlainObject(current)) {
      if (!Object.hasOwn(current, part)) throw new Unresolved(part);
      current = current[part];
    } else if (Array.isArray(current)) {
      const index = pythonInt(part);
      if (index === null) throw new Unresolved(part);
      const at = index < 0 ? current.length + index : index;
      if (!(at >= 0 && at < current.length)) throw new Unresolved(part);
      current = current[at];
    } else {
      throw new Unresolved(part);
    }
  }
  return current;
}

/** True for a `$ref` upstream moves: local, a JSON Pointer (or `#` alone), not already under `#/$defs/`. */
function isMovableRef(ref: string): boolean {
  if (ref.startsWith("#/$defs/") || !ref.startsWith("#")) return false;
  const pointer = pythonUnquote(ref.slice(1));
  return pointer !== null && (pointer === "" || pointer.startsWith("/"));
}

/**
 * `schema` with every local `$ref` that is not already `#/$defs/<name>` pointed at a new
 * definition `ref_<12 hex of SHA-256 of the ref>` (with `_` appended while the schema's own
 * `$defs` has that name), whose content is the target, rewritten the same way. A reference that
 * cannot be followed is left as it is. Every object and list is copied; `schema` is not changed.
 * @throws ModelSchemaTooLarge when the result would pass {@link MODEL_SCHEMA_LIMITS}.
 */
export function hoistLocalRefs(schema: Json, work: SchemaWork = new SchemaWork()): Json {
  const names = new Map<string, string>();
  const generated: Json = {};
  const ownDefs = schema["$defs"];

  const rewrite = (value: unknown, depth: number): unknown => {
    work.count(depth);
    if (Array.isArray(value)) return value.map((item) => rewrite(item, depth + 1));
    if (!isPlainObject(value)) return value;
    const ref = value["$ref"];
    let target: string | undefined;
    if (typeof ref === "string" && isMovableRef(ref)) {
      target = names.get(ref);
      if (target === undefined) {
        let pointed: unknown;
        let found = true;
        try {
          pointed = resolveLocalRef(schema, ref);
        } catch (error) {
          if (!(error instanceof Unresolved)) throw error;
          found = false;
        }
        if (found) {
          let name = `ref_${createHash("sha256").update(ref).digest("hex").slice(0, 12)}`;
          while (isPlainObject(ownDefs) && Object.hasOwn(ownDefs, name)) name += "_";
          names.set(ref, name);
          setOwn(generated, name, {}); // reserved first, so a reference inside its own target ends
          setOwn(generated, name, rewrite(pointed, 2));
          target = name;
        }
      }
    }
    const out: Json = {};
    for (const key of Object.keys(value)) {
      const item = key === "$ref" && target !== undefined ? `#/$defs/${target}` : value[key];
      setOwn(out, key, rewrite(item, depth + 1));
    }
    return out;
  };

  const result = rewrite(schema, 0) as Json;
  if (Object.keys(generated).length > 0) {
    const defs: Json = {};
    const existing = result["$defs"];
    if (isPlainObject(existing)) for (const key of Object.keys(existing)) setOwn(defs, key, existing[key]);
    for (const key of Object.keys(generated)) setOwn(defs, key, generated[key]);
    setOwn(result, "$defs", defs);
  }
  return result;
}
