/**
 * The two engines a pattern can run on, RE2 (`src/schema/re2-engine.ts`, what validation uses) and
 * JavaScript's own (`nativePatternEngine`, the reference), give the same answer on every string:
 * patterns are ECMAScript's, `\s` is JavaScript's blank space (U+00A0, U+2028, U+FEFF, …), `.`
 * matches no line terminator, `\d` and `\w` are ASCII. Patterns are generated from the pieces
 * where the engines once differed, with strings of the characters that tell them apart.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nativePatternEngine, portablePattern } from "../../src/schema/pattern.js";
import { re2PatternEngine } from "../../src/schema/re2-engine.js";
import { propertyConfig } from "../soak/runs.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";

/** Characters on which `\s`, `.`, `\d`, `\w` and `\b` differ between engines or languages. */
const CHARACTERS = [
  "a",
  "B",
  "z",
  "_",
  "0",
  "9",
  " ",
  "\t",
  "\n",
  "\v",
  "\f",
  "\r",
  "\u00a0",
  "\u1680",
  "\u2003",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff",
  "\u200b",
  "\x1c",
  "\x1f",
  "\x85",
  "\x08",
  "é",
  "ſ",
  "\u212a",
  "١",
  "２",
  "😀",
  "-",
  "[",
  "]",
  ".",
  "\\",
  "^",
];

const charArb = fc.constantFrom(...CHARACTERS);
const stringArb = fc.array(charArb, { maxLength: 6 }).map((chars) => chars.join(""));

/** A character written as a pattern atom: escaped where it is syntax. */
const literalOf = (c: string): string => (/[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c === "\n" ? "\\n" : c === "\r" ? "\\r" : c);

const escapeArb = fc.constantFrom("\\s", "\\S", "\\d", "\\D", "\\w", "\\W", "\\t", "\\v", "\\u00a0", "\\u{1F600}", "\\x1c");
const memberArb = fc.oneof(charArb.map(literalOf), escapeArb, fc.constantFrom("a-z", "\\u2000-\\u200a", "0-9", "\\b"));
const classArb = fc.tuple(fc.boolean(), fc.array(memberArb, { maxLength: 3 })).map(([negated, members]) => `[${negated ? "^" : ""}${members.join("")}]`);
const atomArb = fc.oneof(charArb.map(literalOf), escapeArb, fc.constant("."), fc.constant("\\b"), fc.constant("\\B"), classArb);
const quantifiedArb = fc.tuple(atomArb, fc.constantFrom("", "", "*", "+", "?", "{1,2}", "*?")).map(([atom, q]) => atom + q);
const branchArb = fc.array(quantifiedArb, { minLength: 1, maxLength: 4 }).map((atoms) => atoms.join(""));
const patternArb = fc
  .tuple(fc.boolean(), fc.array(branchArb, { minLength: 1, maxLength: 2 }), fc.boolean())
  .map(([start, branches, end]) => `${start ? "^" : ""}(?:${branches.join("|")})${end ? "$" : ""}`);

describe("RE2 and JavaScript's engine agree on every string", () => {
  it("a generated pattern either fails to compile in JavaScript or gives RE2's answer on every string", () => {
    fc.assert(
      fc.property(patternArb, fc.array(stringArb, { minLength: 1, maxLength: 8 }), (pattern, inputs) => {
        const source = portablePattern(pattern);
        let native: ReturnType<typeof nativePatternEngine.compile>;
        try {
          native = nativePatternEngine.compile(source);
        } catch {
          return; // not an ECMAScript pattern: nothing to agree on
        }
        // \B is the one construct RE2 refuses (it would also find it inside a character).
        let re2: ReturnType<typeof re2PatternEngine.compile>;
        try {
          re2 = re2PatternEngine.compile(source);
        } catch (error) {
          expect(error, `${JSON.stringify(pattern)} refused by RE2`).toBeInstanceOf(SyntaxError);
          expect(source).toContain("\\B");
          return;
        }
        for (const input of inputs) expect(re2.test(input), `${JSON.stringify(pattern)} on ${JSON.stringify(input)}`).toBe(native.test(input));
      }),
      propertyConfig("pattern engines agree", 300),
    );
  });

  it("\\B is refused by name: RE2 would find it inside a character such as U+00A0, where JavaScript finds no position", () => {
    expect(nativePatternEngine.compile("\\B").test("a\u00a0a")).toBe(false);
    expect(() => re2PatternEngine.compile("(?:\\B\\s*)")).toThrow(/\\B is not supported/);
    expect(() => registryOf(new FakeTool({ name: "nb", parameters: { type: "object", properties: { q: { type: "string", pattern: "a\\B" } } } }))).toThrow(
      /\\B is not supported/,
    );
    // A backslash before it, or a class around it, is not the assertion.
    expect(re2PatternEngine.compile("^\\\\B$").test("\\B")).toBe(true);
  });

  it("\\s, \\S and . read every code point as JavaScript does", () => {
    for (const pattern of ["^\\s$", "^\\S$", "^.$", "^[\\s]$", "^[^\\s]$", "^[\\S]$", "^[^\\S]$", "^[a\\s]$", "^\\d$", "^\\w$", "^\\W$", "^\\D$"]) {
      const re2 = re2PatternEngine.compile(pattern);
      const native = nativePatternEngine.compile(pattern);
      const differ: string[] = [];
      for (let code = 0; code <= 0x10ffff; code += code < 0x3100 || (code >= 0xfe00 && code < 0x10000) ? 1 : 97) {
        if (code >= 0xd800 && code <= 0xdfff) continue;
        const text = String.fromCodePoint(code);
        if (re2.test(text) !== native.test(text)) differ.push(code.toString(16));
      }
      expect(differ, pattern).toEqual([]);
    }
  });

  it("the empty classes and a backspace in a class mean what they mean in JavaScript", () => {
    for (const [pattern, yes, no] of [
      ["^a[]?$", "a", "ab"],
      ["^[^]$", "\n", ""],
      ["^[\\b]$", "\b", "b"],
      ["^[[]$", "[", "a"],
    ] as const) {
      const re2 = re2PatternEngine.compile(pattern);
      expect([re2.test(yes), re2.test(no)], pattern).toEqual([true, false]);
    }
  });

  it("a pattern RE2 cannot compile is named as it was written", () => {
    expect(() => re2PatternEngine.compile("\\s(?<a>x)(?<a>y)")).toThrow("/\\s(?<a>x)(?<a>y)/");
  });
});
