/**
 * Which values the loader may instantiate as tools: concrete, discoverable subclasses of `Tool`.
 * TypeScript's `abstract` leaves no trace at run time, so the test reads what the class shows.
 *
 * @module
 */
import { isTool, Tool, type ToolClass } from "./base.js";

/**
 * True for a class the loader may instantiate: a subclass of {@link Tool} (not `Tool` itself) that
 * implements `execute`, is not marked `static abstract = true`, and whose `discoverable` is not false.
 * TypeScript's `abstract` leaves no trace at run time, so an abstract base is recognised by its
 * missing `execute` or by an own static `abstract` flag.
 *
 * @example
 * {@includeCode ../../docs/examples/loader.ts#is-loadable-tool-class}
 */
export function isLoadableToolClass(value: unknown): value is ToolClass {
  if (typeof value !== "function" || value === Tool) return false;
  try {
    return loadable(value);
  } catch {
    // A class whose static getters or prototype trap throw is not one the loader can use.
    return false;
  }
}

function loadable(value: object): boolean {
  const proto: unknown = (value as { prototype?: unknown }).prototype;
  if (!isTool(proto)) return false;
  if (Object.hasOwn(value, "abstract") && (value as { abstract?: unknown }).abstract === true) return false;
  if (typeof (proto as { execute?: unknown }).execute !== "function") return false;
  return (value as { discoverable?: unknown }).discoverable !== false;
}
