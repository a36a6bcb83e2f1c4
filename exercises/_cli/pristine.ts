/**
 * The pristine stubs: untouched copies of every exercise file, kept as `.ts.txt` under
 * `exercises/_cli/pristine/` so the compiler leaves them alone. `--reset` restores from them,
 * `progress` compares against them ("not started"), and the CI proof runs the tests against them.
 *
 * @module
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listExercises, listQuestions, pristineText, ROOT } from "./catalog.js";

/** A temporary folder laid out like the repository, holding only the pristine stubs. */
export interface PristineCopy {
  /** Point the tests here (`WORKBOOK_TARGET_DIR`): it holds `NN-slug/<file>.ts`. */
  exercisesDir: string;
  /** Deletes the copy. */
  dispose(): Promise<void>;
}

/**
 * Writes every pristine stub to `<tmp>/exercises/NN-slug/<file>.ts` (and the self-check answers to
 * `<tmp>/exercises/self-check/`), with `<tmp>/src` linked to
 * the real `src/`, so the stubs' `../../src/...` imports resolve exactly as in `exercises/`.
 */
export async function materializePristine(): Promise<PristineCopy> {
  const base = await mkdtemp(join(tmpdir(), "workbook-stubs-"));
  const exercisesDir = join(base, "exercises");
  await symlink(join(ROOT, "src"), join(base, "src"), "junction");
  for (const exercise of [...listExercises(), ...listQuestions()]) {
    const dir = join(exercisesDir, exercise.id);
    await mkdir(dir, { recursive: true });
    for (const file of exercise.files) await writeFile(join(dir, file), pristineText(exercise, file));
  }
  return { exercisesDir, dispose: () => rm(base, { recursive: true, force: true }) };
}
