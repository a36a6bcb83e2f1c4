/**
 * The files an item's check needs that are not there: its pristine stub copy
 * (`exercises/_cli/pristine/`), its test file (`test/…`), or the grader's copy of that test
 * (`exercises/_cli/pristine-tests/`). A new exercise before `sync-pristine` has run, or a copy
 * deleted by hand, is said in one line naming the file and what writes it, and the commands go on
 * with the other items instead of stopping on a missing file.
 *
 * @module
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { rel, ROOT, type Exercise } from "./catalog.js";
import { PRISTINE_TESTS_DIR } from "./pristine-tests.js";

/** The command that writes the generated copies, as the messages name it. */
export const SYNC_PRISTINE = "npx tsx exercises/_cli/sync-pristine.ts";

/** Which of an item's files a command needs. */
export interface Needs {
  /** The test file in the workbook's `test/` (`progress`, `exercise`: they run the learner's copy). */
  testFile?: boolean;
  /** The grader's copy of the test file (`grade`: it runs the workbook's own copies). */
  gradedTest?: boolean;
}

/**
 * The one line saying which file `item`'s check needs is missing, and what writes it; null when
 * none is. The pristine stub copies are always needed (they tell "not started" from started work).
 * `exists` says whether a path is there (the file system by default).
 */
export function missingFileLine(item: Exercise, needs: Needs = {}, exists: (path: string) => boolean = existsSync): string | null {
  const cannot = `${item.label} cannot be checked:`;
  const write = `run ${SYNC_PRISTINE}, which writes it (docs/authoring.md, step 7)`;
  if (item.files.length === 0) return `${cannot} exercises/${item.id}/ has no .ts file to edit; write the stub (docs/authoring.md, step 1), then ${SYNC_PRISTINE}.`;
  const stub = item.files.map((file) => join(item.pristineDir, `${file}.txt`)).find((path) => !exists(path));
  if (stub !== undefined) return `${cannot} ${rel(stub)} is missing; ${write}.`;
  if (needs.testFile === true && !exists(join(ROOT, item.testFile)))
    return `${cannot} ${item.testFile} is missing; put it back (git checkout -- ${item.testFile}), or for a new exercise write it (docs/authoring.md, step 4) and run ${SYNC_PRISTINE}.`;
  const graded = join(PRISTINE_TESTS_DIR, `${item.testFile}.txt`);
  if (needs.gradedTest === true && !exists(graded)) return `${cannot} ${rel(graded)} is missing; ${write}.`;
  return null;
}

/** The items of `items` whose checks can run, and the line of each that cannot. */
export function splitMissing(items: readonly Exercise[], needs: Needs = {}): { ready: Exercise[]; missing: Map<Exercise, string> } {
  const missing = new Map<Exercise, string>();
  for (const item of items) {
    const line = missingFileLine(item, needs);
    if (line !== null) missing.set(item, line);
  }
  return { ready: items.filter((item) => !missing.has(item)), missing };
}
