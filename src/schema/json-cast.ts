/**
 * Casting JSON data (lesson 5, step "cast"): argument text, once parsed, holds only plain objects
 * with own data properties, arrays and primitives. Such a value can be cast with less work than
 * a value from anywhere, which may have getters, a Proxy or no prototype. When a schema is
 * compiled, each object or array caster that can do better on JSON data gets a variant for it,
 * found with {@link jsonCasterOf}; on JSON data the two give equal results, and the very same
 * value whenever nothing is cast.
 *
 * @module
 */

/** A compiled cast, as `cast.ts` makes them. */
type Caster = (value: unknown) => unknown;

/** The JSON variant of a caster, by the caster it stands in for. */
const jsonVariants = new WeakMap<Caster, Caster>();

/**
 * The caster to use on JSON data, decided once when a schema is compiled: `caster`'s JSON variant
 * when it has one, otherwise `caster` itself. Anything that is not JSON data (a getter, a Proxy,
 * an object with no prototype) is cast with `caster` itself only.
 */
export function jsonCasterOf(caster: Caster): Caster {
  return jsonVariants.get(caster) ?? caster;
}

/** Records `json` as the JSON variant of `general` (made together, when a schema is compiled). */
export function setJsonVariant(general: Caster, json: Caster): void {
  jsonVariants.set(general, json);
}

/**
 * At most this many declared properties that can cast are looked up one by one in JSON data; a
 * schema declaring more is cast by walking the value's own keys, so a small value is never
 * charged for a wide schema.
 */
export const MAX_LOOKED_UP_PROPERTIES = 32;

/**
 * What a declared property's caster changes, told by the type of a value: `"text"` (`castString`)
 * numbers and booleans, `"from-text"` (`castInteger`, `castNumber`, `castBoolean`) text only,
 * `"node"` (an object, an array, a choice) anything.
 */
export type LeafKind = "text" | "from-text" | "node";

/** A declared property that can cast: its name, its caster and what the caster changes. */
export interface DeclaredCaster {
  key: string;
  caster: Caster;
  kind: LeafKind;
}

/** Sets an own property, even for the key `__proto__`, without touching any prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * The JSON variant of an object caster: instead of walking every key of the value (which must
 * skip inherited keys and read each key's caster from a map), it looks up each declared property
 * that can cast, and a value of the right type costs one lookup and one `typeof`. A JSON value
 * has only own data properties, in the order `for…in` lists them, so the copy made on the first
 * change (`{ ...value }`) holds the same keys in the same order as the general caster's copy.
 * An inherited value (only a changed `Object.prototype` has one) is never cast, as there.
 */
export function jsonObjectCaster(declared: readonly DeclaredCaster[]): Caster {
  const keys = declared.map((d) => d.key);
  const kinds = declared.map((d) => d.kind);
  const casters = declared.map((d) => jsonCasterOf(d.caster));
  return (value) => {
    // JSON data: an object that is not an array is a plain object.
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const object = value as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const before = object[key];
      const kind = kinds[i];
      if (kind === "text" ? typeof before !== "number" && typeof before !== "boolean" : kind === "from-text" ? typeof before !== "string" : before === undefined) continue;
      // Only an own property is cast (checked before a nested caster looks inside an inherited value).
      if (kind === "node" && !Object.hasOwn(object, key)) continue;
      const after = (casters[i] as Caster)(before);
      if (after === before || (kind !== "node" && !Object.hasOwn(object, key))) continue;
      out ??= { ...object };
      setOwn(out, key, after);
    }
    return out ?? object;
  };
}
