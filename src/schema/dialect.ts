/**
 * The JSON Schema dialect tool schemas are read in: JSON Schema 2020-12, the dialect MCP
 * specifies, so `unevaluatedProperties`, `dependentRequired` and `prefixItems` are enforced and a
 * schema with zod 4's root `"$schema": "https://json-schema.org/draft/2020-12/schema"` compiles.
 * Draft-07 schemas are still accepted: their root `$schema` is known, and their tuple form
 * (`items` as an array, with `additionalItems`) is read as `prefixItems` and `items`.
 *
 * Every compile first checks the complexity budget (`./budget.js`), every pattern runs on a
 * linear-time engine (`./pattern.js`, `./re2-engine.js`), a referenced schema's errors are appended
 * in place (`./ref-errors.js`), and every schema is compiled on its own, so no tool's schema can
 * change how another one compiles or validates.
 *
 * @module
 */
import Ajv2020Import, { type Options as AjvOptions, type ValidateFunction } from "ajv/dist/2020.js";
import draft07MetaSchema from "ajv/dist/refs/json-schema-draft-07.json" with { type: "json" };
import type { JsonSchema } from "../util/json.js";
import { asyncSchemaProblem } from "./async-schema.js";
import { resolveLocalRef } from "./local-ref.js";
import { plainlyFollowsMetaSchema } from "./meta-shortcut.js";
import { multipleOfKeyword } from "./multiple-of.js";
import { ajvRegExpEngine, LONE_SURROGATE_REASON, PatternCheckError, type PatternEngine } from "./pattern.js";
import { re2PatternEngine } from "./re2-engine.js";
import { appendRefErrorsInPlace } from "./ref-errors.js";
import { assertWithinSchemaBudget, type SchemaBudget } from "./budget.js";
import { uniqueItemsKeyword } from "./unique-items.js";
import { validationWork } from "./validation-work.js";

// ajv ships CommonJS with `exports.default`; under NodeNext the default import is the module.
const Ajv2020 = Ajv2020Import.default;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Keywords holding one subschema, a list of them, or a map of them. */
const ONE = ["additionalProperties", "propertyNames", "items", "additionalItems", "contains", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties"];
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];

/**
 * Where a schema holds subschemas, in both dialects: keywords whose value is one subschema
 * (`not`), a list of them (`anyOf`; `items` may be either), or a map of them (`properties`).
 */
export const SUBSCHEMA_KEYWORDS: Readonly<{ one: readonly string[]; list: readonly string[]; map: readonly string[] }> = Object.freeze({ one: ONE, list: LIST, map: MAP });

/** Sets an own property, even `__proto__`, without touching a prototype. */
function setOwn(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `object` with the same own keys and values (`__proto__` included). */
function copyOf(object: Json): Json {
  const copy: Json = {};
  for (const key of Object.keys(object)) setOwn(copy, key, Object.getOwnPropertyDescriptor(object, key)?.value);
  return copy;
}

/**
 * Reads a draft-07 schema as JSON Schema 2020-12: each array-form `items` becomes `prefixItems`,
 * and its `additionalItems` becomes `items`. Every other keyword means the same in both. A schema
 * with nothing to change is returned as the very same object; otherwise only the objects on the
 * way to a change are copied.
 *
 * @example
 * {@includeCode ../../docs/examples/schemas.ts#to-json-schema-2020}
 */
export function toJsonSchema2020(schema: JsonSchema): JsonSchema {
  return convert(schema, 0) as JsonSchema;
}

function convert(schema: unknown, depth: number): unknown {
  if (!isObject(schema) || depth > 200) return schema;
  let out: Json | null = null;
  const put = (key: string, value: unknown): void => {
    out ??= copyOf(schema);
    setOwn(out, key, value);
  };
  for (const key of ONE) {
    const sub = schema[key];
    if (!isObject(sub)) continue;
    const converted = convert(sub, depth + 1);
    if (converted !== sub) put(key, converted);
  }
  for (const key of LIST) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    let changed = false;
    const converted = list.map((sub: unknown) => {
      const c = convert(sub, depth + 1);
      if (c !== sub) changed = true;
      return c;
    });
    if (changed) put(key, converted);
  }
  for (const key of MAP) {
    const map = schema[key];
    if (!isObject(map)) continue;
    let copy: Json | null = null;
    for (const name of Object.keys(map)) {
      const sub = Object.getOwnPropertyDescriptor(map, name)?.value as unknown;
      const converted = convert(sub, depth + 1);
      if (converted !== sub) {
        copy ??= copyOf(map);
        setOwn(copy, name, converted);
      }
    }
    if (copy !== null) put(key, copy);
  }
  const items = (out ?? schema)["items"];
  if (Array.isArray(items) && schema["prefixItems"] === undefined) {
    const result: Json = out ?? copyOf(schema);
    setOwn(result, "prefixItems", items);
    delete result["items"];
    if (Object.hasOwn(result, "additionalItems")) {
      setOwn(result, "items", result["additionalItems"]);
      delete result["additionalItems"];
    }
    return result;
  }
  return out ?? schema;
}

/** Compiles tool schemas: what the validator needs of an Ajv instance. */
export interface SchemaCompiler {
  /** Checks the budget, reads draft-07 forms as 2020-12, and compiles. Throws when it cannot. */
  compile(schema: JsonSchema): ValidateFunction;
  /**
   * Reads `schema` as {@link SchemaCompiler.compile} does, once, against `budget`, and gives the
   * check of the schema at a JSON Pointer inside it (`/$defs/c0`), compiled when first asked for.
   * Every check shares what the others compiled: a `$ref` target is compiled once, and never
   * inlined into the check that uses it. Throws when the schema cannot be read; the getter throws
   * when the part does not compile.
   */
  compileParts(schema: JsonSchema, budget: SchemaBudget): (pointer: string) => ValidateFunction;
}

/** An Ajv instance of the 2020-12 class. */
type Ajv = InstanceType<typeof Ajv2020>;

/** Ajv's key for a meta-schema URI: without a trailing `#`. */
function metaKey(uri: string): string {
  return uri.endsWith("#") ? uri.slice(0, -1) : uri;
}

/** How many JSON values a schema holds (it is within the budget, so this is bounded). */
function valuesIn(schema: unknown): number {
  let count = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    count++;
    if (value !== null && typeof value === "object") for (const child of Object.values(value)) stack.push(child);
  }
  return count;
}

/**
 * Checks `schema` against the meta-schema its `$schema` names (2020-12 when it names none) on
 * `meta`, an instance that holds the meta-schemas and nothing else. Only a meta-schema `meta`
 * already has may be named, so checking never adds anything to it.
 * @throws Error when `$schema` names no known meta-schema, or the schema does not follow it.
 */
function checkAgainstMetaSchema(meta: Ajv, schema: JsonSchema): void {
  const named = schema["$schema"];
  if (named !== undefined && typeof named !== "string") throw new Error("$schema must be a string");
  // Own keys only: a `$schema` of "__proto__" or "constructor" names no meta-schema either.
  if (typeof named === "string" && !Object.hasOwn(meta.schemas, metaKey(named))) throw new Error(`no schema with key or ref "${named}"`);
  try {
    void meta.validateSchema(schema, true);
  } catch (error) {
    if (!(error instanceof PatternCheckError)) throw error;
    throw new Error(
      error.failure === "too-long"
        ? `a string of ${error.input.length} characters in the schema is too long to check against its meta-schema (limit ${error.limit ?? 0} characters)`
        : error.failure === "lone-surrogate"
          ? `a string in the schema ${LONE_SURROGATE_REASON}, so it cannot be checked against its meta-schema`
          : "the schema could not be checked against its meta-schema: the pattern engine ran out of memory",
    );
  }
}

/**
 * The meta-schema instances shared by compilers made with the same pattern engine and the same
 * plain options (all errors on): compiling the meta-schemas is the largest one-off cost of a
 * compiler, and a verdict does not depend on which compiler asks. A compiler with its own code
 * processing, or options that are not plain values, keeps an instance of its own.
 */
const sharedMetaSchemas = new WeakMap<PatternEngine, Map<string, Ajv>>();

/** The key of `options` among the shared meta-schema instances, or null when they cannot be shared. */
function sharedMetaKey(options: Readonly<AjvOptions>): string | null {
  const entries = Object.entries({ ...options, allErrors: true }).filter(([, value]) => value !== undefined);
  if (entries.some(([, value]) => value !== null && (typeof value === "object" || typeof value === "function"))) return null;
  return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A new instance holding the meta-schemas (2020-12 and draft-07) and nothing else. */
function newMetaSchemas(settings: AjvOptions): Ajv {
  validationWork.metaSchemaInstances++;
  const meta = new Ajv2020(settings);
  meta.addMetaSchema(draft07MetaSchema);
  return meta;
}

/**
 * Creates the compiler every tool schema goes through: Ajv's JSON Schema 2020-12 class, patterns on
 * `engine` (RE2 by default), `options` on top (the validator passes its error and strictness
 * settings), and `multipleOf` and `uniqueItems` checked by `./multiple-of.js` and
 * `./unique-items.js`. Before compiling, each schema is checked against the complexity budget (a
 * `TypeError` naming the limit when it is over), so Ajv never sees an over-budget schema, not even
 * to check it against its meta-schema; a schema that names `$async` is refused
 * (`./async-schema.js`).
 *
 * Each schema is compiled in an Ajv instance of its own, which it keeps: nothing one schema
 * declares (an `$id`, even one equal to a meta-schema's URI, an `$anchor`, a `$dynamicAnchor`)
 * can reach another schema's compile or validation, and a schema that fails leaves nothing
 * behind. Meta-schema checks run on one instance per compiler that holds the meta-schemas
 * (2020-12 and draft-07) and nothing else; a schema of the common keywords, well formed, is told
 * to follow them without it (`./meta-shortcut.js`), so most processes never compile them.
 */
export function createSchemaCompiler(options: Readonly<AjvOptions> = {}, engine: PatternEngine = re2PatternEngine): SchemaCompiler {
  const process = options.code?.process;
  const settings: AjvOptions = {
    ...options,
    code: {
      ...options.code,
      regExp: ajvRegExpEngine(engine),
      // A referenced schema's errors are appended in place, not copied with all the others (`./ref-errors.js`).
      process: (code, env) => (process === undefined ? appendRefErrorsInPlace(code) : process(appendRefErrorsInPlace(code), env)),
    },
  };
  let meta: Ajv | null = null;
  const metaSchemas = (): Ajv => (meta ??= newMetaSchemas(settings));
  // The shared instance (all errors on) gives the verdict; a compiler that stops at the first
  // error asks its own instance only for a schema that fails, so its message stays its own.
  const sharedKey = sharedMetaKey(options);
  let shared: Ajv | null = null;
  const sharedMeta = (): Ajv | null => {
    if (sharedKey === null || shared !== null) return shared;
    let byKey = sharedMetaSchemas.get(engine);
    if (byKey === undefined) sharedMetaSchemas.set(engine, (byKey = new Map<string, Ajv>()));
    shared = byKey.get(sharedKey) ?? newMetaSchemas({ ...settings, allErrors: true });
    byKey.set(sharedKey, shared);
    return shared;
  };
  const checkMeta = (schema: JsonSchema): void => {
    // The common keywords, well formed, need no meta-schema compiled (`./meta-shortcut.js`).
    if (plainlyFollowsMetaSchema(schema)) return;
    const common = sharedMeta();
    if (common === null) return checkAgainstMetaSchema(metaSchemas(), schema);
    if (options.allErrors === true) return checkAgainstMetaSchema(common, schema);
    try {
      checkAgainstMetaSchema(common, schema);
    } catch {
      checkAgainstMetaSchema(metaSchemas(), schema);
    }
  };
  /** Checks the budget and the meta-schema, reads draft-07 forms, and makes the Ajv instance the schema keeps. */
  const prepare = (schema: JsonSchema, budget: SchemaBudget | undefined, extra: Readonly<AjvOptions>): { converted: JsonSchema; own: Ajv } => {
    assertWithinSchemaBudget(null, schema, budget);
    const asyncProblem = asyncSchemaProblem(schema);
    if (asyncProblem !== null) throw new Error(asyncProblem);
    const converted = toJsonSchema2020(schema);
    checkMeta(converted);
    // `addUsedSchema: true`: the instance holds this one schema under its own base, which is how
    // Ajv resolves `$ref: "#"` (the root) from inside it; without it a recursive schema such as
    // `{"properties": {"child": {"$ref": "#"}}}` does not compile.
    const own = new Ajv2020({ ...settings, ...extra, meta: false, validateSchema: false, addUsedSchema: true });
    own.removeKeyword("multipleOf").removeKeyword("uniqueItems").addKeyword(multipleOfKeyword).addKeyword(uniqueItemsKeyword);
    validationWork.schemaCompiles++;
    validationWork.schemaValuesCompiled += valuesIn(converted);
    return { converted, own };
  };
  return {
    compile(schema: JsonSchema): ValidateFunction {
      const { converted, own } = prepare(schema, undefined, {});
      return own.compile(converted);
    },
    compileParts(schema: JsonSchema, budget: SchemaBudget): (pointer: string) => ValidateFunction {
      const { converted, own } = prepare(schema, budget, { inlineRefs: false });
      own.addSchema(converted, PARTS_KEY);
      return (pointer) => {
        const part = resolveLocalRef(`#${pointer}`, converted);
        const check = part === null ? undefined : own.getSchema(`${PARTS_KEY}#${pointer}`);
        if (check === undefined) throw new Error(`no schema at ${pointer}`);
        // The part's own code; what it references was counted with the whole schema.
        validationWork.schemaValuesCompiled += valuesIn(part);
        return check;
      };
    },
  };
}

/** The key a schema compiled by `compileParts` is held under in its own Ajv instance. */
const PARTS_KEY = "parts";
