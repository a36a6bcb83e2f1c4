/**
 * Calls into the learner's exercise code for the self-check tests. When that code throws (a stub
 * still says TODO), the failure names the exercise and the function to finish, instead of a bare
 * stack trace.
 */

/** Runs `fn`; a throw becomes an error that says which exercise file and function to finish. */
export function learner<T>(exercise: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw new Error(explain(exercise, error), { cause: error });
  }
}

/** {@link learner} for async code. */
export async function learnerAsync<T>(exercise: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw new Error(explain(exercise, error), { cause: error });
  }
}

function explain(exercise: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${exercise} threw instead of answering — finish it first (npm run exercise ${Number(exercise.slice(9, 11))}): ${message}`;
}
