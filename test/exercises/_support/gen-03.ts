/**
 * Exercise 3's generators: tool names that test the definition order (the exact prefix `mcp_`
 * and its near misses, upper and lower case, characters outside the BMP next to characters near
 * the top of the BMP, where UTF-16 order and code-point order part ways, prototype-looking names,
 * the empty name) and sequences of `register`, `unregister` and `getDefinitions` with repeated
 * names, re-registered tools and unknown names. A tool is drawn as data; each side builds its own.
 *
 * @module
 */
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { FakeTool } from "../../../src/testing/index.js";
import type { JsonSchema } from "../../../src/tools/base.js";
import { ASTRAL, CASE_CORNERS, nameLike, PROTOTYPE_KEYS } from "./domain.js";
import { showString } from "./snapshot.js";

/** Prefixes that are `mcp_`, and near misses that are not. */
export const MCP_PREFIXES = ["mcp_", "MCP_", "Mcp_", "mCp_", "mcp", "mcp-", "mcp__", " mcp_", "_mcp_", "\uff4dcp_", "mcp\u200b_", "mcp_ "] as const;

/** Characters whose UTF-16 order differs from their code-point order, and ASCII around the case boundary. */
const ORDER_CORNERS = ["\ue000", "\uff21", "\uff41", "\ufb01", "\uffff", ...ASTRAL.slice(0, 4), "Z", "[", "_", "`", "a", "A", "0", "-", "~", "\u00e9", "e\u0301"] as const;

/** The part of a name after its prefix. */
function body(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: nameLike(), weight: 3 },
    { arbitrary: fc.array(fc.constantFrom(...ORDER_CORNERS, ...CASE_CORNERS.slice(0, 6)), { maxLength: 3 }).map((chars) => chars.join("")), weight: 3 },
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 1 },
    // Where UTF-16 order and code-point order part ways: a surrogate pair against U+E000–U+FFFF.
    { arbitrary: fc.constantFrom("\ue000", "\uff21", "\ufb01", "\uffff", ...ASTRAL.slice(0, 4)).map((ch) => `${ch}x`), weight: 4 },
  );
}

/** A tool name: most without a prefix, many with `mcp_` or a near miss of it. */
export function toolName(): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: body(), weight: 3 }, { arbitrary: fc.tuple(fc.constantFrom(...MCP_PREFIXES), body()).map(([prefix, rest]) => prefix + rest), weight: 3 });
}

/** A tool as data: its name, and which description and schema it has. */
export interface ToolSpec {
  readonly name: string;
  readonly description: number;
  readonly schema: number;
}

const SCHEMAS: readonly JsonSchema[] = [
  { type: "object", properties: {} },
  { type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false },
  { type: "object", properties: { n: { type: "integer", minimum: 0 } } },
];

/** Builds a side's own tool from a spec. */
export function buildTool(spec: ToolSpec): FakeTool {
  const schema = SCHEMAS[spec.schema % SCHEMAS.length] ?? {};
  return new FakeTool({ name: spec.name, description: `tool ${spec.description} named ${spec.name}`, parameters: structuredClone(schema) });
}

/** One step a caller takes. `register` names a tool of the run's list by its index. */
export type Op = { readonly op: "register"; readonly tool: number } | { readonly op: "unregister"; readonly name: string } | { readonly op: "get" };

/** A run: the tools drawn (names repeat across them) and the steps taken, always ending with a read. */
export interface Script {
  readonly tools: readonly ToolSpec[];
  readonly ops: readonly Op[];
}

/** A set of tools registered once each, in any order, then read: the order's domain. */
export function orderScript(): fc.Arbitrary<Script> {
  const tool = fc.record({ name: fc.nat(7), description: fc.nat(2), schema: fc.nat(2) });
  // Half the sets also hold two names that differ only where UTF-16 order and code-point order part ways.
  const parting = fc
    .tuple(fc.constantFrom("", "mcp_", "a"), fc.constantFrom("\ue000", "\uff21", "\ufb01", "\uffff"), fc.constantFrom(...ASTRAL.slice(0, 4)))
    .map(([prefix, high, astral]) => [`${prefix}${high}x`, `${prefix}${astral}x`] as const);
  return fc
    .record({ names: fc.array(toolName(), { minLength: 1, maxLength: 8 }), tools: fc.array(tool, { maxLength: 6 }), pair: fc.option(parting, { freq: 2 }) })
    .map(({ names, tools, pair }): Script => {
      const drawn = tools.map((t): ToolSpec => ({ name: names[t.name % names.length] ?? "", description: t.description, schema: t.schema }));
      const specs = pair === null ? drawn : [...drawn, { name: pair[0], description: 0, schema: 1 }, { name: pair[1], description: 1, schema: 0 }];
      return { tools: specs, ops: [...specs.map((_, i): Op => ({ op: "register", tool: i })), { op: "get" }] };
    });
}

/** Any sequence of up to 14 steps: registers (new names, repeated names, the same tool again), unregisters (known and unknown names), reads. */
export function cacheScript(): fc.Arbitrary<Script> {
  // Drawn as indexes into the run's names and tools, without chain(): cheaper to draw and to shrink.
  const tool = fc.record({ name: fc.nat(3), description: fc.nat(2), schema: fc.nat(2) });
  const op = fc.oneof(
    { arbitrary: fc.record({ op: fc.constant("register" as const), index: fc.nat(5) }), weight: 3 },
    { arbitrary: fc.record({ op: fc.constant("unregister" as const), index: fc.nat(3), other: fc.option(toolName(), { freq: 3 }) }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant("get" as const) }), weight: 4 },
  );
  return fc
    .record({ names: fc.array(toolName(), { minLength: 1, maxLength: 4 }), tools: fc.array(tool, { minLength: 1, maxLength: 6 }), ops: fc.array(op, { maxLength: 13 }) })
    .map(({ names, tools, ops }): Script => {
      const pick = (i: number): string => names[i % names.length] ?? "";
      const specs = tools.map((t): ToolSpec => ({ name: pick(t.name), description: t.description, schema: t.schema }));
      const steps = ops.map((o): Op => {
        if (o.op === "register") return { op: "register", tool: o.index % specs.length };
        if (o.op === "unregister") return { op: "unregister", name: o.other ?? pick(o.index) };
        return { op: "get" };
      });
      return { tools: specs, ops: [...steps, { op: "get" }] };
    });
}

/** The part of a cache a script needs. */
export interface CacheLike {
  register(tool: FakeTool): void;
  unregister(name: string): void;
  getDefinitions(): unknown[];
}

/**
 * Runs a script on a new cache with the side's own tools and records what a caller can see at
 * each read: the names in order, the names whose definition is not equal to their tool's
 * `toSchema()` (none, when all is well), and which earlier read (if any) gave the very same array.
 */
export function runScript(make: () => CacheLike, script: Script): unknown[] {
  const cache = make();
  const tools = script.tools.map(buildTool);
  const held = new Map<string, FakeTool>();
  const seen: unknown[] = [];
  const reads: unknown[] = [];
  for (const step of script.ops) {
    if (step.op === "register") {
      const tool = tools[step.tool] as FakeTool;
      cache.register(tool);
      held.set(tool.name, tool);
    } else if (step.op === "unregister") {
      cache.unregister(step.name);
      held.delete(step.name);
    } else {
      const list = cache.getDefinitions();
      const same = seen.indexOf(list);
      seen.push(list);
      const names = list.map((d) => (d as { function?: { name?: unknown } } | null)?.function?.name);
      const notTheToolsSchema = list.flatMap((d, i) => {
        const tool = held.get(String(names[i]));
        return tool !== undefined && isDeepStrictEqual(d, tool.toSchema()) ? [] : [names[i]];
      });
      reads.push({ read: reads.length + 1, sameArrayAsRead: same < 0 ? "none (a new array)" : same + 1, names, notTheToolsSchema });
    }
  }
  return reads;
}

/** A script as the calls a learner would write. */
export function showScript(script: Script): string {
  const lines = script.ops.map((step) =>
    step.op === "register"
      ? `cache.register(tool #${step.tool + 1}, named ${showString(script.tools[step.tool]?.name ?? "")})`
      : step.op === "unregister"
        ? `cache.unregister(${showString(step.name)})`
        : "cache.getDefinitions()",
  );
  return lines.join("; ");
}
