/**
 * Self-check question 2: Why are name suggestions used only in errors, never to pick the tool that runs?
 * Worked answer.
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
  // Only the exact name runs.
  nearMissIsReadyToRun: false,
  // The suggestion goes into the message the model reads.
  suggestedName: "read_file",
  // Two names share the loose key, so any guess could pick the wrong capability: no suggestion.
  suggestionWhenTwoMatch: "none",
  reason: "a",
};
