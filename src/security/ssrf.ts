/**
 * The guard in front of `web_fetch` (lesson 7): a URL may only be fetched when its host is, and
 * resolves only to, public addresses. Every refusal of a private target says
 * `private/internal address`, the text the runner recognises as a security boundary.
 *
 * Three rules are taught, each a pure function except the last:
 * - {@link parseHostAddress} (`ip-address.ts`): the many numeric spellings of one address
 *   (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`, `[::ffff:7f00:1]`) all mean `127.0.0.1`;
 * - {@link isPrivateAddress} (`private-address.ts`): which address ranges are not on the public
 *   internet;
 * - {@link assertPublicUrl} (here): the scheme check, the name check, and the DNS check in which
 *   ONE private answer is enough to refuse. Addresses the user trusts are in an
 *   {@link SsrfAllowlist} (`ssrf-allowlist.ts`).
 *
 * Known limit: the name is resolved again when the request is made, so a DNS server that changes
 * its answer between the check and the request (DNS rebinding) is not stopped by this check alone.
 *
 * @module
 */
import { promises as dnsPromises } from "node:dns";
import { parseHostAddress } from "./ip-address.js";
import { isPrivateAddress } from "./private-address.js";
import type { SsrfAllowlist } from "./ssrf-allowlist.js";

export { parseHostAddress } from "./ip-address.js";
export { isPrivateAddress } from "./private-address.js";
export { SsrfAllowlist } from "./ssrf-allowlist.js";

/** Resolves a host name to all of its addresses (IPv4 and IPv6), as text. */
export type HostLookup = (host: string) => Promise<string[]>;

/**
 * A URL refused by the guard. Refusals of a private or internal target have a message containing
 * `private/internal address`; other refusals (a bad scheme, credentials, a name that does not
 * resolve) do not, because the model may fix those.
 */
export class SsrfError extends Error {
  /** The URL as it was given. */
  readonly url: string;
  /**
   * True when the URL leads to a private or internal address: a security boundary. False for
   * the other refusals (not a URL, a scheme other than http(s), credentials, a name that does not
   * resolve), which are mistakes the model can correct.
   */
  readonly privateTarget: boolean;

  /** Builds the error for `url` with the text the model will read. */
  constructor(message: string, url: string, privateTarget = false) {
    super(message);
    this.name = "SsrfError";
    this.url = url;
    this.privateTarget = privateTarget;
  }
}

/** The default lookup: every address the system resolver gives for `host`. */
export const systemLookup: HostLookup = async (host) => {
  const answers = await dnsPromises.lookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
};

/** The refusal of a private target, with the text the runner recognises. */
function privateRefusal(url: string, address: string, via?: string): SsrfError {
  const how = via === undefined ? "" : ` (${via})`;
  return new SsrfError(`Blocked: ${url} resolves to private/internal address ${address}${how}`, url, true);
}

/**
 * Refuses a URL unless it is safe to fetch from here, and returns it parsed when it is.
 *
 * - Only `http:` and `https:` are allowed.
 * - URLs with credentials (`http://user:pass@host/`) are refused: `fetch` cannot send them, and
 *   the `@` form is a classic way to disguise the real host.
 * - `localhost` and any `*.localhost` name are refused without a lookup.
 * - A numeric host, in any spelling, is judged by {@link isPrivateAddress} without a lookup.
 * - Any other name is resolved through `lookup`; if ANY of its addresses is private the URL is
 *   refused, since the request may use any one of them. A name that does not resolve is refused.
 * - An address in `allowlist` (see {@link SsrfAllowlist}) counts as public: the user trusts
 *   it, as with upstream's `tools.ssrfWhitelist`. With a non-empty allowlist, `localhost` names are
 *   looked up too, and pass only when every address they resolve to is allowlisted or public.
 *
 * @throws {@link SsrfError}, with `private/internal address` in the message for private targets.
 * @example
 * {@includeCode ../../docs/examples/security.ts#assert-public-url}
 */
export async function assertPublicUrl(
  url: string | URL,
  lookup: HostLookup = systemLookup,
  allowlist?: SsrfAllowlist,
): Promise<URL> {
  const allowed = allowlist !== undefined && allowlist.size > 0 ? allowlist : undefined;
  const blocked = (address: string): boolean => isPrivateAddress(address) && !(allowed?.has(address) ?? false);
  const shown = String(url);
  let parsed: URL;
  try {
    parsed = new URL(shown);
  } catch {
    throw new SsrfError(`URL validation failed: ${shown} is not a valid absolute URL`, shown);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new SsrfError(
      `URL validation failed: only http and https URLs can be fetched, got ${parsed.protocol}`,
      shown,
    );
  }
  if (parsed.username !== "" || parsed.password !== "") {
    throw new SsrfError(`URL validation failed: URLs with a user name or password are not fetched`, shown);
  }

  let host = parsed.hostname.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  const bareName = host.endsWith(".") ? host.slice(0, -1) : host;
  const isLocalName = bareName === "localhost" || bareName.endsWith(".localhost");
  // Without an allowlist a local name is refused at once; with one it is looked up like any name,
  // so every address it resolves to must be public or allowlisted (as upstream).
  if (isLocalName && allowed === undefined) throw privateRefusal(shown, "localhost");

  const literal = parseHostAddress(host);
  if (literal !== null) {
    if (blocked(literal)) throw privateRefusal(shown, literal);
    return parsed;
  }

  let addresses: string[];
  try {
    addresses = await lookup(bareName);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SsrfError(`URL validation failed: could not resolve ${bareName}: ${reason}`, shown);
  }
  if (addresses.length === 0) {
    throw new SsrfError(`URL validation failed: ${bareName} has no addresses`, shown);
  }
  for (const address of addresses) {
    const normal = parseHostAddress(address);
    if (normal === null) {
      throw new SsrfError(`URL validation failed: ${bareName} resolved to ${address}, which is not an address`, shown);
    }
    if (blocked(normal)) throw privateRefusal(shown, normal, `via ${bareName}`);
  }
  return parsed;
}
