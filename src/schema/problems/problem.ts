/**
 * One problem the model will read about invalid arguments, as the rewording works with it: where
 * it is, how it ranks among the problems of its value, and its text, worked out on first need.
 *
 * @module
 */
import type { ErrorObject } from "ajv";
import { dottedPath, pointerSegments, valueAtSegments } from "./instance-path.js";
import { rewordError, typesMessage } from "./problem-text.js";

/**
 * One problem the model will read, with what is needed to put it in upstream's order: the value
 * it belongs to (`pointer`, an Ajv instance path) and its rank among that value's own problems.
 * Its text is worked out only when it is needed (a branch's problems mostly are not).
 */
export interface Problem {
  /** The instance path of the value the problem is about. */
  pointer: string;
  /** Order among the problems of one value (type first, as upstream; combinators last). */
  rank: number;
  /**
   * The error to reword at `pointer`, when the text has not been worked out yet. A failed
   * combinator said by its one fitting branch carries that branch's error (at the same value).
   */
  error: ErrorObject | null;
  /**
   * The text, once worked out. Until then `null`: the text comes from `error`, or, without one,
   * from `types` (`x should be integer or null`).
   */
  text: string | null;
  /** The decoded segments of `pointer`, once needed (to order the problems, or to word one). */
  segments: string[] | null;
  /** For `unexpected parameter`: the key, which takes that key's place among the value's keys. */
  extraKey: string | null;
  /** When the only problem is the value's type: every type that would have done. */
  types: readonly string[] | null;
}

/**
 * Upstream's order of one value's own problems: type, enum, the lower then the upper limit, the
 * shortest then the longest length, missing keys, the fewest then the most items; then the rest.
 */
const RANK: Readonly<Record<string, number>> = {
  type: 0,
  enum: 1,
  const: 2,
  minimum: 3,
  exclusiveMinimum: 3,
  maximum: 4,
  exclusiveMaximum: 4,
  multipleOf: 5,
  minLength: 6,
  maxLength: 7,
  pattern: 8,
  format: 8,
  required: 9,
  minItems: 10,
  maxItems: 11,
};
/** The rank of a keyword not in `RANK`. */
const OTHER_RANK = 12;
/** The rank of a failed combinator: after every other problem of its value. */
const COMBINATOR_RANK = 13;

/** The problem of one Ajv error outside any combinator; its text is worked out when needed. */
export function plainProblem(error: ErrorObject): Problem {
  const k = error.keyword;
  return {
    pointer: error.instancePath,
    rank: RANK[k] ?? OTHER_RANK,
    error,
    text: null,
    segments: null,
    extraKey: k === "additionalProperties" ? String(error.params["additionalProperty"]) : null,
    types: k === "type" ? String(error.params["type"]).split(",") : null,
  };
}

/** The decoded segments of a problem's pointer, worked out once. */
export function segmentsOf(problem: Problem): string[] {
  return (problem.segments ??= pointerSegments(problem.pointer));
}

/** The text of a problem, worked out on first need. */
export function messageOf(problem: Problem, root: unknown): string {
  if (problem.text === null) {
    const segments = segmentsOf(problem);
    const path = dottedPath(segments, segments.length, root);
    const value = valueAtSegments(segments, segments.length, root);
    problem.text = problem.error !== null ? rewordError(problem.error, path, value) : typesMessage(path === "" ? "parameter" : path, problem.types ?? [], value);
  }
  return problem.text;
}

/** The one problem of a failed combinator at its value, with its text. */
export function combinatorProblem(pointer: string, text: string, types: readonly string[] | null = null): Problem {
  return { pointer, rank: COMBINATOR_RANK, error: null, text, segments: null, extraKey: null, types };
}

/**
 * The one problem of a failed combinator whose text is worked out on first need: from `error`, the
 * one fitting branch's own error at the same value, or, without one, from `types`, every type
 * that would have done.
 */
export function lateCombinatorProblem(pointer: string, error: ErrorObject | null, types: readonly string[] | null): Problem {
  return { pointer, rank: COMBINATOR_RANK, error, text: null, segments: null, extraKey: null, types };
}

/** The texts of `problems`, each once, in order. */
export function uniqueMessages(problems: readonly Problem[], root: unknown): string[] {
  const seen = new Set<string>();
  for (const p of problems) seen.add(messageOf(p, root));
  return [...seen];
}
