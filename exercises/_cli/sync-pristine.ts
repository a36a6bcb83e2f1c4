/**
 * For the workbook's authors: after changing a stub in `exercises/NN-slug/`, a test of an exercise
 * or a question, or the catalog, write again everything kept from them:
 * - every stub, into `exercises/_cli/pristine/` (as `.ts.txt`), the self-check answer stubs included;
 * - every exercise's and question's test and the test files they import, into
 *   `exercises/_cli/pristine-tests/` (as `.ts.txt`): the tests `npm run grade` runs;
 * - the GitHub Classroom workflow, `.github/workflows/classroom.yml`, from the catalog;
 * - the site's exercise list, `docs/exercises.md`, from the catalog (`exercise-list.ts`).
 * The proof and the grading tests fail while any of them differs. It saves nothing when a stub is
 * no longer a stub (no `TODO(lesson N)` marker of its lesson, fewer markers than the stub saved
 * before, or the worked answer itself, comments and white space aside), and says which and why
 * (`stub-check.ts`). `--fewer-markers` accepts a stub with fewer markers than before, for an author
 * who removed a blank on purpose.
 *
 *     npx tsx exercises/_cli/sync-pristine.ts [--fewer-markers]
 *
 * @module
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { EXERCISES_DIR, PRISTINE_DIR, rel, ROOT, SELF_CHECK_ID } from "./catalog.js";
import { CLASSROOM_WORKFLOW, classroomWorkflow } from "./classroom.js";
import { EXERCISE_LIST_PAGE, expectedExerciseList } from "./exercise-list.js";
import { expectedPristineTests, PRISTINE_TESTS_DIR } from "./pristine-tests.js";
import { stubProblem } from "./stub-check.js";

function copy(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, readFileSync(from));
  console.log(`${rel(from)} -> ${rel(to)}`);
}

const stubs = readdirSync(EXERCISES_DIR)
  .filter((name) => /^\d\d-[a-z0-9-]+$/.test(name) || name === SELF_CHECK_ID)
  .sort()
  .flatMap((id) =>
    readdirSync(join(EXERCISES_DIR, id))
      .filter((f) => f.endsWith(".ts"))
      .map((file) => ({ id, file })),
  );
const fewerMarkersAllowed = process.argv.includes("--fewer-markers");
/** A file's text, or null when there is none. */
function textOf(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}
const problems = stubs.flatMap(({ id, file }) => {
  const answer = textOf(join(ROOT, "solutions", id, file));
  const saved = textOf(join(PRISTINE_DIR, id, `${file}.txt`));
  const problem = stubProblem(id, file, readFileSync(join(EXERCISES_DIR, id, file), "utf8"), answer, { saved, fewerMarkersAllowed });
  return problem === null ? [] : [problem];
});
// The site's list is written last, from the saved copies; a page it cannot be written into stops
// everything first, so that nothing is half saved.
try {
  expectedExerciseList();
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error("Nothing was saved.");
  process.exit(1);
}

rmSync(PRISTINE_DIR, { recursive: true, force: true });
for (const { id, file } of stubs) copy(join(EXERCISES_DIR, id, file), join(PRISTINE_DIR, id, `${file}.txt`));

rmSync(PRISTINE_TESTS_DIR, { recursive: true, force: true });
for (const file of expectedPristineTests()) copy(join(ROOT, file), join(PRISTINE_TESTS_DIR, `${file}.txt`));

mkdirSync(dirname(CLASSROOM_WORKFLOW), { recursive: true });
writeFileSync(CLASSROOM_WORKFLOW, classroomWorkflow());
console.log(`the catalog -> ${rel(CLASSROOM_WORKFLOW)}`);

writeFileSync(EXERCISE_LIST_PAGE, expectedExerciseList());
console.log(`the catalog -> ${rel(EXERCISE_LIST_PAGE)}`);
