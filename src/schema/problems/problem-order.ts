/**
 * The order problems are listed in, as upstream lists them: by value, outer before inner, keys in
 * the value's own order, items by index, and each value's own problems by rank.
 *
 * @module
 */
import { ownValue, pointerSegments } from "./instance-path.js";
import type { Problem } from "./problem.js";

/**
 * Puts problems in upstream's order: at each value its own problems (type, enum, range, length,
 * then missing required keys in `required` order), then, key by key in the value's own order,
 * each key's `unexpected parameter` or its nested problems; array items by index. A stable sort,
 * which costs one comparison per problem when Ajv's order is already right (as it is for items).
 */
export function arrangeProblems(problems: Problem[], root: unknown): Problem[] {
  if (problems.length <= 1) return problems;
  const paths = new Map<Problem, string[]>();
  const pathOf = (p: Problem): string[] => {
    let path = paths.get(p);
    if (path === undefined) {
      path = pointerSegments(p.pointer);
      paths.set(p, path);
    }
    return path;
  };
  const keyIndexes = new Map<object, Map<string, number>>();
  const position = (value: unknown, segment: string): number => {
    if (Array.isArray(value)) return Number(segment);
    if (value === null || typeof value !== "object") return Number.MAX_SAFE_INTEGER;
    let index = keyIndexes.get(value);
    if (index === undefined) {
      index = new Map();
      for (const key of Object.keys(value)) index.set(key, index.size);
      keyIndexes.set(value, index);
    }
    return index.get(segment) ?? Number.MAX_SAFE_INTEGER;
  };
  return problems.sort((a, b) => {
    const pa = pathOf(a);
    const pb = pathOf(b);
    // An unexpected key sits where that key sits among the value's keys.
    const la = pa.length + (a.extraKey === null ? 0 : 1);
    const lb = pb.length + (b.extraKey === null ? 0 : 1);
    let value: unknown = root;
    for (let i = 0; ; i++) {
      if (i === la || i === lb) {
        if (la === lb) return a.extraKey === null && b.extraKey === null ? a.rank - b.rank : 0;
        // One ends here: a value's own problems (and an unexpected key) come before what is inside.
        return i === la ? -1 : 1;
      }
      const sa = i < pa.length ? (pa[i] as string) : (a.extraKey as string);
      const sb = i < pb.length ? (pb[i] as string) : (b.extraKey as string);
      if (sa !== sb) return position(value, sa) - position(value, sb);
      value = ownValue(value, sa);
    }
  });
}
