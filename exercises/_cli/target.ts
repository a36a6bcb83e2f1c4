/**
 * The one switch between the learner's code and the worked answers, shared by `vitest.config.ts`
 * and the learner CLI's in-process vitest. Tests import `../../exercises/<folder>/<file>.js`; the
 * alias built here sends those imports to the chosen folder instead.
 *
 * @module
 */
import { isAbsolute, resolve } from "node:path";

/** Which code the tests import as `exercises/<folder>/...`. */
export type Target = { kind: "exercises" } | { kind: "solutions" } | { kind: "dir"; dir: string };

/** The exercise folders (`05-argument-processing`) and the self-check folder, as tests import them. */
export const LEARNER_IMPORT = /^(?:\.\.\/)+exercises\/(\d\d-[a-z0-9-]+|self-check)\/(.+)$/;

/** The folder a target stands for, given the repository root. */
export function targetDir(root: string, target: Target): string {
  if (target.kind === "dir") return isAbsolute(target.dir) ? target.dir : resolve(root, target.dir);
  return resolve(root, target.kind);
}

/**
 * The target named by the environment: `WORKBOOK_TARGET_DIR` (any folder, e.g. a copy of the
 * pristine stubs), else `WORKBOOK_TARGET=exercises`, else the worked `solutions/` (what `npm test`
 * checks). A copy without `solutions/` (a Classroom template, `npm run template`) checks the
 * learner's `exercises/` instead: `solutionsPresent` says which copy this is.
 */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env, solutionsPresent = true): Target {
  const dir = env["WORKBOOK_TARGET_DIR"];
  if (dir !== undefined && dir !== "") return { kind: "dir", dir };
  return env["WORKBOOK_TARGET"] === "exercises" || !solutionsPresent ? { kind: "exercises" } : { kind: "solutions" };
}

/** The vite alias that sends the tests' exercise imports to `target`. */
export function learnerAlias(root: string, target: Target): { find: RegExp; replacement: string } {
  return { find: LEARNER_IMPORT, replacement: `${targetDir(root, target)}/$1/$2` };
}
