/**
 * Listing the problems of refused arguments costs work linear in their size. Each of Ajv's errors
 * carries the whole path of its value, so arguments nested n levels deep with a problem at every
 * level hand over about n paths of up to n steps: work (and, listed in full as upstream does, text)
 * growing with the square of the depth. The problem budget (`src/schema/problem-budget.ts`)
 * keeps it linear.
 *
 * Shapes: a schema that refers to itself, through a property or through an array's items, with
 * arguments nested n and 8n levels deep and one to five kinds of problem at every level (a wrong
 * type, a missing required key, an unexpected key, a value outside an enum, a number below its
 * minimum, a string that breaks its pattern); and, since without a `$ref` the schema budget
 * bounds how deep Ajv looks, a schema nested as deep as it admits, with keys n and 8n characters
 * long. Going from n to 8n may cost at most 16 times the counted work, and the text the model
 * reads may grow at most 16 times.
 *
 * Work is counted, not timed (`src/schema/validation-work.ts`): values looked at to measure the
 * depth, errors measured against the budget, characters of paths reworded, characters handed to
 * patterns. Ajv's own share (each error handed up through the `$ref` calls above it) is bounded by
 * the depth limit; `test/schema/ref-errors.test.ts` times the rest.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROBLEM_BUDGET } from "../../src/schema/validate.js";
import { workBetween, workSnapshot, type ValidationWork } from "../../src/schema/validation-work.js";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { propertyConfig, runs } from "../soak/runs.js";
import { noteGrowth } from "../setup/growth-report.js";

type Json = Record<string, unknown>;

/** The kinds of problem a level can have, each with the schema it breaks and the value that breaks it. */
const PROBLEMS = {
  type: { schema: { name: { type: "string" } }, value: { name: [1] } },
  required: { schema: {}, value: {} },
  extra: { schema: {}, value: { extra: true } },
  enum: { schema: { mode: { enum: ["fast", "full"] } }, value: { mode: "slow" } },
  minimum: { schema: { count: { type: "integer", minimum: 0 } }, value: { count: -1 } },
  pattern: { schema: { code: { type: "string", pattern: "^[a-z]+$" } }, value: { code: "A1" } },
} as const;
type ProblemKind = keyof typeof PROBLEMS;

interface Shape {
  kind: string;
  /** The schema for size n (the same for every size where only the arguments grow). */
  schema: (n: number) => JsonSchema;
  args: (n: number) => Json;
}

/** One level's schema and value, for the chosen problems; `link` is where the next level goes. */
function level(kinds: readonly ProblemKind[]): { properties: Json; required: string[]; value: Json } {
  const properties: Json = {};
  const value: Json = {};
  for (const kind of kinds) {
    Object.assign(properties, PROBLEMS[kind].schema);
    Object.assign(value, PROBLEMS[kind].value);
  }
  return { properties, required: kinds.includes("required") ? ["id"] : [], value };
}

const kindsArb = fc.uniqueArray(fc.constantFrom(...(Object.keys(PROBLEMS) as ProblemKind[])), { minLength: 1, maxLength: 5 });
const keyArb = fc.constantFrom("next", "child", "a_rather_long_name_for_the_next_node");

const shapeArb: fc.Arbitrary<Shape> = fc.oneof(
  fc.tuple(kindsArb, keyArb, fc.boolean()).map(([kinds, key, throughItems]): Shape => {
    const { properties, required, value } = level(kinds);
    const link = throughItems ? { type: "array", items: { $ref: "#/$defs/node" } } : { $ref: "#/$defs/node" };
    const schema: JsonSchema = {
      type: "object",
      properties: { head: { $ref: "#/$defs/node" } },
      $defs: { node: { type: "object", properties: { ...properties, [key]: link }, required, additionalProperties: false } },
    };
    return {
      kind: `a $ref to itself, through ${throughItems ? "items" : "a property"}`,
      schema: () => schema,
      args: (n) => {
        let node: Json = { ...value };
        for (let i = 0; i < n; i++) node = { ...value, [key]: throughItems ? [node] : node };
        return { head: node };
      },
    };
  }),
  fc.tuple(kindsArb, fc.integer({ min: 4, max: 24 })).map(([kinds, depth]): Shape => {
    const { properties, required, value } = level(kinds);
    // Keys of n characters, different at each level.
    const keyAt = (i: number, n: number): string => `${i}`.padEnd(n, "k");
    return {
      kind: "nested as deep as the schema budget admits, keys n characters long",
      schema: (n) => {
        let node: JsonSchema = { type: "string" };
        for (let i = depth - 1; i >= 0; i--) node = { type: "object", properties: { ...properties, [keyAt(i, n)]: node }, required, additionalProperties: false };
        return node;
      },
      args: (n) => {
        let node: unknown = 5;
        for (let i = depth - 1; i >= 0; i--) node = { ...value, [keyAt(i, n)]: node };
        return node as Json;
      },
    };
  }),
);

/** The counted work of listing a call's problems (and of its patterns). */
function listingCost(w: ValidationWork): number {
  return w.depthWalkValues + w.problemErrors + w.problemPathCharacters + w.patternCharacters;
}

/** The work `work` does, counter by counter. */
function counted(work: () => void): ValidationWork {
  const before = workSnapshot();
  work();
  return workBetween(before, workSnapshot());
}

const probe = (parameters: JsonSchema): FakeTool => new FakeTool({ name: "probe", description: "a probe", parameters, result: "ran" });

/** The registry and the arguments of one size of a shape, and the longest path in them (at most their text). */
function prepared(shape: Shape, n: number): { registry: ToolRegistry; args: Json; longestPath: number } {
  const registry = new ToolRegistry();
  registry.register(probe(shape.schema(n)));
  const args = shape.args(n);
  return { registry, args, longestPath: JSON.stringify(args).length };
}

describe("property: listing the problems of deeply nested arguments costs linear work", () => {
  it(
    "arguments 8 times larger, with a problem at every level, cost at most 16 times the counted work and give at most 16 times the text",
    () => {
      const seen = new Set<string>();
      fc.assert(
        fc.property(shapeArb, fc.integer({ min: 20, max: 120 }), (shape, n) => {
          seen.add(shape.kind);
          const small = prepared(shape, n);
          const large = prepared(shape, 8 * n);
          let smallText = "";
          let largeText = "";
          const smallWork = counted(() => (smallText = small.registry.prepareCall("probe", small.args).error?.content ?? ""));
          const largeWork = counted(() => (largeText = large.registry.prepareCall("probe", large.args).error?.content ?? ""));
          // Refused, with a list of problems: the budget limits what is listed, never the verdict.
          expect(smallText).toMatch(/^Error: Invalid parameters for tool 'probe': ./);
          expect(largeText).toMatch(/^Error: Invalid parameters for tool 'probe': ./);
          for (const [w, size] of [
            [smallWork, small],
            [largeWork, large],
          ] as const) {
            expect(w.schemaValuesCompiled, shape.kind).toBe(0);
            // The rewording reads the paths its budget allows, and at most one path beyond.
            const allowance = PROBLEM_BUDGET.basePathCharacters + PROBLEM_BUDGET.pathCharactersPerError * w.problemErrors;
            expect(w.problemPathCharacters, shape.kind).toBeLessThanOrEqual(allowance + size.longestPath);
          }
          const a = listingCost(smallWork);
          const b = listingCost(largeWork);
          expect(a, `${shape.kind}: some work is counted`).toBeGreaterThan(0);
          const ratio = noteGrowth("prepareCall's list of problems (nesting depth)", shape.kind, a, b, 8 * n, "levels of nesting");
          expect(ratio, `${shape.kind}: n=${n} costs ${a}, 8n costs ${b}`).toBeLessThanOrEqual(16);
          expect(largeText.length / smallText.length, `${shape.kind}: n=${n} gives ${smallText.length} characters, 8n ${largeText.length}`).toBeLessThanOrEqual(16);
        }),
        propertyConfig("linear cost: listing problems", 20),
      );
      // The generator reaches all three shapes: a fixed sample, so it holds at any run count.
      expect(new Set(fc.sample(shapeArb, { numRuns: 100, seed: 1 }).map((shape) => shape.kind)).size).toBe(3);
      if (runs(20) >= 100) expect(seen.size).toBe(3);
    },
    60_000 + 2_000 * runs(20),
  );
});
