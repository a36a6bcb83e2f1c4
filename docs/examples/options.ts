/**
 * Examples for the option checker (`src/util/options.ts`), imported from its module. The reference
 * shows each region; `tsc` checks this file and `test/docs/examples.test.ts` runs every function it
 * exports.
 */
import { durationOption, wholeNumberOption } from "../../src/util/options.js";

/** A time limit: the default when not given, a fraction kept, a huge value clamped, zero refused. */
export function durations(): void {
  // #region duration-option
  durationOption("timeoutMs", undefined, 120_000); // 120000
  durationOption("timeoutMs", 60_000 / 7, 120_000); // 8571.42857142857
  durationOption("timeoutMs", Number.MAX_SAFE_INTEGER, 120_000); // 2147483647
  try {
    durationOption("timeoutMs", 0, 120_000);
  } catch (error) {
    // RangeError: timeoutMs must be a positive, finite number of milliseconds (longer than
    // 2147483647 counts as 2147483647); got 0
    console.log(String(error));
  }
  // #endregion duration-option
}

/** A count: whole numbers from the minimum up; a fraction or a string is refused. */
export function counts(): void {
  // #region whole-number-option
  wholeNumberOption("maxIterations", 5, 20, { min: 0 }); // 5
  try {
    wholeNumberOption("maxIterations", "5", 20, { min: 0 });
  } catch (error) {
    // TypeError: maxIterations must be a whole number of at least 0; got "5" (a string)
    console.log(String(error));
  }
  // #endregion whole-number-option
}
