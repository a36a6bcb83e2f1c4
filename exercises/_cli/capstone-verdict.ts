/**
 * The capstone's verdict for `npm run progress` and `npm run grade`: passed only when all nine
 * parts are the learner's and every scenario's requests match the reference's. While a part is
 * still the stub it is not run (it cannot pass), and the verdict names the first missing exercise.
 *
 * @module
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { registerTsx } from "./capstone-command.js";
import { PARTS } from "./capstone/parts.js";
import { CAPSTONE, EXERCISES_DIR, isUntouched, listExercises, ROOT } from "./catalog.js";
import { missingFileLine } from "./missing-files.js";

/** Where the capstone stands, as the lists show it. */
export interface CapstoneVerdict {
  /** `passed`, `failing`, or `not started` while every part is still the stub. */
  state: "passed" | "failing" | "not started";
  /** Why it does not pass, on one line; null when it passes. */
  reason: string | null;
  /** What to type after `npm run exercise`: `10` while there are nine exercises. */
  command: string;
}

/** The verdict's reason when parts are still stubs, or null when none is. */
export function missingReason(untouched: readonly number[]): string | null {
  if (untouched.length === 0) return null;
  return `it runs when your nine answers are in place; still the stub: exercise ${untouched.join(", ")} (start with npm run exercise ${untouched[0] ?? 1})`;
}

/** How the capstone's module is loaded (the CLI goes through tsx's loader; tests import it directly). */
export type CapstoneLoader = () => Promise<typeof import("./capstone/capstone.js")>;

/** Loads the capstone through tsx's loader, so it can import the learner's TypeScript as it is. */
async function loadThroughTsx(): Promise<typeof import("./capstone/capstone.js")> {
  await registerTsx();
  return (await import(pathToFileURL(join(ROOT, "exercises", "_cli", "capstone", "capstone.ts")).href)) as typeof import("./capstone/capstone.js");
}

/**
 * The capstone's verdict on the answers in `exercisesDir` when it can be given without running the
 * capstone (a part's file is missing, or a part is still the stub), or null when the capstone must run.
 * Only the exercises that are its parts (`capstone/parts.ts`) count: an exercise added later is not
 * one of them unless an author joins it.
 */
export function verdictWithoutRunning(exercisesDir: string = EXERCISES_DIR): CapstoneVerdict | null {
  const parts = listExercises().filter((exercise) => PARTS.some((part) => part.folder === exercise.id));
  const absentCopy = parts.map((exercise) => missingFileLine(exercise)).find((line) => line !== null);
  if (absentCopy !== undefined && absentCopy !== null) return { state: "failing", reason: absentCopy, command: CAPSTONE.command };
  const untouched = parts.filter((exercise) => isUntouched(exercise, exercisesDir)).map((exercise) => exercise.number);
  const missing = missingReason(untouched);
  if (missing !== null) return { state: untouched.length === parts.length ? "not started" : "failing", reason: missing, command: CAPSTONE.command };
  return null;
}

/**
 * The capstone's verdict on the answers in `exercisesDir`: {@link verdictWithoutRunning} when it
 * has one, else the capstone is run (in the calling thread: the learner CLI calls it in a thread of
 * its own, `./capstone-thread.js`, where a deadline can stop it).
 */
export async function capstoneVerdict(exercisesDir: string = EXERCISES_DIR, load: CapstoneLoader = loadThroughTsx): Promise<CapstoneVerdict> {
  const early = verdictWithoutRunning(exercisesDir);
  if (early !== null) return early;
  const capstone = await load();
  const report = await capstone.runCapstone({ dir: exercisesDir });
  if (report.passed) return { state: "passed", reason: null, command: CAPSTONE.command };
  const absent = Object.entries(report.parts).filter(([, state]) => state.kind === "missing");
  const absentReason = missingReason(absent.map(([n]) => Number(n)));
  if (absentReason !== null) return { state: "failing", reason: absentReason, command: CAPSTONE.command };
  const broken = Object.entries(report.parts).find(([, state]) => state.kind === "broken");
  const differing = report.scenarios.find((v) => v.difference !== null || v.skipped !== null);
  const culprit = differing?.culprits[0];
  const reason =
    broken !== undefined
      ? `exercise ${broken[0]} cannot be used by the agent`
      : differing === undefined
        ? "a scenario did not match"
        : `${differing.scenario.title}: ${culprit === undefined ? "your parts together make a difference" : `exercise ${culprit} makes a difference`}`;
  return { state: "failing", reason: `${reason} (npm run exercise ${CAPSTONE.command} shows it)`, command: CAPSTONE.command };
}
