/**
 * Examples for the promise and signal utilities the runner uses (`src/util/async.ts`), internals imported
 * from their module. The reference shows each region; `tsc` checks this file and
 * `test/docs/examples.test.ts` runs every function it exports.
 */
import { raceSignal, runPool, sleep, StopGroup } from "../../src/util/async.js";

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

/** Two calls under one group: the run's signal and a 20 ms limit each; the first never settles. */
export async function stopGroup(): Promise<void> {
  // #region stop-group
  const run = new AbortController();
  const stops = new StopGroup(run.signal, 20); // one listener on run.signal, one timer, for every call
  try {
    const [hung, quick] = await Promise.all([
      stops.race(() => new Promise<string>(() => {}), "timed out", "aborted"), // a tool that never settles
      stops.race(async (signal) => (signal.aborted ? "aborted" : "done"), "timed out", "aborted"),
    ]);
    console.log(hung, quick); // timed out done
  } finally {
    stops.release(); // removes the listener and the timer
  }
  // #endregion stop-group
}

/** A wait that an abort cuts short. */
export async function sleepUntilAborted(): Promise<void> {
  // #region sleep
  const controller = new AbortController();
  const waiting = sleep(60_000, controller.signal);
  controller.abort(new Error("stop"));
  await waiting.catch((error: unknown) => console.log(String(error))); // Error: stop
  // #endregion sleep
}
