/**
 * Exercise 3's rules (its README and the comments in definition-cache.ts), each with the test that
 * fails when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  built-ins first, then the mcp_ tools, each group sorted → "lists built-ins sorted by name, then mcp_ tools sorted"
 * R2  sorted by UTF-16 code units (upper case before lower case), never localeCompare → "sorts by UTF-16 code units, not localeCompare"
 * R3  only the exact, lower-case prefix mcp_ makes an MCP tool → "treats only the exact prefix mcp_ as MCP"
 * R4  each definition is the tool's own toSchema() → "gives each definition the tool's own schema"
 * R5  the same array object until something changes → "returns the same array object until something changes"
 * R6  register invalidates, also when it replaces a tool of the same name → "builds a new list after register, also for a name it already holds"
 * R7  unregister invalidates, even for an unknown name → "builds a new list after unregister, even of an unknown name"
 */
import { describe, expect, it } from "vitest";
import { FakeTool } from "../../src/testing/index.js";
import { DefinitionCache } from "../../exercises/03-tool-registry/definition-cache.js";
import * as answer from "../../solutions/03-tool-registry/definition-cache.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import { cacheScript, orderScript, runScript, showScript, type CacheLike } from "./_support/gen-03.js";
import { flaggedTool } from "./_support/tools.js";

function names(cache: DefinitionCache): string[] {
  return cache.getDefinitions().map((d) => d.function.name);
}

function cacheWith(...toolNames: string[]): DefinitionCache {
  const cache = new DefinitionCache();
  for (const name of toolNames) cache.register(flaggedTool(name, {}));
  return cache;
}

describe("exercise 3: definition order", () => {
  it("lists built-ins sorted by name, then mcp_ tools sorted", () => {
    const cache = cacheWith("mcp_git_status", "write_file", "mcp_fs_list", "read_file");
    expect(names(cache), "built-ins first, each group sorted by name").toEqual(["read_file", "write_file", "mcp_fs_list", "mcp_git_status"]);
    expect(names(cacheWith("zeta", "mcp_a")), "an mcp_ tool comes after every built-in, even one that sorts after it").toEqual(["zeta", "mcp_a"]);
  });

  it("sorts by UTF-16 code units, not localeCompare", () => {
    const cache = cacheWith("b_tool", "a_tool", "B_tool", "Z_tool");
    expect(names(cache), "by UTF-16 code units every upper-case ASCII letter sorts before every lower-case one; a_tool first is the locale's order").toEqual([
      "B_tool",
      "Z_tool",
      "a_tool",
      "b_tool",
    ]);
  });

  it("treats only the exact prefix mcp_ as MCP", () => {
    expect(names(cacheWith("mcpserver", "zeta", "mcp_a")), "mcpserver does not start with mcp_: it is a built-in, listed before mcp_a").toEqual([
      "mcpserver",
      "zeta",
      "mcp_a",
    ]);
    expect(names(cacheWith("a_tool", "MCP_x", "mcp_b")), "MCP_x is not mcp_ (the prefix is lower case): a built-in, sorted before a_tool").toEqual([
      "MCP_x",
      "a_tool",
      "mcp_b",
    ]);
    expect(names(cacheWith("zeta", "x_mcp_y", "mcp")), "mcp alone, or mcp_ inside a name, is no prefix: both are built-ins").toEqual(["mcp", "x_mcp_y", "zeta"]);
  });

  it("gives each definition the tool's own schema", () => {
    const tool = flaggedTool("read_file", {});
    const cache = new DefinitionCache();
    cache.register(tool);
    expect(cache.getDefinitions(), "each entry is tool.toSchema()").toEqual([tool.toSchema()]);
  });
});

describe("exercise 3: cache invalidation", () => {
  it("returns the same array object until something changes", () => {
    const cache = cacheWith("a", "b");
    expect(cache.getDefinitions(), "cache the list: the same object twice").toBe(cache.getDefinitions());
  });

  it("builds a new list after register, also for a name it already holds", () => {
    const cache = cacheWith("a");
    const first = cache.getDefinitions();
    cache.register(flaggedTool("b", {}));
    const second = cache.getDefinitions();
    expect(second, "register must invalidate the cache").not.toBe(first);
    expect(second.map((d) => d.function.name)).toEqual(["a", "b"]);
    cache.register(new FakeTool({ name: "a", description: "The new a." }));
    expect(
      cache.getDefinitions().map((d) => d.function.description),
      "registering a tool under a name already held replaces it: invalidate on every register, not only for new names",
    ).toEqual(["The new a.", "The b tool."]);
  });

  it("builds a new list after unregister, even of an unknown name", () => {
    const cache = cacheWith("a", "b");
    const first = cache.getDefinitions();
    cache.unregister("a");
    const second = cache.getDefinitions();
    expect(second, "unregister must invalidate the cache").not.toBe(first);
    expect(second.map((d) => d.function.name)).toEqual(["b"]);
    cache.unregister("nope");
    expect(cache.getDefinitions(), "an unknown name invalidates too").not.toBe(second);
  });
});

const rule = (id: string, sentence: string): Rule => ({ exercise: 3, id, sentence });
const learnerCache = (): CacheLike => new DefinitionCache();
const answerCache = (): CacheLike => new answer.DefinitionCache();

describe("exercise 3: every name and every sequence of calls", () => {
  it("R1–R4 (every set of names): built-ins, then mcp_ tools, each sorted by UTF-16 code units, each its tool's toSchema()", async () => {
    await expectSameAsAnswer({
      rule: rule(
        "R1",
        "tools whose names start with exactly mcp_ (lower case) come after all the others; each group is sorted by UTF-16 code units; each definition is the tool's own toSchema().",
      ),
      input: orderScript(),
      learner: (script) => runScript(learnerCache, script),
      answer: (script) => runScript(answerCache, script),
      show: showScript,
      runs: 60,
    });
  });

  it("R5–R7 (every sequence of register, unregister and getDefinitions): the same array until a change, a new one after each", async () => {
    await expectSameAsAnswer({
      rule: rule(
        "R5",
        "getDefinitions() returns the same array object until register or unregister is called; after any register (a new name, a known name, the same tool again) or unregister (a known or an unknown name) it returns a new, up-to-date array.",
      ),
      input: cacheScript(),
      learner: (script) => runScript(learnerCache, script),
      answer: (script) => runScript(answerCache, script),
      show: showScript,
      runs: 80,
    });
  });
});
