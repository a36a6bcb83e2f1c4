/**
 * For the workbook's authors: after changing a stub in `exercises/NN-slug/`, a test of an exercise
 * or a question, or the catalog, write again everything kept from them:
 * - every stub, into `exercises/_cli/pristine/` (as `.ts.txt`), the self-check answer stubs included;
 * - every exercise's and question's test and the test files they import, into
 *   `exercises/_cli/pristine-tests/` (as `.ts.txt`): the tests `npm run grade` runs;
 * - the GitHub Classroom workflow, `.github/workflows/classroom.yml`, from the catalog;
 * - the site's exercise list, `docs/exercises.md`, from the catalog (`exercise-list.ts`).
 * The proof and the grading tests fail while any of them differs.
 *
 * Everything is read and checked before anything is written or deleted: when one thing is wrong it
 * says every problem it found, each naming its file and the step of `docs/authoring.md` that makes
 * it, writes nothing and exits with 1. Refused: two exercise folders with one number; an exercise
 * folder with no stub; a test file, or a test file one imports, that is missing; a stub that is no
 * longer a stub (no `TODO(lesson N)` marker of its lesson, fewer markers than the stub saved
 * before, or the worked answer itself, comments and white space aside: `stub-check.ts`).
 * `--fewer-markers` accepts a stub with fewer markers than before, for an author who removed a
 * blank on purpose.
 *
 *     npx tsx exercises/_cli/sync-pristine.ts [--fewer-markers]
 *
 * @module
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CatalogError, EXERCISE_FOLDER, EXERCISES_DIR, listExercises, listQuestions, PRISTINE_DIR, rel, ROOT, SELF_CHECK_ID } from "./catalog.js";
import { CLASSROOM_WORKFLOW, classroomWorkflow } from "./classroom.js";
import { EXERCISE_LIST_PAGE, expectedExerciseList } from "./exercise-list.js";
import { PRISTINE_TESTS_DIR, readTestSources } from "./pristine-tests.js";
import { stubProblem } from "./stub-check.js";

/** A file's text, or null when there is none. */
function textOf(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

/** The message of what was thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const problems: string[] = [];
const fewerMarkersAllowed = process.argv.includes("--fewer-markers");

// 1. The catalog: each exercise folder a number of its own.
let catalogReadable = true;
try {
  listExercises();
} catch (error) {
  if (!(error instanceof CatalogError)) throw error;
  problems.push(error.message);
  catalogReadable = false;
}

// 2. The stubs, read once, each still a stub.
const folders = readdirSync(EXERCISES_DIR)
  .filter((name) => EXERCISE_FOLDER.test(name) || name === SELF_CHECK_ID)
  .sort();
const stubs = folders.flatMap((id) =>
  readdirSync(join(EXERCISES_DIR, id))
    .filter((f) => f.endsWith(".ts"))
    .map((file) => ({ id, file, text: readFileSync(join(EXERCISES_DIR, id, file), "utf8") })),
);
for (const id of folders) {
  if (!stubs.some((stub) => stub.id === id)) problems.push(`exercises/${id}/ has no .ts file: write the stub the learner starts from (docs/authoring.md, step 1).`);
}
for (const { id, file, text } of stubs) {
  const answer = textOf(join(ROOT, "solutions", id, file));
  const saved = textOf(join(PRISTINE_DIR, id, `${file}.txt`));
  const problem = stubProblem(id, file, text, answer, { saved, fewerMarkersAllowed });
  if (problem !== null) problems.push(problem);
}

// 3. The tests and what they import, read once, every one present.
const tests = catalogReadable
  ? readTestSources(new Map([...listExercises(), ...listQuestions()].map((item) => [item.testFile, item.label])), (file) => textOf(join(ROOT, file)))
  : { texts: new Map<string, string>(), missing: [] };
problems.push(...tests.missing);

// 4. The workflow and the site's list, written from the catalog; a page the list cannot be written into stops everything.
let workflow = "";
let exerciseList = "";
if (catalogReadable) {
  try {
    workflow = classroomWorkflow();
    exerciseList = expectedExerciseList();
  } catch (error) {
    problems.push(messageOf(error));
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error("Nothing was saved. exercises/_cli/pristine/, exercises/_cli/pristine-tests/, the workflow and docs/exercises.md are as they were.");
  process.exit(1);
}

/** Writes `text` to `to`, its folder made first, and says so. */
function save(from: string, to: string, text: string): void {
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, text);
  console.log(`${from} -> ${rel(to)}`);
}

rmSync(PRISTINE_DIR, { recursive: true, force: true });
for (const { id, file, text } of stubs) save(`exercises/${id}/${file}`, join(PRISTINE_DIR, id, `${file}.txt`), text);

rmSync(PRISTINE_TESTS_DIR, { recursive: true, force: true });
for (const [file, text] of tests.texts) save(file, join(PRISTINE_TESTS_DIR, `${file}.txt`), text);

save("the catalog", CLASSROOM_WORKFLOW, workflow);
save("the catalog", EXERCISE_LIST_PAGE, exerciseList);
