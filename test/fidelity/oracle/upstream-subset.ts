/**
 * The part of a JSON Schema that upstream's hand-written cast and validation read. Upstream looks
 * at `type` (the first non-null type of a list), `nullable`, `enum`, `minimum`, `maximum`,
 * `minLength`, `maxLength`, `properties`, `required`, `additionalProperties`, `items`, `minItems`
 * and `maxItems`, and ignores every other keyword. The workbook enforces all of JSON Schema
 * (docs/fidelity.md rows 20, 22, 36, 37).
 *
 * Our side of the oracle also prepares each call against this subset; when that answer matches
 * upstream's, the difference came from keywords upstream ignores, or from its reading of type lists.
 *
 * @module
 */

/** Keywords upstream's cast or validation reads. */
export const UPSTREAM_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "nullable",
  "enum",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
]);

/** Keywords that change nothing in either validator; kept and never reported as dropped. */
const ANNOTATIONS: ReadonlySet<string> = new Set(["description", "title", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly", "$schema", "$id"]);

/** A schema cut to upstream's subset, and what was cut. */
export interface SubsetResult {
  /** The cut schema. */
  schema: unknown;
  /** The keywords dropped anywhere in the schema, sorted, each once. */
  dropped: string[];
  /** True when a type list with two or more non-null types was cut to its first. */
  typeListsCut: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Cuts `schema` to what upstream reads, recursing where upstream recurses (property schemas, an
 * `additionalProperties` schema, an `items` schema). A type list keeps its first non-null type,
 * and `"null"` when it had it (upstream lets `None` through for such a list).
 */
export function upstreamSubset(schema: unknown): SubsetResult {
  const dropped = new Set<string>();
  let typeListsCut = false;

  const cut = (node: unknown): unknown => {
    if (!isRecord(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (ANNOTATIONS.has(key)) {
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
        continue;
      }
      if (!UPSTREAM_KEYWORDS.has(key)) {
        if (key !== "$defs" && key !== "definitions") dropped.add(key);
        continue;
      }
      let kept: unknown = value;
      if (key === "type" && Array.isArray(value)) {
        const nonNull = value.filter((t) => t !== "null");
        if (nonNull.length > 1) {
          typeListsCut = true;
          kept = value.includes("null") ? [nonNull[0], "null"] : nonNull[0];
        }
      } else if (key === "properties" && isRecord(value)) {
        const props: Record<string, unknown> = {};
        for (const [name, sub] of Object.entries(value)) {
          Object.defineProperty(props, name, { value: cut(sub), enumerable: true, writable: true, configurable: true });
        }
        kept = props;
      } else if ((key === "additionalProperties" || key === "items") && isRecord(value)) {
        kept = cut(value);
      }
      Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };

  const result = cut(schema);
  return { schema: result, dropped: [...dropped].sort(), typeListsCut };
}
