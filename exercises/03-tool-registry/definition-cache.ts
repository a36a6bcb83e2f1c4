/**
 * Exercise 3: a tiny registry that lists tool definitions in a stable order and caches the list.
 * Built-in tools come first, sorted by name; then the tools whose names start with `mcp_`, sorted.
 * The same array object is returned until `register` or `unregister` changes something.
 */
import type { Tool, ToolDefinition } from "../../src/index.js";

/** Stores tools by name and hands out their definitions in a cache-friendly order. */
export class DefinitionCache {
  readonly #tools = new Map<string, Tool>();
  #cached: ToolDefinition[] | null = null;

  /** Adds or replaces a tool under its name. */
  register(tool: Tool): void {
    this.#tools.set(tool.name, tool);
    // TODO(lesson 3): the cached list is now out of date.
  }

  /** Removes a tool; an unknown name is a no-op. */
  unregister(name: string): void {
    this.#tools.delete(name);
    // TODO(lesson 3): the cached list may be out of date (even for an unknown name).
  }

  /**
   * The definitions: non-`mcp_` tools sorted by name, then `mcp_` tools sorted by name. Sort by
   * UTF-16 code units (`a < b ? -1 : …`), not `localeCompare`. The same array until a change.
   */
  getDefinitions(): ToolDefinition[] {
    // TODO(lesson 3): build the list once with tool.toSchema(), in the order above, and keep it in #cached.
    throw new Error(`TODO(lesson 3): list ${this.#tools.size} definitions (cached: ${this.#cached !== null})`);
  }
}
