/**
 * Self-check question 3: Why can the argument repair used for replaying history not be reused for a new call?
 * Worked answer.
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
  // Replay repairs: it only needs some object to send old history back.
  replayOfBrokenText: { path: "secrets.txt" },
  // … and falls back to an empty object.
  replayOfArray: {},
  // A new call is parsed strictly and rejected: the model reads the error and resends.
  brokenNewCallIsReadyToRun: false,
  reason: "b",
};
