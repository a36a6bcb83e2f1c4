/**
 * The yes/no check casting asks of one part of a tool's schema (lesson 5, step "cast"): does this
 * part accept the value as it is, or as cast? A part is checked alone, with the root's `$defs`
 * copied in, so only parts whose `$ref`s stay inside those definitions can be; the others are
 * never cast through.
 *
 * @module
 */
import { isPlainObject, type JsonSchema } from "../json.js";
import { compileSchemaCheck } from "./schema-check.js";

/** The schema a local `$ref` (`#/$defs/Name`, `#/definitions/Name`, …) points at, or `null`. */
export function resolveLocalRef(ref: string, root: JsonSchema): JsonSchema | null {
  if (!ref.startsWith("#/")) return null;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, segment)) return null;
    node = (node as Record<string, unknown>)[segment];
  }
  return isPlainObject(node) ? node : null;
}

/**
 * True when a part of the schema can be checked on its own: every `$ref` in it points into the
 * root's `$defs` or `definitions` (copied alongside), and nothing in it sets a base (`$id`).
 */
function checkableAlone(schema: unknown, seen = new Set<object>()): boolean {
  if (schema === null || typeof schema !== "object" || seen.has(schema)) return true;
  seen.add(schema);
  if (!Array.isArray(schema)) {
    const node = schema as Record<string, unknown>;
    if ("$id" in node || "$dynamicRef" in node || "$recursiveRef" in node || "$anchor" in node) return false;
    const ref = node["$ref"];
    if (ref !== undefined && (typeof ref !== "string" || !/^#\/(?:\$defs|definitions)\//.test(ref))) return false;
  }
  for (const child of Object.values(schema)) if (!checkableAlone(child, seen)) return false;
  return true;
}

/** One part of the schema as Ajv can check it alone (the root's `$defs` copied in), or `null`. */
export function checkablePart(schema: JsonSchema, root: JsonSchema): JsonSchema | null {
  if (!checkableAlone(schema)) return null;
  const part: JsonSchema = { ...schema };
  for (const key of ["$defs", "definitions"]) {
    if (Object.hasOwn(root, key) && !Object.hasOwn(part, key)) part[key] = root[key];
  }
  return checkableAlone(part) ? part : null;
}

/** Ajv's yes/no on a part, compiled now; `null` when it does not compile. */
export function compilePartCheck(part: JsonSchema): ((value: unknown) => boolean) | null {
  try {
    return compileSchemaCheck(part);
  } catch {
    return null;
  }
}

/**
 * Ajv's yes/no on a part, compiled on the first call that needs it and kept from then on. A part
 * that does not compile accepts everything, so nothing is cast by it.
 */
export function partCheckOnFirstUse(part: JsonSchema): (value: unknown) => boolean {
  let check: ((value: unknown) => boolean) | undefined;
  return (value) => {
    check ??= compilePartCheck(part) ?? (() => true);
    return check(value);
  };
}
