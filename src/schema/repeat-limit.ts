/**
 * RE2's limit on counted repetitions, checked before any engine sees a pattern: RE2 compiles no
 * `{n,m}` above 1,000, nor one whose count multiplied by the counted repetitions around it passes
 * 1,000. JavaScript would run such a pattern, so it is refused with its reason at `register`
 * (`./pattern.js`), for every engine, and the budget and the engine give one answer.
 *
 * @module
 */

/** A counted repetition such as `{3}`, `{2,}` or `{2,5}`. */
const COUNTED = /^\{(\d+)(?:,(\d*))?\}/;

/** The length of the escape at `source[i] === "\\"`: `\p{…}` whole, any other two characters. */
function escapeLength(source: string, i: number): number {
  const next = source[i + 1] ?? "";
  if ((next === "p" || next === "P") && source[i + 2] === "{") {
    const close = source.indexOf("}", i + 3);
    return close === -1 ? 3 : close - i + 1;
  }
  return 2;
}

/** The largest count a repetition may have, alone or multiplied by the counts around it (RE2's limit). */
export const MAX_REPEAT_COUNT = 1_000;

/**
 * The first counted repetition that repeats more than {@link MAX_REPEAT_COUNT} times, counting the
 * counted repetitions it sits inside (`(a{40}){40}` repeats `a` 1,600 times), as written (`{1001}`),
 * or `null` when there is none. RE2 refuses such a pattern; it is refused here first, for every
 * engine, so the budget and the engine give one answer. An open bound `{n,}` counts `n`, and `{0}`
 * counts 1, as RE2 counts them.
 */
export function excessiveRepeat(source: string): string | null {
  // One entry per open group: the largest product of counts inside it so far.
  const inner: number[] = [1];
  let last = 1; // the product of counts inside the last atom (or group), which a count multiplies
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\") {
      i += escapeLength(source, i) - 1;
      last = 1;
    } else if (c === "[") {
      let j = i + 1;
      if (source[j] === "^") j++;
      for (; j < source.length && source[j] !== "]"; j++) if (source[j] === "\\") j += escapeLength(source, j) - 1;
      i = j;
      last = 1;
    } else if (c === "(") {
      inner.push(1);
      last = 1;
    } else if (c === ")") {
      last = inner.length > 1 ? (inner.pop() as number) : 1;
    } else if (c === "{") {
      const match = COUNTED.exec(source.slice(i, i + 24));
      if (match === null) {
        last = 1;
        continue;
      }
      const low = Number(match[1]);
      const high = match[2] === undefined ? low : match[2] === "" ? null : Number(match[2]);
      if (low > MAX_REPEAT_COUNT || (high !== null && high > MAX_REPEAT_COUNT)) return match[0];
      const times = Math.max(1, high ?? low);
      const product = last * times;
      if (product > MAX_REPEAT_COUNT) return match[0];
      const top = inner.length - 1;
      inner[top] = Math.max(inner[top] as number, product);
      last = product;
      i += match[0].length - 1;
    } else if (c !== "*" && c !== "+" && c !== "?") {
      last = 1;
    }
  }
  return null;
}

/** Why `source` is refused for its repetitions, naming the first one past the limit, or `null`. */
export function repeatProblem(source: string): string | null {
  const repeat = excessiveRepeat(source);
  if (repeat === null) return null;
  return `pattern ${JSON.stringify(source)} repeats more than ${MAX_REPEAT_COUNT} times at ${repeat} (counting the repetitions around it), more than the linear-time engine compiles`;
}
