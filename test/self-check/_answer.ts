/**
 * Checks for the self-check answers in `exercises/self-check/`: a field still `null` gets a message
 * that says what to write, and a wrong reason gets a rebuttal instead of the right letter.
 */
import { expect } from "vitest";

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
