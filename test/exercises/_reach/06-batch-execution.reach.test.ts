/**
 * Exercise 6's turn generator reaches, on a fixed sample, every kind of turn its rules touch.
 */
import { describe, expect, it } from "vitest";
import { kindOf, turn, type Turn } from "../_support/gen-06.js";
import { expectReach } from "../_support/reach.js";

const kinds = (t: Turn): Set<string> => new Set(t.calls.map((c) => kindOf(c.name)));
const ids = (t: Turn): string[] => t.calls.filter((c) => c.sameAs === null).map((c) => c.id);
const names = (t: Turn): string[] => t.calls.map((c) => c.name);

describe("exercise 6's generators", () => {
  it("turns reach sizes 0 to 12, every mix of tools, repeats, every options form and rejections", () => {
    const sizes: Record<string, (t: Turn) => boolean> = {};
    for (let n = 0; n <= 12; n++) sizes[`${n} calls`] = (t) => t.calls.length === n;
    const reach = expectReach(
      "turn",
      turn({ rejects: true }),
      {
        ...sizes,
        "safe, unsafe, exclusive and unknown in one turn": (t) => kinds(t).size === 4,
        "only safe calls": (t) => t.calls.length > 1 && [...kinds(t)].every((k) => k === "safe"),
        "an unsafe call first": (t) => t.calls[0] !== undefined && kindOf(t.calls[0].name) !== "safe",
        "an unsafe call last": (t) => t.calls.length > 0 && kindOf(t.calls.at(-1)?.name ?? "") !== "safe",
        "unsafe calls back to back": (t) => t.calls.some((c, i) => i > 0 && kindOf(c.name) !== "safe" && kindOf(t.calls[i - 1]?.name ?? "") !== "safe"),
        "a repeated id": (t) => new Set(ids(t)).size < ids(t).length,
        "a repeated name": (t) => new Set(names(t)).size < names(t).length,
        "the same object twice": (t) => t.calls.some((c) => c.sameAs !== null),
        "a prototype-looking name": (t) => names(t).includes("constructor"),
        "a rejection": (t) => t.calls.some((c) => "reject" in c.outcome),
        "two rejections": (t) => t.calls.filter((c) => "reject" in c.outcome).length >= 2,
        "an Error returned, not thrown": (t) => t.calls.some((c) => "value" in c.outcome && c.outcome.value instanceof Error),
        "a falsy value returned": (t) => t.calls.some((c) => "value" in c.outcome && !c.outcome.value),
        "calls of different lengths": (t) => new Set(t.calls.map((c) => c.ticks)).size > 1,
        "no options": (t) => t.options === undefined,
        "empty options": (t) => t.options !== undefined && !("concurrent" in t.options),
        "concurrent: undefined": (t) => t.options !== undefined && "concurrent" in t.options && t.options.concurrent === undefined,
        "concurrent: false": (t) => t.options?.concurrent === false,
        "concurrent: true": (t) => t.options?.concurrent === true,
      },
      { size: (t) => t.calls.length },
    );
    expect(reach.largest).toBe(12);
  });

  it("safe-heavy turns reach long runs of safe calls", () => {
    const longestRun = (t: Turn): number => {
      let best = 0;
      let run = 0;
      for (const c of t.calls) best = Math.max(best, (run = kindOf(c.name) === "safe" ? run + 1 : 0));
      return best;
    };
    const reach = expectReach(
      "turn (safe-heavy)",
      turn({ safeHeavy: true }),
      { "a batch of 5 or more": (t) => longestRun(t) >= 5, "a batch of 12": (t) => longestRun(t) === 12 },
      { size: longestRun, samples: 1000 },
    );
    expect(reach.largest).toBe(12);
  });
});
