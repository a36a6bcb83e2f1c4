/**
 * The guard in front of `web_fetch` (lesson 7): a URL may only be fetched when its host is, and
 * resolves only to, public addresses. Every refusal of a private target says
 * `private/internal address`, the text the runner recognises as a security boundary.
 *
 * Three rules are taught here, each a pure function except the last:
 * - {@link parseHostAddress}: the many numeric spellings of one address (`2130706433`, `0x7f.1`,
 *   `0177.0.0.1`, `127.1`, `[::ffff:7f00:1]`) all mean `127.0.0.1`;
 * - {@link isPrivateAddress}: which address ranges are not on the public internet;
 * - {@link assertPublicUrl}: the scheme check, the name check, and the DNS check in which ONE
 *   private answer is enough to refuse.
 *
 * Known limit: the name is resolved again when the request is made, so a DNS server that changes
 * its answer between the check and the request (DNS rebinding) is not stopped by this check alone.
 *
 * @module
 */
import { promises as dnsPromises } from "node:dns";

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

  /** Builds the error for `url` with the text the model will read. */
  constructor(message: string, url: string) {
    super(message);
    this.name = "SsrfError";
    this.url = url;
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing numeric hosts
// ---------------------------------------------------------------------------------------------

/** One part of a legacy IPv4 spelling: `0x..` hex, `0..` octal, otherwise decimal. */
function parseIPv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/**
 * Reads an IPv4 address in any of the spellings `inet_aton` and the URL standard accept: one to
 * four parts, each decimal, hex or octal, the last part filling the remaining bytes.
 * Returns the address as a 32-bit number, or null.
 */
function parseIPv4(host: string): number | null {
  let text = host;
  if (text.endsWith(".")) text = text.slice(0, -1);
  if (text === "") return null;
  const parts = text.split(".");
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Part(part);
    if (value === null || !Number.isFinite(value)) return null;
    values.push(value);
  }
  const last = values.pop() as number;
  for (const v of values) if (v > 255) return null;
  const lastBytes = 4 - values.length;
  if (last >= 256 ** lastBytes) return null;
  let result = 0;
  for (const v of values) result = result * 256 + v;
  return result * 256 ** lastBytes + last;
}

function ipv4ToText(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join(".");
}

/** Reads an IPv6 address (brackets and a `%zone` allowed) into eight 16-bit groups, or null. */
function parseIPv6(host: string): number[] | null {
  let text = host;
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(":") || !/^[0-9a-f:.]+$/i.test(text)) return null;

  // An embedded dotted IPv4 address at the end stands for the last two groups.
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  const lastPart = text.slice(lastColon + 1);
  if (lastPart.includes(".")) {
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(lastPart)) return null;
    const bytes = lastPart.split(".").map(Number);
    if (bytes.some((b) => b > 255)) return null;
    const [a, b, c, d] = bytes as [number, number, number, number];
    tail = [a * 256 + b, c * 256 + d];
    text = text.slice(0, lastColon + 1);
    // "x:y:" loses its trailing colon; a trailing "::" is a compression and stays.
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }

  const doubleColon = text.indexOf("::");
  if (doubleColon !== -1 && text.indexOf("::", doubleColon + 1) !== -1) return null;
  const readGroups = (s: string): number[] | null => {
    if (s === "") return [];
    const out: number[] = [];
    for (const g of s.split(":")) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const want = 8 - tail.length;
  let groups: number[];
  if (doubleColon === -1) {
    const all = readGroups(text);
    if (all === null || all.length !== want) return null;
    groups = all;
  } else {
    const head = readGroups(text.slice(0, doubleColon));
    const rest = readGroups(text.slice(doubleColon + 2));
    if (head === null || rest === null || head.length + rest.length >= want) return null;
    groups = [...head, ...new Array<number>(want - head.length - rest.length).fill(0), ...rest];
  }
  return [...groups, ...tail];
}

/** The RFC 5952 text of eight groups: lower-case hex, the longest run of zero groups as `::`. */
function ipv6ToText(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLen).join(":")}`;
}

/**
 * Turns a numeric host into its plain spelling: a dotted IPv4 address (`2130706433`, `0x7f.1`,
 * `0177.0.0.1`, `127.1` all give `"127.0.0.1"`) or a normalised IPv6 address (`"[::FFFF:127.0.0.1]"`
 * gives `"::ffff:7f00:1"`). Returns null for anything that is not a numeric address, i.e. a name
 * that has to be looked up.
 *
 * @example
 * ```ts
 * parseHostAddress("0x7f000001");  // "127.0.0.1"
 * parseHostAddress("10.1.1");      // "10.1.0.1"
 * parseHostAddress("example.com"); // null
 * ```
 */
export function parseHostAddress(host: string): string | null {
  const text = host.trim().toLowerCase();
  const v4 = parseIPv4(text);
  if (v4 !== null) return ipv4ToText(v4);
  const v6 = parseIPv6(text);
  if (v6 !== null) return ipv6ToText(v6);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Address ranges
// ---------------------------------------------------------------------------------------------

/** IPv4 ranges that are not public internet destinations, as [first address, prefix length]. */
const PRIVATE_V4: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network", includes the unspecified address
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast (retired)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes the broadcast address 255.255.255.255
];

function inV4Range(value: number, base: string, prefix: number): boolean {
  const start = parseIPv4(base) as number;
  const size = 2 ** (32 - prefix);
  return value >= start && value < start + size;
}

function isPrivateV4(value: number): boolean {
  return PRIVATE_V4.some(([base, prefix]) => inV4Range(value, base, prefix));
}

function embeddedV4(high: number | undefined, low: number | undefined): number {
  return (high ?? 0) * 65536 + (low ?? 0);
}

function isPrivateV6(g: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::/96 holds the unspecified address, loopback and the retired IPv4-compatible form: none public.
  if (firstFiveZero && g5 === 0) return true;
  // ::ffff:0:0/96, IPv4-mapped: the embedded IPv4 address decides.
  if (firstFiveZero && g5 === 0xffff) return isPrivateV4(embeddedV4(g6, g7));
  // ::ffff:0:0:0/96, IPv4-translated (RFC 2765): the embedded IPv4 address decides.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) {
    return isPrivateV4(embeddedV4(g6, g7));
  }
  // 64:ff9b::/96, NAT64 well-known prefix: the embedded IPv4 address decides.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isPrivateV4(embeddedV4(g6, g7));
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true; // 64:ff9b:1::/48, local-use NAT64
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // 100::/64, discard-only
  if (g0 === 0x2001 && g1 === 0) return true; // 2001::/32, Teredo (hides an IPv4 address)
  if (g0 === 0x2001 && g1 === 0x2 && g2 === 0) return true; // 2001:2::/48, benchmarking
  if (g0 === 0x2001 && (g1 & 0xfff0) === 0x10) return true; // 2001:10::/28, ORCHID
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // 2001:db8::/32, documentation
  if (g0 === 0x2002) return isPrivateV4(embeddedV4(g1, g2)); // 2002::/16, 6to4
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return true; // 3fff::/20, documentation
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7, unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10, link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10, site-local (retired)
  if ((g0 & 0xff00) === 0xff00) return true; // ff00::/8, multicast
  return false;
}

/**
 * True when `ip` is an address that is not a public internet destination: loopback, private,
 * link-local, carrier-grade NAT, multicast, unspecified, broadcast, documentation, benchmarking or
 * reserved, in IPv4 or IPv6. IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`,
 * NAT64 `64:ff9b::/96`, 6to4) are judged by that IPv4 address; the retired IPv4-compatible form
 * `::a.b.c.d` and Teredo are refused outright. Any numeric spelling is accepted
 * (see {@link parseHostAddress}). Text that is not an address at all gives false.
 *
 * @example
 * ```ts
 * isPrivateAddress("::ffff:7f00:1");   // true (127.0.0.1)
 * isPrivateAddress("93.184.216.34");   // false
 * ```
 */
export function isPrivateAddress(ip: string): boolean {
  const text = ip.trim().toLowerCase();
  const v4 = parseIPv4(text);
  if (v4 !== null) return isPrivateV4(v4);
  const v6 = parseIPv6(text);
  if (v6 !== null) return isPrivateV6(v6);
  return false;
}

// ---------------------------------------------------------------------------------------------
// The allowlist
// ---------------------------------------------------------------------------------------------

/** One network of an {@link SsrfAllowlist}: the IP version, the first address's bits and the prefix length. */
interface AllowedNetwork {
  version: 4 | 6;
  bits: bigint;
  prefix: number;
}

function v4Bits(value: number): bigint {
  return BigInt(value);
}

function v6Bits(groups: readonly number[]): bigint {
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/** A strict dotted-quad IPv4 address (`10.0.0.1`, no shorthand, no leading zeros), as a number. */
function strictIPv4(text: string): number | null {
  if (!/^(0|[1-9]\d{0,2})(\.(0|[1-9]\d{0,2})){3}$/.test(text)) return null;
  const parts = text.split(".").map(Number);
  if (parts.some((p) => p > 255)) return null;
  return parts.reduce((acc, p) => acc * 256 + p, 0);
}

/**
 * Private addresses the user trusts (upstream's `tools.ssrfWhitelist`): IPs and CIDRs such as
 * `"10.0.0.5"`, `"100.64.0.0/10"`, `"fd00::/8"`, `"::1"`, parsed once when it is built. A single
 * address is a network of one. Host bits after the prefix are ignored (`"10.1.2.3/8"` means
 * `10.0.0.0/8`), as upstream's `ip_network(cidr, strict=False)`.
 *
 * @example
 * ```ts
 * const allow = new SsrfAllowlist(["10.0.0.5", "100.64.0.0/10"]);
 * allow.has("100.100.1.1"); // true
 * allow.has("10.0.0.6");    // false
 * ```
 */
export class SsrfAllowlist {
  /** The entries as they were given, for display. */
  readonly entries: readonly string[];
  readonly #networks: AllowedNetwork[] = [];

  /**
   * Parses `entries`.
   * @throws TypeError naming the first entry that is not an IPv4/IPv6 address or CIDR (upstream
   *   drops such an entry silently; here a configuration mistake is reported when it is made).
   */
  constructor(entries: readonly string[]) {
    if (!Array.isArray(entries)) throw new TypeError("ssrfAllowlist must be an array of IPs or CIDRs");
    for (const entry of entries) {
      const text = typeof entry === "string" ? entry.trim() : "";
      const slash = text.indexOf("/");
      const addressText = slash < 0 ? text : text.slice(0, slash);
      const prefixText = slash < 0 ? null : text.slice(slash + 1);
      const v4 = strictIPv4(addressText);
      const v6 = v4 === null && addressText.includes(":") && !addressText.includes("[") ? parseIPv6(addressText) : null;
      const version = v4 !== null ? 4 : v6 !== null ? 6 : null;
      const max = version === 4 ? 32 : 128;
      const prefix = prefixText === null ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
      if (version === null || !(prefix >= 0 && prefix <= max)) {
        throw new TypeError(
          `ssrfAllowlist: ${JSON.stringify(entry)} is not an IP address or CIDR (like "10.0.0.5" or "10.0.0.0/8")`,
        );
      }
      const raw = version === 4 ? v4Bits(v4 as number) : v6Bits(v6 as number[]);
      const shift = BigInt(max - prefix);
      this.#networks.push({ version, bits: (raw >> shift) << shift, prefix });
    }
    this.entries = entries.map(String);
  }

  /** How many networks it holds. */
  get size(): number {
    return this.#networks.length;
  }

  /**
   * True when `ip` lies in one of the networks. An IPv4-mapped IPv6 address (`::ffff:10.0.0.5`)
   * is matched as its IPv4 address, as upstream does; any numeric spelling of an address is
   * accepted (see {@link parseHostAddress}); text that is not an address gives false.
   */
  has(ip: string): boolean {
    if (this.#networks.length === 0) return false;
    const text = ip.trim().toLowerCase();
    let version: 4 | 6;
    let bits: bigint;
    const v4 = parseIPv4(text);
    if (v4 !== null) {
      version = 4;
      bits = v4Bits(v4);
    } else {
      const v6 = parseIPv6(text);
      if (v6 === null) return false;
      const mapped = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff;
      version = mapped ? 4 : 6;
      bits = mapped ? v4Bits(embeddedV4(v6[6], v6[7])) : v6Bits(v6);
    }
    const max = version === 4 ? 32 : 128;
    return this.#networks.some((net) => {
      if (net.version !== version) return false;
      const shift = BigInt(max - net.prefix);
      return (bits >> shift) << shift === net.bits;
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The URL check
// ---------------------------------------------------------------------------------------------

/** The default lookup: every address the system resolver gives for `host`. */
export const systemLookup: HostLookup = async (host) => {
  const answers = await dnsPromises.lookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
};

function privateRefusal(url: string, address: string, via?: string): SsrfError {
  const how = via === undefined ? "" : ` (${via})`;
  return new SsrfError(`Blocked: ${url} resolves to private/internal address ${address}${how}`, url);
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
 * ```ts
 * await assertPublicUrl("http://127.1/"); // throws: Blocked: http://127.1/ resolves to private/internal address 127.0.0.1
 * ```
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
