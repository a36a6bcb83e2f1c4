import { describe, expect, it } from "vitest";
import { DefinitionCache } from "../../exercises/03-tool-registry/definition-cache.js";
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
    expect(names(cache), "built-ins first, each group sorted").toEqual(["read_file", "write_file", "mcp_fs_list", "mcp_git_status"]);
  });

  it("sorts by code units and treats only the exact mcp_ prefix as MCP", () => {
    const cache = cacheWith("mcp", "b_tool", "MCP_x", "a_tool", "B_tool");
    expect(names(cache), "compare with < and >, not localeCompare").toEqual(["B_tool", "MCP_x", "a_tool", "b_tool", "mcp"]);
  });

  it("gives each definition the tool's own schema", () => {
    const tool = flaggedTool("read_file", {});
    const cache = new DefinitionCache();
    cache.register(tool);
    expect(cache.getDefinitions()).toEqual([tool.toSchema()]);
  });
});

describe("exercise 3: cache invalidation", () => {
  it("returns the same array object until something changes", () => {
    const cache = cacheWith("a", "b");
    expect(cache.getDefinitions(), "cache the list: the same object twice").toBe(cache.getDefinitions());
  });

  it("builds a new list after register", () => {
    const cache = cacheWith("a");
    const first = cache.getDefinitions();
    cache.register(flaggedTool("b", {}));
    const second = cache.getDefinitions();
    expect(second, "register must invalidate the cache").not.toBe(first);
    expect(second.map((d) => d.function.name)).toEqual(["a", "b"]);
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
