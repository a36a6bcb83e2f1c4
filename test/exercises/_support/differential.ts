/**
 * Differential properties: the learner's code and the worked answer run side by side on inputs
 * that fast-check draws, and must give the same observable result. A rule an exercise states is
 * checked on the whole domain it names, not on the one or two examples a test happens to list.
 *
 * On a failure the learner reads the rule (its id and its sentence from the exercise's README),
 * the smallest input fast-check found, what the worked answer gives for it and what their code
 * gives. The worked answer's code is never shown, only its results.
 *
 * Each side builds its own objects from the drawn input (a fresh tool, a fresh cache), so neither
 * can change what the other sees; each result is frozen ({@link snapshot}) the moment it is given.
 *
 * @module
 */
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { propertyConfig } from "../../soak/runs.js";
import { showSnapshot, snapshot, type Snapshot } from "./snapshot.js";

/** One rule of an exercise, as its README states it. */
export interface Rule {
  /** The exercise: 1 to 9. */
  readonly exercise: number;
  /** The rule's id in the exercise's test file and README: `R3`. */
  readonly id: string;
  /** The rule in one sentence, as the README says it. */
  readonly sentence: string;
}

/** What one side did with an input: returned a value (through a promise or not) or threw. */
export type Outcome = { readonly returned: Snapshot; readonly promise: boolean } | { readonly threw: Snapshot; readonly promise: boolean };

/** A differential property of one rule. */
export interface Differential<I> {
  /** The rule the property checks. */
  readonly rule: Rule;
  /** The inputs: a generator that reaches the whole domain the rule names. */
  readonly input: fc.Arbitrary<I>;
  /** Runs the learner's code on an input; it builds its own objects from the input. */
  readonly learner: (input: I) => unknown;
  /** Runs the worked answer on an input, the same way. */
  readonly answer: (input: I) => unknown;
  /**
   * The part of an outcome the rule fixes, when the text leaves the rest free (the default is
   * the whole outcome: value or error, and whether it came through a promise).
   */
  readonly view?: (outcome: Outcome, input: I) => unknown;
  /** The input as the learner would write the call: `suggestName("ǅ", ["ǆ"])`. */
  readonly show?: (input: I) => string;
  /** Runs in `npm test` and in the learner's check (a soak sets `FC_RUNS` to go deeper). */
  readonly runs?: number;
}

/** Runs `run` and freezes what it gave. A thrown value of any kind is an outcome, never a crash. */
export async function observe(run: () => unknown): Promise<Outcome> {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    return { threw: snapshot(error), promise: false };
  }
  if (!isThenable(result)) return { returned: snapshot(result), promise: false };
  try {
    return { returned: snapshot(await result), promise: true };
  } catch (error) {
    return { threw: snapshot(error), promise: true };
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** An outcome as the failure message shows it. */
export function showOutcome(outcome: Outcome): string {
  const through = outcome.promise ? " (through a promise)" : "";
  return "returned" in outcome ? `${showSnapshot(outcome.returned)}${through}` : `throws ${showSnapshot(outcome.threw)}${through}`;
}

/** A compared view as the failure message shows it. */
function showView(view: unknown, outcome: Outcome, whole: boolean): string {
  return whole ? showOutcome(outcome) : showSnapshot(snapshot(view));
}

/** A fixed seed per rule, so a learner sees the same verdict on every run (`FC_SEED` overrides it). */
function ruleSeed(rule: Rule): number {
  let hash = 2166136261;
  for (const ch of `${rule.exercise}:${rule.id}`) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash & 0x7fffffff;
}

/**
 * Checks that the learner's code gives what the worked answer gives on every drawn input, and
 * fails with a message a learner can act on: the rule, the smallest input found, both results.
 */
export async function expectSameAsAnswer<I>(differential: Differential<I>): Promise<void> {
  const { rule, input, learner, answer } = differential;
  const whole = differential.view === undefined;
  const view = differential.view ?? ((outcome: Outcome) => outcome);
  const config = propertyConfig(`${rule.exercise}:${rule.id}`, differential.runs ?? 100);
  const seed = config.seed ?? ruleSeed(rule);
  const details = await fc.check(
    fc.asyncProperty(input, async (drawn) => {
      const expected = view(await observe(() => answer(drawn)), drawn);
      const actual = view(await observe(() => learner(drawn)), drawn);
      return isDeepStrictEqual(snapshot(expected), snapshot(actual));
    }),
    { numRuns: config.numRuns, seed },
  );
  if (!details.failed) return;
  const where = `Exercise ${rule.exercise}, rule ${rule.id}: ${rule.sentence}`;
  if (details.counterexample === null) {
    throw new Error(`${where}\nThe check gave up (seed ${seed}): too many drawn inputs were skipped.`);
  }
  const [drawn] = details.counterexample;
  const expectedOutcome = await observe(() => answer(drawn));
  const actualOutcome = await observe(() => learner(drawn));
  const shown = differential.show === undefined ? showSnapshot(snapshot(drawn)) : differential.show(drawn);
  const message = [
    where,
    `The smallest input found (seed ${seed}, ${details.numRuns} inputs tried, shrunk ${details.numShrinks} times):`,
    `  ${shown}`,
    `The worked answer gives: ${showView(view(expectedOutcome, drawn), expectedOutcome, whole)}`,
    `Your code gives:         ${showView(view(actualOutcome, drawn), actualOutcome, whole)}`,
  ];
  // fast-check reports a property that returned false as an error too: only a real throw is worth a line.
  if (details.errorInstance instanceof Error && !/^Property failed by returning false/.test(details.errorInstance.message)) {
    message.push(`(The comparison itself threw: ${details.errorInstance.message})`);
  }
  throw new DifferentialFailure(message.join("\n"));
}

/** The failure of a differential property: its message is the whole report, with no diff below it. */
export class DifferentialFailure extends Error {
  override readonly name = "DifferentialFailure";
}
