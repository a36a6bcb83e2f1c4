/**
 * "Did you mean …?" (lesson 4). A near-miss name is matched on a loose key only to write a better
 * error message; the registry never executes the suggestion.
 *
 * @module
 */

/** The loose key of a name: its letters and digits, lower-cased (`Read-File` gives `readfile`). */
export function nameKey(name: string): string {
  let key = "";
  for (const ch of name) {
    if (/[\p{L}\p{N}]/u.test(ch)) key += ch.toLowerCase();
  }
  return key;
}

/**
 * The one registered name whose key equals the key of `name`, or `null` when the key is empty,
 * matches nothing, or matches more than one name (an ambiguous suggestion is no help).
 */
export function suggestToolName(name: string, registered: Iterable<string>): string | null {
  const key = nameKey(name);
  if (key === "") return null;
  let match: string | null = null;
  for (const candidate of registered) {
    if (nameKey(candidate) !== key) continue;
    if (match !== null) return null;
    match = candidate;
  }
  return match;
}
