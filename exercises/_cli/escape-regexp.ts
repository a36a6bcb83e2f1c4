/**
 * `escapeRegExp`, for a pattern that must match a piece of text as it is written (a file path, a
 * folder): the quick check's bundler, the report comparison of its tests and the test
 * configuration build such patterns. It imports nothing, so anything may import it.
 *
 * @module
 */

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
