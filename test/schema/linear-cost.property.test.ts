/**
 * The cost of a schema check grows linearly with what it checks: `register` with the schema's
 * size, `prepareCall`'s validation with the argument's size, for each kind of keyword the budget
 * admits (patterns, `patternProperties`, many patterns, `uniqueItems`, `multipleOf`, nested
 * `allOf`/`anyOf`, `$ref` fan-out, deep nesting). Hostile shapes are generated: long runs,
 * repeated separators, many near-identical items, deep nesting. Going from size n to 8n may cost
 * at most 16 times as much.
 *
 * Work is counted, not timed (`src/schema/validation-work.ts`): characters handed to the pattern
 * engine, programs it compiled, values hashed by `uniqueItems`, digits worked by `multipleOf`,
 * values of the schemas compiled, and what listing a refused call's problems read (see also
 * `problem-cost.property.test.ts`). Only `enum` and `const`, whose comparisons Ajv does itself, are
 * timed, as a ratio within one run, the least of several repetitions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { workBetween, workSnapshot, type ValidationWork } from "../../src/schema/validation-work.js";
import { propertyConfig, runs } from "../soak/runs.js";
import { cpuTimeRatio } from "../setup/cpu-time.js";
import { noteGrowth } from "../setup/growth-report.js";

const probe = (parameters: JsonSchema): FakeTool => new FakeTool({ name: "probe", description: "a probe", parameters, result: "ran" });

/** The work `work` does, counter by counter. */
function counted(work: () => void): ValidationWork {
  const before = workSnapshot();
  work();
  return workBetween(before, workSnapshot());
}

/** All the counted work of a call that grows with the argument, in one number: every counter is linear in what it counts. */
function callCost(w: ValidationWork): number {
  return w.patternCharacters + w.uniqueItemsValues + w.multipleOfDigits + w.depthWalkValues + w.problemErrors + w.problemPathCharacters;
}

/**
 * A call compiles nothing. Only when the engine's heap ran out (garbage of earlier schemas can
 * fill it) are the programs this schema's registration built rebuilt, each at most twice: work
 * bounded by the registration, whatever the argument.
 */
function expectNoCompiles(w: ValidationWork, registering: ValidationWork, kind: string): void {
  expect(w.schemaValuesCompiled, kind).toBe(0);
  expect(w.engineCompiles, kind).toBeLessThanOrEqual(2 * registering.engineCompiles);
}

/** All the counted work of a registration. */
function registerCost(w: ValidationWork): number {
  return w.schemaValuesCompiled + w.patternCompiles + w.engineCompiles;
}

// ---------------------------------------------------------------------------------------------
// prepareCall: a fixed schema, arguments of size n and 8n.

/** A hostile run of text: one unit repeated, a separator between units, and a last character that makes a pattern fail late. */
const runArb = fc.record({
  unit: fc.constantFrom("a", "ab", "a-", "9", "é", " "),
  separator: fc.constantFrom("", ";", ",", "--", " "),
  last: fc.constantFrom("", "!", "b", "-"),
});
type Run = { unit: string; separator: string; last: string };
const textOf = (run: Run, n: number): string => Array.from({ length: n }, () => run.unit).join(run.separator) + run.last;

/** Patterns that backtrack badly on such runs, and ordinary ones. */
const patternArb = fc.constantFrom("^(a+)+$", "^(a|aa)+b$", "(x+x+)+y", "^([a-z]+)*[0-9]$", "^[a-z0-9_-]{3,16}$", "^(\\w+\\s?)*$", "^[^;]*(;[^;]*)*$", "\\p{L}", "^-");

interface CallShape {
  kind: string;
  schema: JsonSchema;
  args: (n: number) => Record<string, unknown>;
}

function chainDefs(depth: number, fan: number, leaf: JsonSchema): Record<string, JsonSchema> {
  const defs: Record<string, JsonSchema> = {};
  for (let i = 0; i < depth; i++) defs[`d${i}`] = { allOf: Array.from({ length: fan }, () => ({ $ref: `#/$defs/d${i + 1}` })) };
  defs[`d${depth}`] = leaf;
  return defs;
}

const callShapeArb: fc.Arbitrary<CallShape> = fc.oneof(
  fc.tuple(patternArb, runArb).map(([pattern, run]): CallShape => ({
    kind: "pattern",
    schema: { type: "object", properties: { s: { type: "string", pattern } } },
    args: (n) => ({ s: textOf(run, n) }),
  })),
  fc.tuple(fc.array(patternArb, { minLength: 1, maxLength: 3 }), runArb).map(([patterns, run]): CallShape => ({
    kind: "patternProperties",
    schema: { type: "object", patternProperties: Object.fromEntries(patterns.map((p) => [p, { type: "string", pattern: p }])) },
    // Many near-identical keys, each with a short value.
    args: (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${run.unit.repeat(3)}${run.separator}${i}${run.last}`, textOf(run, 3)])),
  })),
  fc.tuple(fc.integer({ min: 65, max: 140 }), runArb).map(([count, run]): CallShape => {
    const properties: Record<string, JsonSchema> = {};
    for (let i = 0; i < count; i++) properties[`p${i}`] = { type: "string", pattern: `^(?:${i}|[a-z]+)` };
    return {
      kind: "many patterns",
      schema: { type: "object", properties: { rows: { type: "array", items: { type: "object", properties } } } },
      // One row per 20 of n: each row already holds 65 to 140 checked strings.
      args: (n) => ({ rows: Array.from({ length: Math.max(1, Math.round(n / 20)) }, () => Object.fromEntries(Object.keys(properties).map((key) => [key, textOf(run, 2)]))) }),
    };
  }),
  fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 4 })).map(([deep, width]): CallShape => ({
    kind: deep ? "uniqueItems, deep items" : "uniqueItems, near-identical rows",
    schema: { type: "object", properties: { rows: { type: "array", uniqueItems: true } } },
    args: (n) => {
      if (deep) {
        // Two items nested n deep, different only at the bottom.
        const nest = (leaf: unknown): unknown => {
          let value = leaf;
          for (let i = 0; i < n; i++) value = [value, { k: i }];
          return value;
        };
        return { rows: [nest(1), nest(2)] };
      }
      return { rows: Array.from({ length: n }, (_, i) => ({ id: "row", tags: Array.from({ length: width }, () => "same"), nested: { same: [1, 2, 3] }, last: i })) };
    },
  })),
  fc.constantFrom(0.01, 1e-300, 0.1, 7).map((step): CallShape => ({
    kind: "multipleOf",
    schema: { type: "object", properties: { values: { type: "array", items: { type: "number", multipleOf: step } } } },
    args: (n) => ({ values: Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1.5e300 : step * (i + 1))) }),
  })),
  fc.tuple(patternArb, patternArb, runArb).map(([a, b, run]): CallShape => ({
    kind: "nested allOf/anyOf",
    schema: {
      type: "object",
      properties: { list: { type: "array", items: { anyOf: [{ allOf: [{ pattern: a }, { not: { pattern: b } }] }, { oneOf: [{ pattern: b }, { not: { pattern: a } }] }] } } },
    },
    args: (n) => ({ list: Array.from({ length: n }, () => textOf(run, 4)) }),
  })),
  fc.tuple(fc.integer({ min: 1, max: 7 }), patternArb, runArb).map(([depth, pattern, run]): CallShape => ({
    kind: "$ref fan-out",
    schema: { type: "object", properties: { list: { type: "array", items: { $ref: "#/$defs/d0" } } }, $defs: chainDefs(depth, 2, { type: "string", pattern }) },
    args: (n) => ({ list: Array.from({ length: n }, () => textOf(run, 3)) }),
  })),
  fc.tuple(patternArb, runArb).map(([pattern, run]): CallShape => ({
    kind: "deep nesting",
    schema: {
      type: "object",
      properties: { head: { $ref: "#/$defs/node" } },
      $defs: { node: { type: "object", properties: { name: { type: "string", pattern }, next: { $ref: "#/$defs/node" } } } },
    },
    args: (n) => {
      let node: Record<string, unknown> = { name: textOf(run, 2) };
      for (let i = 0; i < n; i++) node = { name: textOf(run, 2), next: node };
      return { head: node };
    },
  })),
);

// ---------------------------------------------------------------------------------------------
// register: schemas of size n and 8n.

interface SchemaShape {
  kind: string;
  /** The smallest and largest n the budget admits at 8n. */
  range: [number, number];
  schema: (n: number) => JsonSchema;
}

const SCHEMA_SHAPES: readonly SchemaShape[] = [
  {
    kind: "many patterned properties",
    range: [5, 60],
    schema: (n) => ({ type: "object", properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string", pattern: `^p${i}-[a-z]+$` }])) }),
  },
  {
    kind: "a long enum",
    range: [5, 120],
    schema: (n) => ({ type: "object", properties: { e: { enum: Array.from({ length: n }, (_, i) => (i % 2 === 0 ? `v${i}` : { v: i })) } } }),
  },
  {
    kind: "many key patterns",
    range: [5, 60],
    schema: (n) => ({ type: "object", patternProperties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`^k${i}_`, { type: "integer", minimum: i }])) }),
  },
  {
    kind: "a chain of $defs",
    range: [2, 12],
    schema: (n) => ({
      type: "object",
      properties: { q: { $ref: "#/$defs/d0" } },
      $defs: Object.fromEntries([...Array.from({ length: n }, (_, i) => [`d${i}`, { $ref: `#/$defs/d${i + 1}` }]), [`d${n}`, { type: "string", pattern: "^[a-z]+$" }]]),
    }),
  },
  {
    kind: "a wide anyOf",
    range: [3, 60],
    schema: (n) => ({
      type: "object",
      properties: { v: { anyOf: Array.from({ length: n }, (_, i) => ({ type: "object", properties: { [`k${i}`]: { const: i } }, required: [`k${i}`] })) } },
    }),
  },
  {
    kind: "many near-identical items schemas",
    range: [5, 60],
    schema: (n) => ({
      type: "object",
      properties: { t: { type: "array", prefixItems: Array.from({ length: n }, () => ({ type: "string", pattern: "^(a+)+$", maxLength: 10 })) } },
    }),
  },
  {
    kind: "a chain of $defs, each a choice",
    range: [2, 12],
    schema: (n) => ({
      type: "object",
      properties: { q: { $ref: "#/$defs/d0" } },
      $defs: Object.fromEntries([
        ...Array.from({ length: n }, (_, i) => [`d${i}`, { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { type: "null" }] }]),
        [`d${n}`, { type: "integer" }],
      ]),
    }),
  },
  {
    kind: "choices nested in choices",
    range: [2, 3],
    schema: (n) => {
      let node: JsonSchema = { type: "string", pattern: "^x" };
      for (let i = 0; i < n; i++) node = { anyOf: [node, { type: "null" }] };
      return { type: "object", properties: { v: node } };
    },
  },
  {
    kind: "many nullable fields",
    range: [5, 60],
    schema: (n) => ({
      type: "object",
      properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { anyOf: [{ type: "integer", minimum: i }, { type: "null" }] }])),
    }),
  },
  {
    kind: "nesting",
    range: [2, 3],
    schema: (n) => {
      let node: JsonSchema = { type: "string", pattern: "^x" };
      for (let i = 0; i < n; i++) node = { type: "object", properties: { n: node, [`s${i}`]: { type: "string" } } };
      return { type: "object", properties: { root: node } };
    },
  },
];

/**
 * A registry holding `schema` as the tool "probe", with the work its registration counted. The
 * generators draw schemas from a small set, so a registration is kept and reused for the next
 * call with the same schema: what this property weighs is the call, and registering costs are
 * weighed by the register property below. At most 64 are kept.
 */
const registrations = new Map<string, { registry: ToolRegistry; registering: ValidationWork }>();
function registered(schema: JsonSchema): { registry: ToolRegistry; registering: ValidationWork } {
  const key = JSON.stringify(schema);
  let entry = registrations.get(key);
  if (entry === undefined) {
    if (registrations.size >= 64) registrations.clear();
    const registry = new ToolRegistry();
    entry = { registry, registering: counted(() => registry.register(probe(schema))) };
    registrations.set(key, entry);
  }
  return entry;
}

describe("property: cost grows linearly with what is checked", () => {
  it(
    "prepareCall: arguments 8 times larger cost at most 16 times the counted work, and compile nothing",
    () => {
      const seen = new Set<string>();
      fc.assert(
        fc.property(callShapeArb, fc.integer({ min: 20, max: 120 }), (shape, n) => {
          seen.add(shape.kind);
          const { registry, registering } = registered(shape.schema);
          const small = shape.args(n);
          const large = shape.args(8 * n);
          const smallWork = counted(() => registry.prepareCall("probe", small));
          const largeWork = counted(() => registry.prepareCall("probe", large));
          expectNoCompiles(smallWork, registering, shape.kind);
          expectNoCompiles(largeWork, registering, shape.kind);
          const a = callCost(smallWork);
          const b = callCost(largeWork);
          expect(a, `${shape.kind}: some work is counted`).toBeGreaterThan(0);
          const ratio = noteGrowth("prepareCall (argument size)", shape.kind, a, b, JSON.stringify(large).length, "characters of JSON arguments");
          expect(ratio, `${shape.kind}: n=${n} costs ${a}, 8n costs ${b}`).toBeLessThanOrEqual(16);
        }),
        propertyConfig("linear cost: prepareCall", 20),
      );
      // The generator reaches at least six shapes: a fixed sample, so it holds at any run count.
      expect(new Set(fc.sample(callShapeArb, { numRuns: 200, seed: 1 }).map((shape) => shape.kind)).size).toBeGreaterThanOrEqual(6);
      if (runs(20) >= 40) expect(seen.size).toBeGreaterThanOrEqual(6);
    },
    120_000 + 2_000 * runs(20),
  );

  it(
    "register: schemas 8 times larger cost at most 16 times the counted work",
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...SCHEMA_SHAPES), fc.double({ min: 0, max: 1, noNaN: true }), (shape, at) => {
          const n = Math.round(shape.range[0] + at * (shape.range[1] - shape.range[0]));
          const largeSchema = shape.schema(8 * n);
          const small = counted(() => new ToolRegistry().register(probe(shape.schema(n))));
          const large = counted(() => new ToolRegistry().register(probe(largeSchema)));
          const a = registerCost(small);
          const b = registerCost(large);
          expect(a, shape.kind).toBeGreaterThan(0);
          const ratio = noteGrowth("register (schema size)", shape.kind, a, b, JSON.stringify(largeSchema).length, "characters of JSON schema");
          expect(ratio, `${shape.kind}: n=${n} costs ${a}, 8n costs ${b}`).toBeLessThanOrEqual(16);
        }),
        propertyConfig("linear cost: register", 20),
      );
    },
    120_000 + 3_000 * runs(20),
  );

  // Casting checks each choice of a schema (anyOf/oneOf/allOf, a type list) with a yes/no check.
  // The checks of one schema are compiled together (src/schema/choice-checks.ts), so a chain of
  // $defs that each hold a choice is compiled once, not once per link.
  it("register: a chain of $defs through allOf, anyOf or a type list grows linearly too", () => {
    const leaves: ((next: string) => JsonSchema)[] = [
      (next) => ({ allOf: [{ $ref: next }] }),
      (next) => ({ anyOf: [{ $ref: next }, { type: "null" }] }),
      (next) => ({ type: ["object", "null"], properties: { n: { $ref: next } } }),
    ];
    for (const link of leaves) {
      const chain = (n: number): JsonSchema => {
        const defs: Record<string, JsonSchema> = {};
        for (let i = 0; i < n; i++) defs[`d${i}`] = link(`#/$defs/d${i + 1}`);
        defs[`d${n}`] = { type: "string" };
        return { type: "object", properties: { q: { $ref: "#/$defs/d0" } }, $defs: defs };
      };
      const a = registerCost(counted(() => new ToolRegistry().register(probe(chain(10)))));
      const b = registerCost(counted(() => new ToolRegistry().register(probe(chain(80)))));
      expect(b / a, `${JSON.stringify(link("#"))}: 10 links cost ${a}, 80 cost ${b}`).toBeLessThanOrEqual(16);
    }
  });

  it("enum and const of objects: 8 times the items take at most about 8 times as long (timed in CPU time: Ajv compares them itself)", () => {
    const registry = new ToolRegistry();
    const values = Array.from({ length: 800 }, (_, i) => ({ id: i, name: `value ${i}` }));
    registry.register(probe({ type: "object", properties: { e: { type: "array", items: { enum: values } }, c: { type: "array", items: { const: values[799] } } } }));
    const args = (n: number): Record<string, unknown> => ({
      e: Array.from({ length: n }, (_, i) => ({ ...values[(i * 7) % 800], name: "near miss" })),
      c: Array.from({ length: n }, () => ({ ...values[799] })),
    });
    const small = args(50);
    const large = args(400);
    // CPU time, not the wall clock, so a busy machine does not count.
    const ratio = cpuTimeRatio(
      () => registry.prepareCall("probe", small),
      () => registry.prepareCall("probe", large),
      8,
    );
    expect(ratio).toBeLessThan(16);
  });
});
