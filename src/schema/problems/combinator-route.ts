/**
 * How an Ajv error sits relative to the combinators (`anyOf`, `oneOf`, `allOf`, `not`) on its
 * schema path: which combinator it belongs to, which branch, and how many levels of the value lie
 * between that combinator and the error. The rewording groups errors by it.
 *
 * @module
 */
import type { ErrorObject } from "ajv";

/** The keywords whose failure is one problem at their value, whatever their branches say. */
const COMBINATORS = new Set(["anyOf", "oneOf", "allOf", "not"]);
/** Schema steps followed by a name or index that lead into one child of the value. */
const NAMED_CHILD = new Set(["properties", "patternProperties", "prefixItems"]);
/** Schema steps followed by a name or index that stay on the same value. */
const NAMED_SAME = new Set(["anyOf", "oneOf", "allOf", "$defs", "definitions", "dependentSchemas", "dependencies"]);
/** Schema steps that lead into a child of the value, with no name after them. */
const SINGLE_CHILD = new Set(["additionalProperties", "additionalItems", "contains", "unevaluatedItems", "unevaluatedProperties"]);
const INDEX = /^\d+$/;

/** Where an error's schema path meets a combinator, worked out once per schema path. */
export interface Route {
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

/** The route of an error whose schema path holds no combinator: shared, never changed. */
const NO_COMBINATOR: Route = Object.freeze({ position: -1, keyword: "", steps: 0, site: "", branch: null, typeOnly: false, leaf: false });

/**
 * False when `schemaPath` certainly holds no combinator step (most errors, in most schemas): then
 * no route needs working out. True may be wrong (a property named `anyOf`); the full reading decides.
 */
function mayHoldCombinator(schemaPath: string): boolean {
  return schemaPath.includes("Of/") || schemaPath.endsWith("Of") || schemaPath.includes("/not");
}

/** Per-call caches: for each scope start, the route of each schema path. */
export type Routes = Map<string, Route>[];

/**
 * Where `error` meets the first combinator at or after schema step `from`, worked out once per
 * schema path and kept in `routes`.
 */
export function routeOf(error: ErrorObject, from: number, routes: Routes): Route {
  // The schema path alone decides the route: an error's path ends with its keyword, and a
  // `false` schema's path ends with a name or an index, never with a keyword. A path met before
  // is answered from the cache, before any reading of it.
  const known = routes[from]?.get(error.schemaPath);
  if (known !== undefined) return known;
  if (!mayHoldCombinator(error.schemaPath)) return NO_COMBINATOR;
  const schema = schemaSegments(error.schemaPath);
  const position = firstCombinator(schema, from);
  let route: Route;
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
  (routes[from] ??= new Map()).set(error.schemaPath, route);
  return route;
}

/** The instance path without its last `steps` segments. */
export function cutPointer(pointer: string, steps: number): string {
  if (steps === 0) return pointer;
  let end = pointer.length;
  for (let i = 0; i < steps && end > 0; i++) end = pointer.lastIndexOf("/", end - 1);
  return end <= 0 ? "" : pointer.slice(0, end);
}
