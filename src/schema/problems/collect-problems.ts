/**
 * Ajv's errors gathered into problems: each error outside any combinator is one problem, and each
 * failed combinator is one problem at its value, said as plainly as its branches allow
 * (`x should be integer or null`, the one fitting branch's own problem, or `x must match exactly
 * one schema`).
 *
 * @module
 */
import type { ErrorObject } from "ajv";
import { cutPointer, routeOf, type Route, type Routes } from "./combinator-route.js";
import { pointerSegments, valueAtSegments } from "./instance-path.js";
import { combinatorProblem, lateCombinatorProblem, plainProblem, uniqueMessages, type Problem } from "./problem.js";
import { arrangeProblems } from "./problem-order.js";
import { labelOf, typesMessage } from "./problem-text.js";

/**
 * The errors of one failed combinator at one value, while they are being read. One record serves
 * every group of a list in turn: a group becomes its problem as soon as it ends.
 */
interface Group {
  pointer: string;
  keyword: string;
  /** Index of the combinator keyword in its errors' schema paths. */
  position: number;
  /** The combinator's own error (`anyOf`, `oneOf`, `not`); `allOf` has none. */
  own: ErrorObject | null;
  /**
   * The branch indexes met, in order, and the first error of each (a few branches: arrays beat a
   * Map). Only the first `branches` entries belong to this group: the arrays are kept for the next.
   */
  branchIds: string[];
  firsts: ErrorObject[];
  branches: number;
  /** Where the group's errors lie in the list: from `start` to just before `end`. */
  start: number;
  end: number;
  /** True while every branch error is the branch's own `type` keyword failing at this value. */
  typesOnly: boolean;
  /** True while each branch has one error, of a keyword directly in the branch, at this value. */
  leavesOnly: boolean;
}

/** Starts `group` afresh at error `start`, for the combinator of `route` at `pointer`. */
function openGroup(group: Group, route: Route, pointer: string, start: number): void {
  group.pointer = pointer;
  group.keyword = route.keyword;
  group.position = route.position;
  group.own = null;
  group.branches = 0;
  group.start = start;
  group.typesOnly = true;
  group.leavesOnly = true;
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
  const group: Group = { pointer: "", keyword: "", position: -1, own: null, branchIds: [], firsts: [], branches: 0, start: 0, end: 0, typesOnly: true, leavesOnly: true };
  let open = false;
  let lastSite = "";
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i] as ErrorObject;
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
    if (!open || lastSite !== route.site || group.pointer !== pointer) {
      if (open) combined.push(groupProblem(group, errors, from, root, routes));
      openGroup(group, route, pointer, i);
      open = true;
      lastSite = route.site;
    }
    group.end = i + 1;
    if (route.branch === null) {
      group.own = error;
    } else {
      if (branchIndex(group, route.branch) >= 0) {
        group.typesOnly = false;
        group.leavesOnly = false;
      } else {
        group.branchIds[group.branches] = route.branch;
        group.firsts[group.branches] = error;
        group.branches++;
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
  if (open) combined.push(groupProblem(group, errors, from, root, routes));
  // A long refused list is all combinators' problems: it is returned as it is, not copied.
  if (kept.length === 0) return combined;
  for (const problem of combined) kept.push(problem);
  return kept;
}

/** Where `branch` is among the group's branches, or -1. */
function branchIndex(group: Group, branch: string): number {
  for (let i = 0; i < group.branches; i++) if (group.branchIds[i] === branch) return i;
  return -1;
}

/**
 * The errors of each branch of `group`, in the order of `branchIds`. Every error in the group's
 * stretch of the list that meets a combinator belongs to the group: another would have ended it.
 */
function branchErrors(group: Group, errors: readonly ErrorObject[], from: number, routes: Routes): ErrorObject[][] {
  const branches: ErrorObject[][] = [];
  for (let b = 0; b < group.branches; b++) branches.push([]);
  for (let i = group.start; i < group.end; i++) {
    const error = errors[i] as ErrorObject;
    const route = routeOf(error, from, routes);
    if (route.position < 0 || route.branch === null) continue;
    branches[branchIndex(group, route.branch)]?.push(error);
  }
  return branches;
}

/** Adds each type of a failed `type` keyword (`"integer"`, or `"integer,null"` for a list) to `types`, once. */
function addWantedTypes(types: string[], error: ErrorObject): void {
  const wanted = String(error.params["type"]);
  if (!wanted.includes(",")) {
    if (!types.includes(wanted)) types.push(wanted);
    return;
  }
  for (const t of wanted.split(",")) if (!types.includes(t)) types.push(t);
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
function groupProblem(group: Group, errors: readonly ErrorObject[], from: number, root: unknown, routes: Routes): Problem {
  const { pointer } = group;
  if (group.keyword === "not") return combinatorProblem(pointer, `${labelOf(pointer, root)} must not match the schema in "not"`);
  const passing: unknown = group.own?.params["passingSchemas"];
  if (group.keyword === "oneOf" && passing !== null && passing !== undefined) {
    return combinatorProblem(pointer, `${labelOf(pointer, root)} must match exactly one schema`);
  }
  const { firsts, branches: count } = group;
  if (group.typesOnly && group.keyword !== "allOf" && count > 0) {
    // The common case, said without working out each branch: every branch wanted another type.
    const types: string[] = [];
    for (let b = 0; b < count; b++) addWantedTypes(types, firsts[b] as ErrorObject);
    return lateCombinatorProblem(pointer, null, types);
  }
  if (group.leavesOnly && group.keyword !== "allOf") {
    // Also common: one branch fits the value's type and says what is wrong; the others want
    // another type. Said without working out each branch in full.
    let fitting: ErrorObject | null = null;
    let fits = 0;
    for (let b = 0; b < count; b++) {
      const error = firsts[b] as ErrorObject;
      if (error.keyword !== "type") {
        fitting = error;
        fits++;
      }
    }
    if (fits === 1 && fitting !== null) return lateCombinatorProblem(pointer, fitting, null);
  }
  const branches: Problem[][] = [];
  for (const list of branchErrors(group, errors, from, routes)) branches.push(collectProblems(list, group.position + 2, root, routes));
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
