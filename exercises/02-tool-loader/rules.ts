/**
 * Exercise 2: the two rules of the loader, as pure functions. `isLoadableToolClass` decides
 * whether a module export is a tool class the loader should create; `resolveCollision` decides
 * what happens when two classes of one load want the same tool name (a built-in always wins).
 */
import { Tool, type ToolClass } from "../../src/tools/base.js";

/** Where a tool class came from: the project's own folder, or an installed plugin package. */
export type ToolOrigin = "builtin" | "plugin";

/** What `load` does with an incoming tool: register it, replace the earlier one, or skip it. */
export type CollisionDecision = "register" | "replace" | "skip";

/**
 * True when the export `exportName` of a module is a class the loader should create: a subclass
 * of `Tool` (not `Tool` itself), exported under a name whose first character is not `_`, concrete
 * (reading `execute` on its prototype gives a function, its own or inherited — an abstract base
 * leaves it out), and not hidden by `static discoverable = false` (inherited too; only `false` hides).
 */
export function isLoadableToolClass(exportName: string, value: unknown): value is ToolClass {
  // TODO(lesson 2): check that value is a function whose prototype is a Tool (but not Tool itself)
  // TODO(lesson 2): before reading anything else; then a public export name, a concrete execute,
  // TODO(lesson 2): and a discoverable that is not false.
  throw new Error(`TODO(lesson 2): decide whether ${exportName} (${typeof value}) is a tool class`);
}

/**
 * Decides what `load` does with an `incoming` tool whose name was already registered earlier in
 * the same load by a tool of origin `earlier` (`null`: not yet registered in this load).
 * A plugin never replaces a built-in; otherwise the later class replaces the earlier one.
 */
export function resolveCollision(incoming: ToolOrigin, earlier: ToolOrigin | null): CollisionDecision {
  // TODO(lesson 2): null → "register"; a plugin after a built-in → "skip"; any other pair → "replace".
  throw new Error(`TODO(lesson 2): resolve ${incoming} after ${String(earlier)}`);
}
