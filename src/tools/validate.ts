/**
 * Schema validation (lesson 5, step "validate"). Each tool's schema is compiled once with Ajv when
 * the tool is registered; a call only runs the compiled function. Whether a call is valid is Ajv's
 * verdict alone. Ajv's errors are then reworded into the short, path-first sentences the model
 * reads, such as `missing required meta.tag`, `meta.flags[0] should be string` or
 * `seconds should be integer or null`, in upstream's order.
 *
 * @module
 */
import type { ErrorObject, Options as AjvOptions } from "ajv";
import { describeJsonType, isPlainObject, safeJsonStringify, type JsonSchema } from "../json.js";
import { resolveSchemaType } from "./cast.js";
import { createSchemaCompiler, type SchemaCompiler } from "./dialect.js";

/** A compiled validator: `[]` for a valid value, otherwise one message per problem. */
export type Validator = (value: unknown) => string[];

/** Most problems listed in one message; the rest are counted. */
export const MAX_REPORTED_PROBLEMS = 20;

// ---------------------------------------------------------------------------------------------
// The one place where the schema compiler and its options are made.

/** A schema compiler as {@link createAjv} makes it: Ajv's 2020-12 class behind the complexity budget. */
export type AjvInstance = SchemaCompiler;

/**
 * The Ajv options every tool schema is compiled with: all errors (so the model hears every
 * problem at once), no strict-mode schema complaints, no formats, no type coercion (casting is
 * its own step). Exported so a benchmark's baseline or a test's reference validator can compile
 * with exactly the same settings.
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
  // Ajv's own English messages are never shown (the problems are reworded), and building them
  // for every error is most of Ajv's cost on a large refused value.
  messages: false,
});

/**
 * Makes a new schema compiler with {@link AJV_OPTIONS}: JSON Schema 2020-12 (draft-07 still read),
 * linear-time patterns and the complexity budget first, exactly as the registry validates. A test
 * that needs "Ajv's own verdict" compiles its reference validator here. `overrides` change single
 * options (the registry's yes/no checks use `allErrors: false`).
 */
export function createAjv(overrides: Readonly<AjvOptions> = {}): AjvInstance {
  return createSchemaCompiler({ ...AJV_OPTIONS, ...overrides });
}

const ajv = createAjv();
/** The same dialect and options for yes/no checks: it stops at the first error (the verdict is the same). */
const checkAjv = createAjv({ allErrors: false });

/**
 * Compiles a schema into a yes/no check with the registry's own compiler. Casting uses it to
 * ask whether a value is already accepted, so it never changes one that is.
 * @throws when the schema cannot be compiled.
 */
export function compileSchemaCheck(schema: JsonSchema | boolean): (value: unknown) => boolean {
  if (typeof schema === "boolean") return () => schema;
  const check = checkAjv.compile(schema);
  return (value) => check(value) === true;
}

// ---------------------------------------------------------------------------------------------
// Rewording Ajv's errors.

/** Decodes one JSON Pointer segment (`~1` is `/`, `~0` is `~`). */
function decodeSegment(segment: string): string {
  return segment.includes("~") ? segment.replace(/~1/g, "/").replace(/~0/g, "~") : segment;
}

/** The decoded segments of an Ajv instance path: `/meta/flags/0` is `["meta", "flags", "0"]`. */
function pointerSegments(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map(decodeSegment);
}

/** An own property of an object or array, or `undefined`. */
function ownValue(current: unknown, key: string): unknown {
  return current !== null && typeof current === "object" && Object.hasOwn(current, key)
    ? (current as Record<string, unknown>)[key]
    : undefined;
}

/** The dotted path of the first `count` segments, using the value to tell indexes from keys. */
function dottedPath(segments: readonly string[], count: number, root: unknown): string {
  let path = "";
  let current: unknown = root;
  for (let i = 0; i < count; i++) {
    const segment = segments[i] as string;
    if (Array.isArray(current)) {
      path += `[${segment}]`;
      current = current[Number(segment)];
    } else {
      path += path === "" ? segment : `.${segment}`;
      current = ownValue(current, segment);
    }
  }
  return path;
}

/** The value the first `count` segments lead to, or `undefined`. */
function valueAtSegments(segments: readonly string[], count: number, root: unknown): unknown {
  let current: unknown = root;
  for (let i = 0; i < count; i++) {
    if (current === null || typeof current !== "object") return undefined;
    current = ownValue(current, segments[i] as string);
  }
  return current;
}

/**
 * Turns an Ajv instance path such as `/meta/flags/0` into the dotted form `meta.flags[0]`,
 * using the value itself to tell array indexes from object keys.
 */
export function formatInstancePath(pointer: string, root: unknown): string {
  const segments = pointerSegments(pointer);
  return dottedPath(segments, segments.length, root);
}

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

function isNonFiniteNumber(value: unknown): boolean {
  return typeof value === "number" && !Number.isFinite(value);
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
      if (isNonFiniteNumber(value) && (expected === "number" || expected === "integer")) return `${label} must be finite`;
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

/**
 * One problem the model will read, with what is needed to put it in upstream's order: the value
 * it belongs to (`pointer`, an Ajv instance path) and its rank among that value's own problems.
 * Its text is worked out only when it is needed (a branch's problems mostly are not).
 */
interface Problem {
  /** The instance path of the value the problem is about. */
  pointer: string;
  /** Order among the problems of one value (type first, as upstream; combinators last). */
  rank: number;
  /** The error to reword, when the text has not been worked out yet. */
  error: ErrorObject | null;
  /** The text, once worked out. */
  text: string | null;
  /** Works the text out, for a combinator's problem whose text is left until needed. */
  build: (() => string) | null;
  /** For `unexpected parameter`: the key, which takes that key's place among the value's keys. */
  extraKey: string | null;
  /** When the only problem is the value's type: every type that would have done. */
  types: readonly string[] | null;
}

/** Upstream's order of one value's own problems: type, enum, range, length; then the rest. */
const RANK: Readonly<Record<string, number>> = {
  type: 0,
  enum: 1,
  const: 2,
  minimum: 3,
  maximum: 3,
  exclusiveMinimum: 3,
  exclusiveMaximum: 3,
  multipleOf: 4,
  minLength: 5,
  maxLength: 5,
  pattern: 6,
  format: 6,
  required: 7,
  minItems: 8,
  maxItems: 8,
};
const OTHER_RANK = 9;
const COMBINATOR_RANK = 10;

const COMBINATORS = new Set(["anyOf", "oneOf", "allOf", "not"]);
/** Schema steps followed by a name or index that lead into one child of the value. */
const NAMED_CHILD = new Set(["properties", "patternProperties", "prefixItems"]);
/** Schema steps followed by a name or index that stay on the same value. */
const NAMED_SAME = new Set(["anyOf", "oneOf", "allOf", "$defs", "definitions", "dependentSchemas", "dependencies"]);
/** Schema steps that lead into a child of the value, with no name after them. */
const SINGLE_CHILD = new Set(["additionalProperties", "additionalItems", "contains", "unevaluatedItems", "unevaluatedProperties"]);
const INDEX = /^\d+$/;

/** Where an error's schema path meets a combinator, worked out once per schema path. */
interface Route {
  /** Index of the first combinator keyword at or after the scope's start, or -1. */
  position: number;
  /** That combinator keyword. */
  keyword: string;
  /** How many levels of the value lie between the combinator and the error. */
  steps: number;
  /** The schema path up to the combinator, which names it. */
  site: string;
  /** The branch the error is in; `null` for the combinator's own error. */
  branch: string | null;
  /** True for a type error that is the branch's own `type` keyword. */
  typeOnly: boolean;
  /** True for an error of a keyword directly in the branch (not nested deeper in it). */
  leaf: boolean;
}

/** The segments of an Ajv schema path, after its `#`. */
function schemaSegments(schemaPath: string): string[] {
  const hash = schemaPath.indexOf("#");
  const fragment = hash < 0 ? schemaPath : schemaPath.slice(hash + 1);
  return fragment === "" || fragment === "/" ? [] : fragment.replace(/^\//, "").split("/");
}

/** The index of the first combinator keyword in `schema` at or after `from`, or -1. */
function firstCombinator(schema: readonly string[], from: number): number {
  let i = from;
  while (i < schema.length) {
    const step = schema[i] as string;
    if (COMBINATORS.has(step)) return i;
    if (NAMED_CHILD.has(step) || NAMED_SAME.has(step)) i += 2;
    else if (step === "items" && INDEX.test(schema[i + 1] ?? "")) i += 2;
    else i += 1;
  }
  return -1;
}

/** How many levels of the value the schema steps in `[from, end)` descend. */
function instanceSteps(schema: readonly string[], from: number, end: number): number {
  let n = 0;
  let i = from;
  while (i < end) {
    const step = schema[i] as string;
    if (NAMED_CHILD.has(step)) {
      n++;
      i += 2;
    } else if (step === "items") {
      n++;
      i += INDEX.test(schema[i + 1] ?? "") ? 2 : 1;
    } else if (SINGLE_CHILD.has(step)) {
      n++;
      i += 1;
    } else if (NAMED_SAME.has(step)) {
      i += 2;
    } else {
      i += 1;
    }
  }
  return n;
}

/** Per-call caches: for each scope start, the route of each schema path. */
type Routes = Map<string, Route>[];

function routeOf(error: ErrorObject, from: number, routes: Routes): Route {
  // The schema path alone decides the route: an error's path ends with its keyword, and a
  // `false` schema's path ends with a name or an index, never with a keyword.
  const byPath = (routes[from] ??= new Map());
  let route = byPath.get(error.schemaPath);
  if (route === undefined) {
    const schema = schemaSegments(error.schemaPath);
    const position = firstCombinator(schema, from);
    if (position < 0) {
      route = { position, keyword: "", steps: 0, site: "", branch: null, typeOnly: false, leaf: false };
    } else {
      const keyword = schema[position] as string;
      // The failing keyword is the last step and not navigation, except for a `false` schema.
      const end = error.keyword === "false schema" ? schema.length : schema.length - 1;
      const own = schema.length === position + 1 && error.keyword === keyword;
      const branch = own ? null : keyword === "not" ? "0" : (schema[position + 1] ?? "0");
      route = {
        position,
        keyword,
        steps: instanceSteps(schema, position, end),
        site: schema.slice(0, position + 1).join("/"),
        branch,
        typeOnly: branch !== null && keyword !== "not" && error.keyword === "type" && schema.length === position + 3,
        leaf: branch !== null && keyword !== "not" && error.keyword !== "false schema" && schema.length === position + 3,
      };
    }
    byPath.set(error.schemaPath, route);
  }
  return route;
}

/** The instance path without its last `steps` segments. */
function cutPointer(pointer: string, steps: number): string {
  if (steps === 0) return pointer;
  let end = pointer.length;
  for (let i = 0; i < steps && end > 0; i++) end = pointer.lastIndexOf("/", end - 1);
  return end <= 0 ? "" : pointer.slice(0, end);
}

/** The errors of one failed combinator at one value. */
interface Group {
  pointer: string;
  keyword: string;
  /** Index of the combinator keyword in its errors' schema paths. */
  position: number;
  /** The combinator's own error (`anyOf`, `oneOf`, `not`); `allOf` has none. */
  own: ErrorObject | null;
  /** The branch indexes met, in order, and the errors of each (a few branches: arrays beat a Map). */
  branchIds: string[];
  branches: ErrorObject[][];
  /** True while every branch error is the branch's own `type` keyword failing at this value. */
  typesOnly: boolean;
  /** True while each branch has one error, of a keyword directly in the branch, at this value. */
  leavesOnly: boolean;
}

function plainProblem(error: ErrorObject): Problem {
  const k = error.keyword;
  return {
    pointer: error.instancePath,
    rank: RANK[k] ?? OTHER_RANK,
    error,
    text: null,
    build: null,
    extraKey: k === "additionalProperties" ? String(error.params["additionalProperty"]) : null,
    types: k === "type" ? String(error.params["type"]).split(",") : null,
  };
}

/** The text of a problem, worked out on first need. */
function messageOf(problem: Problem, root: unknown): string {
  if (problem.text === null && problem.build !== null) problem.text = problem.build();
  if (problem.text === null) {
    const segments = pointerSegments(problem.pointer);
    const error = problem.error as ErrorObject;
    problem.text = reword(error, dottedPath(segments, segments.length, root), valueAtSegments(segments, segments.length, root));
  }
  return problem.text;
}

/**
 * The problems in `errors`, which share a scope whose schema steps start at `from`: each error
 * outside any combinator is one problem (a value with a type problem gets no other, as upstream),
 * and each failed combinator is one problem at its value, whatever its branches reported.
 */
function collectProblems(errors: readonly ErrorObject[], from: number, root: unknown, routes: Routes): Problem[] {
  const problems: Problem[] = [];
  let typeFailed: Set<string> | null = null;
  // Each finished group becomes its problem at once, so its bookkeeping dies young.
  const combined: Problem[] = [];
  let last: Group | null = null;
  let lastSite = "";
  for (const error of errors) {
    const route = routeOf(error, from, routes);
    if (route.position < 0) {
      if (error.keyword === "type") (typeFailed ??= new Set()).add(error.instancePath);
      problems.push(plainProblem(error));
      continue;
    }
    const pointer = cutPointer(error.instancePath, route.steps);
    // Ajv reports one combinator's errors together (its branches, then its own error), so a
    // group only needs comparing with the one before. Were one ever split, its two halves would
    // give two problems, never none.
    let group = last as Group | null;
    if (group === null || lastSite !== route.site || group.pointer !== pointer) {
      if (group !== null) combined.push(groupProblem(group, root, routes));
      group = { pointer, keyword: route.keyword, position: route.position, own: null, branchIds: [], branches: [], typesOnly: true, leavesOnly: true };
      last = group;
      lastSite = route.site;
    }
    if (route.branch === null) {
      group.own = error;
    } else {
      const index = group.branchIds.indexOf(route.branch);
      if (index < 0) {
        group.branchIds.push(route.branch);
        group.branches.push([error]);
      } else {
        (group.branches[index] as ErrorObject[]).push(error);
        group.typesOnly = false;
        group.leavesOnly = false;
      }
      if (!route.typeOnly || error.instancePath !== pointer) group.typesOnly = false;
      if (!route.leaf || error.instancePath !== pointer) group.leavesOnly = false;
    }
  }
  let kept = problems;
  if (typeFailed !== null) {
    const failed = typeFailed;
    kept = problems.filter((p) => {
      const k = (p.error as ErrorObject).keyword;
      return k === "type" || k === "required" || !failed.has(p.pointer);
    });
  }
  if (last !== null) combined.push(groupProblem(last, root, routes));
  for (const problem of combined) kept.push(problem);
  return kept;
}

function labelOf(pointer: string, root: unknown): string {
  const segments = pointerSegments(pointer);
  const path = dottedPath(segments, segments.length, root);
  return path === "" ? "parameter" : path;
}

/** `<label> should be A or B`, or `must be finite` for a non-finite number where a number would do. */
function typesMessage(label: string, types: readonly string[], value: unknown): string {
  if (isNonFiniteNumber(value) && (types.includes("number") || types.includes("integer"))) return `${label} must be finite`;
  return `${label} should be ${types.join(" or ")}`;
}

/** The wanted types when a branch's only problem is that the combinator's value has another type. */
function wrongTypeOnly(problems: readonly Problem[], pointer: string): readonly string[] | null {
  if (problems.length !== 1) return null;
  const only = problems[0] as Problem;
  return only.types !== null && only.pointer === pointer ? only.types : null;
}

function combinatorProblem(pointer: string, text: string, types: readonly string[] | null = null): Problem {
  return { pointer, rank: COMBINATOR_RANK, error: null, text, build: null, extraKey: null, types };
}

/**
 * One failed combinator as one problem at its value: `x should be integer or null` when every
 * branch wanted another type; the one branch's own problem when only one branch fits the value's
 * type and it has a single problem; otherwise `x must match at least one schema` (`anyOf`),
 * `exactly one schema` (`oneOf`), `all of its schemas (…)` (`allOf`) or `must not match` (`not`).
 */
function groupProblem(group: Group, root: unknown, routes: Routes): Problem {
  const { pointer } = group;
  if (group.keyword === "not") return combinatorProblem(pointer, `${labelOf(pointer, root)} must not match the schema in "not"`);
  const passing = group.own?.params["passingSchemas"];
  if (group.keyword === "oneOf" && passing !== null && passing !== undefined) {
    return combinatorProblem(pointer, `${labelOf(pointer, root)} must match exactly one schema`);
  }
  if (group.typesOnly && group.keyword !== "allOf" && group.branches.length > 0) {
    // The common case, said without working out each branch: every branch wanted another type.
    const types: string[] = [];
    for (const [error] of group.branches) {
      for (const t of String((error as ErrorObject).params["type"]).split(",")) if (!types.includes(t)) types.push(t);
    }
    const problem = combinatorProblem(pointer, "", types);
    problem.text = null;
    problem.build = () => {
      const segments = pointerSegments(pointer);
      const path = dottedPath(segments, segments.length, root);
      return typesMessage(path === "" ? "parameter" : path, types, valueAtSegments(segments, segments.length, root));
    };
    return problem;
  }
  if (group.leavesOnly && group.keyword !== "allOf") {
    // Also common: one branch fits the value's type and says what is wrong; the others want
    // another type. Said without working out each branch in full.
    let fitting: ErrorObject | null = null;
    let count = 0;
    for (const [error] of group.branches) {
      if ((error as ErrorObject).keyword !== "type") {
        fitting = error as ErrorObject;
        count++;
      }
    }
    if (count === 1 && fitting !== null) {
      const only = plainProblem(fitting);
      const problem = combinatorProblem(pointer, "");
      problem.text = null;
      problem.build = () => messageOf(only, root);
      return problem;
    }
  }
  const branches: Problem[][] = [];
  for (const list of group.branches) branches.push(collectProblems(list, group.position + 2, root, routes));
  if (group.keyword === "allOf") {
    const all = arrangeProblems(branches.flat(), root);
    const messages = uniqueMessages(all, root);
    const first = all[0];
    if (messages.length === 1 && first !== undefined) {
      return combinatorProblem(pointer, messages[0] as string, first.pointer === pointer ? first.types : null);
    }
    const listed = messages.length > 0 ? ` (${messages.join(", ")})` : "";
    return combinatorProblem(pointer, `${labelOf(pointer, root)} must match all of its schemas${listed}`);
  }
  const types: string[] = [];
  const fitting: Problem[][] = [];
  for (const branch of branches) {
    const wanted = wrongTypeOnly(branch, pointer);
    if (wanted === null) fitting.push(branch);
    else for (const t of wanted) if (!types.includes(t)) types.push(t);
  }
  if (branches.length > 0 && fitting.length === 0) {
    const label = labelOf(pointer, root);
    const segments = pointerSegments(pointer);
    return combinatorProblem(pointer, typesMessage(label, types, valueAtSegments(segments, segments.length, root)), types);
  }
  const messages = fitting.length === 1 ? uniqueMessages(arrangeProblems(fitting[0] as Problem[], root), root) : [];
  if (messages.length === 1) return combinatorProblem(pointer, messages[0] as string);
  const wanted = group.keyword === "oneOf" ? "exactly one schema" : "at least one schema";
  return combinatorProblem(pointer, `${labelOf(pointer, root)} must match ${wanted}`);
}

function uniqueMessages(problems: readonly Problem[], root: unknown): string[] {
  const seen = new Set<string>();
  for (const p of problems) seen.add(messageOf(p, root));
  return [...seen];
}

/**
 * Puts problems in upstream's order: at each value its own problems (type, enum, range, length,
 * then missing required keys in `required` order), then, key by key in the value's own order,
 * each key's `unexpected parameter` or its nested problems; array items by index. A stable sort,
 * which costs one comparison per problem when Ajv's order is already right (as it is for items).
 */
function arrangeProblems(problems: Problem[], root: unknown): Problem[] {
  if (problems.length <= 1) return problems;
  const paths = new Map<Problem, string[]>();
  const pathOf = (p: Problem): string[] => {
    let path = paths.get(p);
    if (path === undefined) {
      path = pointerSegments(p.pointer);
      paths.set(p, path);
    }
    return path;
  };
  const keyIndexes = new Map<object, Map<string, number>>();
  const position = (value: unknown, segment: string): number => {
    if (Array.isArray(value)) return Number(segment);
    if (value === null || typeof value !== "object") return Number.MAX_SAFE_INTEGER;
    let index = keyIndexes.get(value);
    if (index === undefined) {
      index = new Map();
      for (const key of Object.keys(value)) index.set(key, index.size);
      keyIndexes.set(value, index);
    }
    return index.get(segment) ?? Number.MAX_SAFE_INTEGER;
  };
  return problems.sort((a, b) => {
    const pa = pathOf(a);
    const pb = pathOf(b);
    // An unexpected key sits where that key sits among the value's keys.
    const la = pa.length + (a.extraKey === null ? 0 : 1);
    const lb = pb.length + (b.extraKey === null ? 0 : 1);
    let value: unknown = root;
    for (let i = 0; ; i++) {
      if (i === la || i === lb) {
        if (la === lb) return a.extraKey === null && b.extraKey === null ? a.rank - b.rank : 0;
        // One ends here: a value's own problems (and an unexpected key) come before what is inside.
        return i === la ? -1 : 1;
      }
      const sa = i < pa.length ? (pa[i] as string) : (a.extraKey as string);
      const sb = i < pb.length ? (pb[i] as string) : (b.extraKey as string);
      if (sa !== sb) return position(value, sa) - position(value, sb);
      value = ownValue(value, sa);
    }
  });
}

/**
 * Rewords Ajv's errors for `root` into the problems the model reads, in upstream's order: at each
 * object level its missing required keys first (in `required` order), then each key of the value
 * in the value's own order, recursing. One type problem per value (its other problems dropped,
 * as upstream); a failed `anyOf`/`oneOf`/`allOf`/`not` is one problem at its value, never
 * dropped; duplicates removed; at most {@link MAX_REPORTED_PROBLEMS} listed. The list is empty
 * only when `errors` is. Linear in the number of errors.
 */
export function formatAjvErrors(errors: readonly ErrorObject[], root: unknown): string[] {
  if (errors.length === 0) return [];
  const problems = arrangeProblems(collectProblems(errors, 0, root, []), root);
  // Texts are worked out for the problems shown, and where one value has several problems (to
  // drop repeats); the others are only counted.
  const shown: string[] = [];
  let more = 0;
  const take = (message: string): void => {
    if (shown.includes(message)) return;
    if (shown.length < MAX_REPORTED_PROBLEMS) shown.push(message);
    else more++;
  };
  for (let i = 0; i < problems.length; ) {
    const first = problems[i] as Problem;
    let end = i + 1;
    while (end < problems.length && (problems[end] as Problem).pointer === first.pointer) end++;
    if (end - i === 1 && shown.length >= MAX_REPORTED_PROBLEMS) more++;
    else for (const message of uniqueMessages(problems.slice(i, end), root)) take(message);
    i = end;
  }
  // Never reached while every error maps to a problem; but an invalid value is never reported valid.
  if (shown.length === 0) shown.push(UNSPECIFIED_PROBLEM);
  if (more > 0) shown.push(`and ${more} more problems`);
  return shown;
}

/** Said when Ajv refuses a value without giving any error (never expected). */
const UNSPECIFIED_PROBLEM = "parameters do not match the schema";

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
    if (errors === null) return [];
    const problems = formatAjvErrors(errors, value);
    // Ajv said no: the call must not run, even if it gave no reason.
    return problems.length > 0 ? problems : [UNSPECIFIED_PROBLEM];
  };
}
