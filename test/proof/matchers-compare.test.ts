/**
 * The quick comparison of the assertions run before and after every test of the learner CLI
 * (`sameMatchers`) never says "unchanged" when the full comparison (`changedMatchers`) names a
 * change, and agrees with it whenever no two keys print as one name: on generated matcher tables, left alone or changed by adding, replacing or removing a
 * matcher, a getter or an equality tester, including names a symbol and a string share.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedMatchers, indexMatchers, matcherEntries, sameMatchers } from "../../exercises/_cli/matchers.js";

const JEST = Symbol.for("$$jest-matchers-object");
const ASYMMETRIC = Symbol.for("asymmetric-matchers-object");

/** A few functions to use as matchers, so a replacement may or may not be the very same one. */
const fns = [(): void => undefined, (): void => undefined, (): void => undefined] as const;
const shared = Symbol("toBe");

/** The keys a table may hold: plain names, a symbol, and a string spelled as that symbol prints. */
const key = fc.constantFrom<string | symbol>("toBe", "toEqual", "get toBe", "Symbol(toBe)", shared, "__proto__", "constructor");
const slot = fc.record({ key, getter: fc.boolean(), fn: fc.nat({ max: fns.length - 1 }) });

interface Table {
  proto: Array<{ key: string | symbol; getter: boolean; fn: number }>;
  extend: Array<{ key: string | symbol; getter: boolean; fn: number }> | null;
  asymmetric: Array<{ key: string | symbol; getter: boolean; fn: number }> | null;
  testers: number[];
}

const table: fc.Arbitrary<Table> = fc.record({
  proto: fc.array(slot, { maxLength: 6 }),
  extend: fc.option(fc.array(slot, { maxLength: 3 })),
  asymmetric: fc.option(fc.array(slot, { maxLength: 3 })),
  testers: fc.array(fc.nat({ max: fns.length - 1 }), { maxLength: 3 }),
});

function objectOf(slots: Table["proto"]): object {
  const object = Object.create(null) as object;
  for (const { key: name, getter, fn } of slots) {
    const value = fns[fn];
    Object.defineProperty(object, name, getter ? { get: value, configurable: true, enumerable: false } : { value, writable: true, configurable: true, enumerable: true });
  }
  return object;
}

function build(t: Table): { assertion: { prototype: object }; scope: object } {
  const scope: Record<symbol, unknown> = {};
  if (t.extend !== null) scope[JEST] = { matchers: objectOf(t.extend), customEqualityTesters: t.testers.map((i) => fns[i]) };
  if (t.asymmetric !== null) scope[ASYMMETRIC] = objectOf(t.asymmetric);
  return { assertion: { prototype: objectOf(t.proto) }, scope };
}

/** A table and another: the same one, or one changed by a few edits. */
const pair = table.chain((before) =>
  fc.oneof(
    fc.constant({ before, after: before }),
    table.map((after) => ({ before, after })),
    fc.record({ at: fc.nat(), with: slot, drop: fc.boolean() }).map(({ at, with: s, drop }) => {
      const proto = [...before.proto];
      if (drop && proto.length > 0) proto.splice(at % proto.length, 1);
      else proto.push(s);
      return { before, after: { ...before, proto } };
    }),
  ),
);

describe("the quick comparison of the assertions", () => {
  it("never says unchanged when the full comparison names a change, and agrees with it whenever names are distinct", () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        const was = build(before);
        const now = build(after);
        const baseline = matcherEntries(was.assertion, was.scope);
        const current = matcherEntries(now.assertion, now.scope);
        const full = changedMatchers(baseline, current);
        const index = indexMatchers(baseline);
        const same = sameMatchers(index, now.assertion, now.scope);
        // Never "unchanged" when something changed; when two keys share a name the quick answer may
        // be "changed" for nothing, and the full comparison then decides.
        if (same) expect(full).toEqual([]);
        if (index.size === baseline.length && indexMatchers(current).size === current.length) expect(same).toBe(full.length === 0);
      }),
      { numRuns: 300 },
    );
  });

  it("notices a matcher removed while a symbol takes over its name with the same value", () => {
    const toBe = fns[0];
    const tag = Symbol("toBe");
    const before = { toBe, [tag]: fns[1], toEqual: fns[2] };
    const scope = {};
    const baseline = matcherEntries({ prototype: before }, scope);
    // The string key "Symbol(toBe)" prints as the symbol does: the count is kept, toEqual is gone.
    const after = { toBe, [tag]: fns[1], "Symbol(toBe)": fns[1] };
    expect(changedMatchers(baseline, matcherEntries({ prototype: after }, scope))).toContain("Assertion.prototype: toEqual");
    expect(sameMatchers(indexMatchers(baseline), { prototype: after }, scope)).toBe(false);
    expect(sameMatchers(indexMatchers(baseline), { prototype: { ...before } }, scope)).toBe(true);
  });
});
