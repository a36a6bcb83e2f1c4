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
import { cpuTimeRatio } from "../setup/cpu-time.js";

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

  it("40,000 refused items checked through a $ref take about as long as through the same schema written in place (timed: the code is Ajv's)", () => {
    const inPlace = { type: "object", properties: { name: { type: "string" }, next: { type: "object" } }, required: ["name"], additionalProperties: false };
    const throughRef = createAjv().compile({ type: "object", properties: { xs: { type: "array", items: { $ref: "#/$defs/node" } } }, $defs: TREE["$defs"] });
    const written = createAjv().compile({ type: "object", properties: { xs: { type: "array", items: inPlace } } });
    const value = { xs: Array.from({ length: 40_000 }, () => ({ bad: 1 })) };
    const refuse = (check: (value: unknown) => unknown) => (): void => {
      expect(check(value)).toBe(false);
    };
    expect(throughRef(value)).toBe(false);
    expect(shape(throughRef.errors)).toHaveLength(80_000);
    // Copying every earlier error at each failing call made it about 1,000 times as long (minutes).
    expect(cpuTimeRatio(refuse(written), refuse(throughRef), 1)).toBeLessThan(8);
  });
});
