/**
 * The problem the model reads when a check could not finish within its budget (a string too long
 * for its pattern's cost, or a pattern engine out of memory). Such a check refuses the whole call,
 * wherever its pattern sits, and says why: `q is too long to check against its pattern (limit 966
 * characters)`. The string is found in the arguments to name where it is.
 *
 * @module
 */
import { LONE_SURROGATE_REASON, type PatternCheckError } from "./pattern.js";
import { labelOf } from "./problems/problem-text.js";
import { encodeSegment } from "./problems/instance-path.js";

/** Where a string sits in a value: the JSON Pointer of the value it is, or of the object it is a key of. */
interface Place {
  pointer: string;
  isKey: boolean;
}

/** The first place, in the value's own order, where `text` is a string value or a key; `null` when there is none. Linear, without recursion. */
function placeOfString(root: unknown, text: string): Place | null {
  const stack: { value: unknown; pointer: string }[] = [{ value: root, pointer: "" }];
  while (stack.length > 0) {
    const { value, pointer } = stack.pop() as { value: unknown; pointer: string };
    if (value === text) return { pointer, isKey: false };
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], pointer: `${pointer}/${i}` });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.includes(text)) return { pointer, isKey: true };
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push({ value: Object.getOwnPropertyDescriptor(value, key)?.value, pointer: `${pointer}/${encodeSegment(key)}` });
    }
  }
  return null;
}

/**
 * The sentence for a pattern check that could not finish on `root`'s arguments: the string's
 * place (`q`, `meta.tags[2]`, `a key in meta`, `a parameter name`) and why it could not be
 * checked.
 */
export function unfinishedCheckProblem(error: PatternCheckError, root: unknown): string {
  const place = placeOfString(root, error.input);
  let subject: string;
  if (place === null) subject = `a string of ${error.input.length} characters`;
  else if (!place.isKey) subject = labelOf(place.pointer, root);
  else subject = place.pointer === "" ? "a parameter name" : `a key in ${labelOf(place.pointer, root)}`;
  if (error.failure === "lone-surrogate") return `${subject} ${LONE_SURROGATE_REASON}, so it cannot be checked against its pattern`;
  return error.failure === "too-long"
    ? `${subject} is too long to check against its pattern (limit ${error.limit ?? 0} characters)`
    : `${subject} could not be checked against its pattern: the pattern engine ran out of memory`;
}
