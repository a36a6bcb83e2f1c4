/**
 * Exercise 5's generators reach, on a fixed sample, every kind of argument its rules touch.
 */
import { describe, expect, it } from "vitest";
import { isPlainObject } from "../../../src/util/json.js";
import { pyStrip } from "../../../src/util/python-space.js";
import { holds, PROTOTYPE_KEYS } from "../_support/domain.js";
import { argumentRecipe, argumentText, build, hasGetter, SCHEMAS, toolArguments, toolName, wrappedInput, type Recipe } from "../_support/gen-05.js";
import { expectReach } from "../_support/reach.js";

const parses = (text: string): boolean => {
  try {
    JSON.parse(pyStrip(text));
    return true;
  } catch {
    return false;
  }
};
const starts = (text: string): boolean => /^[[{]/.test(pyStrip(text));

/** Every value inside a built value, itself included. */
function parts(value: unknown): unknown[] {
  if (typeof value !== "object" || value === null) return [value];
  return [value, ...Object.values(value).flatMap(parts)];
}
const anyPart = (test: (v: unknown) => boolean) => (recipe: Recipe) => parts(build(recipe)).some(test);

describe("exercise 5's generators", () => {
  it("argument text reaches blank text of each kind, padded JSON, malformed JSON and scalars", () => {
    const reach = expectReach(
      "argumentText",
      argumentText(),
      {
        empty: (t) => t === "",
        "blank only as Python counts it": (t) => t !== "" && pyStrip(t) === "" && t.trim() !== "",
        "blank for both": (t) => t !== "" && pyStrip(t) === "" && t.trim() === "",
        "a byte-order mark only": (t) => t.includes("\ufeff") && t.trim() === "",
        "JSON padded with Python-only space": (t) => holds.pythonOnlyWhitespace(t) && starts(t) && parses(t),
        "JSON after a byte-order mark": (t) => t.startsWith("\ufeff") && /^\ufeff[[{]/.test(pyStrip(t)),
        "JSON padded with shared space": (t) => holds.sharedWhitespace(t[0] ?? "") && starts(t) && parses(t),
        "an array": (t) => Array.isArray(parses(t) ? JSON.parse(pyStrip(t)) : null),
        "a wrapper in JSON": (t) => starts(t) && parses(t) && Object.keys(JSON.parse(pyStrip(t)) as object).join() === "arguments",
        "a __proto__ key in JSON": (t) => t.includes('"__proto__"') && parses(t),
        "malformed JSON starting with { or [": (t) => starts(t) && !parses(t),
        "a JSON scalar": (t) => !starts(t) && parses(t),
        "a lone surrogate": holds.loneSurrogate,
        "outside the BMP": holds.astral,
      },
      { size: (t) => t.length },
    );
    expect(reach.largest).toBeGreaterThan(40);
  });

  it("argument values reach every not-quite-boolean, null prototypes, getters, holes and nested wrappers", () => {
    const reach = expectReach(
      "argumentRecipe",
      argumentRecipe(),
      {
        undefined: (r) => "leaf" in r && r.leaf === undefined,
        null: (r) => "leaf" in r && r.leaf === null,
        false: (r) => "leaf" in r && r.leaf === false,
        "0 or -0": (r) => "leaf" in r && r.leaf === 0,
        NaN: (r) => "leaf" in r && Number.isNaN(r.leaf),
        "a null-prototype object": anyPart((v) => typeof v === "object" && v !== null && Object.getPrototypeOf(v) === null),
        "a getter": hasGetter,
        "an array with a hole": anyPart((v) => Array.isArray(v) && Object.keys(v).length < v.length),
        "a wrapper": (r) => isPlainObject(build(r)) && Object.keys(build(r) as object).join() === "arguments",
        "a wrapper in a wrapper": (r) => {
          const v = build(r);
          return isPlainObject(v) && isPlainObject(v["arguments"]) && Object.keys(v["arguments"]).includes("arguments");
        },
        "a wrapper with another key": (r) => isPlainObject(build(r)) && Object.keys(build(r) as object).length > 1 && Object.keys(build(r) as object).includes("arguments"),
        "a prototype-looking key": anyPart((v) => typeof v === "object" && v !== null && Object.keys(v).some((k) => (PROTOTYPE_KEYS as readonly string[]).includes(k))),
      },
      { size: (r) => parts(build(r)).length },
    );
    expect(reach.largest).toBeGreaterThanOrEqual(8);
  });

  it("unwrap's wrappers reach the wrapper alone holding undefined or null, under a schema without arguments, and wrappers beside other keys", () => {
    const alone = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && Object.keys(value).join() === "arguments";
    const plainSchema = (i: number): boolean => !Object.hasOwn(SCHEMAS[i]?.().properties ?? {}, "arguments");
    expectReach("wrappedInput", wrappedInput(), {
      "the wrapper alone holding undefined": (d) => {
        const v = build(d.value);
        return alone(v) && v["arguments"] === undefined && plainSchema(d.schema);
      },
      "the wrapper alone holding null": (d) => {
        const v = build(d.value);
        return alone(v) && v["arguments"] === null && plainSchema(d.schema);
      },
      "a wrapper as a getter": (d) => hasGetter(d.value),
      "a wrapper with another key": (d) => Object.keys(build(d.value) as object).length > 1,
      "a key that only looks like arguments": (d) => Object.keys(build(d.value) as object).some((k) => k !== "arguments" && k.trim().toLowerCase() === "arguments"),
      "a schema that declares arguments": (d) => !plainSchema(d.schema),
    });
  });

  it("prepare's names and arguments reach exact names, near misses, prototype names, and right, wrong and cast-needing fields", () => {
    expectReach("toolName", toolName(), {
      exact: (n) => n === "read_file",
      "near miss": (n) => n === "ReadFile",
      padded: (n) => n !== n.trim(),
      "prototype-looking": holds.prototypeKey,
      empty: (n) => n === "",
    });
    expectReach("toolArguments", toolArguments(), {
      "a valid read_file call": (r) => {
        const v = build(r);
        return isPlainObject(v) && typeof v["path"] === "string" && Object.keys(v).length === 1;
      },
      "a number as text": anyPart((v) => v === "5" || v === " 5 "),
      "a digit of another script": anyPart((v) => v === "٥"),
      "a missing path": (r) => isPlainObject(build(r)) && !Object.hasOwn(build(r) as object, "path"),
      "an own __proto__ key": (r) => isPlainObject(build(r)) && Object.hasOwn(build(r) as object, "__proto__"),
      "JSON text": (r) => "leaf" in r && typeof r.leaf === "string" && r.leaf.startsWith("{"),
      "a getter": hasGetter,
      "a wrapper": (r) => isPlainObject(build(r)) && Object.keys(build(r) as object).join() === "arguments",
    });
  });
});
