/**
 * Safe, schema-driven casting (lesson 5, step "cast"). Models often send `"42"` for an integer or
 * `"true"` for a boolean; a cast fixes exactly those, and only when nothing is lost. A value that
 * cannot be cast is left as it is, so validation can say what is wrong with it.
 *
 * The rules are pure functions so a test or an exercise can call each one directly. A tool's
 * schema is turned into a {@link Caster} once, when the tool is registered.
 *
 * @module
 */
import type { JsonSchema } from "./base.js";

/** A compiled cast: takes a value, returns it cast (a new value) or the very same value. */
export type Caster = (value: unknown) => unknown;

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
const NUMBER_TEXT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const NON_FINITE_TEXT = /^\s*([+-]?)(?:nan|inf|infinity)\s*$/i;
const TRUE_WORDS = new Set(["true", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "no"]);

/** True for an object literal or a `JSON.parse` object: not an array, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The type a schema asks for: its `type` when that is a string, the first entry that is not
 * `"null"` when it is a list, otherwise `null` (no type, or only `"null"`).
 */
export function resolveSchemaType(type: unknown): string | null {
  if (typeof type === "string") return type === "null" ? null : type;
  if (Array.isArray(type)) {
    for (const entry of type) if (typeof entry === "string" && entry !== "null") return entry;
  }
  return null;
}

/** `"42"` and `" -7 "` become numbers; anything else (`"3.0"`, `"1_000"`, 2^53 and up) is kept. */
export function castInteger(value: unknown): unknown {
  if (typeof value !== "string" || !INTEGER_TEXT.test(value)) return value;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** `"3.14"`, `"1e3"`, `"NaN"`, `"-Infinity"` become numbers (validation rejects the non-finite ones). */
export function castNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (NUMBER_TEXT.test(value)) return Number(value);
  const nonFinite = NON_FINITE_TEXT.exec(value);
  if (nonFinite === null) return value;
  if (/nan/i.test(value)) return Number.NaN;
  return nonFinite[1] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/** `"true"`, `"1"`, `"yes"` and `"false"`, `"0"`, `"no"` (any case, no spaces) become booleans. */
export function castBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return value;
}

/** Numbers and booleans become their text; objects and arrays are kept, to fail validation. */
export function castString(value: unknown): unknown {
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  return value;
}

const identity: Caster = (value) => value;

/** Sets an own property, even for the key `__proto__`, without touching any prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

function compileArray(schema: JsonSchema): Caster {
  const items = schema["items"];
  const item = isPlainObject(items) ? compileNode(items, false) : identity;
  if (item === identity) return identity;
  return (value) => {
    if (!Array.isArray(value)) return value;
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const before: unknown = value[i];
      const after = item(before);
      if (out === null && after !== before) out = value.slice(0, i);
      if (out !== null) out.push(after);
    }
    return out ?? value;
  };
}

function compileObject(schema: JsonSchema): Caster {
  const properties = isPlainObject(schema["properties"]) ? schema["properties"] : {};
  const declared = new Set(Object.keys(properties));
  const byKey = new Map<string, Caster>();
  for (const key of declared) {
    const sub = properties[key];
    const caster = isPlainObject(sub) ? compileNode(sub, false) : identity;
    if (caster !== identity) byKey.set(key, caster);
  }
  const extra = schema["additionalProperties"];
  const extraCaster = isPlainObject(extra) ? compileNode(extra, false) : identity;
  if (byKey.size === 0 && extraCaster === identity) return identity;
  return (value) => {
    if (!isPlainObject(value)) return value;
    let out: Record<string, unknown> | null = null;
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const caster = byKey.get(key) ?? (declared.has(key) ? identity : extraCaster);
      const before = value[key];
      const after = caster === identity ? before : caster(before);
      if (out === null && after !== before) {
        out = {};
        for (let j = 0; j < i; j++) setOwn(out, keys[j] as string, value[keys[j] as string]);
      }
      if (out !== null) setOwn(out, key, after);
    }
    return out ?? value;
  };
}

function compileNode(schema: JsonSchema, isRoot: boolean): Caster {
  const type = resolveSchemaType(schema["type"]) ?? (isRoot && schema["type"] === undefined ? "object" : null);
  switch (type) {
    case "integer":
      return castInteger;
    case "number":
      return castNumber;
    case "boolean":
      return castBoolean;
    case "string":
      return castString;
    case "array":
      return compileArray(schema);
    case "object":
      return compileObject(schema);
    default:
      return identity;
  }
}

/**
 * Turns a root parameter schema into a {@link Caster}. Done once per tool; the caster walks only
 * the parts of a value that the schema can cast, and copies only what changes.
 */
export function compileCaster(schema: JsonSchema): Caster {
  return compileNode(schema, true);
}

/** Casts one value against one schema: `compileCaster(schema)(value)`, for tests and exercises. */
export function castValue(schema: JsonSchema, value: unknown): unknown {
  return compileCaster(schema)(value);
}
