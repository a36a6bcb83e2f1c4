/**
 * Self-check question 1: Why should the ToolLoader and the ToolRegistry remain two separate ideas?
 *
 * Answer by predicting what the real code in `src/` does, then pick a reason. Replace each `null`.
 * Check it with `npm run exercise q1`; the explanation is shown once your answer is right.
 * Lessons 2 and 3 (and `src/tools/registry.ts`) have what you need.
 */

/** Your answer: three predictions about the real `src/` and one reason. */
export interface Answer {
  /** a) Does a registry filled by hand, with no loader anywhere, prepare a call to its tool? */
  handRegisteredToolIsPrepared: boolean | null;
  /** b) The names `getDefinitions()` lists, in order, after registering `zeta` and then `alpha`. */
  definitionOrder: string[] | null;
  /** c) Registering a second tool under a name the registry already holds: what does the registry do? */
  sameNameAgain: "keeps the first" | "replaces it" | "throws" | null;
  /** d) Why keep them apart? One of the reasons listed below. */
  reason: "a" | "b" | "c" | null;
}

// The reasons to choose from for d):
//   "a": The registry would start faster if it never read plugin folders, so the folder scan is kept
//        in a class of its own.
//   "b": The registry runs each tool from the file path the loader found it at, so it depends on
//        what the loader saw.
//   "c": The loader decides once, at start-up, which tools exist; the registry serves each call,
//        however a tool was found.

export const answer: Answer = {
  // TODO(lesson 11): a test does `new ToolRegistry()`, `register(new EchoTool())` (an ordinary tool
  // whose schema asks for one string "text"), then `prepareCall("echo", '{"text": "hi"}')`.
  // Is the result ready to run, `error === null`? true or false.
  handRegisteredToolIsPrepared: null,
  // TODO(lesson 11): a fresh registry gets a tool named "zeta", then one named "alpha". Write the
  // names of `getDefinitions()` in the order it lists them, e.g. ["zeta", "alpha"].
  definitionOrder: null,
  // TODO(lesson 11): the registry holds "echo"; another tool named "echo" is registered.
  sameNameAgain: null,
  // TODO(lesson 11): "a", "b" or "c" from the list above.
  reason: null,
};
