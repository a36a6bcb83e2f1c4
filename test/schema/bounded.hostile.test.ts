/**
 * Properties for schemas we do not control: for generated schemas, within the budget or not, and
 * generated arguments, `register` either refuses (a `TypeError` naming the tool and the reason)
 * or compiles with bounded work, and `prepareCall` answers with bounded work and never throws.
 * 500 runs in `npm test`; `npm run soak` runs 100,000.
 *
 * The work is counted, never timed: `register` compiles each part of the schema a bounded number
 * of times, each pattern at most once per compile; a call compiles no pattern (at most each one
 * twice, should the engine's heap run out and be replaced), and hands the engine at most
 * what the `$ref` fan-out limit allows for the argument's size.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { isToolErrorResult } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { SCHEMA_BUDGET } from "../../src/schema/budget.js";
import { workBetween, workSnapshot, type ValidationWork } from "../../src/schema/validation-work.js";
import { propertyConfig } from "../soak/runs.js";
import { generatedSchemaTool, schemaCaseArb, type SchemaKind } from "./arbitraries.js";

/** The work `work` does, and whatever it threw. */
function counted(work: () => void): [ValidationWork, unknown] {
  const before = workSnapshot();
  let thrown: unknown = null;
  try {
    work();
  } catch (error) {
    thrown = error;
  }
  return [workBetween(before, workSnapshot()), thrown];
}

/** How many JSON values, schema objects that hold a choice, patterns and `$ref`s a schema has. */
function census(schema: unknown): { values: number; choices: number; patterns: number; refs: number } {
  const out = { values: 0, choices: 0, patterns: 0, refs: 0 };
  const stack: [unknown, string | null][] = [[schema, null]];
  while (stack.length > 0) {
    const [value, key] = stack.pop() as [unknown, string | null];
    out.values++;
    if (key === "pattern" && typeof value === "string") out.patterns++;
    if (key === "$ref" || key === "$dynamicRef" || key === "$recursiveRef") out.refs++;
    if (value === null || typeof value !== "object") continue;
    const node = value as Record<string, unknown>;
    if (key === "patternProperties") out.patterns += Object.keys(node).length;
    if (!Array.isArray(value) && (["anyOf", "oneOf", "allOf"].some((k) => Array.isArray(node[k])) || (Array.isArray(node["type"]) && node["type"].length > 1))) out.choices++;
    for (const [k, child] of Object.entries(node)) stack.push([child, Array.isArray(value) ? null : k]);
  }
  return out;
}

/** Characters and values in an argument. */
function sizeOf(value: unknown): { chars: number; values: number } {
  const out = { chars: 0, values: 0 };
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    out.values++;
    if (typeof v === "string") out.chars += v.length;
    if (v !== null && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        out.chars += k.length;
        stack.push(child);
      }
    }
  }
  return out;
}

const KINDS: readonly SchemaKind[] = ["ordinary", "pattern", "enum", "fanout", "recursive-fanout", "deep", "wide", "text", "cycle", "dialect"];

const seen = new Map<string, number>();
const worst = { register: 0, registerKind: "", prepare: 0, prepareKind: "" };

function count(key: string): void {
  seen.set(key, (seen.get(key) ?? 0) + 1);
}

afterAll(() => {
  const outcomes = [...seen.entries()]
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  console.log(
    `schema cases: ${outcomes}\nmost work: register ${worst.register} schema values compiled (${worst.registerKind}), prepareCall ${worst.prepare} characters and values (${worst.prepareKind})`,
  );
});

describe("hostile input: schemas we do not control", () => {
  it("register refuses or compiles with bounded work; prepareCall answers with bounded work and never throws", () => {
    const config = propertyConfig("schemas-bounded", 500);
    // The meta-schemas are compiled once per process and compiler, by the first schema checked
    // against them: done here (a `$ref` reaches the compiler of the check that stops at the first
    // problem), so that each run counts only its own schema's work.
    new ToolRegistry().register(
      generatedSchemaTool("warm_up", {
        type: "object",
        properties: { a: { anyOf: [{ type: "string", pattern: "^a" }, { type: "null" }] }, b: { $ref: "#/$defs/b" } },
        $defs: { b: { type: "string" } },
      }),
    );
    let run = 0;
    fc.assert(
      fc.property(schemaCaseArb, (c) => {
        const name = `tool_${run++ % 1000}`;
        const registry = new ToolRegistry();
        const [registering, refused] = counted(() => registry.register(generatedSchemaTool(name, c.schema)));
        if (registering.schemaValuesCompiled > worst.register) Object.assign(worst, { register: registering.schemaValuesCompiled, registerKind: c.kind });
        const shape = census(c.schema);
        // The validator and each choice's check compile at most the whole schema once each (a
        // choice's check carries the $defs along, so a choice inside them counts twice); a schema
        // with a `$ref` also has the check that stops at the first problem, for deep arguments.
        const validators = shape.refs > 0 ? 2 : 1;
        expect(registering.schemaCompiles).toBeLessThanOrEqual(validators + shape.choices);
        expect(registering.schemaValuesCompiled).toBeLessThanOrEqual((validators + shape.choices) * 2 * (shape.values + 1));
        expect(registering.patternCompiles).toBeLessThanOrEqual((validators + shape.choices) * shape.patterns);
        if (refused !== null) {
          count(`${c.kind}:refused`);
          expect(refused).toBeInstanceOf(TypeError);
          expect((refused as Error).message).toMatch(new RegExp(`^Tool '${name}': `));
          expect(registry.has(name)).toBe(false);
          return;
        }
        count(`${c.kind}:registered`);
        for (const args of c.args) {
          let prepared: ReturnType<ToolRegistry["prepareCall"]> | undefined;
          const [calling, thrown] = counted(() => (prepared = registry.prepareCall(name, args)));
          expect(thrown).toBeNull();
          if (prepared === undefined) return;
          const size = sizeOf(args);
          const total = calling.patternCharacters + calling.uniqueItemsValues;
          if (total > worst.prepare) Object.assign(worst, { prepare: total, prepareKind: c.kind });
          expect(calling.schemaCompiles).toBe(0);
          // Only after the engine's heap ran out are this schema's programs rebuilt, each at most twice.
          expect(calling.engineCompiles).toBeLessThanOrEqual(2 * registering.engineCompiles);
          expect(calling.patternCharacters).toBeLessThanOrEqual(SCHEMA_BUDGET.maxApplications * Math.max(1, shape.patterns) * size.chars);
          expect(calling.uniqueItemsValues).toBeLessThanOrEqual(SCHEMA_BUDGET.maxApplications * size.values);
          if (prepared.error !== null) {
            expect(isToolErrorResult(prepared.error)).toBe(true);
            expect(prepared.error.content.startsWith("Error")).toBe(true);
          }
        }
      }),
      { ...config },
    );
    // The generator reaches every kind, and both outcomes where a kind has both.
    if (config.numRuns >= 500) {
      for (const kind of KINDS) expect((seen.get(`${kind}:refused`) ?? 0) + (seen.get(`${kind}:registered`) ?? 0), kind).toBeGreaterThan(0);
      for (const kind of ["pattern", "enum", "fanout", "deep", "wide", "text", "dialect"]) {
        expect(seen.get(`${kind}:refused`), `${kind} refused`).toBeGreaterThan(0);
        expect(seen.get(`${kind}:registered`), `${kind} registered`).toBeGreaterThan(0);
      }
      expect(seen.get("recursive-fanout:refused")).toBeGreaterThan(0);
      expect(seen.get("cycle:refused")).toBeGreaterThan(0);
    }
  }, 3_600_000);
});
