/**
 * For the workbook's authors: writes the site's exercise list, `docs/exercises.md`, from the
 * catalog (`exercise-list.ts`). `sync-pristine.ts` runs it too.
 *
 *     npm run exercise-list
 *
 * @module
 */
import { writeFileSync } from "node:fs";
import { rel } from "./catalog.js";
import { EXERCISE_LIST_PAGE, expectedExerciseList } from "./exercise-list.js";

writeFileSync(EXERCISE_LIST_PAGE, expectedExerciseList());
console.log(`the catalog -> ${rel(EXERCISE_LIST_PAGE)}`);
