/**
 * Reading numeric hosts (lesson 7): the many spellings of one address (`2130706433`, `0x7f.1`,
 * `0177.0.0.1`, `127.1`, `[::ffff:7f00:1]`) all mean `127.0.0.1`, and the SSRF guard must judge
 * the address, not the spelling. {@link parseHostAddress} is the public face; the readers below
 * are shared with the range check and the allowlist.
 *
 * @module
 */

/** One part of a legacy IPv4 spelling: `0x..` hex, `0..` octal, otherwise decimal. */
function parseIPv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(?:0|[1-9]\d*)$/.test(part)) return Number(part);
  return null;
}

/**
 * Reads an IPv4 address in any of the spellings `inet_aton` and the URL standard accept: one to
 * four parts, each decimal, hex or octal, the last part filling the remaining bytes.
 * Returns the address as a 32-bit number, or null.
 */
export function parseIPv4(host: string): number | null {
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
    if (!/^\d{1,3}(?:\.\d{1,3}){3}$/.test(lastPart)) return null;
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

/** The IPv4 address carried in two 16-bit IPv6 groups (the high group first), as a 32-bit number. */
export function embeddedV4(high: number | undefined, low: number | undefined): number {
  return (high ?? 0) * 65536 + (low ?? 0);
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
  return byFamily(host, ipv4ToText, ipv6ToText, null);
}

/**
 * Reads `host` (trimmed, lower-cased) as an IPv4 address, else as an IPv6 one, and hands it to
 * the matching function; `otherwise` when it is neither.
 */
export function byFamily<T>(host: string, v4: (value: number) => T, v6: (groups: number[]) => T, otherwise: T): T {
  const text = host.trim().toLowerCase();
  const four = parseIPv4(text);
  if (four !== null) return v4(four);
  const six = parseIPv6(text);
  return six === null ? otherwise : v6(six);
}
