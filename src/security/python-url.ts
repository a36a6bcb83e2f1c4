/**
 * A URL as upstream's URL check reads it (lesson 7): the scheme, the authority (`netloc`) and the
 * host name that Python's `urllib.parse.urlsplit` gives. The SSRF guard judges the host that
 * `fetch` will really contact, as the WHATWG URL parser reads it; this reading only supplies
 * upstream's words for a refusal: `Only http/https allowed, got 'ftp'`, `Missing domain`, the host
 * as the model wrote it (`0x7f.1`, not `127.0.0.1`). One pass over the text, no regular
 * expression that could backtrack.
 *
 * @module
 */
import { pyStr } from "../util/python-text.js";
import { parseIPv6 } from "./ip-address.js";

/** The parts of a URL that upstream's check reads, as `urlsplit` (Python 3.11) gives them. */
export interface PythonUrlParts {
  /** The scheme, lower-cased; `""` when there is none. */
  scheme: string;
  /** The authority after `//` (user, host and port), as written; `""` when there is none. */
  netloc: string;
  /** The host name, lower-cased (an IPv6 address without its brackets); null when it is empty. */
  hostname: string | null;
}

/** True for the characters `urlsplit` allows in a scheme after its first letter. */
function isSchemeChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2d || code === 0x2e;
}

/** A strict dotted-quad IPv4 address as Python's `ipaddress` reads it: four decimal parts, no leading zeros. */
function isStrictIPv4(text: string): boolean {
  const parts = text.split(".");
  if (parts.length !== 4) return false;
  return parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** The `ValueError` text `urlsplit` raises for the host inside `[...]`, or null when it accepts it. */
function bracketedHostError(host: string): string | null {
  if (host.startsWith("v")) {
    // IPvFuture: "v", hex digits, ".", then anything.
    const dot = host.indexOf(".");
    const ok = dot > 1 && /^[0-9a-f]+$/i.test(host.slice(1, dot)) && dot < host.length - 1;
    return ok ? null : "IPvFuture address is invalid";
  }
  if (isStrictIPv4(host)) return "An IPv4 address cannot be in brackets";
  if (parseIPv6(host) !== null) return null;
  // Python's ipaddress names the text by its repr.
  return `${pyStr([host]).slice(1, -1)} does not appear to be an IPv4 or IPv6 address`;
}

/**
 * Splits `url` as Python's `urllib.parse.urlsplit` does and returns the scheme, the authority and
 * the host name, or the text of the `ValueError` it raises (`Invalid IPv6 URL`, …). Leading
 * blank space and control characters are dropped and tabs and line breaks removed first, as there.
 */
export function pythonUrlParts(url: string): PythonUrlParts | string {
  let start = 0;
  while (start < url.length && url.charCodeAt(start) <= 0x20) start++;
  let text = url.slice(start);
  if (/[\t\n\r]/.test(text)) text = text.replace(/[\t\n\r]/g, "");

  let scheme = "";
  const colon = text.indexOf(":");
  if (colon > 0 && /^[a-z]$/i.test(text[0] ?? "")) {
    let i = 1;
    while (i < colon && isSchemeChar(text.charCodeAt(i))) i++;
    if (i === colon) {
      scheme = text.slice(0, colon).toLowerCase();
      text = text.slice(colon + 1);
    }
  }

  let netloc = "";
  if (text.startsWith("//")) {
    let end = text.length;
    for (const delimiter of ["/", "?", "#"]) {
      const at = text.indexOf(delimiter, 2);
      if (at >= 0 && at < end) end = at;
    }
    netloc = text.slice(2, end);
    const open = netloc.includes("[");
    const close = netloc.includes("]");
    if (open !== close) return "Invalid IPv6 URL";
    if (open) {
      const inside = netloc.slice(netloc.indexOf("[") + 1);
      const error = bracketedHostError(inside.slice(0, inside.includes("]") ? inside.indexOf("]") : inside.length));
      if (error !== null) return error;
    }
  }

  const hostInfo = netloc.slice(netloc.lastIndexOf("@") + 1);
  const bracket = hostInfo.indexOf("[");
  let host: string;
  if (bracket >= 0) {
    const rest = hostInfo.slice(bracket + 1);
    const close = rest.indexOf("]");
    host = close >= 0 ? rest.slice(0, close) : rest;
  } else {
    const port = hostInfo.indexOf(":");
    host = port >= 0 ? hostInfo.slice(0, port) : hostInfo;
  }
  if (host === "") return { scheme, netloc, hostname: null };
  // A zone (`%eth0`) keeps its case.
  const zone = host.indexOf("%");
  const hostname = zone >= 0 ? host.slice(0, zone).toLowerCase() + host.slice(zone) : host.toLowerCase();
  return { scheme, netloc, hostname };
}
