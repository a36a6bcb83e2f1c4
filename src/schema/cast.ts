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
import { bigintText, isPlainObject, type JsonSchema } from "../util/json.js";
import { readIntegerText, readNumberText } from "./number-text.js";
import { choiceChecks, type ChoiceChecks } from "./choice-checks.js";
import { resolveLocalRef } from "./local-ref.js";
import { jsonCasterOf, jsonObjectCaster, MAX_LOOKED_UP_PROPERTIES, setJsonVariant, setOwn, type DeclaredCaster, type LeafKind } from "./json-cast.js";

/** A compiled cast: takes a value, returns it cast (a new value) or the very same value. */
export type Caster = (value: unknown) => unknown;

const TRUE_WORDS = new Set(["true", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "no"]);

/**
 * Integer text becomes a number, read as Python's `int()` reads it (`readIntegerText` in `number-text.ts`):
 * `"42"`, `" -7 "`, `"١٢"` (Arabic-Indic digits) and `"٠٠٧"` become 42, -7, 12 and 7. Anything
 * else is kept: `"3.0"`, `"1e3"`, `"1_000"`, and integers outside ±(2^53−1).
 */
export function castInteger(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const n = readIntegerText(value);
  return n === null ? value : n;
}

/**
 * Number text becomes a number, read as Python's `float()` reads it (`readNumberText` in `number-text.ts`):
 * `"3.14"`, `"1e3"`, `" 2.5\u0085"`, `"１.５"` (full-width digits), and the words `"NaN"`,
 * `"-Infinity"`, `"inf"` (validation then rejects the non-finite ones). `"1_000"` is kept.
 */
export function castNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const n = readNumberText(value);
  return n === null ? value : n;
}

/** `"true"`, `"1"`, `"yes"` and `"false"`, `"0"`, `"no"` (any case, no spaces) become booleans. */
export function castBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return value;
}

/**
 * Numbers and booleans become their text; objects and arrays are kept, to fail validation. A
 * BigInt becomes its digits, unless it has more than 1,000 of them (`MAX_BIGINT_DIGITS` in
 * `json.ts`: decimal text costs more than linear time in its length); then it is kept, and fails
 * validation.
 */
export function castString(value: unknown): unknown {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "bigint") {
    const text = bigintText(value);
    return text.startsWith("[") ? value : text;
  }
  return value;
}

const identity: Caster = (value) => value;

/**
 * `caster(value)`, except that a leaf cast is not called for a value it would keep: a string for
 * a string field, a number for a number field. Most values already have their field's type, and
 * a call through a caster met at this one place for every field of every tool costs more than
 * the test of the type.
 */
function castWith(caster: Caster, value: unknown): unknown {
  if (caster === identity) return value;
  if (caster === castString) return typeof value === "number" || typeof value === "boolean" || typeof value === "bigint" ? castString(value) : value;
  if (caster === castInteger || caster === castNumber || caster === castBoolean) return typeof value === "string" ? caster(value) : value;
  return caster(value);
}

/** A new object with the own keys of `value` that come before `stop`, in order, and their values. */
function copyBefore(value: Record<string, unknown>, stop: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (key === stop) break;
    if (Object.hasOwn(value, key)) setOwn(out, key, value[key]);
  }
  return out;
}

/** What compiling one tool's schema shares: the root (for `$ref`s), the casters made so far, and the choices' checks. */
interface CompileContext {
  root: JsonSchema;
  /** A caster per schema object, so a `$ref` used twice, or a recursive one, is compiled once. */
  made: Map<object, Caster>;
  /** The yes/no checks of the schema's choices, compiled together once the casters are made. */
  checks: ChoiceChecks;
}

const BRANCH_KEYWORDS = ["anyOf", "oneOf", "allOf"] as const;

function compileArray(schema: JsonSchema, ctx: CompileContext): Caster {
  const items = schema["items"];
  // With `prefixItems` (JSON Schema 2020-12), `items` covers only the items after them: left alone.
  const item = isPlainObject(items) && schema["prefixItems"] === undefined ? compileNode(items, false, ctx) : identity;
  if (item === identity) return identity;
  const castList = (value: unknown, each: Caster): unknown => {
    if (!Array.isArray(value)) return value;
    const list = value as unknown[];
    let out: unknown[] | null = null;
    for (let i = 0; i < list.length; i++) {
      const before = list[i];
      const after = castWith(each, before);
      if (out === null && after !== before) out = list.slice(0, i);
      if (out !== null) out.push(after);
    }
    return out ?? list;
  };
  const general: Caster = (value) => castList(value, item);
  const jsonItem = jsonCasterOf(item);
  if (jsonItem !== item) setJsonVariant(general, (value) => castList(value, jsonItem));
  return general;
}

function compileObject(schema: JsonSchema, ctx: CompileContext): Caster {
  const properties = isPlainObject(schema["properties"]) ? schema["properties"] : {};
  // Every declared key, with its caster (`identity` when it casts nothing): one lookup per key of a value.
  const byKey = new Map<string, Caster>();
  let casts = false;
  for (const key of Object.keys(properties)) {
    const sub = properties[key];
    const caster = isPlainObject(sub) ? compileNode(sub, false, ctx) : identity;
    byKey.set(key, caster);
    if (caster !== identity) casts = true;
  }
  const extra = schema["additionalProperties"];
  // A key matching `patternProperties` is not "additional": its own schema applies, so it is left alone.
  const patterned = isPlainObject(schema["patternProperties"]) && Object.keys(schema["patternProperties"]).length > 0;
  const extraCaster = isPlainObject(extra) && !patterned ? compileNode(extra, false, ctx) : identity;
  if (!casts && extraCaster === identity) return identity;
  const general: Caster = (value) => {
    if (!isPlainObject(value)) return value;
    // `for…in` makes no list of the keys (most values need no cast, and so no copy). It also
    // lists inherited enumerable keys, which only a changed `Object.prototype` has: skipped.
    let out: Record<string, unknown> | null = null;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const before = value[key];
      const after = castWith(byKey.get(key) ?? extraCaster, before);
      if (out === null && after !== before) out = copyBefore(value, key);
      if (out !== null) setOwn(out, key, after);
    }
    return out ?? value;
  };
  // An `additionalProperties` caster applies to keys no schema declares: only a walk finds them.
  const declared: DeclaredCaster[] = [];
  for (const [key, caster] of byKey) if (caster !== identity) declared.push({ key, caster, kind: leafKind(caster) });
  if (extraCaster === identity && declared.length <= MAX_LOOKED_UP_PROPERTIES) setJsonVariant(general, jsonObjectCaster(declared));
  return general;
}

/** How the JSON cast tells, by the type of a value, whether `caster` would change it. */
function leafKind(caster: Caster): LeafKind {
  if (caster === castString) return "text";
  return caster === castInteger || caster === castNumber || caster === castBoolean ? "from-text" : "node";
}

/** The caster of one type, for a schema whose other keywords (not its combinators) still apply. */
function compileForType(type: string | null, schema: JsonSchema, ctx: CompileContext): Caster {
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
      return compileArray(schema, ctx);
    case "object":
      return compileObject(schema, ctx);
    default:
      return identity;
  }
}

/** The non-null types a schema lists: `["integer", "string"]` for `{"type": ["integer", "string", "null"]}`. */
function listedTypes(type: unknown): string[] {
  if (typeof type === "string") return type === "null" ? [] : [type];
  if (!Array.isArray(type)) return [];
  const out: string[] = [];
  for (const entry of type) if (typeof entry === "string" && entry !== "null" && !out.includes(entry)) out.push(entry);
  return out;
}

/**
 * True when `type` is a list of two or more different types, `"null"` counted:
 * `["integer", "null"]` is a choice, `["integer"]` and `"integer"` are not.
 */
function isTypeList(type: unknown): boolean {
  if (!Array.isArray(type)) return false;
  const seen = new Set<string>();
  for (const entry of type) if (typeof entry === "string") seen.add(entry);
  return seen.size > 1;
}

/**
 * How many choices (see {@link compileChoice}) may be open, one inside another, while one value is
 * cast. Each open choice checks the whole value below it, so a recursive schema such as a
 * nullable linked list would check the same values once per level: past this depth a choice
 * casts nothing, and validation judges the value as it came. The work stays linear in the size
 * of the value.
 */
export const MAX_OPEN_CHOICES = 16;

/** How many choices are open right now. Casting is synchronous, so one count serves every call. */
let openChoices = 0;

/**
 * A schema with a choice in it: a type list of two or more types (`"null"` counted), or
 * `anyOf`/`oneOf`/`allOf`. Each way of casting a value (by each listed type, through each branch)
 * is tried in order. A value the schema already accepts is returned as it is; otherwise the first
 * cast result the schema then accepts is returned, and when there is none, the value as it came,
 * for validation to report. So `"5"` for `{"type": ["integer", "null"], "minimum": 100}` stays
 * `"5"`, as it does for the same schema written with `anyOf`. Ajv is asked only when a way
 * changes the value. The checks of all the choices are compiled together (`./choice-checks.js`):
 * a combinator's with the casters, a type list's on the first call that needs it, since most
 * calls send the right type and nullable fields are common.
 */
function compileChoice(schema: JsonSchema, types: readonly string[], isRoot: boolean, ctx: CompileContext): Caster {
  const lazy = !BRANCH_KEYWORDS.some((keyword) => Array.isArray(schema[keyword]));
  const accepts = ctx.checks.add(schema, lazy);
  if (accepts === null) return identity;
  const plain: JsonSchema = { ...schema };
  for (const keyword of BRANCH_KEYWORDS) delete plain[keyword];
  const bases: Caster[] = [];
  if (types.length === 0) {
    bases.push(compileForType(isRoot && schema["type"] === undefined ? "object" : null, plain, ctx));
  } else {
    for (const type of types) bases.push(compileForType(type, plain, ctx));
  }
  const ways: Caster[] = bases.filter((c) => c !== identity);
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (!isPlainObject(branch)) continue;
      const inner = compileNode(branch, false, ctx);
      for (const base of bases) {
        if (inner !== identity) ways.push(base === identity ? inner : (value) => inner(base(value)));
      }
    }
  }
  const all = schema["allOf"];
  if (Array.isArray(all)) {
    const inner = all
      .filter(isPlainObject)
      .map((branch) => compileNode(branch, false, ctx))
      .filter((c) => c !== identity);
    if (inner.length > 0) {
      for (const base of bases) {
        ways.push((value) => {
          let out = base(value);
          for (const caster of inner) out = caster(out);
          return out;
        });
      }
    }
  }
  if (ways.length === 0) return identity;
  return (value) => {
    if (openChoices >= MAX_OPEN_CHOICES) return value;
    openChoices++;
    try {
      let acceptedAsItIs: boolean | null = null;
      for (const way of ways) {
        const out = way(value);
        if (out === value) continue;
        acceptedAsItIs ??= accepts(value);
        if (acceptedAsItIs) return value;
        if (accepts(out)) return out;
      }
      return value;
    } finally {
      openChoices--;
    }
  };
}

function compileNode(schema: JsonSchema, isRoot: boolean, ctx: CompileContext): Caster {
  const known = ctx.made.get(schema);
  if (known !== undefined) return known;
  // A recursive schema reaches itself while being compiled: it gets a stand-in that calls the
  // finished caster, so the compiled casters form the same loop as the schema.
  let finished: Caster = identity;
  const standIn: Caster = (value) => finished(value);
  ctx.made.set(schema, standIn);
  finished = compileNodeNow(schema, isRoot, ctx);
  // Only `$ref`s led back here (`{"$ref": "#"}` as the root, `$defs` naming each other in a
  // ring): nothing in the loop reads the value, so nothing can be cast, and the stand-in must
  // not call itself. The budget refuses such a schema at register; casting alone stays finite.
  if (finished === standIn) finished = identity;
  ctx.made.set(schema, finished);
  return finished;
}

function compileNodeNow(schema: JsonSchema, isRoot: boolean, ctx: CompileContext): Caster {
  const ref = schema["$ref"];
  if (typeof ref === "string" && Object.keys(schema).length === 1) {
    const target = resolveLocalRef(ref, ctx.root);
    return target === null ? identity : compileNode(target, false, ctx);
  }
  const types = listedTypes(schema["type"]);
  const branched = BRANCH_KEYWORDS.some((keyword) => Array.isArray(schema[keyword]));
  if (isTypeList(schema["type"]) || branched) return compileChoice(schema, types, isRoot, ctx);
  const type = types[0] ?? (isRoot && schema["type"] === undefined ? "object" : null);
  return compileForType(type, schema, ctx);
}

/**
 * Turns a root parameter schema into a {@link Caster}. Done once per tool; the caster walks only
 * the parts of a value that the schema can cast, copies only what changes, and never changes a
 * value that the schema (or the part of it that applies) already accepts.
 */
export function compileCaster(schema: JsonSchema): Caster {
  const checks = choiceChecks(schema);
  const caster = compileNode(schema, true, { root: schema, made: new Map(), checks });
  checks.compile();
  return caster;
}

/**
 * Casts one value against one schema: `compileCaster(schema)(value)`, for tests and exercises.
 *
 * @example
 * {@includeCode ../../docs/examples/registry.ts#cast-value}
 */
export function castValue(schema: JsonSchema, value: unknown): unknown {
  return compileCaster(schema)(value);
}
