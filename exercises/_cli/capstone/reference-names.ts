/**
 * The names of `src/` that stand for each exercise's part: what `reference-parts.ts` builds that
 * exercise's reference from, and the functions and classes around them that do the same work. A
 * learner file that imports one of its own exercise's names from `src/` answers with the workbook's
 * implementation instead of writing one; grading flags it for the instructor
 * (`../reference-use.ts`). Exercise 1 has none: `src/` ships no word count.
 *
 * The names of a part that an exercise's stub itself imports (exercise 5 reuses exercise 4's
 * message and suggestion) are not listed under that exercise.
 *
 * @module
 */

/** Exercise number → the `src/` exports that implement its part. */
export const REFERENCE_NAMES: Readonly<Record<number, readonly string[]>> = {
  1: [],
  2: ["isLoadableToolClass", "ToolLoader"],
  3: ["ToolRegistry"],
  4: ["toolNotFoundMessage", "toolNotFoundText", "suggestToolName", "nameKey"],
  5: ["ToolRegistry", "prepareForRun"],
  6: ["partitionBatches", "runPool", "AgentRunner"],
  7: ["settleCall", "settleFailure", "newRunState", "runCall", "AgentRunner"],
  8: ["buildToolMessage", "toolMessageContent", "fitToolText", "toolMessageFor"],
  9: ["adaptMcpTools", "listMcpTools", "MCPToolAdapter"],
};

/** The `src/` names that stand for exercise `number`'s part (none for a number that has none). */
export function referenceNamesOf(number: number): readonly string[] {
  return REFERENCE_NAMES[number] ?? [];
}
