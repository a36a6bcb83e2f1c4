/**
 * A registry filled in one expression, for tests and demos that need a few tools by hand.
 *
 * @module
 */
import type { Tool } from "../tools/base.js";
import { ToolRegistry } from "../tools/registry.js";

/**
 * A new {@link ToolRegistry} holding the given tools, registered in the order given (so
 * `toolNames` and the "Available:" list follow that order). Throws what `register` throws.
 */
export function registryOf(...tools: Tool[]): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  return registry;
}
