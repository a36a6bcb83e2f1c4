/**
 * Ajv's errors reworded into the problems the model reads (lesson 5, step "validate"): short,
 * path-first sentences such as `missing required meta.tag`, `meta.flags[0] should be string` or
 * `seconds should be integer or null`, in upstream's order, repeats dropped, the count capped.
 *
 * @module
 */
import type { ErrorObject } from "ajv";
import { collectProblems } from "./collect-problems.js";
import { messageOf, uniqueMessages, type Problem } from "./problem.js";
import { arrangeProblems } from "./problem-order.js";

/** Most problems listed in one message; the rest are counted. */
export const MAX_REPORTED_PROBLEMS = 20;

/**
 * Rewords Ajv's errors for `root` into the problems the model reads, in upstream's order: at each
 * object level its missing required keys first (in `required` order), then each key of the value
 * in the value's own order, recursing. One type problem per value (its other problems dropped,
 * as upstream); a failed `anyOf`/`oneOf`/`allOf`/`not` is one problem at its value, never
 * dropped; duplicates removed; at most {@link MAX_REPORTED_PROBLEMS} listed. The list is empty
 * only when `errors` is. Linear in the characters of the errors' paths (a sort aside, which is
 * linear when Ajv's order is already right); the validator keeps those within `PROBLEM_BUDGET`
 * (`../problem-budget.js`).
 */
export function formatAjvErrors(errors: readonly ErrorObject[], root: unknown): string[] {
  if (errors.length === 0) return [];
  const problems = arrangeProblems(collectProblems(errors, 0, root, []), root);
  // One problem, the usual refusal (`missing required query`): its text alone.
  if (problems.length === 1) return [messageOf(problems[0] as Problem, root)];
  // Texts are worked out for the problems shown, and where one value has several problems (to
  // drop repeats); the others are only counted.
  const shown: string[] = [];
  let more = 0;
  for (let i = 0; i < problems.length;) {
    const first = problems[i] as Problem;
    let end = i + 1;
    while (end < problems.length && (problems[end] as Problem).pointer === first.pointer) end++;
    if (end - i === 1 && shown.length >= MAX_REPORTED_PROBLEMS) more++;
    else {
      for (const message of uniqueMessages(problems.slice(i, end), root)) {
        if (shown.includes(message)) continue;
        if (shown.length < MAX_REPORTED_PROBLEMS) shown.push(message);
        else more++;
      }
    }
    i = end;
  }
  // Never reached while every error maps to a problem; but an invalid value is never reported valid.
  if (shown.length === 0) shown.push(UNSPECIFIED_PROBLEM);
  if (more > 0) shown.push(`and ${more} more problems`);
  return shown;
}

/** Said when Ajv refuses a value without giving any error (never expected). */
export const UNSPECIFIED_PROBLEM = "parameters do not match the schema";
