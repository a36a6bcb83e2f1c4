/**
 * The JSON Schema dialect tool schemas are read in: JSON Schema 2020-12, the dialect MCP
 * specifies, so `unevaluatedProperties`, `dependentRequired` and `prefixItems` are enforced and a
 * schema with zod 4's root `"$schema": "https://json-schema.org/draft/2020-12/schema"` compiles.
 * Draft-07 schemas are still accepted: their root `$schema` is known, and their tuple form
 * (`items` as an array, with `additionalItems`) is read as `prefixItems` and `items`.
 *
 * Every compile first checks the complexity budget (`./schema-budget.js`), and every pattern runs
 * on a linear-time engine (`./pattern.js`, `./re2-engine.js`).
 *
 * @module
 */
import Ajv2020Import, { type Options as AjvOptions, type ValidateFunction } from "ajv/dist/2020.js";
import draft07MetaSchema from "ajv/dist/refs/json-schema-draft-07.json" with { type: "json" };
import type { JsonSchema } from "../json.js";
import { ajvRegExpEngine, type PatternEngine } from "./pattern.js";
import { re2PatternEngine } from "./re2-engine.js";
import { assertWithinSchemaBudget } from "./schema-budget.js";

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
}

/** Compiles before a fresh Ajv instance replaces the old one, so memory stays bounded. */
const COMPILES_PER_INSTANCE = 1_000;

/**
 * Creates the compiler every tool schema goes through: Ajv's JSON Schema 2020-12 class with the
 * draft-07 meta-schema added, patterns on `engine` (RE2 by default), and `options` on top (the
 * validator passes its error and strictness settings). Before compiling, each schema is checked
 * against the complexity budget (a `TypeError` naming the limit when it is over), so Ajv never
 * sees an over-budget schema, not even to check it against its meta-schema.
 */
export function createSchemaCompiler(options: Readonly<AjvOptions> = {}, engine: PatternEngine = re2PatternEngine): SchemaCompiler {
  const regExp = ajvRegExpEngine(engine);
  let ajv: InstanceType<typeof Ajv2020> | null = null;
  let compiles = 0;
  const instance = (): InstanceType<typeof Ajv2020> => {
    if (ajv === null || compiles >= COMPILES_PER_INSTANCE) {
      ajv = new Ajv2020({ ...options, code: { ...options.code, regExp } });
      ajv.addMetaSchema(draft07MetaSchema);
      compiles = 0;
    }
    compiles++;
    return ajv;
  };
  return {
    compile(schema: JsonSchema): ValidateFunction {
      assertWithinSchemaBudget(null, schema);
      const converted = toJsonSchema2020(schema);
      const current = instance();
      try {
        return current.compile(converted);
      } finally {
        // Ajv keeps every compiled schema in a cache keyed by the object; the compiled function
        // does not need it, and a registry that replaces tools must not grow without end.
        current.removeSchema(converted);
      }
    },
  };
}
