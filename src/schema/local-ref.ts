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
