/**
 * The shape of `src/`'s module graph, read from the source with the TypeScript parser: no module
 * imports itself through others, the pure core (the registry, coerce, cast, validate and all they
 * import, and the runner's loop, batching, result-to-text and messages with theirs) names no Node
 * built-in yet still reaches the RE2 engine, the JSON helpers and Python's blank space import nothing, and no module of
 * `src/` grows past 350 lines.
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsOf, localTarget, sourceFiles, type ImportEdge } from "./import-graph.js";

const src = resolve(fileURLToPath(new URL("../../src", import.meta.url)));

/** The static imports of a module (`import()` expressions left out). */
function staticImports(file: string): ImportEdge[] {
  return importsOf(file).filter((edge) => !edge.dynamic);
}

const files = sourceFiles(src);
const graph = new Map(files.map((file) => [file, staticImports(file)]));

/**
 * The pure core: the registry, coerce, cast, validate, the texts the model reads, batching, the
 * runner loop, result-to-text and the testing module. Each, with all it imports, must run in a browser.
 */
const PURE_CORE = [
  "tools/registry.ts",
  "tools/coerce.ts",
  "schema/cast.ts",
  "schema/validate.ts",
  "tools/messages.ts",
  "agent/batches.ts",
  "agent/runner.ts",
  "agent/results/result-text.ts",
  "testing/index.ts",
];

/** The entries of the pure core that validate arguments, and so reach the RE2 engine. */
const VALIDATING = ["tools/registry.ts", "schema/cast.ts", "schema/validate.ts", "agent/runner.ts"];

const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe("the module graph of src/", () => {
  it("every relative import names a file that exists", () => {
    for (const [file, edges] of graph) {
      for (const edge of edges) {
        const to = localTarget(file, edge.specifier);
        if (to !== null) expect(graph.has(to), `${relative(src, file)} imports ${edge.specifier}`).toBe(true);
      }
    }
  });

  it("has no import cycles, type-only imports included", () => {
    const state = new Map<string, "open" | "done">();
    const path: string[] = [];
    const cycles: string[] = [];
    const visit = (file: string): void => {
      state.set(file, "open");
      path.push(file);
      for (const edge of graph.get(file) ?? []) {
        const to = localTarget(file, edge.specifier);
        if (to === null || !graph.has(to)) continue;
        if (state.get(to) === "open") cycles.push([...path.slice(path.indexOf(to)), to].map((f) => relative(src, f)).join(" -> "));
        else if (!state.has(to)) visit(to);
      }
      path.pop();
      state.set(file, "done");
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it("the pure core reaches no Node built-in by static import", () => {
    for (const entry of PURE_CORE) {
      const seen = new Set<string>();
      const stack = [join(src, entry)];
      const builtins: string[] = [];
      while (stack.length > 0) {
        const file = stack.pop() as string;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const edge of graph.get(file) ?? []) {
          const to = localTarget(file, edge.specifier);
          if (to !== null) stack.push(to);
          else if (nodeBuiltins.has(edge.specifier)) builtins.push(`${relative(src, file)} imports ${edge.specifier}`);
        }
      }
      expect(builtins, entry).toEqual([]);
      // Patterns still run on RE2 in Node: everything that validates imports the engine itself.
      if (VALIDATING.includes(entry)) expect(seen.has(join(src, "schema/re2-engine.ts")), entry).toBe(true);
    }
  });

  it("the JSON helpers and the argument-text rule stand (almost) alone", () => {
    expect(graph.get(join(src, "util/json.ts"))).toEqual([]);
    expect(graph.get(join(src, "util/python-space.ts"))).toEqual([]);
    expect(graph.get(join(src, "tools/integer-literals.ts"))).toEqual([]);
    expect(graph.get(join(src, "tools/argument-text.ts"))?.map((e) => e.specifier)).toEqual(["../util/json.js", "../util/python-space.js", "./integer-literals.js"]);
    const providerImports = (graph.get(join(src, "providers/base.ts")) ?? []).map((e) => e.specifier);
    expect(providerImports).not.toContain("../tools/coerce.js");
    expect(providerImports).not.toContain("../tools/cast.js");
  });

  it("no module of src/ is longer than 350 lines", () => {
    const long = files.map((file) => [relative(src, file), readFileSync(file, "utf8").split("\n").length - 1] as const).filter(([, lines]) => lines > 350);
    expect(long).toEqual([]);
  });
});
