/**
 * What one run says about one exercise or question — passed, failing or not started — with the
 * counts and the first reason, shared by `npm run progress` and `npm run grade` so both judge alike:
 * it passes only when it ran tests, every one passed, and its files have no type error.
 *
 * @module
 */
import { rel } from "./catalog.js";
import type { TypeProblem } from "./typecheck.js";
import { firstFailure, type TestOutcome } from "./vitest-run.js";

/** Where one exercise or question stands. */
export type State = "passed" | "failing" | "not started";

/** The verdict on one exercise or question. */
export interface Verdict {
  /** Passed, failing or not started. */
  state: State;
  /** Tests that pass, of `tests`. */
  passed: number;
  /** Its tests that ran (0 when not started). */
  tests: number;
  /** Type errors in its files, as `file:line: TSnnnn message`. */
  typeErrors: string[];
  /** The first failing test and its message, when failing. */
  firstFailure: { test: string; message: string } | null;
  /** Set when its tests did not finish within the deadline and were stopped: what the learner reads. */
  stuck: string | null;
  /** Set when a file its check needs is missing (`missing-files.ts`): the line naming it and what writes it. Its tests did not run. */
  missing: string | null;
}

/**
 * The verdict of one item: `started` (its files are not the stubs), its tests' outcomes, its files'
 * type problems, and `stuck`, the message when its tests were stopped at the deadline (it then fails).
 */
export function verdictOf(started: boolean, tests: readonly TestOutcome[], problems: readonly TypeProblem[], stuck: string | null = null): Verdict {
  const typeErrors = problems.map((p) => `${rel(p.file)}:${p.line}: TS${p.code} ${p.message.split("\n")[0] ?? ""}`);
  const passed = tests.filter((t) => t.status === "passed").length;
  const state: State = !started ? "not started" : stuck === null && tests.length > 0 && passed === tests.length && typeErrors.length === 0 ? "passed" : "failing";
  const failing = tests.find((t) => t.status === "failed");
  return {
    state,
    passed,
    tests: tests.length,
    typeErrors,
    firstFailure: state === "failing" && failing !== undefined ? { test: failing.fullName, message: firstFailure(failing.failureMessages[0] ?? "(no message)", 4) } : null,
    stuck: started ? stuck : null,
    missing: null,
  };
}

/** The verdict of an item whose check could not run because a file it needs is missing: failing, with `line` as its reason. */
export function missingVerdict(line: string): Verdict {
  return { state: "failing", passed: 0, tests: 0, typeErrors: [], firstFailure: null, stuck: null, missing: line };
}

/** Why an item is not passed, in one line; null when it passed. */
export function reasonOf(item: { kind: "exercise" | "question" } & Verdict): string | null {
  if (item.state === "passed") return null;
  if (item.missing !== null) return item.missing;
  if (item.state === "not started") return item.kind === "question" ? "not answered yet" : "not started yet";
  if (item.stuck !== null) return item.stuck;
  if (item.typeErrors.length > 0) return `type error: ${item.typeErrors[0]}`;
  if (item.firstFailure !== null) return `${item.firstFailure.test}: ${item.firstFailure.message.split("\n")[0] ?? ""}`;
  if (item.tests === 0) return "its tests did not run (does the file compile?)";
  return "failing";
}
