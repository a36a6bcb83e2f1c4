/**
 * The printer behind the lesson CLI's trace and the playground (`src/util/compact-json.ts`) writes
 * any value, however deep, long or hostile, without recursing past its depth limit and without
 * throwing; within its limits it writes what `JSON.stringify` writes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactJson, COMPACT_JSON_MAX_DEPTH, TOO_DEEP_MARK } from "../../src/util/compact-json.js";
import { show, SHOW_MAX_CHARS } from "../../playground/show.js";
import { compact } from "../../lessons/_shared/print.js";
import { propertyConfig } from "../soak/runs.js";

/** An array nested `depth` levels around `leaf`, built without recursion. */
function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe("compactJson: bounded, and JSON.stringify's text within its bounds", () => {
  it("JSON data no deeper than the limit is written as JSON.stringify writes it", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
        expect(compactJson(value)).toBe(JSON.stringify(value));
      }),
      propertyConfig("compactJson is JSON.stringify within its bounds", 300),
    );
  });

  it("any value, nested to any depth, is written without throwing, never deeper than the limit, and says where it stopped", () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }),
        fc.integer({ min: 0, max: 20_000 }),
        (leaf, depth) => {
          const text = compactJson(nested(depth, leaf), { maxChars: 2_000 });
          expect(typeof text).toBe("string");
          if (depth > COMPACT_JSON_MAX_DEPTH) {
            expect(text).toContain(JSON.stringify(TOO_DEEP_MARK));
            expect(text.startsWith("[".repeat(COMPACT_JSON_MAX_DEPTH))).toBe(true);
            expect(text.startsWith("[".repeat(COMPACT_JSON_MAX_DEPTH + 1))).toBe(false);
          }
        },
      ),
      propertyConfig("compactJson is bounded at any depth", 200),
    );
  });

  it("the 12 KB array nested 6,000 deep, a sparse array of the largest length, cycles and throwing getters", () => {
    const deep = JSON.parse(`${"[".repeat(6_000)}1${"]".repeat(6_000)}`) as unknown;
    expect(compactJson(deep)).toBe(`${"[".repeat(32)}${JSON.stringify(TOO_DEEP_MARK)}${"]".repeat(32)}`);
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    expect(compactJson(sparse, { maxChars: 100 }).length).toBeLessThan(200);
    const cyclic: Record<string, unknown> = { a: 1n, f: () => 1, n: Number.NaN, u: undefined };
    cyclic["self"] = cyclic;
    expect(compactJson(cyclic)).toBe('{"a":"1n","f":"[function]","n":"NaN","self":"[Circular]"}');
    const hostile = Object.defineProperty({}, "boom", {
      enumerable: true,
      get() {
        throw new Error("no");
      },
    });
    expect(compactJson(hostile)).toBe("[unprintable: Error: no]");
    expect(compactJson(undefined)).toBe("undefined");
    expect(compactJson({ when: new Date(0), s: "x".repeat(10) }, { maxString: 5 })).toBe('{"when":"19...","s":"xx..."}');
  });

  it("the lesson CLI's compact and the playground's show are bounded by it", () => {
    const deep = nested(6_000);
    expect(compact(deep, 200)).toContain(JSON.stringify(TOO_DEEP_MARK));
    expect(compact(deep, 20).length).toBeLessThanOrEqual(20);
    expect(show(deep)).toContain(JSON.stringify(TOO_DEEP_MARK));
    expect(show(Array.from({ length: 50_000 }, (_, i) => i))).toMatch(new RegExp(`… \\(cut: longer than ${SHOW_MAX_CHARS} characters\\)$`));
    expect(show("it's")).toBe("'it's'");
    expect(show({ a: [1, "b"] })).toBe('{"a":[1,"b"]}');
  });
});
