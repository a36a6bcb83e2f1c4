/**
 * Which schemas may be checked before the cast (lesson 5, steps "cast" and "validate"), decided
 * once when a tool's schema is compiled. A value the schema already accepts is never changed by
 * the cast: a cast only touches a value whose type the schema at that place refuses. So for
 * argument text (JSON data) the registry may ask the schema's verdict first, and skip the cast
 * of a valid call altogether; only a refused call is cast and checked again.
 *
 * That second check must cost little and count nothing twice, so only plain schemas qualify:
 * types, declared properties, `required`, `additionalProperties`, one `items` schema, `enum`,
 * `const`, bounds and annotations. A combinator, a pattern, `uniqueItems`, `multipleOf`, a `$ref`,
 * a `$schema` or any keyword not listed here keeps the usual order (cast, then validate).
 *
 * @module
 */
import { isPlainObject, type JsonSchema } from "../util/json.js";

/** The keywords a schema checked before its cast may hold; their values are data, not schemas. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "required",
  "enum",
  "const",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "title",
  "description",
  "default",
  "examples",
  "format",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
]);

/** The keywords whose values are schemas, looked into in turn: `properties` (a map), `items` and `additionalProperties`. */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(["properties", "items", "additionalProperties"]);

/**
 * True when `schema` may be checked before its cast: every schema in it holds only the keywords
 * listed above, `items` and `additionalProperties` are one schema (or a boolean), not a list, and
 * no property is named `__proto__` (checked on its own, apart from Ajv). Each schema object is
 * read once: one met twice (shared by two places, or inside itself) is refused.
 */
export function canCheckBeforeCast(schema: JsonSchema): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === "boolean") continue;
    if (!isPlainObject(node) || seen.has(node)) return false;
    seen.add(node);
    for (const key of Object.keys(node)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if (!SCHEMA_KEYWORDS.has(key)) return false;
      const value = node[key];
      if (key === "properties") {
        if (!isPlainObject(value) || Object.hasOwn(value, "__proto__")) return false;
        for (const name of Object.keys(value)) stack.push(value[name]);
      } else {
        stack.push(value);
      }
    }
  }
  return true;
}
