/**
 * A referenced schema's errors are appended in place (`src/schema/ref-errors.ts`): Ajv's own code
 * copied every error gathered so far each time a `$ref` it calls as a function failed, so 80,000
 * refused items took minutes. The rewritten code gives the same errors in the same order.
 */
import Ajv2020Import from "ajv/dist/2020.js";
import type { ErrorObject } from "ajv";
import { describe, expect, it } from "vitest";
import { createAjv } from "../../src/schema/validate.js";
import { appendRefErrorsInPlace } from "../../src/schema/ref-errors.js";
import type { JsonSchema } from "../../src/tools/base.js";

/** A tree of nodes through a `$ref` to itself, and a list of such nodes. */
const TREE: JsonSchema = {
  type: "object",
  properties: { list: { type: "array", items: { $ref: "#/$defs/node" } }, head: { $ref: "#/$defs/node" } },
  $defs: { node: { type: "object", properties: { name: { type: "string" }, next: { $ref: "#/$defs/node" } }, required: ["name"], additionalProperties: false } },
};

/** The errors as plain data: where, which schema keyword, which keyword. */
const shape = (errors: readonly ErrorObject[] | null | undefined): string[][] => (errors ?? []).map((e) => [e.instancePath, e.schemaPath, e.keyword]);

describe("a referenced schema's errors are appended in place", () => {
  it("rewrites each merge of a called function's errors in the code Ajv generates, and no concat is left", () => {
    const seen: string[] = [];
    const ajv = createAjv({ code: { process: (code) => (seen.push(code), code) } });
    ajv.compile(TREE);
    const code = seen.join("\n");
    expect(code).toContain("vErrors.push(refError)");
    expect(code).not.toContain("vErrors.concat(");
  });

  it("leaves other code as it is", () => {
    const code = "if (x) { vErrors.push(err0); } errors++;";
    expect(appendRefErrorsInPlace(code)).toBe(code);
    expect(appendRefErrorsInPlace("vErrors = vErrors === null ? validate3.errors : vErrors.concat(validate3.errors);")).toBe(
      "if (vErrors === null) vErrors = validate3.errors; else for (const refError of validate3.errors) vErrors.push(refError);",
    );
  });

  it("gives exactly Ajv's own errors, in Ajv's order, for problems inside, around and between referenced nodes", () => {
    const plainAjv = new Ajv2020Import.default({ allErrors: true, strict: false, messages: false, ownProperties: true });
    const reference = plainAjv.compile(TREE);
    const check = createAjv().compile(TREE);
    const node = (depth: number, broken: boolean): Record<string, unknown> => {
      let value: Record<string, unknown> = broken ? { extra: 1 } : { name: "leaf" };
      for (let i = 0; i < depth; i++) value = broken && i % 2 === 0 ? { name: i, extra: true, next: value } : { name: `n${i}`, next: value };
      return value;
    };
    const value = { list: [node(3, true), node(2, false), node(4, true), 5], head: node(5, true) };
    expect(check(value)).toBe(false);
    expect(reference(value)).toBe(false);
    expect(shape(check.errors)).toEqual(shape(reference.errors));
    expect(shape(check.errors).length).toBeGreaterThan(10);
  });

  it("80,000 refused items through a $ref take about 8 times as long as 10,000, not 64 (timed: the code is Ajv's)", () => {
    const check = createAjv().compile({ type: "object", properties: { xs: { type: "array", items: { $ref: "#/$defs/node" } } }, $defs: TREE["$defs"] });
    const items = (n: number): Record<string, unknown> => ({ xs: Array.from({ length: n }, () => ({ bad: 1 })) });
    const leastMs = (value: unknown): number => {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        check(value);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const small = items(10_000);
    const large = items(80_000);
    leastMs(small);
    const smallMs = leastMs(small);
    const largeMs = leastMs(large);
    expect(check.errors?.length).toBe(160_000);
    // Copying every earlier error at each item made this about 1,000 times as long (minutes).
    expect(largeMs / Math.max(smallMs, 0.5)).toBeLessThan(32);
  });
});
