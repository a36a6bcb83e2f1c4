/**
 * Exercise 4: exact names. A call runs only under the exact registered name; a near miss gets a
 * better error message, never execution. Write the suggestion and the not-found message.
 */

/**
 * The one registered name with the same loose key as `name` (its letters and digits, each
 * lower-cased on its own: `Read-File` → `readfile`), or `null` when the key is empty, nothing
 * matches, or more than one entry matches (an ambiguous suggestion would be a guess).
 */
export function suggestName(name: string, registered: readonly string[]): string | null {
  // TODO(lesson 4): compute the loose key (keep /[\p{L}\p{N}]/u characters, each lower-cased on its own, no normalising) and compare keys.
  // TODO(lesson 4): return null for an empty key, no match, or two or more matches.
  throw new Error(`TODO(lesson 4): suggest a name for ${name} among ${registered.length}`);
}

/**
 * `Error: Tool '<name>' not found.`, then — only when {@link suggestName} finds one —
 * ` Did you mean '<suggestion>'? Tool names must match exactly.`, then
 * ` Available: <registered names, in the order given, joined by ", ">`.
 */
export function notFoundMessage(name: string, registered: readonly string[]): string {
  // TODO(lesson 4): build the message from the three parts above.
  return `TODO(lesson 4): not found: ${name} (${registered.join(",")})`;
}
