/**
 * "Did you mean …?" (lesson 4). A near-miss name is matched on a loose key only to write a better
 * error message; the registry never executes the suggestion.
 *
 * @module
 */

/**
 * The loose key of a name: its letters and digits, lower-cased (`Read-File` gives `readfile`).
 *
 * @example
 * {@includeCode ../../docs/examples/registry.ts#name-key}
 */
export function nameKey(name: string): string {
  // An ASCII name, the usual case, is keyed by its runs of letters and digits (exactly A–Z, a–z
  // and 0–9 there), lower-cased at once. Any other name is keyed a character at a time.
  let key = "";
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code >= 0x80) return unicodeNameKey(name);
    if (!isAsciiLetterOrDigit(code)) {
      if (i > start) key += name.slice(start, i);
      start = i + 1;
    }
  }
  key = start === 0 ? name : key + name.slice(start);
  return key.toLowerCase();
}

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);
}

function unicodeNameKey(name: string): string {
  let key = "";
  for (const ch of name) {
    if (/[\p{L}\p{N}]/u.test(ch)) key += ch.toLowerCase();
  }
  return key;
}

/**
 * The one registered name whose key equals the key of `name`, or `null` when the key is empty,
 * matches nothing, or matches more than one name (an ambiguous suggestion is no help).
 *
 * @example
 * {@includeCode ../../docs/examples/registry.ts#suggest-tool-name}
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
