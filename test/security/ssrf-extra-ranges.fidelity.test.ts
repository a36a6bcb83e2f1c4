/**
 * A listed difference: the SSRF guard refuses more than upstream. Upstream's `_BLOCKED_NETWORKS`
 * holds "this network", the private ranges, carrier-grade NAT, loopback, link-local, `::`, `::1`,
 * `fc00::/7` and `fe80::/10`; multicast, broadcast, documentation, benchmarking and the other
 * reserved ranges pass it (upstream's `resolve_url_target` answers `(True, "", (<address>,))` for
 * each address below). None of them is a public web server, so the workbook refuses them, in
 * upstream's words for a private target.
 */
import { describe, expect, it } from "vitest";
import { assertPublicUrl, isPrivateAddress, SsrfError } from "../../src/security/ssrf.js";

const noLookup = async (): Promise<string[]> => {
  throw new Error("a numeric host needs no lookup");
};

/** [address, what it is]; upstream lets each of them through. */
const STRICTER: [string, string][] = [
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["192.0.2.1", "documentation"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["198.18.0.1", "benchmarking"],
  ["192.0.0.8", "IETF protocol assignments (192.0.0.0/24)"],
  ["240.0.0.1", "reserved (240.0.0.0/4)"],
  ["ff02::1", "IPv6 multicast"],
  ["2001:db8::1", "IPv6 documentation"],
  ["fec0::1", "IPv6 site-local (retired)"],
  ["100::1", "IPv6 discard-only"],
];

describe("fidelity to upstream: ranges refused here that upstream lets through", () => {
  it.each(STRICTER)("%s (%s) is refused as a private/internal address", async (address) => {
    expect(isPrivateAddress(address)).toBe(true);
    const url = address.includes(":") ? `http://[${address}]/` : `http://${address}/`;
    const error = await assertPublicUrl(url, noLookup).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SsrfError);
    expect((error as SsrfError).message).toBe(`Blocked: ${address} resolves to private/internal address ${address}`);
    expect((error as SsrfError).privateTarget).toBe(true);
  });

  it("public addresses next to them still pass", () => {
    for (const address of ["223.255.255.255", "192.0.3.1", "198.20.0.1", "2001:4860:4860::8888"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
