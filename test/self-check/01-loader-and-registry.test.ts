import { expect, it } from "vitest";
import { Tool, type JsonSchema } from "../../src/index.js";
import { isLoadableToolClass, resolveCollision } from "../../exercises/02-tool-loader/rules.js";
import { DefinitionCache } from "../../exercises/03-tool-registry/definition-cache.js";
import { learner } from "./_learner.js";

const EX2 = "exercise 02 (exercises/02-tool-loader/rules.ts)";
const EX3 = "exercise 03 (exercises/03-tool-registry/definition-cache.ts)";

class ZetaTool extends Tool {
  readonly name: string = "zeta";
  readonly description = "Z.";
  readonly parameters: JsonSchema = { type: "object" };
  async execute(): Promise<unknown> {
    return "z";
  }
}
class AlphaTool extends ZetaTool {
  override readonly name = "alpha";
}

it("Why should ToolLoader and ToolRegistry remain conceptually distinct?", () => {
  // The loader decides WHICH classes become tools, and who wins a name — with no registry at all.
  expect(
    learner(EX2, () => isLoadableToolClass("ZetaTool", ZetaTool)),
    `${EX2}: isLoadableToolClass must keep a concrete Tool subclass; deciding what to load needs no registry`,
  ).toBe(true);
  expect(
    learner(EX2, () => resolveCollision("plugin", "builtin")),
    `${EX2}: resolveCollision("plugin", "builtin") must be "skip" — the loader protects built-ins before anything is registered`,
  ).toBe("skip");

  // The registry stores whatever instances it is given — a test can register tools without any
  // loader — and its definition order does not depend on the order they were loaded in.
  const loadedOneWay = learner(EX3, () => {
    const cache = new DefinitionCache();
    cache.register(new ZetaTool());
    cache.register(new AlphaTool());
    return cache.getDefinitions().map((d) => d.function.name);
  });
  const loadedTheOther = learner(EX3, () => {
    const cache = new DefinitionCache();
    cache.register(new AlphaTool());
    cache.register(new ZetaTool());
    return cache.getDefinitions().map((d) => d.function.name);
  });
  expect(loadedOneWay, `${EX3}: getDefinitions must sort by name, so the loader's order never leaks into the prompt`).toEqual(["alpha", "zeta"]);
  expect(loadedTheOther, `${EX3}: getDefinitions must give the same order whatever the registration order`).toEqual(loadedOneWay);
});
