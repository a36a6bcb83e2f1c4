/**
 * The problem budget (`src/schema/problem-budget.ts`): what the model reads when listing
 * every problem would cost more than linear work, and that the verdict never changes.
 */
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { compileValidator, MAX_REPORTED_PROBLEMS, PROBLEM_BUDGET } from "../../src/schema/validate.js";
import { nestsDeeperThan } from "../../src/schema/problem-budget.js";
import { workBetween, workSnapshot } from "../../src/schema/validation-work.js";
import { cpuTimeRatio } from "../setup/cpu-time.js";

const PREFIX = "Error: Invalid parameters for tool 'probe': ";
const DEEP_NOTE = "and perhaps more problems: the parameters nest deeper than 64 levels, so the check stopped at the first one";
const LONG_NOTE = "and perhaps more problems: their paths are too long to list them all, so only the first ones found are listed";

function registryOf(parameters: JsonSchema): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(new FakeTool({ name: "probe", description: "a probe", parameters, result: "ran" }));
  return registry;
}

/** A tree whose nodes require `id` and allow no other key than `name` and `next`. */
const TREE: JsonSchema = {
  type: "object",
  properties: { head: { $ref: "#/$defs/node" } },
  $defs: {
    node: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" }, next: { $ref: "#/$defs/node" } }, required: ["id"], additionalProperties: false },
  },
};

/** `{"head": …}` with `levels` nodes, each with `node`'s keys; the whole value nests `levels + 1` deep. */
function chain(levels: number, node: Record<string, unknown>): Record<string, unknown> {
  let value: Record<string, unknown> = { ...node };
  for (let i = 1; i < levels; i++) value = { ...node, next: value };
  return { head: value };
}

describe("problem budget: arguments nested deeper than the depth limit", () => {
  it("the limit is 64 levels, the value itself being the first", () => {
    expect(PROBLEM_BUDGET.maxDepth).toBe(64);
    const nested = (levels: number): unknown => {
      let value: unknown = {};
      for (let i = 1; i < levels; i++) value = [value];
      return value;
    };
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    const cycle: Record<string, unknown> = {};
    cycle["self"] = cycle;
    expect(nestsDeeperThan(cycle, 64)).toBe(true);
  });

  it("64 levels: every problem, in upstream's order; 65: the first one found, and a note saying why", () => {
    const registry = registryOf(TREE);
    const at64 = registry.prepareCall("probe", chain(63, { name: "x", extra: 1 })).error?.content ?? "";
    expect(at64.startsWith(`${PREFIX}missing required head.id; unexpected parameter head.extra; missing required head.next.id; unexpected parameter head.next.extra;`)).toBe(
      true,
    );
    // 63 nodes with two problems each: 20 listed, 106 counted.
    expect(at64.endsWith(`; and ${2 * 63 - MAX_REPORTED_PROBLEMS} more problems`)).toBe(true);
    const at65 = registry.prepareCall("probe", chain(64, { name: "x", extra: 1 })).error?.content;
    expect(at65).toBe(`${PREFIX}missing required head.id; ${DEEP_NOTE}`);
  });

  it("deep arguments are refused or accepted exactly as Ajv judges them: a valid tree 500 levels deep runs", () => {
    const registry = registryOf(TREE);
    const valid = chain(500, { id: 1, name: "n" });
    const prepared = registry.prepareCall("probe", valid);
    expect(prepared.error).toBeNull();
    expect(prepared.params).toBe(valid);
    // One problem at the very bottom: found, since the check stops at the first problem, not before it.
    let bottom: Record<string, unknown> = { id: 1, name: [7] };
    for (let i = 1; i < 500; i++) bottom = { id: 1, next: bottom };
    const content = registry.prepareCall("probe", { head: bottom }).error?.content ?? "";
    expect(content.startsWith(`${PREFIX}head.${"next.".repeat(499)}name should be string; `)).toBe(true);
    expect(content.endsWith(DEEP_NOTE)).toBe(true);
  });

  it("only a schema with a $ref can be checked deeper than it nests, so only its arguments are measured", () => {
    const plain = registryOf({ type: "object", properties: { data: { type: "object" }, n: { type: "integer" } } });
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = { d: deep };
    const before = workSnapshot();
    const content = plain.prepareCall("probe", { data: deep, n: "x" }).error?.content;
    expect(workBetween(before, workSnapshot()).depthWalkValues).toBe(0);
    expect(content).toBe(`${PREFIX}n should be integer`);
  });
});

describe("problem budget: paths too long to read them all", () => {
  const MAP: JsonSchema = { type: "object", additionalProperties: { type: "array", items: { type: "integer" } } };
  const key = "k".repeat(3_000);

  it("lists the first problems found whose paths fit, counts the rest of those, then says why it stopped", () => {
    const registry = registryOf(MAP);
    const content = registry.prepareCall("probe", { [key]: Array.from({ length: 100 }, () => "x"), b: ["z"] }).error?.content ?? "";
    expect(content.startsWith(`${PREFIX}${key}[0] should be integer; ${key}[1] should be integer;`)).toBe(true);
    // 101 errors allow 65,536 + 256 × 101 = 91,392 characters of paths; each is /<key>/<index>:
    // ten of 3,002 characters, then 3,003 each, so 30 fit: 20 listed, 10 counted.
    expect(PROBLEM_BUDGET.basePathCharacters + PROBLEM_BUDGET.pathCharactersPerError * 101).toBe(91_392);
    expect(content.endsWith(`${key}[19] should be integer; and 10 more problems; ${LONG_NOTE}`)).toBe(true);
  });

  it("reads at most the paths the budget allows, however many problems lie beyond", () => {
    const validate = compileValidator(MAP);
    const before = workSnapshot();
    const problems = validate({ [key]: Array.from({ length: 20_000 }, () => "x") });
    const work = workBetween(before, workSnapshot());
    expect(problems.at(-1)).toBe(LONG_NOTE);
    expect(work.problemErrors).toBe(20_000);
    // All the paths together would be 60 million characters.
    expect(work.problemPathCharacters).toBeLessThanOrEqual(PROBLEM_BUDGET.basePathCharacters + PROBLEM_BUDGET.pathCharactersPerError * 20_000);
  });

  it("leaves out a combinator's branches, whose rest may lie past the cut: its own problem stands for it", () => {
    const registry = registryOf({ type: "object", additionalProperties: { type: "array", items: { anyOf: [{ type: "integer" }, { type: "null" }] } } });
    const within = registry.prepareCall("probe", { [key]: ["x"] }).error?.content;
    expect(within).toBe(`${PREFIX}${key}[0] should be integer or null`);
    const past = registry.prepareCall("probe", { [key]: Array.from({ length: 100 }, () => "x") }).error?.content ?? "";
    expect(past.startsWith(`${PREFIX}${key}[0] must match at least one schema; ${key}[1] must match at least one schema;`)).toBe(true);
    expect(past.endsWith(LONG_NOTE)).toBe(true);
  });
});

describe("declared __proto__ properties", () => {
  it("8,000 refused objects that declare one take about as long as 8,000 with an ordinary key (timed, one pass over the errors, not one per object)", () => {
    const registryFor = (key: string): ToolRegistry =>
      registryOf({ type: "object", properties: { xs: { type: "array", items: { type: "object", properties: { [key]: { type: "string" } }, additionalProperties: false } } } });
    const items = (key: string): unknown => JSON.parse(`{"xs":[${Array.from({ length: 8_000 }, () => `{"${key}":"1","x":2}`).join(",")}]}`);
    const declaring = { registry: registryFor("__proto__"), value: items("__proto__") };
    const ordinary = { registry: registryFor("p"), value: items("p") };
    const refuse =
      ({ registry, value }: { registry: ToolRegistry; value: unknown }) =>
      (): void => {
        expect(registry.prepareCall("probe", value).error?.content).toMatch(/^Error: Invalid parameters for tool 'probe': unexpected parameter xs\[0\]\.x; /);
      };
    // Filtering every error once per such object took 570 times as long (3.6 s).
    expect(cpuTimeRatio(refuse(ordinary), refuse(declaring), 1)).toBeLessThan(8);
  });
});
