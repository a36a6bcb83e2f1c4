/**
 * Checks for the self-check answers in `exercises/self-check/`: a field still `null` gets a message
 * that says what to write, a wrong prediction is named with a hint but never with the real value,
 * and a wrong reason gets a rebuttal instead of the right letter. Test titles name the question a
 * part asks (from the catalog), never its answer.
 */
import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";
import { SELF_CHECKS, type SelfCheck } from "../../exercises/_cli/catalog.js";

/** The catalog entry of question `n`. */
export function question(n: number): SelfCheck {
  const check = SELF_CHECKS.find((c) => c.number === n);
  if (check === undefined) throw new Error(`no self-check question ${n}`);
  return check;
}

/** A part's test title: its letter and what it asks, e.g. `a) Does a registry filled by hand … ?`. */
export function partTitle(check: SelfCheck, letter: string): string {
  const part = check.parts.find((p) => p.letter === letter);
  if (part === undefined) throw new Error(`question ${check.number} has no part ${letter}`);
  return `${part.letter}) ${part.ask}`;
}

/** Fails with a pointer to the field when the learner has not answered it yet. */
export function answered<T>(value: T | null, where: string): T {
  expect(value, `${where} is still null: replace it with your answer`).not.toBeNull();
  return value as T;
}

/** Checks a chosen reason; a wrong one fails with why it does not hold, without naming the right one. */
export function expectReason<R extends string>(chosen: R | null, where: string, right: R, rebuttals: Record<Exclude<R, typeof right>, string>): void {
  const pick = answered(chosen, where);
  if (pick === right) return;
  const why = (rebuttals as Record<string, string>)[pick] ?? `"${String(pick)}" is not one of the listed reasons`;
  expect.fail(`${where}: "${String(pick)}" does not hold: ${why}`);
}

/**
 * A wrong prediction: its message names the part and gives a hint, and carries no expected or
 * actual value, so no diff (which would show the real value) is printed under it.
 */
export class WrongPrediction extends Error {
  override readonly name = "WrongPrediction";
}

/**
 * Checks part `letter` of question `check`: the learner's prediction must be exactly what the real
 * code gave, compared strictly (`-0` is not `0`, a key holding `undefined` is not a missing key,
 * `[2, 1]` is not `["2", "1"]`; the order of an object's keys is free). A wrong one fails with the part, the field and `hint`; the real
 * value is shown only by `npm run exercise qN -- --solution`, which asks first.
 */
export function expectPrediction(check: SelfCheck, letter: string, predicted: unknown, real: unknown, hint: string): void {
  const part = check.parts.find((p) => p.letter === letter);
  if (part === undefined) throw new Error(`question ${check.number} has no part ${letter}`);
  const where = `exercises/self-check/${check.file} ${letter}) ${part.field}`;
  const prediction = answered(predicted, where);
  if (isDeepStrictEqual(prediction, real)) return;
  throw new WrongPrediction(
    [
      `${where}: this prediction is not what the real code does.`,
      `Hint: ${hint}`,
      `The real value is not shown here: work it out from the src/ files the question names, or see the worked answer with npm run exercise q${check.number} -- --solution (it asks first).`,
    ].join("\n"),
  );
}
