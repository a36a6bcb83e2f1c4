/**
 * Ajv's errors gathered into problems: each error outside any combinator is one problem, and each
 * failed combinator is one problem at its value, said as plainly as its branches allow
 * (`x should be integer or null`, the one fitting branch's own problem, or `x must match exactly
 * one schema`).
 *
 * @module
 */
import type { ErrorObject } from "ajv";
import { cutPointer, routeOf, type Routes } from "./combinator-route.js";
import { dottedPath, pointerSegments, valueAtSegments } from "./instance-path.js";
import { combinatorProblem, messageOf, plainProblem, uniqueMessages, type Problem } from "./problem.js";
import { arrangeProblems } from "./problem-order.js";
import { labelOf, typesMessage } from "./problem-text.js";

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

/**
 * The problems in `errors`, which share a scope whose schema steps start at `from`: each error
 * outside any combinator is one problem (a value with a type problem gets no other, as upstream),
 * and each failed combinator is one problem at its value, whatever its branches reported.
 */
export function collectProblems(errors: readonly ErrorObject[], from: number, root: unknown, routes: Routes): Problem[] {
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
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it TypeScript narrows `last` to null here, not seeing the loop set it
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

/** The wanted types when a branch's only problem is that the combinator's value has another type. */
function wrongTypeOnly(problems: readonly Problem[], pointer: string): readonly string[] | null {
  if (problems.length !== 1) return null;
  const only = problems[0] as Problem;
  return only.types !== null && only.pointer === pointer ? only.types : null;
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
  const passing: unknown = group.own?.params["passingSchemas"];
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
