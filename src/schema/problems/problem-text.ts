/**
 * The sentences the model reads about invalid arguments: one Ajv error reworded in upstream's
 * style, a value's label, and the message for a value of none of the wanted types.
 *
 * @module
 */
import type { ErrorObject } from "ajv";
import { safeJsonStringify } from "../../util/json.js";
import { resolveSchemaType } from "../../util/json.js";
import { dottedPath, pointerSegments } from "./instance-path.js";

/** `base.key`, or `key` at the root. */
function join(base: string, key: string): string {
  return base === "" ? key : `${base}.${key}`;
}

/** A value from a schema or an error as JSON text (an enum's values, a `const`), never throwing. */
function stringifyValue(value: unknown): string {
  try {
    return safeJsonStringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A schema's number limit as upstream's problem texts print it: an integer as its digits (JSON
 * `10.0` is the integer 10 here, so `10`); any other number as Python prints a float, which turns
 * to an exponent below 0.0001 with at least two exponent digits (`1e-05`, `2.5e-07`), where
 * JavaScript would write `0.00001`. Between 0.0001 and 2^53 the two spellings agree.
 */
export function limitText(limit: unknown): string {
  if (typeof limit !== "number" || !Number.isFinite(limit) || Number.isInteger(limit) || Math.abs(limit) >= 1e-4) return String(limit);
  const [mantissa = "", exponent = ""] = limit.toExponential().split("e");
  const digits = exponent.replace(/^[+-]/, "");
  return `${mantissa}e${exponent.startsWith("-") ? "-" : "+"}${digits.length < 2 ? "0" + digits : digits}`;
}

/** True for `NaN`, `Infinity` and `-Infinity`. */
function isNonFiniteNumber(value: unknown): boolean {
  return typeof value === "number" && !Number.isFinite(value);
}

/**
 * Rewords one Ajv error into the sentence the model reads, such as `missing required meta.tag`,
 * `meta.flags[0] should be string` or `mode must be one of ["fast","full"]`. `path` is already in
 * dotted form (`""` for the root, which reads as `parameter`); `value` is the value it names.
 */
export function rewordError(error: ErrorObject, path: string, value: unknown): string {
  const label = path === "" ? "parameter" : path;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `missing required ${join(path, String(p["missingProperty"]))}`;
    case "type": {
      const expected = resolveSchemaType(String(p["type"]).split(",")) ?? String(p["type"]);
      if (isNonFiniteNumber(value) && (expected === "number" || expected === "integer")) return `${label} must be finite`;
      return `${label} should be ${expected}`;
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `${label} must be ${String(p["comparison"])} ${limitText(p["limit"])}`;
    case "enum":
      return `${label} must be one of ${stringifyValue(p["allowedValues"])}`;
    case "const":
      return `${label} must be ${stringifyValue(p["allowedValue"])}`;
    case "minLength":
      return `${label} must be at least ${String(p["limit"])} chars`;
    case "maxLength":
      return `${label} must be at most ${String(p["limit"])} chars`;
    case "minItems":
      return `${label} must have at least ${String(p["limit"])} items`;
    case "maxItems":
      return `${label} must be at most ${String(p["limit"])} items`;
    // A tuple (`prefixItems` with `items: false`, or draft-07's `additionalItems: false`) that is too long.
    case "items":
    case "additionalItems":
      if (typeof p["limit"] === "number") return `${label} must be at most ${String(p["limit"])} items`;
      return `${label} fails ${error.keyword}`;
    case "additionalProperties":
      return `unexpected parameter ${join(path, String(p["additionalProperty"]))}`;
    case "pattern":
      return `${label} must match pattern ${String(p["pattern"])}`;
    case "multipleOf":
      return `${label} must be a multiple of ${String(p["multipleOf"])}`;
    case "uniqueItems":
      return `${label} must not repeat items (items ${String(p["j"])} and ${String(p["i"])} are equal)`;
    case "false schema":
      return `${label} is not allowed`;
    case "anyOf":
      return `${label} must match at least one schema`;
    case "oneOf":
      return `${label} must match exactly one schema`;
    case "not":
      return `${label} must not match the schema in "not"`;
    case "minProperties":
      return `${label} must have at least ${String(p["limit"])} properties`;
    case "maxProperties":
      return `${label} must have at most ${String(p["limit"])} properties`;
    case "contains":
      return `${label} must contain a matching item`;
    case "dependencies":
    case "dependentRequired":
      return `missing required ${join(path, String(p["missingProperty"]))} (needed with ${String(p["property"])})`;
    case "propertyNames":
      return `${label} has an invalid key ${stringifyValue(p["propertyName"])}`;
    case "if":
      return `${label} must match the "${String(p["failingKeyword"])}" schema`;
    default:
      return `${label} ${error.message ?? `fails ${error.keyword}`}`;
  }
}

/** How the model reads the value at an Ajv instance path: its dotted path, or `parameter` for the root. */
export function labelOf(pointer: string, root: unknown): string {
  const segments = pointerSegments(pointer);
  const path = dottedPath(segments, segments.length, root);
  return path === "" ? "parameter" : path;
}

/** `<label> should be A or B`, or `must be finite` for a non-finite number where a number would do. */
export function typesMessage(label: string, types: readonly string[], value: unknown): string {
  if (isNonFiniteNumber(value) && (types.includes("number") || types.includes("integer"))) return `${label} must be finite`;
  return `${label} should be ${types.join(" or ")}`;
}
