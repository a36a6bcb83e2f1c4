/**
 * Self-check question 2: Why are name suggestions used only in errors, never to pick the tool that runs?
 *
 * Answer by predicting what the real code in `src/` does, then pick a reason. Replace each `null`.
 * Check it with `npm run exercise q2`; the explanation is shown once your answer is right.
 * Lessons 4 and 5 (and `src/tools/suggest.ts`, `src/tools/registry.ts`) have what you need.
 */

/** Your answer: three predictions about the real `src/` and one reason. */
export interface Answer {
  /** a) The registry holds `read_file`. Is `prepareCall("ReadFile", '{"path": "notes.txt"}')` ready to run (`error === null`)? */
  nearMissIsReadyToRun: boolean | null;
  /** b) The name the error text suggests for `"ReadFile"`, or `"none"` if it suggests none. */
  suggestedName: string | null;
  /** c) The registry holds `read_file` AND `readFile`. What does `suggestName("READ_FILE")` return? (`"none"` for null) */
  suggestionWhenTwoMatch: "read_file" | "readFile" | "none" | null;
  /** d) Why only in errors? One of the reasons listed below. */
  reason: "a" | "b" | "c" | null;
}

// The reasons to choose from for d):
//   "a": Similar names can be different tools, each with its own schema and side effects; only the
//        model knows which it meant.
//   "b": Working a suggestion out costs too much to do for every call, so it is done only once a
//        call has already failed.
//   "c": The model skips the text of error messages, so a suggestion placed there can never change
//        which tool it calls.

export const answer: Answer = {
  // TODO(lesson 11): true or false.
  nearMissIsReadyToRun: null,
  // TODO(lesson 11): the suggested name, or "none".
  suggestedName: null,
  // TODO(lesson 11): "read_file", "readFile" or "none".
  suggestionWhenTwoMatch: null,
  // TODO(lesson 11): "a", "b" or "c" from the list above.
  reason: null,
};
