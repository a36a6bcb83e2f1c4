/**
 * How a referenced schema's errors join the errors gathered so far. Ajv compiles a `$ref` that it
 * does not inline (one that refers to itself, or reaches further `$ref`s) into a call of another
 * function, and merges that function's errors with `vErrors.concat(…)`: a new array holding
 * every error gathered so far. An array of 10,000 items checked through such a `$ref`, each with
 * a problem, then copied the growing list 10,000 times (about 50 million copies); 80,000 items
 * took minutes. The compiled code is rewritten here so that the errors are appended in place:
 * each error is copied once per call that hands it on, never again for each later item.
 *
 * An error still travels up through each call it was found under, so a value nested `d` calls
 * deep costs `d` steps per error: the validator bounds that depth (`PROBLEM_BUDGET.maxDepth`).
 *
 * @module
 */

/** Ajv's merge of a called function's errors, as its code generator writes it (Ajv 8). */
const CONCAT_MERGE = /vErrors = vErrors === null \? ([\w$.]+)\.errors : vErrors\.concat\(\1\.errors\);/g;

/**
 * `code` (the source of one function Ajv compiled) with each merge of a called function's errors
 * rewritten to append them in place. The result is the same list of errors in the same order.
 */
export function appendRefErrorsInPlace(code: string): string {
  return code.replace(CONCAT_MERGE, "if (vErrors === null) vErrors = $1.errors; else for (const refError of $1.errors) vErrors.push(refError);");
}
