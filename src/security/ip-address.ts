/**
 * Reading numeric hosts (lesson 7): the many spellings of one address (`2130706433`, `0x7f.1`,
 * `0177.0.0.1`, `127.1`, `[::ffff:7f00:1]`) all mean `127.0.0.1`, and the SSRF guard must judge
 * the address, not the spelling. {@link parseHostAddress} is the public face; the readers below
 * are shared with the range check and the allowlist.
 *
 * @module
 */

/** An address read once: IPv4 as a 32-bit number, IPv6 as eight 16-bit groups. */
export type IpAddress =
  | {
      /** IPv4. */
      readonly version: 4;
      /** The address as one unsigned 32-bit number. */
      readonly value: number;
    }
  | {
      /** IPv6. */
      readonly version: 6;
      /** The eight 16-bit groups, first to last. */
      readonly groups: readonly number[];
    };

/**
 * One part of an IPv4 spelling: decimal without leading zeros, or (unless `strict`) `0x..` hex or
 * `0..` octal, as `inet_aton` reads them.
 */
function parseIPv4Part(part: string, strict: boolean): number | null {
  if (/^(?:0|[1-9]\d*)$/.test(part)) return strict && part.length > 3 ? null : Number(part);
  if (strict) return null;
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  return null;
}

/**
 * Reads an IPv4 address as a 32-bit number, or null. By default in any of the spellings
 * `inet_aton` and the URL standard accept (one to four parts, each decimal, hex or octal, the last
 * part filling the remaining bytes, a trailing dot allowed); with `strict`, only the dotted quad
 * `10.0.0.1` (four decimal parts, no leading zeros), as an allowlist entry or the IPv4 tail of an
 * IPv6 address is written.
 */
export function parseIPv4(host: string, strict = false): number | null {
  let text = host;
  if (!strict && text.endsWith(".")) text = text.slice(0, -1);
  if (text === "") return null;
  const parts = text.split(".");
  if (parts.length > 4 || (strict && parts.length !== 4)) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Part(part, strict);
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

/** The dotted-quad text of a 32-bit IPv4 address. */
function ipv4ToText(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join(".");
}

/** Reads an IPv6 address (brackets and a `%zone` allowed) into eight 16-bit groups, or null. */
export function parseIPv6(host: string): number[] | null {
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
    const v4 = parseIPv4(lastPart, true);
    if (v4 === null) return null;
    tail = [Math.floor(v4 / 65536), v4 % 65536];
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
  for (let i = 0; i < 8;) {
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

/** The IPv4 address carried in two 16-bit IPv6 groups (the high group first), as a 32-bit number. */
export function embeddedV4(high: number | undefined, low: number | undefined): number {
  return (high ?? 0) * 65536 + (low ?? 0);
}

/**
 * Reads `host` (trimmed, lower-cased) once: as an IPv4 address in any spelling, else as an IPv6
 * address (brackets and a `%zone` allowed); null for anything else, i.e. a name to look up.
 */
export function readIpAddress(host: string): IpAddress | null {
  const text = host.trim().toLowerCase();
  const value = parseIPv4(text);
  if (value !== null) return { version: 4, value };
  const groups = parseIPv6(text);
  return groups === null ? null : { version: 6, groups };
}

/** The plain spelling of an address: dotted IPv4, or RFC 5952 IPv6. */
export function ipText(address: IpAddress): string {
  return address.version === 4 ? ipv4ToText(address.value) : ipv6ToText(address.groups);
}

/**
 * Turns a numeric host into its plain spelling: a dotted IPv4 address (`2130706433`, `0x7f.1`,
 * `0177.0.0.1`, `127.1` all give `"127.0.0.1"`) or a normalised IPv6 address (`"[::FFFF:127.0.0.1]"`
 * gives `"::ffff:7f00:1"`). Returns null for anything that is not a numeric address, i.e. a name
 * that has to be looked up.
 *
 * @example
 * {@includeCode ../../docs/examples/security.ts#parse-host-address}
 */
export function parseHostAddress(host: string): string | null {
  const address = readIpAddress(host);
  return address === null ? null : ipText(address);
}

/**
 * The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) carries, as a 32-bit number;
 * null for any other IPv6 address.
 */
export function mappedIPv4(groups: readonly number[]): number | null {
  const [g0, g1, g2, g3, g4, g5] = groups;
  return g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff ? embeddedV4(groups[6], groups[7]) : null;
}
