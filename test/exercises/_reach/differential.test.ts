/**
 * The differential harness itself: what it counts as the same result, and what its failure
 * message shows a learner.
 */
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { DifferentialFailure, expectSameAsAnswer, observe, type Rule } from "../_support/differential.js";
import { showSnapshot, showString, snapshot } from "../_support/snapshot.js";

/** `[1, <hole>, 3]`. */
function sparse(): unknown[] {
  const array: unknown[] = [1];
  array[2] = 3;
  return array;
}

const rule: Rule = { exercise: 4, id: "R9", sentence: "the rule under test." };

async function failure(run: Promise<void>): Promise<string> {
  try {
    await run;
  } catch (error) {
    expect(error).toBeInstanceOf(DifferentialFailure);
    return (error as Error).message;
  }
  throw new Error("the property passed where it should have failed");
}

describe("the differential harness", () => {
  it("passes when both sides give the same results", async () => {
    await expectSameAsAnswer({ rule, input: fc.string(), learner: (s) => s.length, answer: (s) => [...s].length - [...s].length + s.length });
  });

  it("tells apart what JSON or a loose comparison would merge", async () => {
    const pairs: [unknown, unknown][] = [
      [0, -0],
      [{ a: undefined }, {}],
      [sparse(), [1, undefined, 3]],
      [Object.create(null), {}],
      [new (class ToolResult {})(), {}],
      [Number.NaN, null],
    ];
    for (const [i, [a, b]] of pairs.entries()) expect(isDeepStrictEqual(snapshot(a), snapshot(b)), `pair ${i} differs`).toBe(false);
    expect(await observe(() => Promise.resolve(1))).not.toEqual(await observe(() => 1));
    expect(await observe(() => Promise.reject(new Error("x")))).toEqual({ threw: { error: "Error", message: "x" }, promise: true });
    expect(
      await observe(() => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a thrown value that is not an Error is an outcome too
        throw Object.assign(Object.create(null) as object, { plain: true });
      }),
    ).toEqual({ threw: { object: "null-prototype object", keys: [["plain", true]] }, promise: false });
  });

  it("reports the rule, the smallest input and both results, never the answer's code", async () => {
    const message = await failure(
      expectSameAsAnswer({ rule, input: fc.integer({ min: 0, max: 1000 }), learner: (n) => (n >= 10 ? n + 1 : n), answer: (n) => n, show: (n) => `f(${n})` }),
    );
    expect(message).toContain("Exercise 4, rule R9: the rule under test.");
    expect(message).toContain("f(10)");
    expect(message, "a property that returned false is no thrown comparison").not.toContain("The comparison itself threw");
    expect(message).toMatch(/The worked answer gives: 10\b/);
    expect(message).toMatch(/Your code gives: +11\b/);
    expect(message).not.toContain("=>");
  });

  it("shows a thrown error and compares only the view when one is given", async () => {
    const message = await failure(
      expectSameAsAnswer({
        rule,
        input: fc.constant("x"),
        learner: () => {
          throw new Error("TODO(lesson 4)");
        },
        answer: (s) => s,
      }),
    );
    expect(message).toContain('throws Error: "TODO(lesson 4)"');
    await expectSameAsAnswer({
      rule,
      input: fc.string(),
      learner: (s) => ({ text: s, extra: 1 }),
      answer: (s) => ({ text: s }),
      view: (o) => ("returned" in o ? (o.returned as unknown as { keys: unknown[] }).keys[0] : o),
    });
  });

  it("escapes the characters a terminal would hide", () => {
    expect(showString("a\u00a0b\ud800\u0301\u{1d400}")).toBe('"a\\u00a0b\\ud800\\u0301\u{1d400}"');
  });
  it("shows arrays of primitives, null and holes", () => {
    const items: unknown[] = ["ok", 0, null];
    items[4] = 3;
    expect(showSnapshot(snapshot(items))).toBe('["ok", 0, null, <hole>, 3]');
  });
});
