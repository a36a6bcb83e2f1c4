/**
 * The shared generators of the exercise tests reach every corner they claim to, on a fixed sample.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aroundLimit, holds, nameLike, NEWEST_LETTERS, oddText, oddValue, NOT_QUITE_BOOLEANS, padded } from "../_support/domain.js";
import { expectReach } from "../_support/reach.js";

describe("the exercises' shared generators", () => {
  it("odd text reaches every kind of character the rules name", () => {
    const kinds = { ...holds, empty: (t: string) => t === "" } as Record<string, (t: string) => boolean>;
    delete kinds["prototypeKey"];
    delete kinds["leadingOrTrailingSpace"];
    const reach = expectReach("oddText", oddText(), kinds, { size: (t) => t.length });
    expect(reach.largest).toBeGreaterThanOrEqual(12);
  });

  it("knows at least one letter of the newest Unicode version", () => {
    expect(NEWEST_LETTERS.length).toBeGreaterThan(0);
  });

  it("names reach case, separators, prototype keys, padding and the empty name", () => {
    expectReach("nameLike", nameLike(), {
      "upper case": (n) => /\p{Lu}/u.test(n),
      "a separator": (n) => /[_\-. ]/.test(n.trim()),
      "a prototype-looking key": holds.prototypeKey,
      "white space at an end": holds.leadingOrTrailingSpace,
      empty: (n) => n === "",
      "an odd letter": (n) => holds.caseCorner(n) || holds.astral(n) || holds.combiningMark(n),
    });
    expectReach("padded", padded(fc.constant("x")), {
      "Python-only space": holds.pythonOnlyWhitespace,
      "the byte-order mark": holds.jsOnlyWhitespace,
      "no padding": (t) => t === "x",
    });
  });

  it("values reach every not-quite-boolean, and sizes reach the limit's neighbours", () => {
    const kinds: Record<string, (v: unknown) => boolean> = {};
    for (const value of NOT_QUITE_BOOLEANS)
      kinds[String(Array.isArray(value) ? `[${String(value)}]` : Object.is(value, -0) ? "-0" : typeof value === "string" ? JSON.stringify(value) : value)] = (v) =>
        Object.is(v, value) || (Array.isArray(value) && Array.isArray(v) && v.length === value.length && v.every((x, i) => Object.is(x, value[i])));
    kinds["an object"] = (v) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length > 0;
    expectReach("oddValue", oddValue(), kinds);
    expectReach("aroundLimit(10)", aroundLimit(10), { "0": (n) => n === 0, "9": (n) => n === 9, "10": (n) => n === 10, "11": (n) => n === 11, "far above": (n) => n > 11 });
  });
});
