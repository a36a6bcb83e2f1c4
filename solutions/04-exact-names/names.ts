/**
 * Exercise 4, worked answer: suggestions for error messages, exact names for execution.
 */

/** Letters and digits only, lower-cased: `Read-File`, `read_file` and `READFILE` share a key. */
function looseKey(name: string): string {
  let key = "";
  for (const ch of name) if (/[\p{L}\p{N}]/u.test(ch)) key += ch.toLowerCase();
  return key;
}

/**
 * The one registered name with the same loose key as `name` (its letters and digits, each
 * lower-cased on its own: `Read-File` → `readfile`), or `null` when the key is empty, nothing
 * matches, or more than one entry matches (an ambiguous suggestion would be a guess).
 */
export function suggestName(name: string, registered: readonly string[]): string | null {
  const key = looseKey(name);
  // "___" or "" has no key: anything we suggested would be arbitrary.
  if (key === "") return null;
  const matches = registered.filter((candidate) => looseKey(candidate) === key);
  // Two matches (read_file and readFile) mean we cannot know which one was meant.
  return matches.length === 1 ? (matches[0] as string) : null;
}

/**
 * `Error: Tool '<name>' not found.`, then — only when {@link suggestName} finds one —
 * ` Did you mean '<suggestion>'? Tool names must match exactly.`, then
 * ` Available: <registered names, in the order given, joined by ", ">`.
 */
export function notFoundMessage(name: string, registered: readonly string[]): string {
  const suggestion = suggestName(name, registered);
  // The model reads this and retries with the right name itself; we never run the suggestion.
  const hint = suggestion === null ? "" : ` Did you mean '${suggestion}'? Tool names must match exactly.`;
  return `Error: Tool '${name}' not found.${hint} Available: ${registered.join(", ")}`;
}
