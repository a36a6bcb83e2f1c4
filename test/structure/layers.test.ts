/**
 * The folders of `src/` are layers, and every import runs down them, never back up: a module may
 * import a module of its own folder or of a lower layer, type-only imports and `import()` included;
 * two folders of one layer (the MCP client and the model server) do not import each other.
 * The order, lowest first:
 *
 *  0. `util/`              helpers that know nothing of tools: JSON, Python's text rules, cutting
 *                          text, describing a thrown value, signals and timers, options
 *  1. `security/`          the SSRF guard and the refusal codes and brands (`security/refusal.ts`)
 *                          that the tools, the guard and the runner share
 *  2. `chat/`              the chat message types
 *  3. `schema/problems/`   rewording Ajv's errors into the problems the model reads
 *  4. `schema/`            the JSON Schema engine: dialect, casting, validation, patterns, budget
 *  5. `tools/`             the tool contract, the registry, the loader and plugins, the workspace
 *  6. `providers/`, `mcp/` the model server, MCP servers
 *  7. `tools/builtin/`     the built-in tools (`web_fetch` uses the SSRF guard)
 *  8. `agent/results/`, `agent/guards/`   a call's result as text and message; the runner's guards
 *  9. `agent/`             the runner: the loop, one call's outcome, the history sent
 * 10. `testing/`           fakes for tests, built on all of the above
 * 11. `index.ts`           the public API
 *
 * A subfolder sits below its folder (the folder may use it, never the reverse), except
 * `tools/builtin/`, which builds on the layers above `tools/`.
 */
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, localTarget, sourceFiles } from "./import-graph.js";

const SRC = resolve(import.meta.dirname, "../../src");

/** Each folder's layer; a module takes the layer of the longest folder that holds it. */
const LAYERS: Readonly<Record<string, number>> = {
  "util/": 0,
  "security/": 1,
  "chat/": 2,
  "schema/problems/": 3,
  "schema/": 4,
  "tools/": 5,
  "providers/": 6,
  "mcp/": 6,
  "tools/builtin/": 7,
  "agent/results/": 8,
  "agent/guards/": 8,
  "agent/": 9,
  "testing/": 10,
  "index.ts": 11,
};

function folderOf(module: string): string {
  const folder = Object.keys(LAYERS)
    .filter((prefix) => module.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  if (folder === undefined) throw new Error(`${module} is in no layer: give its folder a place in LAYERS`);
  return folder;
}

function layerOf(module: string): number {
  return LAYERS[folderOf(module)] as number;
}

/** The arrow from `module` to `target` (paths under `src/`) when it runs back up or across to a neighbour, else null. */
function wrongArrow(module: string, target: string): string | null {
  const sideways = layerOf(target) === layerOf(module) && folderOf(target) !== folderOf(module);
  return layerOf(target) > layerOf(module) || sideways ? `${module} (layer ${layerOf(module)}) -> ${target} (layer ${layerOf(target)})` : null;
}

const modules = sourceFiles(SRC).map((file) => relative(SRC, file).split("\\").join("/"));

describe("the layers of src/", () => {
  it("every module of src/ is in a layer", () => {
    expect(modules.filter((module) => !Object.keys(LAYERS).some((prefix) => module.startsWith(prefix)))).toEqual([]);
  });

  it("every import runs down the layers or stays in its own folder, never back up nor across to a neighbour", () => {
    const wrong: string[] = [];
    for (const module of modules) {
      const from = resolve(SRC, module);
      for (const edge of importsOf(from)) {
        const to = localTarget(from, edge.specifier);
        if (to === null) continue;
        const arrow = wrongArrow(module, relative(SRC, to).split("\\").join("/"));
        if (arrow !== null) wrong.push(arrow);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("catches an arrow back up (the SSRF guard reaching into tools/ for the refusal brand, a helper into the schema engine) and one across, and lets one down pass", () => {
    expect(wrongArrow("security/ssrf.ts", "tools/refusal.ts")).toBe("security/ssrf.ts (layer 1) -> tools/refusal.ts (layer 5)");
    expect(wrongArrow("util/json.ts", "schema/validate.ts")).not.toBeNull();
    expect(wrongArrow("tools/base.ts", "security/refusal.ts")).toBeNull();
    expect(wrongArrow("mcp/adapter.ts", "providers/base.ts"), "two folders of one layer").not.toBeNull();
  });
});
