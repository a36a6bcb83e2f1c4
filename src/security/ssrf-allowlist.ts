/**
 * The addresses a user trusts in spite of the SSRF guard (lesson 7), as upstream's
 * `tools.ssrfWhitelist`: a list of IPs and CIDRs, parsed once, asked about each resolved address.
 *
 * @module
 */
import { mappedIPv4, parseIPv4, parseIPv6, readIpAddress, type IpAddress } from "./ip-address.js";

/** One network of an {@link SsrfAllowlist}: the IP version, the first address's bits and the prefix length. */
interface AllowedNetwork {
  version: 4 | 6;
  bits: bigint;
  prefix: number;
}

/** A 32-bit IPv4 address as the bits an {@link AllowedNetwork} compares. */
function v4Bits(value: number): bigint {
  return BigInt(value);
}

/** Eight IPv6 groups as one 128-bit number. */
function v6Bits(groups: readonly number[]): bigint {
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/**
 * Private addresses the user trusts (upstream's `tools.ssrfWhitelist`): IPs and CIDRs such as
 * `"10.0.0.5"`, `"100.64.0.0/10"`, `"fd00::/8"`, `"::1"`, parsed once when it is built. A single
 * address is a network of one. Host bits after the prefix are ignored (`"10.1.2.3/8"` means
 * `10.0.0.0/8`), as upstream's `ip_network(cidr, strict=False)`.
 *
 * @example
 * {@includeCode ../../docs/examples/security.ts#ssrf-allowlist}
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
      const v4 = parseIPv4(addressText, true);
      const v6 = v4 === null && addressText.includes(":") && !addressText.includes("[") ? parseIPv6(addressText) : null;
      const version = v4 !== null ? 4 : v6 !== null ? 6 : null;
      const max = version === 4 ? 32 : 128;
      const prefix = prefixText === null ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
      if (version === null || !(prefix >= 0 && prefix <= max)) {
        throw new TypeError(`ssrfAllowlist: ${JSON.stringify(entry)} is not an IP address or CIDR (like "10.0.0.5" or "10.0.0.0/8")`);
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
    const address = readIpAddress(ip);
    return address !== null && this.allows(address);
  }

  /** {@link SsrfAllowlist.has} of an address already read. */
  allows(address: IpAddress): boolean {
    if (this.#networks.length === 0) return false;
    const mapped = address.version === 6 ? mappedIPv4(address.groups) : null;
    const version = address.version === 4 || mapped !== null ? 4 : 6;
    const bits = address.version === 4 ? v4Bits(address.value) : mapped !== null ? v4Bits(mapped) : v6Bits(address.groups);
    const max = version === 4 ? 32 : 128;
    return this.#networks.some((net) => {
      if (net.version !== version) return false;
      const shift = BigInt(max - net.prefix);
      return (bits >> shift) << shift === net.bits;
    });
  }
}
