/**
 * The cost of reading and casting argument text grows linearly with its size. Each property
 * builds a hostile argument text at size n and at 8n (long digit runs, long runs of blank space in
 * Python's and JavaScript's senses, huge integer literals, deep nesting, many keys, repeated
 * separators, and the same inside an `{"arguments": …}` wrapper), sends it through
 * `parseToolArguments` and `prepareCall` (coerce, unwrap, shape, cast), and checks that 8n costs
 * at most 16 times what n costs — where a quadratic step would cost 64 times.
 *
 * Cost is counted, not timed: every character the scanners of blank space, numbers and integer
 * literals read (`charCodeAt`/`codePointAt`), plus every property read of the parsed value by the
 * cast step, its checks included (the value is handed to `prepareCall` behind counting proxies).
 * Validation is left out (the tools here accept whatever the cast gives): it has bounds of its
 * own. Time is not measured: on a busy machine it says more about the machine than the code.
 * `FC_RUNS` changes the number of runs per kind, `FC_SEED` replays a failure.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { parseToolArguments } from "../../src/providers/base.js";
import { MAX_OPEN_CHOICES } from "../../src/schema/cast.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { propertyConfig } from "../soak/runs.js";
import { noteGrowth } from "../setup/growth-report.js";

/** The small size of a case, in characters (about); the large one is 8 times this. */
const N = 3_000;
const GROWTH = 8;
const MAX_RATIO = 16;

const node: JsonSchema = { type: ["object", "null"], properties: { a: { $ref: "#/$defs/node" }, n: { type: "integer", minimum: 100 } } };
const nodeAnyOf: JsonSchema = {
  anyOf: [{ type: "object", properties: { a: { $ref: "#/$defs/node" }, n: { type: "integer", minimum: 100 } } }, { type: "null" }],
};

/** A tool that casts as usual and accepts whatever the cast gives, so only coerce to cast is measured. */
class CastOnlyTool extends FakeTool {
  override validateParams(): string[] {
    return [];
  }
}

/** The tools the cases call: plain fields, nullable fields, and recursive nullable schemas. */
function costRegistry(): ToolRegistry {
  const registry = new ToolRegistry();
  const tool = (name: string, parameters: JsonSchema): void => registry.register(new CastOnlyTool({ name, parameters }));
  tool("plain", {
    type: "object",
    properties: { n: { type: "number" }, i: { type: "integer" }, s: { type: "string" }, b: { type: "boolean" } },
    additionalProperties: { type: "integer" },
  });
  tool("nullable", {
    type: "object",
    properties: { n: { type: ["number", "null"], minimum: 100 }, i: { type: ["integer", "null"], maximum: 1 } },
    additionalProperties: { type: ["integer", "null"], minimum: 100 },
  });
  tool("list", { type: "object", $defs: { node }, properties: { a: { $ref: "#/$defs/node" } } });
  tool("anyof", { type: "object", $defs: { node: nodeAnyOf }, properties: { a: { $ref: "#/$defs/node" } } });
  return registry;
}

/** A hostile case: which tool it calls and its argument text at a given size. */
interface CostCase {
  kind: string;
  tool: string;
  text: (size: number) => string;
}

const repeatTo = (unit: string, size: number): string => unit.repeat(Math.max(1, Math.ceil(size / unit.length)));

const digit = fc.constantFrom("1", "9", "0", "\u0661", "\uff19", "\u{1d7d9}");
const blank = fc.constantFrom(" ", "\t", "\n", "\x0b", "\x1c", "\x1f", "\x85", "\xa0", "\u1680", "\u2003", "\u2028", "\u3000", "\ufeff", "\u200b");
const blanks = fc.array(blank, { minLength: 1, maxLength: 3 }).map((units) => units.join(""));
const tail = fc.constantFrom("", "x", "_", ".", "e", "-", "\ufeff", "\x1c", "5");
const field = fc.constantFrom("n", "i", "s", "b");
const tool = fc.constantFrom("plain", "nullable");

/** Every kind of hostile text, each an arbitrary of cases. */
const KINDS: Record<string, fc.Arbitrary<CostCase>> = {
  "long digit runs in a number string": fc
    .tuple(tool, field, fc.constantFrom("", "+", "-", "."), digit, fc.constantFrom("", ".", "e", "e+", "."), digit, tail)
    .map(([t, f, sign, d1, middle, d2, end]) => ({
      kind: "digits",
      tool: t,
      text: (size: number) => JSON.stringify({ [f]: sign + repeatTo(d1, size / 2) + middle + repeatTo(d2, size / 2) + end }),
    })),
  "long runs of blank space around argument text and number strings": fc
    .tuple(tool, blanks, fc.constantFrom('{"n": "2.5"}', '{"i": "12"}', "{}", '{"n": 1}', "x", ""), tail, fc.boolean())
    .map(([t, space, core, end, inside]) => ({
      kind: "blanks",
      tool: t,
      text: (size: number) =>
        inside
          ? JSON.stringify({ n: repeatTo(space, size / 2) + "2.5" + repeatTo(space, size / 2) + end, i: repeatTo(space, size / 4) + "7" + end })
          : repeatTo(space, size / 2) + core + repeatTo(space, size / 2) + end,
    })),
  "huge integer literals": fc
    .tuple(
      tool,
      digit.filter((d) => d >= "1" && d <= "9"),
      fc.constantFrom("one", "many exact", "floats"),
    )
    .map(([t, d, shape]) => ({
      kind: "literal",
      tool: t,
      text: (size: number) => {
        if (shape === "one") return `{"n": ${repeatTo(d, size)}}`;
        if (shape === "floats") return `{"k": [${repeatTo("1e400,", size)}1]}`;
        return `{"k": [${repeatTo("18446744073709551616,", size)}12345678901234567890]}`;
      },
    })),
  "deep nesting": fc.tuple(fc.constantFrom("list", "anyof"), fc.constantFrom('"5"', '"500"', "5", "null"), fc.boolean()).map(([t, leaf, everyLevel]) => ({
    kind: "deep",
    tool: t,
    text: (size: number) => {
      const depth = Math.max(1, Math.floor(size / 60));
      const open = everyLevel ? `{"n": ${leaf}, "a": ` : `{"a": `;
      return `{"a": ${open.repeat(depth)}{"n": ${leaf}}${"}".repeat(depth)}}`;
    },
  })),
  "many keys": fc.tuple(tool, fc.constantFrom('"5"', '"500"', "5", '"x"', '"\u0661\u0662"')).map(([t, value]) => ({
    kind: "keys",
    tool: t,
    text: (size: number) => {
      const count = Math.max(1, Math.floor(size / 12));
      return `{${Array.from({ length: count }, (_, k) => `"k${k}": ${value}`).join(", ")}}`;
    },
  })),
  "repeated separators": fc
    .tuple(tool, field, fc.constantFrom("1e", "1.", "+-", "..", "e", "__", "1_", "-1"), fc.constantFrom("{", "[", ",", '{"n":', "[{", "\\"), fc.boolean())
    .map(([t, f, unit, textUnit, inString]) => ({
      kind: "separators",
      tool: t,
      text: (size: number) => (inString ? JSON.stringify({ [f]: repeatTo(unit, size) }) : repeatTo(textUnit, size)),
    })),
};

/** The same cases, wrapped once in `{"arguments": "<the text>"}`. */
const wrapped: fc.Arbitrary<CostCase> = fc.oneof(...Object.values(KINDS)).map((inner) => ({
  kind: `wrapped ${inner.kind}`,
  tool: inner.tool,
  text: (size: number) => JSON.stringify({ arguments: inner.text(size) }),
}));

const registry = costRegistry();

/** A counter of the work done: characters read by the scanners, properties read of the value. */
interface Work {
  reads: number;
}

/** `value` behind proxies that count every property read, its own keys listed, at any depth. */
function counting(value: unknown, work: Work, made = new WeakMap<object, unknown>()): unknown {
  if (value === null || typeof value !== "object") return value;
  const known = made.get(value);
  if (known !== undefined) return known;
  const proxy = new Proxy(value, {
    get(target, key, receiver) {
      work.reads++;
      return counting(Reflect.get(target, key, receiver), work, made);
    },
    ownKeys(target) {
      work.reads++;
      return Reflect.ownKeys(target);
    },
    has(target, key) {
      work.reads++;
      return Reflect.has(target, key);
    },
  });
  made.set(value, proxy);
  return proxy;
}

/** Runs `run` with every `charCodeAt`/`codePointAt` call counted in `work`. */
function countingCharacters(work: Work, run: () => void): void {
  const proto = String.prototype as unknown as Record<"charCodeAt" | "codePointAt", (this: string, index: number) => number | undefined>;
  const charCodeAt = proto.charCodeAt;
  const codePointAt = proto.codePointAt;
  proto.charCodeAt = function (this: string, index: number) {
    work.reads++;
    return charCodeAt.call(this, index);
  };
  proto.codePointAt = function (this: string, index: number) {
    work.reads++;
    return codePointAt.call(this, index);
  };
  try {
    run();
  } finally {
    proto.charCodeAt = charCodeAt;
    proto.codePointAt = codePointAt;
  }
}

/**
 * The work of one call at one size: the provider's parse, `prepareCall` on the raw text, and
 * `prepareCall` on the parsed value behind counting proxies (what the cast step reads of it).
 */
function workOf(c: CostCase, text: string): number {
  const work: Work = { reads: 0 };
  countingCharacters(work, () => {
    const parsed = parseToolArguments(text);
    registry.prepareCall(c.tool, text);
    registry.prepareCall(c.tool, counting(parsed, work));
  });
  return work.reads;
}

/** The worst figures met, printed at the end. */
const worst = { ratio: 0, kind: "", small: 0, large: 0 };

afterAll(() => {
  console.log(`argument cost, ${GROWTH}x the text: worst counted ratio ${worst.ratio.toFixed(2)} (${worst.kind}: ${worst.small} -> ${worst.large} reads)`);
});

function checkLinear(c: CostCase): void {
  const smallText = c.text(N);
  const largeText = c.text(N * GROWTH);
  const small = workOf(c, smallText);
  const large = workOf(c, largeText);
  const ratio = noteGrowth("prepareCall (argument text)", c.kind, small, large, largeText.length, "characters of argument text");
  if (ratio > worst.ratio) Object.assign(worst, { ratio, kind: c.kind, small, large });
  expect(large, `${c.kind}: ${small} reads at n, ${large} at ${GROWTH}n`).toBeLessThanOrEqual(MAX_RATIO * Math.max(small, 1));
}

describe("property: the cost of argument text grows linearly with its size", () => {
  it.each(Object.entries(KINDS))(
    "(7) %s: 8x the text costs at most 16x the counted work",
    (name, cases) => {
      fc.assert(fc.property(cases, checkLinear), propertyConfig(`argument cost: ${name}`, 8));
    },
    600_000,
  );

  it('(7) the same, wrapped in {"arguments": …}', () => {
    fc.assert(fc.property(wrapped, checkLinear), propertyConfig("argument cost: wrapped", 12));
  }, 600_000);

  it("(7') past the open-choice limit a recursive nullable schema casts nothing, and validation judges", () => {
    // The deep cases above nest far deeper than MAX_OPEN_CHOICES, which is what keeps them linear.
    expect(Math.floor(N / 60)).toBeGreaterThan(MAX_OPEN_CHOICES * 2);
    const nested = (depth: number): string => `{"a": ${'{"n": "500", "a": '.repeat(depth)}null${"}".repeat(depth)}}`;
    const validating = new ToolRegistry();
    validating.register(new FakeTool({ name: "list", parameters: { type: "object", $defs: { node }, properties: { a: { $ref: "#/$defs/node" } } } }));
    const within = validating.prepareCall("list", nested(MAX_OPEN_CHOICES - 1));
    expect(within.error).toBeNull();
    const past = validating.prepareCall("list", nested(MAX_OPEN_CHOICES + 1));
    expect(past.error?.content).toMatch(/^Error: Invalid parameters for tool 'list': a.*should be integer/);
  });

  it("(7'') the readers of argument and number text read it one character at a time, so the count sees all their work", () => {
    // A regular expression over the text would do work the count above cannot see (and could
    // backtrack). The only ones allowed test a single character or an anchored sign.
    const allowed = new Set(["/^\\p{Nd}$/u", "/^-/"]);
    const found: string[] = [];
    for (const file of ["util/python-space.ts", "schema/number-text.ts", "tools/integer-literals.ts", "tools/argument-text.ts", "tools/coerce.ts", "schema/cast.ts"]) {
      const path = new URL(`../../src/${file}`, import.meta.url);
      const source = ts.createSourceFile(file, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral && !allowed.has(node.getText())) found.push(`${file}: ${node.getText()}`);
        if (ts.isNewExpression(node) && node.expression.getText() === "RegExp") found.push(`${file}: ${node.getText()}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
