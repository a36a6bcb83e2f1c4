/**
 * For the workbook's authors: after changing a stub in `exercises/NN-slug/`, a test of an exercise
 * or a question, or the catalog, write again everything kept from them:
 * - every stub, into `exercises/_cli/pristine/` (as `.ts.txt`), the self-check answer stubs included;
 * - every exercise's and question's test and the test files they import, into
 *   `exercises/_cli/pristine-tests/` (as `.ts.txt`): the tests `npm run grade` runs;
 * - the GitHub Classroom workflow, `.github/workflows/classroom.yml`, from the catalog.
 * The proof and the grading tests fail while any of them differs.
 *
 *     npx tsx exercises/_cli/sync-pristine.ts
 *
 * @module
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { EXERCISES_DIR, PRISTINE_DIR, rel, ROOT, SELF_CHECK_ID } from "./catalog.js";
import { CLASSROOM_WORKFLOW, classroomWorkflow } from "./classroom.js";
import { expectedPristineTests, PRISTINE_TESTS_DIR } from "./pristine-tests.js";

function copy(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, readFileSync(from));
  console.log(`${rel(from)} -> ${rel(to)}`);
}

rmSync(PRISTINE_DIR, { recursive: true, force: true });
for (const id of readdirSync(EXERCISES_DIR)
  .filter((name) => /^\d\d-[a-z0-9-]+$/.test(name) || name === SELF_CHECK_ID)
  .sort()) {
  for (const file of readdirSync(join(EXERCISES_DIR, id)).filter((f) => f.endsWith(".ts"))) {
    copy(join(EXERCISES_DIR, id, file), join(PRISTINE_DIR, id, `${file}.txt`));
  }
}

rmSync(PRISTINE_TESTS_DIR, { recursive: true, force: true });
for (const file of expectedPristineTests()) copy(join(ROOT, file), join(PRISTINE_TESTS_DIR, `${file}.txt`));

mkdirSync(dirname(CLASSROOM_WORKFLOW), { recursive: true });
writeFileSync(CLASSROOM_WORKFLOW, classroomWorkflow());
console.log(`the catalog -> ${rel(CLASSROOM_WORKFLOW)}`);
