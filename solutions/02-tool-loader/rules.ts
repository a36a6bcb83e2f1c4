/**
 * Exercise 2, worked answer: the loader's class filter and its built-in-wins rule.
 */
import { Tool, type ToolClass } from "../../src/tools/base.js";

/** Where a tool class came from: the project's own folder, or an installed plugin package. */
export type ToolOrigin = "builtin" | "plugin";

/** What `load` does with an incoming tool: register it, replace the earlier one, or skip it. */
export type CollisionDecision = "register" | "replace" | "skip";

/**
 * True when the export `exportName` of a module is a class the loader should create: a subclass
 * of `Tool` (not `Tool` itself), exported under a name that does not start with `_`, concrete
 * (its prototype has an `execute` function, its own or inherited — an abstract base leaves it
 * out), and not hidden by `static discoverable = false` (inherited too; only `false` hides).
 */
export function isLoadableToolClass(exportName: string, value: unknown): value is ToolClass {
  // Modules export constants, helpers and types too: only classes can be tools.
  if (typeof value !== "function") return false;
  const prototype: unknown = (value as { prototype?: unknown }).prototype;
  // `prototype instanceof Tool` is true for subclasses only, so Tool itself is left out.
  if (!(prototype instanceof Tool)) return false;
  // A leading underscore marks a module's private helper classes.
  if (exportName.startsWith("_")) return false;
  // TypeScript's `abstract` leaves no trace at run time, but an abstract base has no execute.
  if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;
  // Adapters (MCP) and bases opt out: they cannot be built from a context alone.
  return (value as { discoverable?: unknown }).discoverable !== false;
}

/**
 * Decides what `load` does with an `incoming` tool whose name was already registered earlier in
 * the same load by a tool of origin `earlier` (`null`: not yet registered in this load).
 * A plugin never replaces a built-in; otherwise the later class replaces the earlier one.
 */
export function resolveCollision(incoming: ToolOrigin, earlier: ToolOrigin | null): CollisionDecision {
  if (earlier === null) return "register";
  // An installed package must not silently take over a core capability such as read_file.
  if (incoming === "plugin" && earlier === "builtin") return "skip";
  // Built-in over built-in, plugin over plugin, or a built-in over a plugin: the later one wins.
  return "replace";
}
