/**
 * Following a local `$ref` (`#` for the root itself, `#/$defs/Name`, `#/definitions/Name`,
 * `#/properties/a`) to the schema it names inside the same root: what casting follows, and where
 * a part of a schema is found.
 *
 * @module
 */
import { isPlainObject, type JsonSchema } from "../util/json.js";

/** The schema a local `$ref` (`#`, `#/$defs/Name`, `#/definitions/Name`, …) points at, or `null`. */
export function resolveLocalRef(ref: string, root: JsonSchema): JsonSchema | null {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return null;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, segment)) return null;
    node = (node as Record<string, unknown>)[segment];
  }
  return isPlainObject(node) ? node : null;
}

/** Where the `$ref`s of a schema lead, as {@link localRefTargets} finds them. */
export interface LocalRefTargets {
  /** The schema objects local `$ref`s point at: `root` itself when one is `#`. */
  readonly targets: ReadonlySet<object>;
  /** True when some `$ref` is not local, or a `$dynamicRef` or `$recursiveRef` is present: where it leads is not known here. */
  readonly unfollowed: boolean;
}

/**
 * The schema objects the `$ref`s in `root` point at, each object of `root` read once, without
 * recursion, so its cost is linear in the schema's size whatever its references do.
 */
export function localRefTargets(root: JsonSchema): LocalRefTargets {
  const targets = new Set<object>();
  let unfollowed = false;
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    if (!Array.isArray(value)) {
      const node = value as Record<string, unknown>;
      if (node["$dynamicRef"] !== undefined || node["$recursiveRef"] !== undefined) unfollowed = true;
      const ref = node["$ref"];
      if (ref !== undefined) {
        const target = typeof ref === "string" ? resolveLocalRef(ref, root) : null;
        if (target === null) unfollowed = true;
        else targets.add(target);
      }
    }
    for (const child of Object.values(value)) stack.push(child);
  }
  return { targets, unfollowed };
}
