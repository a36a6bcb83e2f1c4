/**
 * The budget for listing every problem of refused arguments. Each of Ajv's errors carries the
 * whole path of its value (`/head/next/next/…/name`), so arguments nested `d` levels deep with a
 * problem at every level hand over `d` paths of up to `d` steps each: work and text growing with
 * the square of the depth, and likewise with a long key above many problems. Listing stays
 * linear: Ajv gathers every error only for arguments nested at most {@link PROBLEM_BUDGET}
 * `.maxDepth` levels (deeper ones stop at the first problem), and the rewording reads every path
 * only while their length together stays within the budget (otherwise it lists the first errors
 * Ajv found, as many as the budget allows). Either way the call is refused: the budget limits
 * what is listed, never the verdict.
 *
 * @module
 */
import type { ErrorObject } from "ajv";
import { routeOf, type Routes } from "./problems/combinator-route.js";
import { validationWork } from "./validation-work.js";

/** The limits on listing every problem of one call. */
interface ProblemBudget {
  /** Deepest nesting of the arguments (objects and arrays) for which every problem is gathered. */
  readonly maxDepth: number;
  /** Characters of Ajv's instance paths the rewording reads, whatever the number of errors. */
  readonly basePathCharacters: number;
  /** Characters more it reads for each error. */
  readonly pathCharactersPerError: number;
}

/** The budget every refused call is listed within. */
export const PROBLEM_BUDGET: ProblemBudget = Object.freeze({
  maxDepth: 64,
  basePathCharacters: 65_536,
  pathCharactersPerError: 256,
});

/** Ends the list when arguments nested too deeply were checked only up to their first problem. */
export const DEEP_ARGUMENTS_NOTE = `and perhaps more problems: the parameters nest deeper than ${PROBLEM_BUDGET.maxDepth} levels, so the check stopped at the first one`;

/** Ends the list when the problems' paths were too long to read them all. */
export const LONG_PATHS_NOTE = "and perhaps more problems: their paths are too long to list them all, so only the first ones found are listed";

/**
 * True when `value` holds objects or arrays nested deeper than `limit` levels (the value itself is
 * level 1). Walks without recursion and stops at the first value past the limit; a value that
 * contains itself is found too, as its depth grows past any limit.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== "object") return false;
  const stack: object[] = [value];
  const depths: number[] = [1];
  let walked = 0;
  try {
    while (stack.length > 0) {
      const node = stack.pop() as object;
      const depth = depths.pop() as number;
      if (depth > limit) return true;
      const children: unknown[] = Object.values(node);
      walked += children.length;
      for (const child of children) {
        if (child === null || typeof child !== "object") continue;
        stack.push(child);
        depths.push(depth + 1);
      }
    }
    return false;
  } finally {
    validationWork.depthWalkValues += walked;
  }
}

/** How many characters of paths the rewording may read for `count` errors. */
function pathAllowance(count: number, budget: ProblemBudget): number {
  return budget.basePathCharacters + budget.pathCharactersPerError * count;
}

/**
 * True when the rewording may read every path of `errors`: their characters together are within
 * the base allowance plus the allowance per error. Reads only each path's length, never its text.
 */
function withinPathBudget(errors: readonly ErrorObject[], budget: ProblemBudget = PROBLEM_BUDGET): boolean {
  let characters = 0;
  for (const error of errors) characters += error.instancePath.length;
  validationWork.problemErrors += errors.length;
  return characters <= pathAllowance(errors.length, budget);
}

/**
 * The errors Ajv found first, whose paths together fit the allowance for all of `errors` (the
 * first one always does), keeping only those that are a whole problem by themselves: an error
 * outside any `anyOf`/`oneOf`/`allOf`/`not`, or a failed one's own error (`x must match at least
 * one schema`). A branch's errors are left out, as the rest of their combinator may lie past the
 * cut, and a part of it could say something the whole does not. Reads each path's length, and the
 * schema path of the errors it reaches.
 */
function firstErrorsWithinBudget(errors: readonly ErrorObject[], budget: ProblemBudget = PROBLEM_BUDGET): ErrorObject[] {
  const allowed = pathAllowance(errors.length, budget);
  const routes: Routes = [];
  const kept: ErrorObject[] = [];
  let characters = 0;
  for (const error of errors) {
    characters += error.instancePath.length;
    if (characters > allowed && kept.length > 0) break;
    const route = routeOf(error, 0, routes);
    if (route.position < 0 || route.branch === null) kept.push(error);
  }
  return kept;
}

/**
 * The errors the rewording may read, counted in `validationWork`: all of `errors` when their paths
 * fit the budget (`complete`), otherwise the first ones found that fit (see
 * {@link firstErrorsWithinBudget}).
 */
export function errorsToList(errors: readonly ErrorObject[], budget: ProblemBudget = PROBLEM_BUDGET): { errors: readonly ErrorObject[]; complete: boolean } {
  const complete = withinPathBudget(errors, budget);
  const listed = complete ? errors : firstErrorsWithinBudget(errors, budget);
  let characters = 0;
  for (const error of listed) characters += error.instancePath.length;
  validationWork.problemPathCharacters += characters;
  return { errors: listed, complete };
}
