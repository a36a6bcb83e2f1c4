/**
 * The folders of `src/` are layers, and every import runs down them, never back up: a module may
 * import a module of its own folder or of a lower layer, type-only imports and `import()` included;
 * two folders of one layer (the MCP client and the SSRF guard) do not import each other.
 * The order, lowest first:
 *
 *  0. `util/`              helpers that know nothing of tools: JSON, Python's text rules, cutting
 *                          text, describing a thrown value, signals and timers, options
 *  1. `chat/`              the chat message types
 *  2. `schema/problems/`   rewording Ajv's errors into the problems the model reads
 *  3. `schema/`            the JSON Schema engine: dialect, casting, validation, patterns, budget
 *  4. `tools/`             the tool contract, the registry, the loader and plugins, the workspace
 *  5. `providers/`, `mcp/`, `security/`   the model server, MCP servers, the SSRF guard
 *  6. `tools/builtin/`     the built-in tools (`web_fetch` uses the SSRF guard)
 *  7. `agent/results/`, `agent/guards/`   a call's result as text and message; the runner's guards
 *  8. `agent/`             the runner: the loop, one call's outcome, the history sent
 *  9. `testing/`           fakes for tests, built on all of the above
 * 10. `index.ts`           the public API
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
  "chat/": 1,
  "schema/problems/": 2,
  "schema/": 3,
  "tools/": 4,
  "providers/": 5,
  "mcp/": 5,
  "security/": 5,
  "tools/builtin/": 6,
  "agent/results/": 7,
  "agent/guards/": 7,
  "agent/": 8,
  "testing/": 9,
  "index.ts": 10,
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

const modules = sourceFiles(SRC).map((file) => relative(SRC, file).split("\\").join("/"));

describe("the layers of src/", () => {
  it("every module of src/ is in a layer", () => {
    expect(modules.filter((module) => !Object.keys(LAYERS).some((prefix) => module.startsWith(prefix)))).toEqual([]);
  });

  it("every import runs down the layers or stays in its own folder, never back up nor across to a neighbour", () => {
    const upward: string[] = [];
    for (const module of modules) {
      const from = resolve(SRC, module);
      for (const edge of importsOf(from)) {
        const to = localTarget(from, edge.specifier);
        if (to === null) continue;
        const target = relative(SRC, to).split("\\").join("/");
        const sideways = layerOf(target) === layerOf(module) && folderOf(target) !== folderOf(module);
        if (layerOf(target) > layerOf(module) || sideways) upward.push(`${module} (layer ${layerOf(module)}) -> ${target} (layer ${layerOf(target)})`);
      }
    }
    expect(upward).toEqual([]);
  });
});
