/**
 * Schema validation (lesson 5, step "validate"). Each tool's schema is compiled once with Ajv when
 * the tool is registered; a call only runs the compiled function. Whether a call is valid is Ajv's
 * verdict alone. Ajv's errors are then reworded into the short, path-first sentences the model
 * reads (`./problems/ajv-errors.js`), such as `missing required meta.tag`,
 * `meta.flags[0] should be string` or `seconds should be integer or null`, in upstream's order.
 * Listing them stays within `PROBLEM_BUDGET` (`./problem-budget.js`): past it, the first ones found
 * are listed, and the list says so.
 *
 * @module
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { describeJsonType, isPlainObject, type JsonSchema } from "../util/json.js";
import { createAjv, type AjvInstance } from "./ajv-options.js";
import { SCHEMA_BUDGET } from "./budget.js";
import { localRefTargets } from "./local-ref.js";
import { formatAjvErrors, UNSPECIFIED_PROBLEM } from "./problems/ajv-errors.js";
import { encodeSegment } from "./problems/instance-path.js";
import { DEEP_ARGUMENTS_NOTE, errorsToList, LONG_PATHS_NOTE, nestsDeeperThan, PROBLEM_BUDGET } from "./problem-budget.js";
import { PatternCheckError } from "./pattern.js";
import { unfinishedCheckProblem } from "./unfinished-check.js";

export { AJV_OPTIONS, createAjv } from "./ajv-options.js";
export { formatAjvErrors, MAX_REPORTED_PROBLEMS } from "./problems/ajv-errors.js";
export { formatInstancePath } from "./problems/instance-path.js";
export { PROBLEM_BUDGET } from "./problem-budget.js";

/** A compiled validator: `[]` for a valid value, otherwise one message per problem. */
export type Validator = (value: unknown) => string[];

const ajv = createAjv();

/** The same dialect and options, stopping at the first problem: the verdict is the same. */
const firstProblemAjv = createAjv({ allErrors: false });

/** Raw Ajv errors for a value, or `null` when it is valid. */
type ErrorCheck = (value: unknown) => ErrorObject[] | null;

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

/**
 * True when a `$ref` (or `$dynamicRef`) in `root` leads to one of `maps` (a `properties` map that
 * declares `__proto__`) or to a schema holding one, or cannot be followed here and so might.
 * Ajv skips such a property wherever it is reached, and only the places reached through nested
 * `properties` and `items` are checked on their own, so a `$ref` there (such as `{"$ref": "#"}`
 * in a recursive schema) would leave it unchecked. Two walks, each object read at most twice.
 */
function refLeadsToProtoMap(root: JsonSchema, maps: ReadonlySet<object>): boolean {
  if (maps.size === 0) return false;
  const { targets, unfollowed } = localRefTargets(root);
  if (unfollowed) return true;
  if (targets.size === 0) return false;
  const reached = [new Set<object>(), new Set<object>()];
  const walk: [unknown, 0 | 1][] = [[root, 0]];
  while (walk.length > 0) {
    const [value, outer] = walk.pop() as [unknown, 0 | 1];
    if (value === null || typeof value !== "object") continue;
    const inside = outer === 1 || targets.has(value) ? 1 : 0;
    const done = reached[inside] as Set<object>;
    if (done.has(value)) continue;
    done.add(value);
    if (inside === 1 && maps.has(value)) return true;
    for (const child of Object.values(value)) walk.push([child, inside]);
  }
  return false;
}

/** One JSON Pointer segment for a key, percent-encoded as a URI fragment holds it. */
function pointerSegment(key: string): string {
  return encodeURIComponent(key.replace(/~/g, "~0").replace(/\//g, "~1"));
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
 * `__proto__` property anywhere else (inside `anyOf`, `$defs`, …, or where a `$ref` leads) is
 * refused: it could not be enforced. Its own check is compiled as a part of the whole schema, so
 * a `$ref` inside it (`#`, `#/$defs/Name`) means what it means in the schema. A schema without
 * one compiles to Ajv's function alone, with no extra work per call.
 */
function compileErrorCheck(schema: JsonSchema, handled: Set<object>, compiler: AjvInstance): ErrorCheck {
  let parts: ((pointer: string) => ValidateFunction) | null = null;
  const partAt = (pointer: string): ValidateFunction => {
    parts ??= compiler.compileParts(schema, SCHEMA_BUDGET);
    return parts(pointer);
  };
  return errorCheckAt(compiler.compile(schema), schema, "", handled, partAt);
}

/** The raw-error check of `node`, found at `pointer` in the schema and compiled as `check`, with its `__proto__` properties checked on their own. */
function errorCheckAt(check: ValidateFunction, node: JsonSchema, pointer: string, handled: Set<object>, partAt: (pointer: string) => ValidateFunction): ErrorCheck {
  const sites: ProtoSite[] = [];
  const collect = (schema: unknown, steps: SiteStep[], at: string): void => {
    if (!isPlainObject(schema)) return;
    const items = schema["items"];
    if (isPlainObject(items)) collect(items, [...steps, { items: true }], `${at}/items`);
    const properties = schema["properties"];
    if (!isPlainObject(properties)) return;
    for (const key of Object.keys(properties)) {
      const sub = Object.getOwnPropertyDescriptor(properties, key)?.value as unknown;
      if (!isPlainObject(sub)) continue;
      const subAt = `${at}/properties/${pointerSegment(key)}`;
      if (key === "__proto__") {
        handled.add(properties);
        sites.push({ steps, check: errorCheckAt(partAt(subAt), sub, subAt, handled, partAt) });
      } else {
        collect(sub, [...steps, { key }], subAt);
      }
    }
  };
  collect(node, [], pointer);
  const plain: ErrorCheck = (value) => {
    const verdict: unknown = check(value);
    // Only a boolean is a verdict: an asynchronous schema (refused before compiling) would give
    // a Promise, which is truthy whatever the value.
    if (verdict === true) return null;
    if (verdict === false) return check.errors ?? [];
    // Its rejection is answered here, so it cannot end the process as an unhandled one.
    if (verdict instanceof Promise) verdict.catch(() => undefined);
    throw new TypeError("the schema's check did not give a yes or no answer");
  };
  if (sites.length === 0) {
    directChecks.set(plain, check);
    return plain;
  }
  return (value) => {
    const declared = new Set<string>();
    const inner: ErrorObject[] = [];
    for (const site of sites) {
      eachHolder(value, site.steps, "", (holder, pointer) => {
        if (!isPlainObject(holder) || !Object.hasOwn(holder, "__proto__")) return;
        declared.add(pointer);
        const found = site.check(Object.getOwnPropertyDescriptor(holder, "__proto__")?.value);
        if (found !== null) for (const e of found) inner.push({ ...e, instancePath: `${pointer}/__proto__${e.instancePath}` });
      });
    }
    let errors = plain(value) ?? [];
    // Declared there, so Ajv's "unexpected __proto__" at those objects is wrong (one pass, not one per object).
    if (declared.size > 0)
      errors = errors.filter((e) => !(e.keyword === "additionalProperties" && e.params["additionalProperty"] === "__proto__" && declared.has(e.instancePath)));
    for (const e of inner) errors.push(e);
    return errors.length === 0 ? null : errors;
  };
}

/** For a check with no `__proto__` property to look at on its own: Ajv's compiled function, which alone gives its verdict. */
const directChecks = new WeakMap<ErrorCheck, ValidateFunction>();

/** True when `schema` holds a `$ref` (or a dynamic one): only then can a value be checked deeper than the schema itself nests. */
function holdsReference(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node) && (Object.hasOwn(node, "$ref") || Object.hasOwn(node, "$dynamicRef") || Object.hasOwn(node, "$recursiveRef"))) return true;
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

/**
 * The problems of `errors` (Ajv refused `value`, so never an empty list): every one when their
 * paths fit `PROBLEM_BUDGET`, otherwise the first ones Ajv found that fit, then a note.
 */
function listProblems(errors: readonly ErrorObject[], value: unknown): string[] {
  const listed = errorsToList(errors);
  const problems = formatAjvErrors(listed.errors, value);
  // Ajv said no: the call must not run, even if it gave no reason.
  if (problems.length === 0) problems.push(UNSPECIFIED_PROBLEM);
  if (!listed.complete) problems.push(LONG_PATHS_NOTE);
  return problems;
}

/**
 * Compiles a root parameter schema into a {@link Validator}. A root without `type` is validated
 * as an object. Throws when Ajv cannot compile the schema (a bug in the tool, found at start-up).
 * A check that cannot finish within its budget (a string too long for its pattern) refuses the
 * value with one problem that says why (`./unfinished-check.js`), wherever the pattern sits.
 * Listing every problem stays within `PROBLEM_BUDGET`, and the list says when it stopped
 * short: arguments nested deeper than its `maxDepth` (possible only through a `$ref`, so only such
 * a schema is compiled a second time, stopping at the first problem, for them) are checked up to
 * their first problem; of problems whose paths together are longer than it allows, the first ones
 * found are listed.
 *
 * @example
 * {@includeCode ../../docs/examples/registry.ts#compile-validator}
 */
export function compileValidator(schema: JsonSchema): Validator {
  return compileObjectValidator(schema).validate;
}

/** A root parameter schema compiled once, in the two forms a call may use. */
export interface ObjectValidator {
  /** The {@link Validator}: `[]` for a valid value, otherwise one message per problem. */
  validate: Validator;
  /**
   * The same check for a value already known to be a plain object: `null` when it is valid (no
   * new empty list), otherwise what `validate` gives. The registry's call path uses it.
   */
  objectProblems: (value: Record<string, unknown>) => string[] | null;
  /**
   * The verdict alone for a plain object: true exactly when `objectProblems` would give `null`,
   * without wording any problem. A check that cannot finish, or throws, counts as a no.
   */
  acceptsObject: (value: Record<string, unknown>) => boolean;
}

/**
 * Compiles a root parameter schema as {@link compileValidator} does, giving the validator and its
 * form for plain objects (`ObjectValidator.objectProblems`), which share one compiled check.
 */
export function compileObjectValidator(schema: JsonSchema): ObjectValidator {
  const root = schema["type"] === undefined ? { ...schema, type: "object" } : schema;
  const handled = new Set<object>();
  const check = compileErrorCheck(root, handled, ajv);
  const maps = protoPropertyMaps(schema);
  for (const map of maps) {
    if (!handled.has(map)) throw new Error('a property named "__proto__" is only supported under nested "properties"');
  }
  if (refLeadsToProtoMap(root, maps)) throw new Error('a property named "__proto__" cannot be checked where a "$ref" leads to it');
  // Without a `$ref`, Ajv looks no deeper than the schema nests, which its budget bounds.
  const firstCheck = holdsReference(root) ? compileErrorCheck(root, new Set(), firstProblemAjv) : null;
  const objectProblems = (value: Record<string, unknown>): string[] | null => {
    try {
      // Ajv hands each error up through every `$ref` it was found under: deep arguments with a
      // problem at every level would cost the square of their depth, so they stop at the first.
      if (firstCheck !== null && nestsDeeperThan(value, PROBLEM_BUDGET.maxDepth)) {
        const first = firstCheck(value);
        return first === null ? null : [...listProblems(first, value), DEEP_ARGUMENTS_NOTE];
      }
      const errors = check(value);
      return errors === null ? null : listProblems(errors, value);
    } catch (error) {
      if (error instanceof PatternCheckError) return [unfinishedCheckProblem(error, value)];
      throw error;
    }
  };
  const validate: Validator = (value) => {
    if (!isPlainObject(value)) return [`parameters must be an object, got ${describeJsonType(value)}`];
    return objectProblems(value) ?? [];
  };
  // Stopping at the first problem when it can (a schema with a `$ref`): the verdict is the same.
  const verdictCheck = firstCheck ?? check;
  const direct = directChecks.get(verdictCheck);
  const acceptsObject =
    direct === undefined
      ? (value: Record<string, unknown>): boolean => {
          try {
            return verdictCheck(value) === null;
          } catch {
            return false;
          }
        }
      : (value: Record<string, unknown>): boolean => {
          try {
            const verdict: unknown = direct(value);
            if (verdict === true) return true;
            // Anything else is a no; a Promise (an asynchronous schema, refused before compiling) is answered.
            if (verdict instanceof Promise) verdict.catch(() => undefined);
            return false;
          } catch {
            return false;
          }
        };
  return { validate, objectProblems, acceptsObject };
}
