/**
 * JSON Pointer instance paths as Ajv reports them (`/meta/flags/0`), and the dotted form the
 * model reads (`meta.flags[0]`). The value itself tells an array index from an object key.
 *
 * @module
 */

/** Decodes one JSON Pointer segment (`~1` is `/`, `~0` is `~`). */
function decodeSegment(segment: string): string {
  return segment.includes("~") ? segment.replace(/~1/g, "/").replace(/~0/g, "~") : segment;
}

/** The decoded segments of an Ajv instance path: `/meta/flags/0` is `["meta", "flags", "0"]`. */
export function pointerSegments(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map(decodeSegment);
}

/** An own property of an object or array, or `undefined`. */
export function ownValue(current: unknown, key: string): unknown {
  return current !== null && typeof current === "object" && Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
}

/** The dotted path of the first `count` segments, using the value to tell indexes from keys. */
export function dottedPath(segments: readonly string[], count: number, root: unknown): string {
  let path = "";
  let current: unknown = root;
  for (let i = 0; i < count; i++) {
    const segment = segments[i] as string;
    if (Array.isArray(current)) {
      path += `[${segment}]`;
      current = current[Number(segment)];
    } else {
      path += path === "" ? segment : `.${segment}`;
      current = ownValue(current, segment);
    }
  }
  return path;
}

/** The value the first `count` segments lead to, or `undefined`. */
export function valueAtSegments(segments: readonly string[], count: number, root: unknown): unknown {
  let current: unknown = root;
  for (let i = 0; i < count; i++) {
    if (current === null || typeof current !== "object") return undefined;
    current = ownValue(current, segments[i] as string);
  }
  return current;
}

/**
 * Turns an Ajv instance path such as `/meta/flags/0` into the dotted form `meta.flags[0]`,
 * using the value itself to tell array indexes from object keys.
 */
export function formatInstancePath(pointer: string, root: unknown): string {
  const segments = pointerSegments(pointer);
  return dottedPath(segments, segments.length, root);
}

/** Escapes one JSON Pointer segment (`~` is `~0`, `/` is `~1`). */
export function encodeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
