/**
 * Self-check question 3: Why can the argument repair used for replaying history not be reused for a new call?
 *
 * Answer by predicting what the real code in `src/` does, then pick a reason. Replace each `null`.
 * Check it with `npm run exercise q3`; the explanation is shown once your answer is right.
 * Lesson 5 (and `src/providers/base.ts`, `src/tools/registry.ts`) has what you need.
 */

/** Your answer: three predictions about the real `src/` and one reason. */
export interface Answer {
  /** a) What `toolArgumentsObjectForReplay('{"path": "secrets.txt"')` returns (the text lacks its closing brace). */
  replayOfBrokenText: Record<string, unknown> | null;
  /** b) What `toolArgumentsObjectForReplay("[1, 2]")` returns. */
  replayOfArray: Record<string, unknown> | null;
  /** c) A new call sends the same broken text: is `prepareCall("read_file", '{"path": "secrets.txt"')` ready to run? */
  brokenNewCallIsReadyToRun: boolean | null;
  /** d) Why not repair new calls too? One of the reasons listed below. */
  reason: "a" | "b" | "c" | null;
}

// The reasons to choose from for d):
//   "a": The repair is too slow for a call that runs right now; replay can afford the time because
//        it happens once per request.
//   "b": Replay runs nothing, so a repaired or empty object is harmless there; a new call would run
//        with arguments never sent.
//   "c": Repaired arguments always fail the tool's schema check anyway, so repairing a new call
//        would never gain anything.

export const answer: Answer = {
  // TODO(lesson 11): the object it returns, e.g. { path: "x" } or {}.
  replayOfBrokenText: null,
  // TODO(lesson 11): the object it returns.
  replayOfArray: null,
  // TODO(lesson 11): true or false.
  brokenNewCallIsReadyToRun: null,
  // TODO(lesson 11): "a", "b" or "c" from the list above.
  reason: null,
};
