/**
 * Examples for the promise and signal utilities the runner uses (`src/util/async.ts`), internals imported
 * from their module. The reference shows each region; `tsc` checks this file and
 * `test/docs/examples.test.ts` runs every function it exports.
 */
import { deadlineSignal, raceSignal, runPool } from "../../src/util/async.js";

/** A promise that never settles, given up when its signal aborts. */
export async function raceAgainstSignal(): Promise<void> {
  try {
    // #region race-signal
    const controller = new AbortController();
    const pending = raceSignal(new Promise(() => {}), controller.signal);
    controller.abort(new Error("stop"));
    await pending; // rejects with Error: stop
    // #endregion race-signal
  } catch (error) {
    if (error instanceof Error && error.message === "stop") return;
    throw error;
  }
  throw new Error("raceSignal did not reject");
}

/** Four jobs, two at a time, results in input order. */
export async function pool(): Promise<void> {
  // #region run-pool
  await runPool([1, 2, 3, 4], 2, async (n) => n * 10); // [10, 20, 30, 40], two at a time
  // #endregion run-pool
}

/** A call's own signal, from the run's signal and a time limit; the time runs out first. */
export async function callDeadline(): Promise<void> {
  // #region deadline-signal
  const run = new AbortController();
  const deadline = deadlineSignal(run.signal, 20); // AbortSignal.any([run.signal, AbortSignal.timeout(20)])
  try {
    await raceSignal(new Promise(() => {}), deadline.signal); // a tool that never settles
  } catch {
    deadline.timedOut(); // true: the time ran out before the run was aborted
  } finally {
    deadline.release(); // lets the process exit
  }
  // #endregion deadline-signal
  if (!deadline.timedOut()) throw new Error("the deadline did not time out");
}
