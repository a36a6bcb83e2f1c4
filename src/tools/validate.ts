/**
 * Schema validation (lesson 5, step "validate"). Each tool's schema is compiled once with Ajv when
 * the tool is registered; a call only runs the compiled function. Ajv's errors are reworded into
 * the short, path-first sentences the model reads, such as `missing required meta.tag` or
 * `meta.flags[0] should be string`, with missing-required problems first.
 *
 * @module
 */
import type { ErrorObject, Options as AjvOptions } from "ajv";
import type { JsonSchema } from "./base.js";
import { isPlainObject, resolveSchemaType } from "./cast.js";
import { describeJsonType } from "./coerce.js";
import { createSchemaCompiler } from "./dialect.js";

/** A compiled validator: `[]` for a valid value, otherwise one message per problem. */
export type Validator = (value: unknown) => string[];

/** Most problems listed in one message; the rest are counted. */
export const MAX_REPORTED_PROBLEMS = 20;

/**
 * The Ajv options every tool schema is compiled with: all errors (so the model hears every
 * problem at once), no strict-mode schema complaints, no formats, no type coercion (casting is
 * its own step). Exported so a benchmark's baseline can compile with exactly the same settings.
 */
export const AJV_OPTIONS: Readonly<AjvOptions> = Object.freeze({
  allErrors: true,
  // Only own properties count: an inherited `constructor` or `toString` is neither a present
  // required parameter nor a value to validate.
  ownProperties: true,
  strict: false,
  strictNumbers: true,
  validateFormats: false,
  logger: false,
  addUsedSchema: false,
});

// JSON Schema 2020-12 (draft-07 still read), linear-time patterns, the complexity budget first.
const ajv = createSchemaCompiler(AJV_OPTIONS);

/** Decodes one JSON Pointer segment (`~1` is `/`, `~0` is `~`). */
function decodeSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * Turns an Ajv instance path such as `/meta/flags/0` into the dotted form `meta.flags[0]`,
 * using the value itself to tell array indexes from object keys.
 */
export function formatInstancePath(pointer: string, root: unknown): string {
  if (pointer === "") return "";
  let path = "";
  let current: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = decodeSegment(raw);
    if (Array.isArray(current)) {
      path += `[${segment}]`;
      current = current[Number(segment)];
    } else {
      path += path === "" ? segment : `.${segment}`;
      current =
        current !== null && typeof current === "object" && Object.hasOwn(current, segment)
          ? (current as Record<string, unknown>)[segment]
          : undefined;
    }
  }
  return path;
}

function join(base: string, key: string): string {
  return base === "" ? key : `${base}.${key}`;
}

function valueAt(pointer: string, root: unknown): unknown {
  if (pointer === "") return root;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    if (current === null || typeof current !== "object") return undefined;
    const segment = decodeSegment(raw);
    current = Object.hasOwn(current, segment) ? (current as Record<string, unknown>)[segment] : undefined;
  }
  return current;
}

function stringifyValue(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Rewords one Ajv error; `path` is already in dotted form, `""` for the root. */
function reword(error: ErrorObject, path: string, value: unknown): string {
  const label = path === "" ? "parameter" : path;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `missing required ${join(path, String(p["missingProperty"]))}`;
    case "type": {
      const expected = resolveSchemaType(String(p["type"]).split(",")) ?? String(p["type"]);
      if (typeof value === "number" && !Number.isFinite(value) && (expected === "number" || expected === "integer")) {
        return `${label} must be finite`;
      }
      return `${label} should be ${expected}`;
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `${label} must be ${String(p["comparison"])} ${String(p["limit"])}`;
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
    case "additionalProperties":
      return `unexpected parameter ${join(path, String(p["additionalProperty"]))}`;
    case "pattern":
      return `${label} must match pattern ${String(p["pattern"])}`;
    case "multipleOf":
      return `${label} must be a multiple of ${String(p["multipleOf"])}`;
    case "uniqueItems":
      return `${label} must not repeat items (items ${String(p["j"])} and ${String(p["i"])} are equal)`;
    case "anyOf":
    case "oneOf":
      return `${label} must match ${error.keyword === "oneOf" ? "exactly one" : "at least one"} of its allowed schemas`;
    default:
      return `${label} ${error.message ?? `fails ${error.keyword}`}`;
  }
}

/**
 * Rewords a list of Ajv errors for `root`: required problems first, one type problem per value
 * (its other problems dropped), branch noise under `anyOf`/`oneOf` folded into one line,
 * duplicates removed, and at most {@link MAX_REPORTED_PROBLEMS} listed.
 */
export function formatAjvErrors(errors: readonly ErrorObject[], root: unknown): string[] {
  if (errors.length === 1) {
    // One error is never dropped or folded, so the bookkeeping below can be skipped.
    const e = errors[0] as ErrorObject;
    return [reword(e, formatInstancePath(e.instancePath, root), valueAt(e.instancePath, root))];
  }
  const typeFailed = new Set<string>();
  const branchRoots: string[] = [];
  for (const e of errors) {
    if (e.keyword === "type") typeFailed.add(e.instancePath);
    if (e.keyword === "anyOf" || e.keyword === "oneOf") branchRoots.push(`${e.schemaPath}/`);
  }
  const required: string[] = [];
  const others: string[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (branchRoots.some((prefix) => e.schemaPath.startsWith(prefix))) continue;
    if (e.keyword !== "type" && e.keyword !== "required" && typeFailed.has(e.instancePath)) continue;
    const message = reword(e, formatInstancePath(e.instancePath, root), valueAt(e.instancePath, root));
    if (seen.has(message)) continue;
    seen.add(message);
    (e.keyword === "required" ? required : others).push(message);
  }
  const all = required.concat(others);
  if (all.length <= MAX_REPORTED_PROBLEMS) return all;
  const shown = all.slice(0, MAX_REPORTED_PROBLEMS);
  shown.push(`and ${all.length - MAX_REPORTED_PROBLEMS} more problems`);
  return shown;
}

/** Raw Ajv errors for a value, or `null` when it is valid. */
type ErrorCheck = (value: unknown) => ErrorObject[] | null;

/** Escapes one JSON Pointer segment (`~` is `~0`, `/` is `~1`). */
function encodeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Every `properties` map in a schema that declares a `__proto__` key (cycle-safe). */
function protoPropertyMaps(schema: unknown): Set<object> {
  const found = new Set<object>();
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (!Array.isArray(node)) {
      const properties = (node as Record<string, unknown>)["properties"];
      if (isPlainObject(properties) && Object.hasOwn(properties, "__proto__")) found.add(properties);
    }
    for (const child of Object.values(node)) walk(child);
  };
  walk(schema);
  return found;
}

/** One step from a schema to a nested one: a declared property, or every item of an array. */
type SiteStep = { key: string } | { items: true };

/** A declared `__proto__` property: the steps to the object that holds it, and its own check. */
interface ProtoSite {
  steps: SiteStep[];
  check: ErrorCheck;
}

/** Calls `visit` with each object the steps lead to in `value`, and its JSON Pointer. */
function eachHolder(value: unknown, steps: readonly SiteStep[], pointer: string, visit: (holder: unknown, pointer: string) => void): void {
  if (steps.length === 0) {
    visit(value, pointer);
    return;
  }
  const [step, ...rest] = steps as [SiteStep, ...SiteStep[]];
  if ("key" in step) {
    if (isPlainObject(value) && Object.hasOwn(value, step.key)) {
      eachHolder(Object.getOwnPropertyDescriptor(value, step.key)?.value, rest, `${pointer}/${encodeSegment(step.key)}`, visit);
    }
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) eachHolder(value[i], rest, `${pointer}/${i}`, visit);
  }
}

/**
 * Compiles a schema to raw Ajv errors. Ajv deliberately skips a property declared as `__proto__`
 * (its schema is never applied, and `additionalProperties: false` calls it unexpected), so each
 * such property reachable through nested `properties` and `items` is checked here on its own. A
 * `__proto__` property anywhere else (inside `anyOf`, `$defs`, …) is refused: it could not be enforced.
 * A schema without one compiles to Ajv's function alone, with no extra work per call.
 */
function compileErrorCheck(schema: JsonSchema, handled: Set<object>): ErrorCheck {
  const check = ajv.compile(schema);
  const sites: ProtoSite[] = [];
  const collect = (node: unknown, steps: SiteStep[]): void => {
    if (!isPlainObject(node)) return;
    const items = node["items"];
    if (isPlainObject(items)) collect(items, [...steps, { items: true }]);
    const properties = node["properties"];
    if (!isPlainObject(properties)) return;
    for (const key of Object.keys(properties)) {
      const sub = Object.getOwnPropertyDescriptor(properties, key)?.value as unknown;
      if (!isPlainObject(sub)) continue;
      if (key === "__proto__") {
        handled.add(properties);
        sites.push({ steps, check: compileErrorCheck(sub, handled) });
      } else {
        collect(sub, [...steps, { key }]);
      }
    }
  };
  collect(schema, []);
  const plain: ErrorCheck = (value) => (check(value) ? null : (check.errors ?? []));
  if (sites.length === 0) return plain;
  return (value) => {
    let errors = plain(value) ?? [];
    for (const site of sites) {
      eachHolder(value, site.steps, "", (holder, pointer) => {
        if (!isPlainObject(holder) || !Object.hasOwn(holder, "__proto__")) return;
        // Declared here, so Ajv's "unexpected __proto__" at this object is wrong.
        errors = errors.filter(
          (e) => !(e.keyword === "additionalProperties" && e.params["additionalProperty"] === "__proto__" && e.instancePath === pointer),
        );
        const inner = site.check(Object.getOwnPropertyDescriptor(holder, "__proto__")?.value);
        if (inner !== null) for (const e of inner) errors.push({ ...e, instancePath: `${pointer}/__proto__${e.instancePath}` });
      });
    }
    return errors.length === 0 ? null : errors;
  };
}

/**
 * Compiles a root parameter schema into a {@link Validator}. A root without `type` is validated
 * as an object. Throws when Ajv cannot compile the schema (a bug in the tool, found at start-up).
 */
export function compileValidator(schema: JsonSchema): Validator {
  const root = schema["type"] === undefined ? { ...schema, type: "object" } : schema;
  const handled = new Set<object>();
  const check = compileErrorCheck(root, handled);
  for (const map of protoPropertyMaps(schema)) {
    if (!handled.has(map)) throw new Error('a property named "__proto__" is only supported under nested "properties"');
  }
  return (value) => {
    if (!isPlainObject(value)) return [`parameters must be an object, got ${describeJsonType(value)}`];
    const errors = check(value);
    return errors === null ? [] : formatAjvErrors(errors, value);
  };
}
