/**
 * The complexity budget: a schema over budget is refused at `register`, before Ajv compiles
 * anything (so meta-schema validation is never the slow step), with a `TypeError` that names the
 * limit. How little work a refusal takes is counted (values read, schemas compiled), not timed.
 */
import { describe, expect, it, vi } from "vitest";
import Ajv2020Import from "ajv/dist/2020.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { SCHEMA_BUDGET, schemaBudgetProblem } from "../../src/schema/budget.js";
import { workBetween, workSnapshot } from "../../src/schema/validation-work.js";
import { generatedSchemaTool } from "./arbitraries.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";

function register(name: string, schema: JsonSchema): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(generatedSchemaTool(name, schema));
  return registry;
}

/** How many schemas `work` compiled, whether it threw or not. */
function compiledBy(work: () => void): number {
  const before = workSnapshot();
  try {
    work();
  } catch {
    // counted either way
  }
  return workBetween(before, workSnapshot()).schemaCompiles;
}

/** An array that counts how many of its items are read. */
function countingReads<T>(items: T[]): { array: T[]; reads: () => number } {
  let reads = 0;
  const array = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { array, reads: () => reads };
}

/** `$defs` where each entry references the next one `fan` times with `keyword`. */
function chain(depth: number, fan: number, keyword = "allOf"): JsonSchema {
  const $defs: Record<string, JsonSchema> = {};
  for (let i = 0; i < depth; i++) $defs[`d${i}`] = { [keyword]: Array.from({ length: fan }, () => ({ $ref: `#/$defs/d${i + 1}` })) };
  $defs[`d${depth}`] = { type: "string" };
  return { type: "object", properties: { q: { $ref: "#/$defs/d0" } }, $defs };
}

describe("hostile input: enum compile bomb", () => {
  it("an enum of 300,000 values is refused at once, naming the limit, before Ajv sees it and without reading one value", () => {
    const compile = vi.spyOn(Ajv2020Import.default.prototype, "compile");
    const validateSchema = vi.spyOn(Ajv2020Import.default.prototype, "validateSchema");
    const { array: values, reads } = countingReads(Array.from({ length: 300_000 }, (_, i) => `value-${i}`));
    const attempt = (): void => void register("enum_bomb", { type: "object", properties: { e: { enum: values } } });
    expect(compiledBy(attempt)).toBe(0);
    expect(reads()).toBe(0);
    expect(attempt).toThrow(TypeError);
    expect(attempt).toThrow("Tool 'enum_bomb': its parameters schema is over budget: an enum has 300000 values, more than 1000 (SCHEMA_BUDGET.maxEnumValues)");
    expect(compile).not.toHaveBeenCalled();
    expect(validateSchema).not.toHaveBeenCalled();
    compile.mockRestore();
    validateSchema.mockRestore();
  });

  it("an enum of 20,000 values (1.1 s to register before) is refused too; 1,000 values register and are enforced", () => {
    const many = Array.from({ length: 20_000 }, (_, i) => i);
    expect(() => register("enum_20k", { type: "object", properties: { e: { enum: many } } })).toThrow(/SCHEMA_BUDGET\.maxEnumValues/);
    const allowed = Array.from({ length: SCHEMA_BUDGET.maxEnumValues }, (_, i) => `v${i}`);
    const registry = register("enum_ok", { type: "object", properties: { e: { enum: allowed } } });
    expect(registry.prepareCall("enum_ok", { e: "v999" }).error).toBeNull();
    expect(registry.prepareCall("enum_ok", { e: "v1000" }).error?.content).toMatch(/^Error: Invalid parameters for tool 'enum_ok': e must be one of \["v0","v1",/);
  });
});

describe("hostile input: $ref fan-out", () => {
  it("$defs that each reference the next one twice, 29 deep, are refused, naming the limit", () => {
    const attempt = (): void => void register("fan_out", chain(29, 2));
    expect(compiledBy(attempt)).toBe(0);
    expect(attempt).toThrow(
      "Tool 'fan_out': its parameters schema is over budget: one place in a value can be checked against more than 1000 schemas ($ref fan-out, SCHEMA_BUDGET.maxApplications)",
    );
  });

  it("paths are counted, not references: 8 levels fanning out 2 ways (over 1,000 schemas applied) are refused, 7 are not", () => {
    // Each level applies its two `{"$ref"}` objects and, twice over, the next level: 3 * 2^depth in all.
    expect(schemaBudgetProblem(chain(8, 2))).toMatch(/maxApplications/);
    expect(schemaBudgetProblem(chain(7, 2))).toBeNull();
    for (const keyword of ["anyOf", "oneOf"]) expect(schemaBudgetProblem(chain(12, 2, keyword))).toMatch(/maxApplications/);
    // A long chain of single references is fine: one path, through allOf or not, as long as the
    // compiler can follow it (SCHEMA_BUDGET.maxRefChain $refs in a row). (Registered as plain
    // references: casting compiles a check for each allOf, and along a chain each check compiles
    // the rest of it; `test/schema/linear-cost.property.test.ts` records that.)
    expect(schemaBudgetProblem(chain(90, 1))).toBeNull();
    const plain: JsonSchema = { type: "object", properties: { q: { $ref: "#/$defs/d0" } }, $defs: { d90: { type: "string" } } };
    for (let i = 0; i < 90; i++) (plain["$defs"] as Record<string, JsonSchema>)[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    const registry = register("long_chain", plain);
    expect(registry.prepareCall("long_chain", { q: "hello" }).error).toBeNull();
    expect(registry.prepareCall("long_chain", { q: [] }).error?.content).toBe("Error: Invalid parameters for tool 'long_chain': q should be string");
  });

  it("fan-out that repeats through a recursive property is refused; an ordinary recursive schema registers and validates", () => {
    const doubling: JsonSchema = {
      type: "object",
      properties: { c: { $ref: "#/$defs/n" } },
      $defs: {
        n: {
          anyOf: [
            { type: "object", properties: { c: { $ref: "#/$defs/n" } } },
            { type: "object", properties: { c: { $ref: "#/$defs/n" } } },
          ],
        },
      },
    };
    expect(() => register("doubling", doubling)).toThrow(/SCHEMA_BUDGET\.maxApplications/);

    const tree: JsonSchema = {
      type: "object",
      properties: { root: { $ref: "#/$defs/node" } },
      $defs: {
        node: {
          type: "object",
          properties: {
            name: { type: "string" },
            left: { $ref: "#/$defs/node" },
            right: { $ref: "#/$defs/node" },
            children: { type: "array", items: { $ref: "#/$defs/node" } },
          },
          required: ["name"],
        },
      },
    };
    const registry = register("tree", tree);
    expect(registry.prepareCall("tree", { root: { name: "a", left: { name: "b" }, children: [{ name: "c" }] } }).error).toBeNull();
    // An array is never cast to a string (a number would be), so it reaches validation as sent.
    expect(registry.prepareCall("tree", { root: { name: "a", right: { name: ["x"] } } }).error?.content).toContain("root.right.name should be string");
  });

  it("a $ref cycle that never descends into the value is refused; an unresolvable $ref is named", () => {
    expect(() => register("self_ref", { type: "object", allOf: [{ $ref: "#/$defs/a" }], $defs: { a: { anyOf: [{ $ref: "#/$defs/a" }] } } })).toThrow(
      "Tool 'self_ref': its parameters schema is over budget: a $ref cycle applies a schema to itself without descending into the value",
    );
    expect(schemaBudgetProblem({ type: "object", properties: { a: { $ref: "#/$defs/missing" } } })).toBe(
      'its $ref "#/$defs/missing" cannot be resolved (only references inside the schema are)',
    );
  });

  it("a $ref to itself with no value in between ({ $ref: '#' } as the root, a definition naming itself, a ring) is refused at register before Ajv compiles it", () => {
    const loops: JsonSchema[] = [
      { $ref: "#" },
      { type: "object", anyOf: [{ $ref: "#" }, { type: "object" }] },
      { type: "object", properties: { x: { $ref: "#/$defs/a" } }, $defs: { a: { $ref: "#/$defs/a" } } },
      { type: "object", properties: { x: { $ref: "#/$defs/a" } }, $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } },
    ];
    for (const schema of loops) {
      const attempt = (): void => void register("loop", schema);
      expect(attempt).toThrow("Tool 'loop': its parameters schema is over budget: a $ref cycle applies a schema to itself without descending into the value");
      expect(compiledBy(attempt)).toBe(0);
    }
    // A definition nothing refers to is never applied: it registers, and calls are unaffected.
    const unused = register("unused", { type: "object", properties: { n: { type: "integer" } }, $defs: { a: { $ref: "#/$defs/a" } } });
    expect(unused.prepareCall("unused", { n: "2" }).params).toEqual({ n: 2 });
  });

  it("references through $id and $anchor resolve", () => {
    const schema: JsonSchema = {
      $id: "https://example.com/root.json",
      type: "object",
      properties: { a: { $ref: "item.json" }, b: { $ref: "#word" } },
      $defs: { item: { $id: "item.json", type: "integer" }, word: { $anchor: "word", type: "string" } },
    };
    expect(schemaBudgetProblem(schema)).toBeNull();
    const registry = register("ids", schema);
    expect(registry.prepareCall("ids", { a: 1, b: "x" }).error).toBeNull();
  });
});

describe("hostile input: the rest of the budget", () => {
  it("too many values, too deep, too much text, or an object that contains itself: each refused, naming its limit", () => {
    const properties: Record<string, JsonSchema> = {};
    for (let i = 0; i < 3_000; i++) properties[`p${i}`] = { type: "string" };
    expect(() => register("wide", { type: "object", properties })).toThrow(
      "Tool 'wide': its parameters schema is over budget: it has more than 5000 values (SCHEMA_BUDGET.maxNodes)",
    );

    let deep: JsonSchema = { type: "string" };
    for (let i = 0; i < 40; i++) deep = { type: "object", properties: { n: deep } };
    expect(() => register("deep", deep)).toThrow("Tool 'deep': its parameters schema is over budget: it nests deeper than 64 levels (SCHEMA_BUDGET.maxDepth)");

    expect(() => register("wordy", { type: "object", description: "x".repeat(600_000) })).toThrow(
      "Tool 'wordy': its parameters schema is over budget: it has more than 500000 characters of text (SCHEMA_BUDGET.maxTextChars)",
    );

    const cyclic: JsonSchema = { type: "object", properties: {} };
    (cyclic["properties"] as Record<string, unknown>)["self"] = cyclic;
    expect(() => register("cyclic", cyclic)).toThrow(
      "Tool 'cyclic': its parameters schema is over budget: it contains itself (a cycle of objects), which JSON cannot express",
    );
  });

  it("a shared sub-object is counted every time it is used, as Ajv would walk it", () => {
    let shared: JsonSchema = { type: "string" };
    for (let i = 0; i < 20; i++) shared = { anyOf: [shared, shared] };
    expect(schemaBudgetProblem({ type: "object", properties: { x: shared } })).toMatch(/SCHEMA_BUDGET\.maxNodes/);
  });

  it("a schema whose getter throws is refused with the reason, not a crash", () => {
    const schema = { type: "object", properties: {} } as JsonSchema;
    Object.defineProperty(schema["properties"], "boom", {
      enumerable: true,
      get() {
        throw new Error("no reading me");
      },
    });
    expect(() => register("getter", schema)).toThrow("Tool 'getter': its parameters schema is over budget: the schema cannot be read: no reading me");
  });

  it("a chain of more $refs in a row than the compiler can follow is refused by name, on every machine, before Ajv runs out of stack", () => {
    const chain = (n: number, link: (next: string) => JsonSchema): JsonSchema => ({
      type: "object",
      properties: { q: { $ref: "#/$defs/d0" } },
      $defs: Object.fromEntries([...Array.from({ length: n }, (_, i) => [`d${i}`, link(`#/$defs/d${i + 1}`)]), [`d${n}`, { type: "integer" }]]),
    });
    const links: ((next: string) => JsonSchema)[] = [
      (next) => ({ $ref: next }),
      (next) => ({ type: "object", properties: { x: { $ref: next } } }),
      (next) => ({ anyOf: [{ $ref: next }, { type: "null" }] }),
    ];
    for (const link of links) {
      expect(schemaBudgetProblem(chain(SCHEMA_BUDGET.maxRefChain - 1, link))).toBeNull();
      expect(() => registryOf(new FakeTool({ name: "deep", parameters: chain(SCHEMA_BUDGET.maxRefChain - 1, link) }))).not.toThrow();
      expect(schemaBudgetProblem(chain(250, link))).toBe("it makes the compiler follow more than 100 $refs in a row (SCHEMA_BUDGET.maxRefChain)");
      expect(() => registryOf(new FakeTool({ name: "deep", parameters: chain(250, link) }))).toThrow(
        /over budget: it makes the compiler follow more than 100 \$refs in a row/,
      );
    }
    // A recursive schema is one chain that comes back to itself: it is not refused.
    const tree: JsonSchema = {
      type: "object",
      $defs: { n: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/n" } } } } },
      properties: { root: { $ref: "#/$defs/n" } },
    };
    expect(schemaBudgetProblem(tree)).toBeNull();
  });

  it("the limits are exported and frozen", () => {
    expect(Object.isFrozen(SCHEMA_BUDGET)).toBe(true);
    expect(SCHEMA_BUDGET).toEqual({
      maxNodes: 5_000,
      maxTextChars: 500_000,
      maxDepth: 64,
      maxEnumValues: 1_000,
      maxApplications: 1_000,
      maxAnalysisSteps: 500_000,
      maxTotalPatternCost: 8_000,
      maxRefChain: 100,
    });
  });
});
