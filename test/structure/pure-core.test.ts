/**
 * The runner's core runs without Node: the loop, the batching, turning results into text and the
 * texts the model reads import no `node:` module, directly or through another module of `src/`,
 * by a static import. Saving large results (file system, random names) and counting workspace
 * refusals (symlinks, home folders) are reached only by an `import()` at the point of use, so a
 * browser can run the runner on its own.
 */
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, localTarget } from "./import-graph.js";
import { modulesLoadedBy } from "./import-recorder/record.js";

const root = resolve(import.meta.dirname, "../..");

/** The pure core: every module these reach by static imports must be free of Node. */
const CORE = ["src/agent/runner.ts", "src/agent/batches.ts", "src/agent/results/result-text.ts", "src/agent/results/tool-message.ts", "src/tools/messages.ts"];

/** Walks static imports from `entries`; returns the modules reached and the `node:` imports met, with their importer. */
function staticGraph(entries: string[]): { modules: string[]; node: string[]; dynamic: string[] } {
  const modules = new Set<string>();
  const node: string[] = [];
  const dynamic: string[] = [];
  const walk = (file: string): void => {
    const rel = relative(root, file);
    if (modules.has(rel)) return;
    modules.add(rel);
    for (const { specifier, dynamic: isDynamic } of importsOf(file).filter((edge) => !edge.typeOnly)) {
      const target = localTarget(file, specifier);
      if (isDynamic) {
        if (target !== null) dynamic.push(`${rel} -> ${relative(root, target)}`);
        continue;
      }
      if (specifier.startsWith("node:")) node.push(`${rel} -> ${specifier}`);
      if (target !== null && existsSync(target)) walk(target);
    }
  };
  for (const entry of entries) walk(join(root, entry));
  return { modules: [...modules].sort(), node, dynamic };
}

describe("the runner's pure core", () => {
  const graph = staticGraph(CORE);

  it("imports no node: module statically, directly or through src/", () => {
    expect(graph.node).toEqual([]);
    expect(graph.modules.filter((m) => m.startsWith("src/agent/") || m === "src/tools/messages.ts" || m.startsWith("src/util/"))).toEqual(
      expect.arrayContaining(["src/agent/runner.ts", "src/agent/call.ts", "src/util/text-cut.ts", "src/util/async.ts"]),
    );
  });

  it("reaches persistence and the workspace-violation counter only through import() at the point of use", () => {
    for (const nodeOnly of ["src/agent/results/result-persistence.ts", "src/agent/guards/violations.ts", "src/tools/workspace.ts"]) {
      expect(graph.modules, `${nodeOnly} is imported statically`).not.toContain(nodeOnly);
    }
    expect(graph.dynamic.sort()).toEqual([
      "src/agent/call.ts -> src/agent/guards/violations.ts",
      "src/agent/results/tool-message.ts -> src/agent/results/result-persistence.ts",
    ]);
    // ...and those two are the Node parts.
    const persistence = staticGraph(["src/agent/results/result-persistence.ts"]).node;
    expect(persistence).toEqual(
      expect.arrayContaining(["src/agent/results/result-persistence.ts -> node:fs/promises", "src/agent/results/result-persistence.ts -> node:crypto"]),
    );
    expect(staticGraph(["src/agent/guards/violations.ts"]).node).toEqual(
      expect.arrayContaining(["src/agent/guards/violations.ts -> node:fs", "src/agent/guards/violations.ts -> node:os"]),
    );
  });

  it("importing the runner in a fresh Node loads neither of the Node parts", () => {
    const loaded = modulesLoadedBy(`await import("./src/agent/runner.ts");`);
    expect(loaded.some((url) => url.endsWith("/src/agent/runner.ts"))).toBe(true);
    expect(loaded.filter((url) => /\/src\/(?:agent\/(?:results\/result-persistence|guards\/violations)|tools\/workspace)\.ts$/.test(url))).toEqual([]);
  });
});
