/**
 * Property: recursive schemas (`$ref: "#"` through a property, `items` or `anyOf`, and
 * `#/$defs/node` through `items` and `anyOf`) against Ajv alone, with its default options, on
 * generated finite trees whose fields hold numbers, integer text, other text, booleans and null.
 *
 * (a) Validation's verdict on a tree is Ajv's. (b) `prepareCall` casts at every depth as at the
 * top: it accepts a tree exactly when Ajv accepts the tree with each node's fields cast by the
 * one-value rules (`castInteger`, `castString`), and then hands the tool exactly that tree.
 * `FC_RUNS` and `FC_SEED` as everywhere.
 */
import Ajv2020Import from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/tools/base.js";
import { castInteger, castString } from "../../src/schema/cast.js";
import { compileValidator } from "../../src/schema/validate.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { FakeTool } from "../../src/testing/index.js";
import { isPlainObject } from "../../src/util/json.js";
import { propertyConfig, runs } from "../soak/runs.js";
import { THROUGH_ANY_OF, THROUGH_DEFS, THROUGH_ITEMS, THROUGH_PROPERTY } from "./recursive-schemas.js";

const Ajv2020 = Ajv2020Import.default;

/** One recursive schema, and where its nodes lead to further nodes. */
interface Variant {
  schema: JsonSchema;
  /** Keys whose value is a node. */
  one: readonly string[];
  /** Keys whose value is a list of nodes. */
  list: readonly string[];
  /** The key the tree sits under at the top, or `null` when the root is the tree's first node. */
  under: string | null;
}

const VARIANTS: Record<string, Variant> = {
  property: { schema: THROUGH_PROPERTY, one: ["child"], list: [], under: null },
  items: { schema: THROUGH_ITEMS, one: [], list: ["children"], under: null },
  any_of: { schema: THROUGH_ANY_OF, one: ["child"], list: [], under: null },
  defs: { schema: THROUGH_DEFS, one: ["next"], list: ["children"], under: "root" },
};

const registry = new ToolRegistry();
const ajv = new Ajv2020();
const references = new Map<string, (value: unknown) => boolean>();
const validators = new Map<string, (value: unknown) => string[]>();
for (const [name, { schema }] of Object.entries(VARIANTS)) {
  registry.register(new FakeTool({ name, parameters: schema }));
  const reference = ajv.compile(schema);
  references.set(name, (value) => reference(value) === true);
  validators.set(name, compileValidator(schema));
}

/** Field values a model sends: fitting, castable, and neither. */
const nValue = fc.constantFrom<unknown>(0, 7, -3, "12", " 4 ", "-2", "x", "1e3", 2.5, true, null);
const nameValue = fc.constantFrom<unknown>("a", "leaf", 5, false, ["x"], null);

/** A finite tree: every link key may hold a node, a list of nodes, or something that is neither. */
const tree = fc.letrec((tie) => ({
  node: fc.record(
    {
      name: nameValue,
      n: nValue,
      child: tie("link"),
      next: tie("link"),
      children: fc.oneof({ maxDepth: 3, depthIdentifier: "tree" }, fc.constantFrom<unknown>("none", null), fc.array(tie("node"), { maxLength: 3, depthIdentifier: "tree" })),
    },
    { requiredKeys: ["name"] },
  ),
  link: fc.oneof({ maxDepth: 3, depthIdentifier: "tree" }, fc.constantFrom<unknown>(null, "end"), tie("node")),
})).node as fc.Arbitrary<Record<string, unknown>>;

const variantName = fc.constantFrom(...Object.keys(VARIANTS));

/** The arguments for `variant`: the tree at the top, or under its key. */
function argumentsOf(variant: Variant, node: Record<string, unknown>): Record<string, unknown> {
  return variant.under === null ? node : { [variant.under]: node };
}

/** The arguments with each node's `n` and `name` cast by the one-value rules, following the variant's links only. */
function castArguments(variant: Variant, args: Record<string, unknown>): unknown {
  return variant.under === null ? castTree(variant, args) : { ...args, [variant.under]: castTree(variant, args[variant.under]) };
}

/** `value`, a node, with its own and its linked nodes' `n` and `name` cast by the one-value rules. */
function castTree(variant: Variant, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  if ("n" in value) out["n"] = castInteger(value["n"]);
  if ("name" in value) out["name"] = castString(value["name"]);
  for (const key of variant.one) if (key in value) out[key] = castTree(variant, value[key]);
  for (const key of variant.list) {
    const list = value[key];
    if (Array.isArray(list)) out[key] = list.map((item) => castTree(variant, item));
  }
  return out;
}

/** How many nodes deep `value` goes along the variant's links. */
function depthOf(variant: Variant, value: unknown): number {
  if (!isPlainObject(value)) return 0;
  let deepest = 0;
  for (const key of variant.one) deepest = Math.max(deepest, depthOf(variant, value[key]));
  for (const key of variant.list) {
    const list = value[key];
    if (Array.isArray(list)) for (const item of list) deepest = Math.max(deepest, depthOf(variant, item));
  }
  return 1 + deepest;
}

/** Runs in `npm test`: each run validates and prepares one small tree, so 200 take well under a second; `npm run soak` runs 100,000. */
const DEFAULT_RUNS = 200;

describe("property: recursive schemas against Ajv alone", () => {
  it("the generators reach deep trees, castable text below the top, and both verdicts", () => {
    const samples = fc.sample(fc.tuple(variantName, tree), { numRuns: 400, seed: 7 });
    let deep = 0;
    let castBelowTop = 0;
    const verdicts = new Set<boolean>();
    for (const [name, node] of samples) {
      const variant = VARIANTS[name] as Variant;
      if (depthOf(variant, node) >= 3) deep++;
      const args = argumentsOf(variant, node);
      const cast = castArguments(variant, args);
      const topFitting = { ...node, n: 0, name: "a" };
      if (JSON.stringify(castTree(variant, topFitting)) !== JSON.stringify(topFitting)) castBelowTop++;
      verdicts.add((references.get(name) as (value: unknown) => boolean)(cast));
    }
    expect(deep).toBeGreaterThan(20);
    expect(castBelowTop).toBeGreaterThan(20);
    expect([...verdicts].sort()).toEqual([false, true]);
  });

  it(
    "(a) the verdict on a finite tree is Ajv's; (b) a tree is accepted exactly when Ajv accepts it cast node by node, and is then cast so",
    () => {
      fc.assert(
        fc.property(variantName, tree, (name, node) => {
          const variant = VARIANTS[name] as Variant;
          const reference = references.get(name) as (value: unknown) => boolean;
          const args = argumentsOf(variant, node);
          expect((validators.get(name) as (value: unknown) => string[])(args).length === 0).toBe(reference(args));

          const expected = castArguments(variant, args);
          const prepared = registry.prepareCall(name, args);
          expect(prepared.error === null).toBe(reference(expected));
          if (prepared.error === null) expect(prepared.params).toEqual(expected);
          else expect(prepared.error.content).toMatch(new RegExp(`^Error: Invalid parameters for tool '${name}': \\S`));
        }),
        propertyConfig("recursive schemas vs Ajv alone", DEFAULT_RUNS),
      );
    },
    60_000 + 50 * runs(DEFAULT_RUNS),
  );
});
