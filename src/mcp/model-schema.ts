/**
 * An MCP tool's parameter schema as the model reads it (lesson 9), normalised as upstream does
 * for OpenAI-compatible providers, which understand `nullable` better than a type list or a
 * two-branch union:
 * - local `$ref`s are moved into `$defs` (`./local-refs.js`);
 * - `type: ["string", "null"]` becomes `type: "string"` plus `nullable: true` (only when exactly
 *   one type besides `"null"` is listed);
 * - `oneOf` or `anyOf` of exactly one schema object and `{ type: "null" }` (every branch an
 *   object) is merged into the schema holding it, plus `nullable: true`; the branch's keywords
 *   win; `oneOf` is looked at first, and only one of the two is merged;
 * - this goes on into `properties`, an object `items` and `$defs`, and nowhere else (not into
 *   `anyOf` branches, `additionalProperties`, a list of `items` or `definitions`);
 * - every `type: "object"` gets `properties: {}` and `required: []` when it has none;
 * - `$schema` and every other keyword are kept.
 *
 * This is the definition the model is shown, not the schema the registry validates with:
 * `nullable` is no JSON Schema 2020-12 keyword (Ajv reads it, and refuses it beside a `$ref`), and
 * a merged branch can loosen what the server accepts. `MCPToolAdapter` validates against the
 * server's own schema ({@link normalizeMcpInputSchema}) and shows the model this one.
 *
 * @module
 */
import { isPlainObject, type JsonSchema } from "../util/json.js";
import { hoistLocalRefs, SchemaWork, setOwn } from "./local-refs.js";

type Json = Record<string, unknown>;

/**
 * True for a root `type` that asks for an object or null: `["object", "null"]` in either order.
 * Arguments are always an object, so such a root is an object root; upstream shows it to the
 * model as `type: "object"` with `nullable: true` and validates against the object schema.
 */
export function isObjectOrNullType(type: unknown): boolean {
  return Array.isArray(type) && type.length === 2 && type.includes("object") && type.includes("null");
}

/**
 * The schema the registry validates an MCP tool's arguments with: the server's own, with an object
 * root. A missing schema becomes `{ type: "object", properties: {} }`; a schema without `type`, or
 * with `type: ["object", "null"]` (see `isObjectOrNullType`), gets `type: "object"`; a root of
 * any other type is replaced by an empty object schema (the listing skips such tools before
 * this). Every keyword is kept, `$schema` included, so the validator reads the schema in the
 * dialect the server wrote it in.
 */
export function normalizeMcpInputSchema(schema: unknown): JsonSchema {
  if (!isPlainObject(schema)) return { type: "object", properties: {} };
  if (schema["type"] === undefined || isObjectOrNullType(schema["type"])) {
    const rooted: Json = { type: "object" };
    for (const key of Object.keys(schema)) if (key !== "type") setOwn(rooted, key, schema[key]);
    return rooted;
  }
  if (schema["type"] !== "object") return { type: "object", properties: {} };
  return schema;
}

/** The one non-null branch of a `oneOf`/`anyOf` that is that branch or null, or `null` when it is not such a pair. */
function nullableBranch(options: unknown): Json | null {
  if (!Array.isArray(options)) return null;
  const others: Json[] = [];
  let sawNull = false;
  for (const option of options) {
    if (!isPlainObject(option)) return null;
    if (option["type"] === "null") sawNull = true;
    else others.push(option);
  }
  return sawNull && others.length === 1 ? (others[0] as Json) : null;
}

/** A copy of `object` without `skip`. */
function copyWithout(object: Json, skip: string | null): Json {
  const copy: Json = {};
  for (const key of Object.keys(object)) if (key !== skip) setOwn(copy, key, object[key]);
  return copy;
}

/** Each value of `map` that is an object, normalised; other values kept. */
function normaliseEach(map: Json, depth: number, work: SchemaWork): Json {
  const out: Json = {};
  for (const key of Object.keys(map)) {
    const value = map[key];
    setOwn(out, key, isPlainObject(value) ? normaliseNullable(value, depth + 1, work) : value);
  }
  return out;
}

function normaliseNullable(schema: Json, depth: number, work: SchemaWork): Json {
  work.count(depth);
  let normalised = copyWithout(schema, null);
  const type = normalised["type"];
  if (Array.isArray(type)) {
    const others = type.filter((item) => item !== "null");
    if (others.length === 1 && type.includes("null")) {
      setOwn(normalised, "type", others[0]);
      setOwn(normalised, "nullable", true);
    }
  }
  for (const key of ["oneOf", "anyOf"]) {
    const branch = nullableBranch(normalised[key]);
    if (branch === null) continue;
    const merged = copyWithout(normalised, key);
    for (const k of Object.keys(branch)) setOwn(merged, k, branch[k]);
    setOwn(merged, "nullable", true);
    normalised = merged;
    break;
  }
  const properties = normalised["properties"];
  if (isPlainObject(properties)) setOwn(normalised, "properties", normaliseEach(properties, depth, work));
  const items = normalised["items"];
  if (isPlainObject(items)) setOwn(normalised, "items", normaliseNullable(items, depth + 1, work));
  const defs = normalised["$defs"];
  if (isPlainObject(defs)) setOwn(normalised, "$defs", normaliseEach(defs, depth, work));
  if (normalised["type"] === "object") {
    if (!Object.hasOwn(normalised, "properties")) setOwn(normalised, "properties", {});
    if (!Object.hasOwn(normalised, "required")) setOwn(normalised, "required", []);
  }
  return normalised;
}

/**
 * The parameter schema the model is shown for an MCP tool, as upstream builds it: a missing or
 * empty schema stands for `{ type: "object", properties: {} }`, any other non-object for the same
 * (without `required`), and an object schema has its local `$ref`s moved into `$defs` and its
 * nullable forms rewritten (see the module's description). The input is never changed.
 * @throws ModelSchemaTooLarge when the rewritten schema would pass `MODEL_SCHEMA_LIMITS`.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#mcp-model-schema}
 */
export function mcpModelSchema(schema: unknown): JsonSchema {
  const given = schema === undefined || schema === null || (isPlainObject(schema) && Object.keys(schema).length === 0) ? { type: "object", properties: {} } : schema;
  if (!isPlainObject(given)) return { type: "object", properties: {} };
  const work = new SchemaWork();
  return normaliseNullable(hoistLocalRefs(given, work), 0, work);
}
