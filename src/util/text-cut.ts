/**
 * Cutting text without breaking characters (lesson 8). JavaScript strings count UTF-16 units, so
 * a cut at an arbitrary length can leave half of an emoji behind; every cut here is moved back by
 * one unit when it would split a surrogate pair.
 *
 * @module
 */

/** Appended after `max` characters by {@link truncateText}. */
export const TRUNCATION_SUFFIX = "\n... (truncated)";

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The first `end` UTF-16 units of `text`, one fewer when unit `end` would split a surrogate pair,
 * so a cut never leaves half of an emoji behind.
 */
export function sliceAtCodePoint(text: string, end: number): string {
  if (end >= text.length) return text;
  if (end <= 0) return "";
  const cut = isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end)) ? end - 1 : end;
  return text.slice(0, cut);
}

/**
 * Cuts `text` to `max` characters and appends `"\n... (truncated)"` (so the output is a little
 * longer than `max`). A text of at most `max` characters, or a `max` of 0 or less, is returned
 * unchanged. The cut never splits a surrogate pair: when character `max` would be the second half
 * of one, the cut is one character earlier.
 *
 * @example
 * {@includeCode ../../docs/examples/results.ts#truncate-text}
 */
export function truncateText(text: string, max: number): string {
  if (!(max > 0) || text.length <= max) return text;
  return sliceAtCodePoint(text, max) + TRUNCATION_SUFFIX;
}

/**
 * The first `count` code points of `text`, as Python's `text[:count]` takes them: an emoji counts
 * as one, and a cut never splits it. Visits at most `2 * count` units, whatever the text's length.
 */
export function firstCodePoints(text: string, count: number): string {
  if (count <= 0) return "";
  let end = 0;
  for (let taken = 0; taken < count && end < text.length; taken++) {
    end += isHighSurrogate(text.charCodeAt(end)) && isLowSurrogate(text.charCodeAt(end + 1)) ? 2 : 1;
  }
  return end >= text.length ? text : text.slice(0, end);
}
