/**
 * `"$async": true` makes Ajv compile a schema into a function that returns a Promise. A Promise is
 * truthy, so a caller that reads the verdict as a boolean would take every value as valid, and for
 * an invalid one the Promise rejects with nobody waiting for it (an unhandled rejection ends Node).
 * Tool schemas are checked synchronously, so a schema that names `$async` anywhere, at any depth,
 * `$defs` included, is refused before it is compiled.
 *
 * @module
 */

/** Maps whose keys are names (of properties, definitions, …), not keywords: a key `$async` there is only a name. */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies", "dependentRequired"]);

/**
 * Where a schema names `$async`, as a JSON Pointer into the schema (`""` for the root), or `null`
 * when it does not. A property or definition that is merely named `$async` does not count; a key
 * `$async` inside `const`, `enum` or `default` data does (refusing there costs nothing real). Linear
 * in the schema's size, without recursion; an object met twice in the same role is read once.
 */
export function asyncKeywordAt(schema: unknown): string | null {
  // One set for objects read as schemas (or values), one for objects read as maps of names.
  const seenAsSchema = new Set<object>();
  const seenAsNames = new Set<object>();
  const stack: { value: unknown; pointer: string; inNameMap: boolean }[] = [{ value: schema, pointer: "", inNameMap: false }];
  while (stack.length > 0) {
    const { value, pointer, inNameMap } = stack.pop() as { value: unknown; pointer: string; inNameMap: boolean };
    if (value === null || typeof value !== "object") continue;
    const seen = inNameMap ? seenAsNames : seenAsSchema;
    if (seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], pointer: `${pointer}/${i}`, inNameMap: false });
      continue;
    }
    const keys = Object.keys(value);
    if (!inNameMap && keys.includes("$async")) return pointer;
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      const child = Object.getOwnPropertyDescriptor(value, key)?.value as unknown;
      stack.push({ value: child, pointer: `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, inNameMap: !inNameMap && NAME_MAPS.has(key) });
    }
  }
  return null;
}

/** Why a schema cannot be compiled for synchronous checks, or `null`: it names `$async` (see {@link asyncKeywordAt}). */
export function asyncSchemaProblem(schema: unknown): string | null {
  const at = asyncKeywordAt(schema);
  if (at === null) return null;
  const where = at === "" ? "at its root" : `at ${at}`;
  return `the schema uses "$async" ${where}, which makes validation asynchronous; tool schemas are checked synchronously, so "$async" is refused`;
}
