/**
 * Printing a model server's address without its secrets (lesson 10). A base URL may carry a
 * credential (`https://user:key@host/v1`) or a key in its query (`?api-key=…`); error messages,
 * logs and demos print {@link redactURL}'s form instead, so a failed run never shows the key.
 *
 * @module
 */

/** What replaces a secret in printed text. */
const REDACTED = "***";

/** Query parameters whose value is treated as a secret: names holding key, token, secret, password, signature or auth. */
const SECRET_PARAM = /key|token|secret|passw|pwd|sig|auth|credential|session/i;

/**
 * The URL with its credentials and secret-looking query values replaced by `***`, for printing.
 * `user:key@` becomes `***:***@`; `?api-key=abc&api-version=1` becomes `?api-key=***&api-version=1`.
 * Text that is not a URL has anything between `//` and `@` replaced the same way.
 *
 * @example
 * {@includeCode ../../docs/examples/providers.ts#redact-url}
 */
export function redactURL(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/\/\/[^/?#]*@/g, `//${REDACTED}@`);
  }
  if (parsed.username !== "") parsed.username = REDACTED;
  if (parsed.password !== "") parsed.password = REDACTED;
  let changed = false;
  for (const name of new Set(parsed.searchParams.keys())) {
    if (SECRET_PARAM.test(name)) {
      parsed.searchParams.set(name, REDACTED);
      changed = true;
    }
  }
  const text = parsed.toString();
  // URLSearchParams percent-encodes `*`; keep the marker readable.
  return changed ? text.replace(/%2A%2A%2A/g, REDACTED) : text;
}

/**
 * The secrets a base URL carries (its user name, password and secret-looking query values, each
 * both raw and percent-decoded), for scrubbing them out of text such as a server's error body.
 */
export function secretsInURL(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const found = new Set<string>();
  const add = (value: string): void => {
    if (value === "") return;
    found.add(value);
    try {
      found.add(decodeURIComponent(value));
    } catch {
      // keep the raw form only
    }
  };
  add(parsed.username);
  add(parsed.password);
  for (const [name, value] of parsed.searchParams) if (SECRET_PARAM.test(name)) add(value);
  return [...found];
}

/** `text` with every occurrence of each secret (of 4 characters or more) replaced by `***`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}
