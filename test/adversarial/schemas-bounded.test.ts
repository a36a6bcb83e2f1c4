/**
 * Issue 16's properties for schemas we do not control: for generated schemas, within the budget
 * or not, and generated arguments, `register` either refuses (a `TypeError` naming the tool and
 * the reason) or compiles, in bounded time, and `prepareCall` answers in bounded time and never
 * throws. 500 runs in `npm test`; `npm run soak` runs 100,000.
 *
 * The bounds are far above what a budgeted schema takes and far below what the unguarded cases
 * took (`^(a+)+$` on 40 characters: hours; 2^32 `$ref` paths: minutes), so they hold on a loaded
 * machine and still catch a regression.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { isToolErrorResult } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { propertyConfig } from "../properties/runs.js";
import { generatedSchemaTool, schemaCaseArb, type SchemaKind } from "./schema-arbitraries.js";

/** Longest a `register` may take, in ms. */
const REGISTER_BOUND_MS = 15_000;
/** Longest one `prepareCall` may take, in ms. */
const PREPARE_BOUND_MS = 3_000;

const KINDS: readonly SchemaKind[] = ["ordinary", "pattern", "enum", "fanout", "recursive-fanout", "deep", "wide", "text", "cycle", "dialect"];

const seen = new Map<string, number>();
const worst = { registerMs: 0, registerKind: "", prepareMs: 0, prepareKind: "" };

function count(key: string): void {
  seen.set(key, (seen.get(key) ?? 0) + 1);
}

afterAll(() => {
  const outcomes = [...seen.entries()].sort().map(([k, n]) => `${k} ${n}`).join(", ");
  console.log(
    `schema cases: ${outcomes}\nworst register ${worst.registerMs.toFixed(1)} ms (${worst.registerKind}), worst prepareCall ${worst.prepareMs.toFixed(1)} ms (${worst.prepareKind})`,
  );
});

describe("schemas we do not control (issue 16, items 1, 3, 4, 6, 7)", () => {
  it("register refuses or compiles in bounded time; prepareCall answers in bounded time and never throws", () => {
    const config = propertyConfig("schemas-bounded", 500);
    let run = 0;
    fc.assert(
      fc.property(schemaCaseArb, (c) => {
        const name = `tool_${run++ % 1000}`;
        const registry = new ToolRegistry();
        const started = performance.now();
        let refused: unknown = null;
        try {
          registry.register(generatedSchemaTool(name, c.schema));
        } catch (error) {
          refused = error;
        }
        const registerMs = performance.now() - started;
        if (registerMs > worst.registerMs) Object.assign(worst, { registerMs, registerKind: c.kind });
        expect(registerMs).toBeLessThan(REGISTER_BOUND_MS);
        if (refused !== null) {
          count(`${c.kind}:refused`);
          expect(refused).toBeInstanceOf(TypeError);
          expect((refused as Error).message).toMatch(new RegExp(`^Tool '${name}': `));
          expect(registry.has(name)).toBe(false);
          return;
        }
        count(`${c.kind}:registered`);
        for (const args of c.args) {
          const before = performance.now();
          const prepared = registry.prepareCall(name, args);
          const prepareMs = performance.now() - before;
          if (prepareMs > worst.prepareMs) Object.assign(worst, { prepareMs, prepareKind: c.kind });
          expect(prepareMs).toBeLessThan(PREPARE_BOUND_MS);
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
