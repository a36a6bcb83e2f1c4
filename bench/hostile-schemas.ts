/**
 * The worst-case `register` and `prepareCall` times seen for schemas we do not control:
 * generated cases (the same generator as the schema properties, fixed seed) plus hand-made cases
 * at the edge of each limit of the complexity budget, which the generator reaches only rarely.
 *
 * @module
 */
import fc from "fast-check";
import type { JsonSchema } from "../src/tools/base.js";
import { MAX_PATTERN_INPUT } from "../src/schema/pattern.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { SCHEMA_BUDGET } from "../src/schema/budget.js";
import { generatedSchemaTool, schemaCaseArb, type SchemaCase } from "../test/schema/arbitraries.js";

/** One worst case: how long it took, and which case it was. */
export interface WorstCase {
  ms: number;
  kind: string;
}

/** What {@link benchHostileSchemas} measured. */
export interface HostileSchemaFigures {
  cases: number;
  refused: number;
  worstRegister: WorstCase;
  worstPrepareCall: WorstCase;
}

/** Cases at the edge of each limit: the largest schema of each kind the budget still accepts. */
function edgeCases(): (SchemaCase & { label: string })[] {
  const cases: (SchemaCase & { label: string })[] = [];
  const properties: Record<string, JsonSchema> = {};
  const perProperty = 2;
  const count = Math.floor((SCHEMA_BUDGET.maxNodes - 10) / perProperty);
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: i % 2 === 0 ? "string" : "integer" };
  const wideArgs: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) wideArgs[`p${i}`] = i % 2 === 0 ? "x" : "not a number";
  cases.push({ label: `wide (${count} properties)`, kind: "wide", schema: { type: "object", properties }, args: [wideArgs] });

  const values = Array.from({ length: SCHEMA_BUDGET.maxEnumValues }, (_, i) => ({ id: i, tags: [`t${i}`] }));
  cases.push({
    label: `enum (${values.length} object values)`,
    kind: "enum",
    schema: { type: "object", properties: { e: { enum: values } } },
    args: [{ e: { id: 999, tags: ["nope"] } }],
  });

  const $defs: Record<string, JsonSchema> = {};
  for (let i = 0; i < 7; i++) $defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  $defs["d7"] = { type: "string", maxLength: 10 };
  cases.push({
    label: "fan-out (just under maxApplications)",
    kind: "fanout",
    schema: { type: "object", properties: { q: { $ref: "#/$defs/d0" } }, $defs },
    args: [{ q: "x".repeat(100) }],
  });

  const unicode: Record<string, JsonSchema> = {};
  for (let i = 0; i < 7; i++) unicode[`u${i}`] = { type: "string", pattern: `^\\p{L}+${i}$` };
  cases.push({
    label: "patterns (7 Unicode classes, near maxTotalPatternCost)",
    kind: "pattern",
    schema: { type: "object", properties: unicode },
    args: [{ u0: "é".repeat(1_000) + "0" }],
  });

  cases.push({
    label: `pattern on a ${MAX_PATTERN_INPUT}-character string`,
    kind: "pattern",
    schema: { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } },
    args: [{ s: "a".repeat(MAX_PATTERN_INPUT - 1) + "!" }],
  });
  return cases;
}

/**
 * Registers each case in a fresh registry and prepares each of its calls, timing both; returns
 * the worst of each. `samples` generated cases are drawn with a fixed seed.
 */
export function benchHostileSchemas(samples: number): HostileSchemaFigures {
  const generated = fc.sample(schemaCaseArb, { numRuns: samples, seed: 16 }).map((c) => ({ ...c, label: c.kind }));
  const figures: HostileSchemaFigures = { cases: 0, refused: 0, worstRegister: { ms: 0, kind: "" }, worstPrepareCall: { ms: 0, kind: "" } };
  for (const c of [...edgeCases(), ...generated]) {
    figures.cases++;
    const registry = new ToolRegistry();
    const started = performance.now();
    let registered = true;
    try {
      registry.register(generatedSchemaTool("bench_tool", c.schema));
    } catch {
      registered = false;
      figures.refused++;
    }
    const registerMs = performance.now() - started;
    if (registerMs > figures.worstRegister.ms) figures.worstRegister = { ms: registerMs, kind: c.label };
    if (!registered) continue;
    for (const args of c.args) {
      const before = performance.now();
      registry.prepareCall("bench_tool", args);
      const ms = performance.now() - before;
      if (ms > figures.worstPrepareCall.ms) figures.worstPrepareCall = { ms, kind: c.label };
    }
  }
  return figures;
}
