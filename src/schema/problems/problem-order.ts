/**
 * The order problems are listed in, as upstream lists them: by value, outer before inner, keys in
 * the value's own order, items by index, and each value's own problems by rank.
 *
 * @module
 */
import { ownValue, pointerSegments, valueAtSegments } from "./instance-path.js";
import { segmentsOf, type Problem } from "./problem.js";

/** The item index an array pointer's last segment spells (`/xs/12` from its last `/`), or -1. */
function indexAfter(pointer: string, slash: number): number {
  let n = 0;
  if (slash + 1 >= pointer.length || pointer.length - slash > 16) return -1;
  for (let i = slash + 1; i < pointer.length; i++) {
    const code = pointer.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return -1;
    n = n * 10 + (code - 0x30);
  }
  return n;
}

/**
 * Puts problems in upstream's order: at each value its own problems (type, enum, range, length,
 * then missing required keys in `required` order), then, key by key in the value's own order,
 * each key's `unexpected parameter` or its nested problems; array items by index. A stable sort,
 * which costs one comparison per problem when Ajv's order is already right (as it is for items).
 */
export function arrangeProblems(problems: Problem[], root: unknown): Problem[] {
  if (problems.length <= 1) return problems;
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
  // The last parent pointer met and its value: items of one array follow one another.
  let parentPointer: string | null = null;
  let parentValue: unknown = undefined;
  /**
   * Two items of one array, each with problems of its own at the item (the usual case on a long
   * refused list): ordered by index, read from the pointers without splitting them. `null` for
   * any other pair, which the full comparison orders.
   */
  const itemOrder = (a: Problem, b: Problem): number | null => {
    const pa = a.pointer;
    const pb = b.pointer;
    if (a.extraKey !== null || b.extraKey !== null || pa === pb) return null;
    const slash = pa.lastIndexOf("/");
    if (slash < 0 || pb.lastIndexOf("/") !== slash) return null;
    if (parentPointer === null || parentPointer.length !== slash || !pa.startsWith(parentPointer)) {
      parentPointer = pa.slice(0, slash);
      const segments = pointerSegments(parentPointer);
      parentValue = valueAtSegments(segments, segments.length, root);
    }
    if (!pb.startsWith(parentPointer) || !Array.isArray(parentValue)) return null;
    const ia = indexAfter(pa, slash);
    const ib = indexAfter(pb, slash);
    return ia < 0 || ib < 0 ? null : ia - ib;
  };
  return problems.sort((a, b) => {
    const items = itemOrder(a, b);
    if (items !== null) return items;
    const pa = segmentsOf(a);
    const pb = segmentsOf(b);
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
