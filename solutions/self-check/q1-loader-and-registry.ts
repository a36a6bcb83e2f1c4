/**
 * Self-check question 1: why should the ToolLoader and the ToolRegistry remain two separate ideas?
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
  /** d) Why keep them apart? One of the reasons listed in the stub. */
  reason: "a" | "b" | "c" | null;
}

// The reasons to choose from for d):
//   "a": the registry starts faster when it never reads plugin folders.
//   "b": they answer different questions at different times: the loader decides once, at start-up,
//        which tools exist; the registry serves every call of the run, however its tools were found.
//   "c": the registry needs the loader's file paths to run a tool.

export const answer: Answer = {
  // The registry only knows instances; how they were found does not matter to it.
  handRegisteredToolIsPrepared: true,
  // Sorted by name, so the order of loading never reaches the prompt.
  definitionOrder: ["alpha", "zeta"],
  // The registry stores what it is given; protecting built-ins is the loader's decision, made before.
  sameNameAgain: "replaces it",
  reason: "b",
};
