/**
 * Examples for the SSRF guard (`src/security/`) and the `web_fetch` tool it protects
 * (`src/tools/builtin/web-fetch.ts`). The reference shows each region; `tsc` checks this file and
 * `test/docs/examples.test.ts` runs every function it exports. The addresses below are numeric,
 * so nothing is looked up. `fetchPage` is not exported and never run: it needs the network.
 */
import { assertPublicUrl, isPrivateAddress, parseHostAddress, SsrfAllowlist, SsrfError, WebFetchTool } from "../../src/index.js";

/** A loopback address in short form is refused before any request. */
export async function refusePrivateUrl(): Promise<void> {
  try {
    // #region assert-public-url
    await assertPublicUrl("http://127.1/"); // throws: Blocked: 127.1 resolves to private/internal address 127.0.0.1
    // #endregion assert-public-url
  } catch (error) {
    if (error instanceof SsrfError) return;
    throw error;
  }
  throw new Error("assertPublicUrl accepted a loopback address");
}

/** Addresses and ranges the user trusts. */
export async function allowlist(): Promise<void> {
  // #region ssrf-allowlist
  const allow = new SsrfAllowlist(["10.0.0.5", "100.64.0.0/10"]);
  allow.has("100.100.1.1"); // true
  allow.has("10.0.0.6"); // false
  // #endregion ssrf-allowlist
}

/** A private address hidden in an IPv6 form, and a public one. */
export async function privateAddress(): Promise<void> {
  // #region is-private-address
  isPrivateAddress("::ffff:7f00:1"); // true (127.0.0.1)
  isPrivateAddress("93.184.216.34"); // false
  // #endregion is-private-address
}

/** Numeric hosts in the spellings a URL parser accepts. */
export async function hostAddress(): Promise<void> {
  // #region parse-host-address
  parseHostAddress("0x7f000001"); // "127.0.0.1"
  parseHostAddress("10.1.1"); // "10.1.0.1"
  parseHostAddress("example.com"); // null
  // #endregion parse-host-address
}

/** Fetches a public page, cut at 50 000 bytes. Needs the network: type-checked, never run. */
async function fetchPage(): Promise<void> {
  // #region web-fetch
  const tool = new WebFetchTool({ maxBytes: 50_000 });
  await tool.execute({ url: "https://example.com/" }, { signal: AbortSignal.timeout(10_000) });
  // #endregion web-fetch
}
