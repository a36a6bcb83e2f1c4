/**
 * The assertions the code under test cannot change, for every way the learner CLI runs tests
 * (vitest's setup file `./run-setup.js`, and the quick check's bundle, `./quick-run.js`): the list
 * of matchers (`matchers.ts`) is taken the first time this module runs in a thread, before any
 * learner code, and kept where it cannot be replaced; before and after every test it is compared
 * with the matchers as they are, and a difference fails the test, naming what changed
 * (`expect.extend(...)` in a learner's file, a replaced `toBe`).
 *
 * @module
 */
import { afterEach, beforeEach, chai } from "vitest";
import { changedMatchers, indexMatchers, matcherEntries, sameMatchers, type MatcherEntry } from "./matchers.js";

/** Where the first list is kept: a property of the thread's global that cannot be written, deleted or redefined. */
const BASELINE = Symbol.for("workbook.matchers-before-any-learner-code");
const scope = globalThis as Record<symbol, unknown>;
if (!Object.hasOwn(globalThis, BASELINE)) {
  const entries = matcherEntries(chai.Assertion).map((entry) => Object.freeze(entry));
  Object.defineProperty(globalThis, BASELINE, { value: Object.freeze(entries), writable: false, configurable: false, enumerable: false });
}
const baseline = scope[BASELINE] as readonly MatcherEntry[];
/** The same list, indexed once for the quick comparison made before and after every test. */
const index = indexMatchers(baseline);

function assertMatchersUnchanged(): void {
  if (sameMatchers(index, chai.Assertion)) return;
  const changed = changedMatchers(baseline, matcherEntries(chai.Assertion));
  if (changed.length === 0) return;
  const names = changed.slice(0, 5).join("; ") + (changed.length > 5 ? `; and ${changed.length - 5} more` : "");
  throw new Error(
    `The assertions were changed while this test ran (${names}). Code under test may not call expect.extend(...), ` +
      `expect.addEqualityTesters(...) or replace a matcher: the tests judge with the assertions vitest gives them.`,
  );
}

beforeEach(assertMatchersUnchanged);
afterEach(assertMatchersUnchanged);
