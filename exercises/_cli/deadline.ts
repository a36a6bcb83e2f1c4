/**
 * How long a test file may be stuck in the learner CLI (`exercise`, `--watch`, `progress`, `grade`),
 * no file or test of the run moving on, before it is stopped: a `while` whose index never moves, a loop at import time or an `await`
 * that never settles would otherwise hold the command for ever, silently. A spinning worker thread
 * never runs its own timers, so the deadline is kept by the main thread, which ends the worker.
 *
 * It is generous, for a busy machine: a test file of the workbook takes about a second. The
 * variable `WORKBOOK_DEADLINE_SECONDS` sets another (the tests use a short one).
 *
 * @module
 */

/** Seconds a test file may be stuck before it is stopped, unless `WORKBOOK_DEADLINE_SECONDS` says otherwise. */
export const DEADLINE_SECONDS = 30;

/** The deadline in seconds: `WORKBOOK_DEADLINE_SECONDS` when it is a positive number, else {@link DEADLINE_SECONDS}. */
export function deadlineSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env["WORKBOOK_DEADLINE_SECONDS"]);
  return Number.isFinite(given) && given > 0 ? given : DEADLINE_SECONDS;
}

/** What the learner reads when a test file was stopped: the file, the deadline, and the likely causes. */
export function stuckMessage(file: string, seconds: number): string {
  return `${file} did not finish in ${seconds} s — an endless loop or an \`await\` that never settles?`;
}
