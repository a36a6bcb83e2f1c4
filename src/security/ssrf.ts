/**
 * The guard in front of `web_fetch` (lesson 7): a URL may only be fetched when its host is, and
 * resolves only to, public addresses. A refusal of a private target says
 * `private/internal address`, the text the runner recognises as a security boundary, and every
 * refusal is worded as upstream's URL check words it (read with `python-url.ts`).
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
import { ipText, readIpAddress, type IpAddress } from "./ip-address.js";
import { pythonUrlParts } from "./python-url.js";
import { isPrivate } from "./private-address.js";
import type { SsrfAllowlist } from "./ssrf-allowlist.js";
import { hasBrand, REFUSAL_BRAND, type RefusalCode } from "./refusal.js";

/** The mark of an {@link SsrfError}, shared by every copy of the workbook. */
const SSRF_ERROR_BRAND = Symbol.for("tool-calling-workbook.SsrfError");

export { parseHostAddress } from "./ip-address.js";
export { isPrivateAddress } from "./private-address.js";
export { SsrfAllowlist } from "./ssrf-allowlist.js";

/** Resolves a host name to all of its addresses (IPv4 and IPv6), as text. */
export type HostLookup = (host: string) => Promise<string[]>;

/**
 * A URL refused by the guard, with upstream's words as its message. A refusal of a private or
 * internal target has `privateTarget` set and says `Blocked: <host> resolves to private/internal
 * address <address>` (or, for a `localhost` name that resolves to no private address,
 * `Blocked local/internal hostname: <host>`); other refusals (a bad scheme, a missing host, a name
 * that does not resolve, credentials) do not, because the model may fix those.
 */
export class SsrfError extends Error {
  /** The URL as it was given. */
  readonly url: string;
  /**
   * True when the URL leads to a private or internal address: a security boundary. False for
   * the other refusals (a scheme other than http(s), no host, a name that does not resolve,
   * credentials), which are mistakes the model can correct.
   */
  readonly privateTarget: boolean;
  /** `"ssrf"` for a private or internal target (a security refusal); undefined for the other refusals. */
  readonly code: RefusalCode | undefined;
  /** Marks a refusal error that carries its code. */
  readonly [REFUSAL_BRAND] = true;
  /** Marks this class, in every copy of the workbook. */
  readonly [SSRF_ERROR_BRAND] = true;

  /** Builds the error for `url` with the text the model will read. */
  constructor(message: string, url: string, privateTarget = false) {
    super(message);
    this.name = "SsrfError";
    this.url = url;
    this.privateTarget = privateTarget;
    this.code = privateTarget ? "ssrf" : undefined;
  }

  /** True for an `SsrfError` from this copy of the workbook or another; never throws. */
  static isInstance(value: unknown): value is SsrfError {
    return hasBrand(value, SSRF_ERROR_BRAND);
  }
}

/** The default lookup: every address the system resolver gives for `host`. */
const systemLookup: HostLookup = async (host) => {
  const answers = await dnsPromises.lookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
};

/** The refusal of a private target in upstream's words, with the phrase the runner recognises. */
function privateRefusal(url: string, host: string, address: string): SsrfError {
  return new SsrfError(`Blocked: ${host} resolves to private/internal address ${address}`, url, true);
}

/** The host name WHATWG's parser makes of `host`, without brackets; null when it refuses it. */
function whatwgHost(host: string): string | null {
  try {
    const parsed = new URL(`http://${host.includes(":") ? `[${host}]` : host}/`).hostname;
    return parsed.startsWith("[") ? parsed.slice(1, -1) : parsed;
  } catch {
    return null;
  }
}

/**
 * Refuses a URL unless it is safe to fetch from here, and returns it parsed when it is. The
 * refusal texts are upstream's (`SsrfError.message`), which `web_fetch` puts after
 * `URL validation failed: ` (or `Redirect blocked: ` for a redirect target).
 *
 * - Only `http` and `https` are allowed: `Only http/https allowed, got 'ftp'` (`'none'` when there
 *   is no scheme). A URL without an authority is `Missing domain`, one without a host name
 *   `Missing hostname`, and a malformed `[...]` host gets Python's own words (`Invalid IPv6 URL`).
 * - The host is judged as `fetch` will read it (WHATWG URL), and named in the refusal as the model
 *   wrote it, lower-cased: `Blocked: 0x7f.1 resolves to private/internal address 127.0.0.1`.
 * - A numeric host, in any spelling, is judged by {@link isPrivateAddress} without a lookup.
 * - Any other name is resolved through `lookup`; if ANY of its addresses is private the URL is
 *   refused, naming the first one, since the request may use any of them. A name that does not
 *   resolve is `Cannot resolve hostname: <host>`.
 * - `localhost` and `*.localhost` are looked up too and refused with the private address they
 *   resolve to; when they resolve to none (or not at all) they are still refused, as
 *   `Blocked local/internal hostname: <host>`.
 * - An address in `allowlist` (see {@link SsrfAllowlist}) counts as public: the user trusts it, as
 *   with upstream's `tools.ssrfWhitelist`. With a non-empty allowlist a local name passes when
 *   every address it resolves to is allowlisted or public.
 * - A URL with a user name or password is refused last (`fetch` cannot send one), in this
 *   workbook's own words; upstream has no such refusal.
 *
 * @throws {@link SsrfError}, with `private/internal address` in the message for private targets.
 * @example
 * {@includeCode ../../docs/examples/security.ts#assert-public-url}
 */
export async function assertPublicUrl(url: string | URL, lookup: HostLookup = systemLookup, allowlist?: SsrfAllowlist): Promise<URL> {
  const allowed = allowlist !== undefined && allowlist.size > 0 ? allowlist : undefined;
  // Each address is read once; the range table and the allowlist judge what was read.
  const blocked = (address: IpAddress): boolean => isPrivate(address) && !(allowed?.allows(address) ?? false);
  const shown = String(url);

  const parts = pythonUrlParts(shown);
  if (typeof parts === "string") throw new SsrfError(parts, shown);
  if (parts.scheme !== "http" && parts.scheme !== "https") {
    throw new SsrfError(`Only http/https allowed, got '${parts.scheme === "" ? "none" : parts.scheme}'`, shown);
  }
  if (parts.netloc === "") throw new SsrfError("Missing domain", shown);
  if (parts.hostname === null) throw new SsrfError("Missing hostname", shown);

  let parsed: URL;
  try {
    parsed = new URL(shown);
  } catch {
    // A host fetch cannot read cannot be resolved either; anything else is this workbook's words.
    if (whatwgHost(parts.hostname) === null) throw new SsrfError(`Cannot resolve hostname: ${parts.hostname}`, shown);
    throw new SsrfError(`${shown} is not a valid absolute URL`, shown);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new SsrfError(`Only http/https allowed, got '${parsed.protocol.slice(0, -1)}'`, shown);
  }

  let host = parsed.hostname;
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  // The refusal names the host as written when it is the host fetch reads, else fetch's reading.
  const name = whatwgHost(parts.hostname) === host ? parts.hostname : host;
  const bareName = host.endsWith(".") ? host.slice(0, -1) : host;
  const credentials = (): URL => {
    if (parsed.username !== "" || parsed.password !== "") {
      throw new SsrfError("URLs with a user name or password are not fetched", shown);
    }
    return parsed;
  };

  if (bareName === "localhost" || bareName.endsWith(".localhost")) {
    const answers = await lookup(bareName).catch(() => [] as string[]);
    const normal = answers.map((answer) => readIpAddress(answer));
    for (const address of normal) if (address !== null && blocked(address)) throw privateRefusal(shown, name, ipText(address));
    if (allowed === undefined || normal.length === 0 || normal.includes(null)) {
      throw new SsrfError(`Blocked local/internal hostname: ${name}`, shown, true);
    }
    return credentials();
  }

  const literal = readIpAddress(host);
  if (literal !== null) {
    if (blocked(literal)) throw privateRefusal(shown, name, ipText(literal));
    return credentials();
  }

  let addresses: string[];
  try {
    addresses = await lookup(bareName);
  } catch {
    throw new SsrfError(`Cannot resolve hostname: ${name}`, shown);
  }
  if (addresses.length === 0) throw new SsrfError(`Cannot resolve hostname: ${name}`, shown);
  for (const address of addresses) {
    const normal = readIpAddress(address);
    if (normal === null) {
      throw new SsrfError(`Cannot resolve hostname: ${name} (the resolver answered ${JSON.stringify(address)})`, shown);
    }
    if (blocked(normal)) throw privateRefusal(shown, name, ipText(normal));
  }
  return credentials();
}
