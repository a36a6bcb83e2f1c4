/**
 * Which test files the `stubs` project runs a second time, against the untouched exercises (each
 * test must fail there): the exercise and self-check tests, except those that check the workbook's
 * own files. `vitest.config.ts` and the suite's counts (`test/docs/counts.ts`) read it from here.
 *
 * @module
 */

/** The exercise and self-check tests, as globs relative to the root. */
export const EXERCISE_TESTS = ["test/exercises/*.test.ts", "test/self-check/*.test.ts"];

/** Tests in those folders that check the workbook's own files (rules, wrong answers, question wording), not the learner's code. */
export const NOT_EXERCISE_TESTS = ["test/exercises/wrong-answers.test.ts", "test/self-check/questions.test.ts"];

/** True when the `stubs` project runs `file` (relative to the root, with `/`) again. */
export function runsAgainstStubs(file: string): boolean {
  const folder = EXERCISE_TESTS.map((glob) => glob.slice(0, glob.lastIndexOf("/") + 1)).find((dir) => file.startsWith(dir));
  return folder !== undefined && !file.slice(folder.length).includes("/") && file.endsWith(".test.ts") && !NOT_EXERCISE_TESTS.includes(file);
}
