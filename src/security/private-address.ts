/**
 * Which addresses are not on the public internet (lesson 7): the ranges the SSRF guard refuses,
 * in IPv4 and IPv6, including the IPv6 forms that carry an IPv4 address.
 *
 * @module
 */
import { embeddedV4, parseIPv4, readIpAddress, type IpAddress } from "./ip-address.js";

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

/** {@link PRIVATE_V4} read once: each range as its first address and the first address after it. */
const PRIVATE_V4_BOUNDS: ReadonlyArray<readonly [number, number]> = PRIVATE_V4.map(([base, prefix]) => {
  const start = parseIPv4(base, true) as number;
  return [start, start + 2 ** (32 - prefix)] as const;
});

/** True when a 32-bit IPv4 address lies in one of {@link PRIVATE_V4}'s ranges. */
function isPrivateV4(value: number): boolean {
  return PRIVATE_V4_BOUNDS.some(([start, end]) => value >= start && value < end);
}

/** True when eight IPv6 groups are not a public destination; forms that carry an IPv4 address are judged by it. */
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
 * {@includeCode ../../docs/examples/security.ts#is-private-address}
 */
export function isPrivateAddress(ip: string): boolean {
  const address = readIpAddress(ip);
  return address !== null && isPrivate(address);
}

/** {@link isPrivateAddress} of an address already read. */
export function isPrivate(address: IpAddress): boolean {
  return address.version === 4 ? isPrivateV4(address.value) : isPrivateV6(address.groups);
}
