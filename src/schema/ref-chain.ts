/**
 * The `$ref` chain part of the schema budget (`./budget.js`): the most `$ref`s a schema makes the
 * compiler follow one after another. Ajv compiles a referenced schema inside the compile of the
 * schema that references it, so a long enough chain (through properties, items or choices) runs
 * it out of stack, and where that happens depends on the machine. The budget refuses a chain
 * longer than a fixed limit first, with a message that says so, on every machine.
 *
 * @module
 */
import { pointerTarget } from "./fan-out.js";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The schema objects the `$ref`s and `$dynamicRef`s inside `schema` lead to (references within the document only). */
function referencedFrom(schema: Json, root: unknown): Json[] {
  const found: Json[] = [];
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    for (const key of ["$ref", "$dynamicRef"]) {
      const ref = (value as Json)[key];
      if (typeof ref !== "string" || !ref.startsWith("#")) continue;
      const target = pointerTarget(root, ref.slice(1));
      if (isObject(target)) found.push(target);
    }
    for (const child of Object.values(value)) stack.push(child);
  }
  return found;
}

/**
 * Why `root` makes the compiler follow more than `maxRefChain` `$ref`s in a row, or `null`. A
 * reference back to a schema already on the chain (a recursive schema) ends the chain there, as
 * the compiler reuses the schema it is compiling. Each referenced schema is read once; the walk
 * keeps its own stack, so a long chain cannot exhaust this one either.
 */
export function refChainProblem(root: unknown, maxRefChain: number): string | null {
  if (!isObject(root)) return null;
  const message = `it makes the compiler follow more than ${maxRefChain} $refs in a row (SCHEMA_BUDGET.maxRefChain)`;
  const targets = new Map<Json, Json[]>();
  const longest = new Map<Json, number>(); // finished schemas: the most $refs followed from each
  const onChain = new Set<Json>();
  const stack: { schema: Json; next: number; best: number }[] = [{ schema: root, next: 0, best: 0 }];
  onChain.add(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { schema: Json; next: number; best: number };
    let refs = targets.get(top.schema);
    if (refs === undefined) {
      refs = referencedFrom(top.schema, root);
      targets.set(top.schema, refs);
    }
    if (top.next < refs.length) {
      const target = refs[top.next++] as Json;
      const known = longest.get(target);
      if (known !== undefined || onChain.has(target)) {
        top.best = Math.max(top.best, 1 + (known ?? 0));
        if (top.best > maxRefChain) return message;
        continue;
      }
      if (stack.length > maxRefChain) return message;
      onChain.add(target);
      stack.push({ schema: target, next: 0, best: 0 });
      continue;
    }
    stack.pop();
    onChain.delete(top.schema);
    longest.set(top.schema, top.best);
    const parent = stack[stack.length - 1];
    if (parent !== undefined) {
      parent.best = Math.max(parent.best, 1 + top.best);
      if (parent.best > maxRefChain) return message;
    }
  }
  return null;
}
