/**
 * The shortcuts of the call path give the answers of the full rules they stand in for: text that
 * cannot be JSON by its ends is kept without a parse, a name's ASCII key, short integer text,
 * the look for 16 digits in a row, the walk for unsafe numbers at any depth, the order of a long refused list, and a malformed
 * text parsed once at most (counted, not timed). `FC_RUNS` changes the number of runs, `FC_SEED`
 * replays a failure.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readArgumentText } from "../../src/tools/argument-text.js";
import { findInexactInteger, holdsUnsafeNumber, mayHoldInexactInteger } from "../../src/tools/integer-literals.js";
import { nameKey } from "../../src/tools/suggest.js";
import { readIntegerText } from "../../src/schema/number-text.js";
import { createAjv } from "../../src/schema/validate.js";
import { collectProblems } from "../../src/schema/problems/collect-problems.js";
import { arrangeProblems } from "../../src/schema/problems/problem-order.js";
import { isPlainObject } from "../../src/util/json.js";
import { pyStrip } from "../../src/util/python-space.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";
import { propertyConfig } from "../soak/runs.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Argument text as read with a parse every time: the rule the shortcut must agree with. */
function readByParsing(raw: string): unknown {
  const text = pyStrip(raw);
  if (text === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    // The JSON `null`, and an object with an integer no number holds exactly, are kept as text.
    return parsed === null || (isPlainObject(parsed) && findInexactInteger(text) !== null) ? raw : parsed;
  } catch {
    return raw;
  }
}

/** JSON text, whole or cut anywhere, with blank space around it. */
const argumentText = fc
  .tuple(fc.json({ maxDepth: 3 }), fc.nat(), fc.constantFrom("", " ", "\n\t", "\x85", "\ufeff"))
  .map(([json, cut, blank]) => blank + (cut % 3 === 0 ? json : json.slice(0, cut % (json.length + 1))) + blank);

/** Loose keys worked out one character at a time by Unicode's classes. */
function keyByCharacters(name: string): string {
  let key = "";
  for (const ch of name) if (/[\p{L}\p{N}]/u.test(ch)) key += ch.toLowerCase();
  return key;
}

const ITEMS = { type: "object", properties: { xs: { type: "array", items: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } } } };

describe("property: the call path's shortcuts agree with the full rules", () => {
  it("text that cannot be JSON by its ends is kept as a failed parse keeps it; JSON text is read", () => {
    fc.assert(
      fc.property(argumentText, (raw) => {
        expect(readArgumentText(raw, "any")).toEqual(readByParsing(raw));
      }),
      propertyConfig("shortcuts: argument text", 300),
    );
  });

  it("16 ASCII digits in a row are found wherever the run starts and ends, and no other digit counts", () => {
    // Every run of 0 to 40 digits starting at every place from 0 to 40: each place modulo 16, each
    // length around 16, at the text's start and end and between other characters.
    for (let start = 0; start <= 40; start++) {
      for (let length = 0; length <= 40; length++) {
        for (const [before, after] of [
          ["a", ""],
          [" ", "x"],
          ["\u0663", "\uff11"],
        ] as const) {
          const t = before.repeat(start) + "7".repeat(length) + after.repeat(3);
          expect(mayHoldInexactInteger(t), `${start} ${length}`).toBe(length >= 16);
        }
      }
    }
    // Mixed: runs between characters that are not ASCII digits (digits of other scripts among them).
    const other = fc.constantFrom("\u0663", "\uff11", "\u096a", "\ud835\udfce", "a", ".", "-", "e", " ", '"', "\ud800");
    const digitRun = fc
      .oneof(fc.constantFrom(15, 16, 17), fc.nat({ max: 40 }))
      .chain((n) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: n, maxLength: n }));
    const text = fc
      .tuple(fc.nat({ max: 31 }), fc.array(fc.tuple(digitRun, other), { maxLength: 6 }))
      .map(([lead, parts]) => "-".repeat(lead) + parts.map(([run, o]) => run + o).join(""));
    fc.assert(
      fc.property(text, (t) => {
        expect(mayHoldInexactInteger(t), JSON.stringify(t)).toBe(/\d{16}/.test(t));
      }),
      propertyConfig("shortcuts: 16 digits in a row", 500),
    );
  });

  it("an object's integer of 14 to 20 digits, at any place in the text, is read or kept as text as the full rules say", () => {
    const literal = fc.tuple(fc.boolean(), fc.integer({ min: 14, max: 20 }), fc.bigInt({ min: 1n, max: 10n ** 20n })).map(([negative, digits, n]) => {
      const text = n.toString().padStart(digits, "1").slice(-digits);
      return (negative ? "-" : "") + (text.startsWith("0") ? `9${text.slice(1)}` : text);
    });
    const raw = fc
      .tuple(fc.string({ unit: fc.constantFrom("a", "1", " ", "é"), maxLength: 31 }), literal, fc.constantFrom("", ".5", "e2"))
      .map(([pad, number, tail]) => `{"pad": ${JSON.stringify(pad)}, "n": ${number}${tail}}`);
    fc.assert(
      fc.property(raw, (text) => {
        expect(readArgumentText(text, "object-or-array")).toEqual(readByParsing(text));
      }),
      propertyConfig("shortcuts: long integers", 300),
    );
  });

  it("an ASCII name's key is the key worked out by Unicode's classes", () => {
    const names = fc.oneof(fc.string({ unit: "grapheme-ascii", maxLength: 30 }), fc.string({ maxLength: 20 }), fc.string({ unit: "binary", maxLength: 10 }));
    fc.assert(
      fc.property(names, (name) => {
        expect(nameKey(name)).toBe(keyByCharacters(name));
      }),
      propertyConfig("shortcuts: name keys", 300),
    );
  });

  it("up to 15 ASCII digits are read as their number; text that starts with a letter is no integer", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,15}$/),
        fc.tuple(fc.constantFrom(..."aAzZnNiI"), fc.stringMatching(/^\w{0,8}$/)).map(([first, rest]) => first + rest),
        (digits, word) => {
          expect(readIntegerText(digits)).toBe(Number(digits));
          expect(readIntegerText(word)).toBeNull();
        },
      ),
      propertyConfig("shortcuts: integer text", 300),
    );
  });

  it("the walk for unsafe numbers finds one at any depth, far past its recursion, and never overflows", () => {
    for (const depth of [1, 63, 64, 65, 100_000]) {
      let safe: unknown = 1;
      let unsafe: unknown = 2 ** 60;
      for (let i = 0; i < depth; i++) {
        safe = i % 2 === 0 ? [safe] : { k: safe };
        unsafe = i % 2 === 0 ? [0, unsafe] : { a: "x", k: unsafe };
      }
      expect(holdsUnsafeNumber(safe), `depth ${depth}`).toBe(false);
      expect(holdsUnsafeNumber(unsafe), `depth ${depth}`).toBe(true);
    }
  });

  it("a refused list's problems are put in the same order whatever order they come in", () => {
    const check = createAjv().compile(ITEMS);
    const item = fc.oneof(fc.constant("abc"), fc.constant(-10), fc.constant(null), fc.nat(), fc.constant(true));
    fc.assert(
      fc.property(fc.array(item, { minLength: 2, maxLength: 40 }), fc.nat(), (xs, seed) => {
        const value = { xs };
        if (check(value)) return;
        const problems = collectProblems(check.errors ?? [], 0, value, []);
        const shuffled = [...problems];
        let state = seed;
        for (let i = shuffled.length - 1; i > 0; i--) {
          state = (state * 1103515245 + 12345) % 2 ** 31;
          const j = state % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as (typeof shuffled)[number], shuffled[i] as (typeof shuffled)[number]];
        }
        const inOrder = arrangeProblems([...problems], value).map((p) => p.pointer);
        expect(arrangeProblems(shuffled, value).map((p) => p.pointer)).toEqual(inOrder);
        expect(inOrder.map((p) => Number(p.split("/").at(-1)))).toEqual([...inOrder.map((p) => Number(p.split("/").at(-1)))].sort((a, b) => a - b));
      }),
      propertyConfig("shortcuts: problem order", 200),
    );
  });
});

describe("the work of preparing a malformed call (counted, not timed)", () => {
  const registry = registryOf(new FakeTool({ name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } } } }));

  it("text cut short is never parsed, and other malformed text is parsed once", () => {
    const parse = vi.spyOn(JSON, "parse");
    expect(registry.prepareCall("read_file", '{"path": 3').error?.content).toMatch(/must be a JSON object, got string/);
    expect(parse).toHaveBeenCalledTimes(0);
    expect(registry.prepareCall("read_file", '{"path": 3,}').error?.content).toMatch(/must be a JSON object, got string/);
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
