/**
 * Exercise 3, worked answer: stable definition order and cache invalidation.
 */
import type { Tool, ToolDefinition } from "../../src/index.js";

/** Compares by UTF-16 code units, so the order never depends on the machine's locale. */
function byName(a: ToolDefinition, b: ToolDefinition): number {
  const x = a.function.name;
  const y = b.function.name;
  // Names are Map keys, so two are never equal, and sort() reads only the sign of the answer: a
  // mutation that changes only the equal case or the size of a positive answer cannot be seen.
  // Stryker disable next-line EqualityOperator,ConditionalExpression: equivalent mutants, see above
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Stores tools by name and hands out their definitions in a cache-friendly order. */
export class DefinitionCache {
  readonly #tools = new Map<string, Tool>();
  #cached: ToolDefinition[] | null = null;

  /** Adds or replaces a tool under its name. */
  register(tool: Tool): void {
    this.#tools.set(tool.name, tool);
    this.#cached = null;
  }

  /** Removes a tool; an unknown name is a no-op. */
  unregister(name: string): void {
    this.#tools.delete(name);
    // Invalidate unconditionally: cheaper to rebuild once than to reason about what changed.
    this.#cached = null;
  }

  /**
   * The definitions: non-`mcp_` tools sorted by name, then `mcp_` tools sorted by name. Sort by
   * UTF-16 code units (`a < b ? -1 : …`), not `localeCompare`. The same array until a change.
   */
  getDefinitions(): ToolDefinition[] {
    if (this.#cached === null) {
      const builtins: ToolDefinition[] = [];
      const mcp: ToolDefinition[] = [];
      for (const tool of this.#tools.values()) {
        const def = tool.toSchema();
        (def.function.name.startsWith("mcp_") ? mcp : builtins).push(def);
      }
      // Sorting (not registration order) keeps the prompt's tools list byte-identical from one
      // start to the next, and MCP servers connecting later cannot shuffle the built-ins.
      this.#cached = builtins.sort(byName).concat(mcp.sort(byName));
    }
    return this.#cached;
  }
}
