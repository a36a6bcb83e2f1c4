/**
 * Self-check question 1: Why should the ToolLoader and the ToolRegistry remain two separate ideas?
 * Worked answer.
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
  // The registry only knows instances; how they were found does not matter to it.
  handRegisteredToolIsPrepared: true,
  // Sorted by name, so the order of loading never reaches the prompt.
  definitionOrder: ["alpha", "zeta"],
  // The registry stores what it is given; protecting built-ins is the loader's decision, made before.
  sameNameAgain: "replaces it",
  reason: "c",
};
