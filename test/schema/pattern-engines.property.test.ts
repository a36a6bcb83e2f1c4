/**
 * The two engines a pattern can run on, RE2 (`src/schema/re2-engine.ts`, what validation uses) and
 * JavaScript's own (`nativePatternEngine`, the reference Ajv would use), never give two answers:
 * on a well-formed string RE2 gives JavaScript's answer; a string with a lone surrogate is refused
 * with its reason, never answered; a pattern JavaScript refuses is refused, and a pattern RE2
 * cannot read as JavaScript does is refused at compile time with its reason. Patterns are generated
 * from the pieces where the engines once differed (`\s`, `.`, `\p{…}` in every spelling, escaped
 * surrogate pairs, lone surrogates, counted repeats near RE2's limit), with strings of the
 * characters that tell them apart (letters of the newest Unicode version this runtime knows, lone
 * surrogates). The property checks its own reach on a fixed sample.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ajvRegExpEngine,
  longestCheckedInput,
  MAX_PATTERN_COST,
  nativePatternEngine,
  PatternCheckError,
  patternCost,
  portablePattern,
  type CompiledPattern,
} from "../../src/schema/pattern.js";
import { re2PatternEngine } from "../../src/schema/re2-engine.js";
import { excessiveRepeat } from "../../src/schema/repeat-limit.js";
import { propertyRanges } from "../../src/schema/re2-syntax.js";
import { runNode } from "../setup/node-child.js";
import { propertyConfig } from "../soak/runs.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";

/**
 * Letters of recent Unicode versions (15.0: U+31350, U+11F04; 15.1: U+2EBF0; 16.0: U+105C0,
 * U+11BC0, U+16100, U+1E5D0, U+11380; 17.0: U+323B0, U+10940, U+11DB0, U+16EA0, U+1E6C0), kept
 * when this runtime's JavaScript calls them letters: the newest it knows are among them.
 */
const NEWEST_LETTERS = [0x31350, 0x11f04, 0x2ebf0, 0x105c0, 0x11bc0, 0x16100, 0x1e5d0, 0x11380, 0x323b0, 0x10940, 0x11db0, 0x16ea0, 0x1e6c0]
  .map((code) => String.fromCodePoint(code))
  .filter((c) => /^\p{L}$/u.test(c));

/** Characters on which `\s`, `.`, `\d`, `\w`, `\b` and `\p{…}` differ between engines or languages. */
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
  "😁",
  "α",
  "Ω",
  "ж",
  "-",
  "[",
  "]",
  ".",
  "\\",
  "^",
  ";",
  "|",
  ...NEWEST_LETTERS,
];

/** Halves of a UTF-16 pair on their own: legal in a JSON string, and never a character. */
const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d", "\ude00"];

const charArb = fc.constantFrom(...CHARACTERS);
const inputCharArb = fc.oneof({ weight: 6, arbitrary: charArb }, { weight: 1, arbitrary: fc.constantFrom(...LONE_SURROGATES) });
/** Short strings of telling characters, and runs of `a` as long as the counted repeats below. */
const stringArb = fc.oneof(
  { weight: 8, arbitrary: fc.array(inputCharArb, { maxLength: 6 }).map((chars) => chars.join("")) },
  { weight: 1, arbitrary: fc.constantFrom(29, 30, 33, 999, 1000, 1001).map((n) => "a".repeat(n)) },
);

/** A character written as a pattern atom: escaped where it is syntax. */
const literalOf = (c: string): string => (/[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c === "\n" ? "\\n" : c === "\r" ? "\\r" : c);

/** Every way ECMAScript spells a property escape, and spellings RE2 reads but JavaScript does not. */
const PROPERTY_ESCAPES = [
  "\\p{L}",
  "\\p{Letter}",
  "\\P{L}",
  "\\P{Letter}",
  "\\p{Lu}",
  "\\p{Uppercase_Letter}",
  "\\p{Nd}",
  "\\p{Decimal_Number}",
  "\\p{gc=Ll}",
  "\\p{gc=Lowercase_Letter}",
  "\\p{General_Category=L}",
  "\\p{General_Category=Letter}",
  "\\P{General_Category=Decimal_Number}",
  "\\p{Script=Greek}",
  "\\p{Script=Grek}",
  "\\p{sc=Greek}",
  "\\p{sc=Cyrl}",
  "\\P{Script=Latin}",
  "\\p{Script_Extensions=Greek}",
  "\\p{scx=Cyrillic}",
  "\\p{scx=Latn}",
  "\\p{Alphabetic}",
  "\\p{Alpha}",
  "\\p{White_Space}",
  "\\p{ASCII}",
  "\\p{Any}",
  "\\p{Assigned}",
  "\\p{Emoji}",
  "\\p{Lo}",
  "\\p{Other_Letter}",
  "\\p{Cn}",
  "\\p{Zs}",
  "\\p{Cs}",
  "\\p{Surrogate}",
  "\\P{Any}",
  "\\p{Greek}",
  "\\p{IsGreek}",
  "\\pL",
];

/** Surrogates written as escapes: pairs (one code point to JavaScript), and halves on their own. */
const SURROGATE_ESCAPES = ["\\ud83d\\ude00", "\\uD83D\\uDE01", "\\u{1F600}", "\\ud800", "\\udfff", "\\u{d83d}", "\\ud83d\\u0041"];

// A property escape compiles to a large program (a few hundred milliseconds for \p{L} on RE2), so
// it is drawn less often than the other escapes: the soak stays within an hour.
const escapeArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("\\s", "\\S", "\\d", "\\D", "\\w", "\\W", "\\t", "\\v", "\\u00a0", "\\u{1F600}", "\\x1c") },
  { weight: 1, arbitrary: fc.constantFrom(...PROPERTY_ESCAPES) },
  { weight: 2, arbitrary: fc.constantFrom(...SURROGATE_ESCAPES) },
);
const memberArb = fc.oneof(
  charArb.map(literalOf),
  escapeArb,
  fc.constantFrom("a-z", "\\u2000-\\u200a", "0-9", "\\b", "\\ud83d\\ude00-\\ud83d\\ude4f", "α-ω", "\\ud800-\\udfff"),
);
const classArb = fc.tuple(fc.boolean(), fc.array(memberArb, { maxLength: 3 })).map(([negated, members]) => `[${negated ? "^" : ""}${members.join("")}]`);
const atomArb = fc.oneof(charArb.map(literalOf), escapeArb, fc.constant("."), fc.constant("\\b"), fc.constant("\\B"), classArb);
/** Counts near RE2's limit of 1,000 repeats, alone and multiplied by a group's count. */
const countArb = fc.constantFrom("{29}", "{30}", "{33}", "{34}", "{999}", "{1000}", "{1001}", "{0,1000}", "{2,}", "{1000,}");
const quantifiedArb = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(atomArb, fc.constantFrom("", "", "*", "+", "?", "{1,2}", "*?")).map(([atom, q]) => atom + q) },
  { weight: 1, arbitrary: fc.tuple(charArb.map(literalOf), countArb).map(([atom, q]) => atom + q) },
  {
    weight: 1,
    arbitrary: fc.tuple(charArb.map(literalOf), countArb, countArb).map(([atom, inner, outer]) => `(?:${atom}${inner})${outer}`),
  },
);
const branchArb = fc.array(quantifiedArb, { minLength: 1, maxLength: 4 }).map((atoms) => atoms.join(""));
const patternArb = fc
  .tuple(fc.boolean(), fc.array(branchArb, { minLength: 1, maxLength: 2 }), fc.boolean())
  .map(([start, branches, end]) => `${start ? "^" : ""}(?:${branches.join("|")})${end ? "$" : ""}`);
const caseArb = fc.tuple(patternArb, fc.array(stringArb, { minLength: 1, maxLength: 8 }));

/** The engine as validation uses it: the budget, the portable rewrite, RE2. */
const re2 = ajvRegExpEngine(re2PatternEngine);

const LONE_SURROGATE_IN_PATTERN = /\\u\{?d[89a-f][0-9a-f]{2}\}?(?!\\u\{?d[c-f])|\\p\{(?:Cs|Surrogate)\}|\\P\{Any\}|[\ud800-\udfff]/iu;

/** True when the refusal of `source`, a pattern JavaScript accepts, gives a reason that holds. */
function refusalHolds(source: string, message: string): boolean {
  if (/repeats more than 1000 times/.test(message)) return excessiveRepeat(source) !== null;
  if (/is too large/.test(message)) return patternCost(source) > MAX_PATTERN_COST;
  if (/\\B is not supported/.test(message)) return source.includes("\\B");
  if (/lone surrogate/.test(message)) return LONE_SURROGATE_IN_PATTERN.test(source);
  return false;
}

/**
 * One case: `pattern` on every input. The answer RE2 gives is JavaScript's, or a refusal that says
 * why; what happened is returned so the reach check can count it.
 */
function checkCase(pattern: string, inputs: readonly string[]): "refused by both" | "refused with a reason" | "compared" {
  const source = portablePattern(pattern);
  let native: CompiledPattern;
  try {
    native = nativePatternEngine.compile(source);
  } catch {
    expect(() => re2(source, "u"), `${JSON.stringify(pattern)} is not ECMAScript, so RE2 refuses it too`).toThrow();
    return "refused by both";
  }
  let compiled: CompiledPattern;
  try {
    compiled = re2(source, "u");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    expect(refusalHolds(source, message), `${JSON.stringify(pattern)} refused: ${message}`).toBe(true);
    return "refused with a reason";
  }
  const longest = longestCheckedInput(source);
  for (const input of inputs) {
    const where = `${JSON.stringify(pattern)} on ${JSON.stringify(input)}`;
    if (/[\ud800-\udfff]/u.test(input)) {
      expect(() => compiled.test(input), where).toThrow(PatternCheckError);
      try {
        compiled.test(input);
      } catch (error) {
        expect((error as PatternCheckError).failure, where).toBe(input.length > longest ? "too-long" : "lone-surrogate");
      }
    } else if (input.length > longest) {
      expect(() => compiled.test(input), where).toThrow(PatternCheckError);
    } else {
      expect(compiled.test(input), where).toBe(native.test(input));
    }
  }
  return "compared";
}

describe("RE2 and JavaScript's engine never give two answers", () => {
  it("the letters added lately are letters to JavaScript and missing from re2-wasm's own tables: they are read from JavaScript's", async () => {
    expect(NEWEST_LETTERS.length).toBeGreaterThan(8);
    // The package's own \p{L} program, in a fresh Node: its heap is the module's, shared with every
    // file this worker ran before, and a big class may not fit there any more.
    const script = `import { RE2 } from "re2-wasm"; const own = new RE2("^\\\\p{L}$", "u"); console.log(JSON.stringify(${JSON.stringify(NEWEST_LETTERS)}.filter((c) => !own.test(c))));`;
    const child = await runNode(["--input-type=module", "-e", script]);
    expect(child.status, child.stderr).toBe(0);
    const missing = JSON.parse(child.stdout) as string[];
    expect(missing.length, "re2-wasm's tables miss letters JavaScript knows").toBeGreaterThan(0);
    const letter = re2PatternEngine.compile("^\\p{L}$");
    for (const c of NEWEST_LETTERS) expect(letter.test(c), `U+${(c.codePointAt(0) ?? 0).toString(16)}`).toBe(true);
    const guard = re2PatternEngine.compile("\\p{L}");
    expect(missing.every((c) => guard.test(`x${c}`))).toBe(true);
  });

  it("a generated pattern is refused by both, refused by RE2 with a reason that holds, or gives JavaScript's answer on every well-formed string and a refusal on the others", () => {
    fc.assert(
      fc.property(caseArb, ([pattern, inputs]) => void checkCase(pattern, inputs)),
      propertyConfig("pattern engines agree", 300),
    );
  });

  it("the generators reach every kind on a fixed sample, and every outcome", () => {
    const sample = fc.sample(caseArb, { numRuns: 3_000, seed: 20_261_205 });
    const patterns = sample.map(([pattern]) => pattern);
    const inputs = sample.flatMap(([, strings]) => strings);
    const reached = (test: (text: string) => boolean, among: readonly string[]): number => among.filter(test).length;
    const kinds: Record<string, number> = {
      "lone surrogate in a string": reached((s) => /[\ud800-\udfff]/u.test(s), inputs),
      "letter of the newest Unicode": reached((s) => NEWEST_LETTERS.some((c) => s.includes(c)), inputs),
      "run of a near the limit": reached((s) => s.length >= 999, inputs),
      "escaped surrogate pair": reached((p) => /\\u[dD]83[dD]\\u[dD][eE]0/.test(p), patterns),
      "escaped lone surrogate": reached((p) => /\\u\{?d[89a-f]..\}?(?!\\u)/i.test(p), patterns),
      "short property name": reached((p) => /\\[pP]\{(?:L|Lu|Nd|Lo|Cn|Zs|Cs)\}/.test(p), patterns),
      "long property name": reached((p) => /\\[pP]\{(?:Letter|Uppercase_Letter|Decimal_Number|Other_Letter|Surrogate)\}/.test(p), patterns),
      "binary property": reached((p) => /\\p\{(?:Alphabetic|Alpha|White_Space|ASCII|Any|Assigned|Emoji)\}/.test(p), patterns),
      "Script=": reached((p) => p.includes("{Script="), patterns),
      "sc=": reached((p) => p.includes("{sc="), patterns),
      "Script_Extensions=": reached((p) => p.includes("{Script_Extensions="), patterns),
      "scx=": reached((p) => p.includes("{scx="), patterns),
      "General_Category=": reached((p) => p.includes("{General_Category="), patterns),
      "gc=": reached((p) => p.includes("{gc="), patterns),
      "spelling only RE2 reads": reached((p) => /\\p\{(?:Greek|IsGreek)\}|\\pL/.test(p), patterns),
      "count of 1000": reached((p) => p.includes("{1000}"), patterns),
      "count of 1001": reached((p) => p.includes("{1001}"), patterns),
      "nested counts": reached((p) => /\)\{\d+(?:,\d*)?\}/.test(p), patterns),
    };
    for (const [kind, count] of Object.entries(kinds)) expect(count, kind).toBeGreaterThan(0);
    const outcomes = new Map<string, number>();
    for (const [pattern, strings] of sample.slice(0, 300)) {
      const outcome = checkCase(pattern, strings);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect([...outcomes.keys()].sort()).toEqual(["compared", "refused by both", "refused with a reason"]);
    expect(outcomes.get("compared") ?? 0).toBeGreaterThan(50);
  });

  it("JavaScript's other escapes and groups (\\cJ, \\0, \\x41, \\u{0}, [a&&b], named groups) give JavaScript's answer on RE2", () => {
    const inputs = ["\n", "\0", "A", "a", "&", "b", "J", "cJ", "\\", "0", "", "x", "-", "/"];
    for (const pattern of ["^\\cJ$", "^[\\cJ]$", "^\\0$", "^\\x41$", "^\\u{0}$", "^[a&&b]$", "^[\\d-]$", "^\\/$", "^(?<a>x)$", "^a{2,3}?$", "^[^\\W]$"]) {
      const re2 = re2PatternEngine.compile(pattern);
      const native = nativePatternEngine.compile(pattern);
      expect(
        inputs.filter((input) => re2.test(input) !== native.test(input)),
        pattern,
      ).toEqual([]);
    }
  });

  it("a property escape is the code points JavaScript's tables give it, surrogates left out", () => {
    expect(propertyRanges("\\p{ASCII}")).toBe("\\x{0}-\\x{7f}");
    expect(propertyRanges("\\P{ASCII}")).toBe("\\x{80}-\\x{d7ff}\\x{e000}-\\x{10ffff}");
    expect(propertyRanges("\\p{Script=Greek}")).toBe(propertyRanges("\\p{sc=Grek}"));
    expect(propertyRanges("\\p{General_Category=Letter}")).toBe(propertyRanges("\\p{L}"));
    expect(propertyRanges("\\p{Cs}")).toBe("");
    expect(() => propertyRanges("\\p{Greek}")).toThrow(SyntaxError);
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
