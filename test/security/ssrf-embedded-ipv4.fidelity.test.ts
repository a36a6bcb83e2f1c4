/**
 * A fix of upstream, listed: IPv6 addresses that carry an IPv4 address get past upstream's guard
 * when the IPv4 address is private, because upstream unwraps only the IPv4-mapped form
 * (`::ffff:a.b.c.d`). Upstream's `resolve_url_target` answers `(True, "", (<address>,))` for each
 * address below, so its `web_fetch` would request it. The workbook judges NAT64, 6to4 and the
 * IPv4-translated form by the IPv4 address they carry, and refuses the retired IPv4-compatible
 * form, local-use NAT64 and Teredo (whose client address is hidden by inverting its bits) outright.
 */
import { describe, expect, it } from "vitest";
import { assertPublicUrl, isPrivateAddress, SsrfError } from "../../src/security/ssrf.js";

const noLookup = async (): Promise<string[]> => {
  throw new Error("a numeric host needs no lookup");
};

/** [address as written, the address in the refusal, the IPv4 address it carries]; upstream lets each through. */
const CARRIERS: [string, string, string][] = [
  ["64:ff9b::127.0.0.1", "64:ff9b::7f00:1", "NAT64 of 127.0.0.1"],
  ["64:ff9b::10.0.0.1", "64:ff9b::a00:1", "NAT64 of 10.0.0.1"],
  ["64:ff9b:1::a00:1", "64:ff9b:1::a00:1", "local-use NAT64 (64:ff9b:1::/48)"],
  ["64:ff9b:1:a00:1::", "64:ff9b:1:a00:1::", "local-use NAT64, IPv4 in the middle"],
  ["2002:7f00:1::1", "2002:7f00:1::1", "6to4 of 127.0.0.1"],
  ["2002:a00:1::", "2002:a00:1::", "6to4 of 10.0.0.1"],
  ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "2001:0:4136:e378:8000:63bf:f5ff:fffe", "Teredo, client 10.0.0.1 (inverted)"],
  ["::127.0.0.1", "::7f00:1", "IPv4-compatible 127.0.0.1"],
  ["::10.0.0.1", "::a00:1", "IPv4-compatible 10.0.0.1"],
  ["::ffff:0:10.0.0.1", "::ffff:0:a00:1", "IPv4-translated 10.0.0.1"],
  ["::ffff:0:127.0.0.1", "::ffff:0:7f00:1", "IPv4-translated 127.0.0.1"],
];

describe("fidelity to upstream: IPv6 addresses that carry a private IPv4 address", () => {
  it.each(CARRIERS)("%s is refused (%s)", async (written, canonical) => {
    expect(isPrivateAddress(written)).toBe(true);
    const error = await assertPublicUrl(`http://[${written}]/`, noLookup).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SsrfError);
    expect((error as SsrfError).message).toBe(`Blocked: ${written.toLowerCase()} resolves to private/internal address ${canonical}`);
  });

  it("the IPv4-mapped form, which upstream does unwrap, is refused in upstream's words", async () => {
    await expect(assertPublicUrl("http://[::ffff:127.0.0.1]/", noLookup)).rejects.toThrow("Blocked: ::ffff:127.0.0.1 resolves to private/internal address ::ffff:7f00:1");
  });

  it("NAT64 and 6to4 of a public IPv4 address pass: the carried address decides", async () => {
    for (const address of ["64:ff9b::8.8.8.8", "2002:808:808::1", "::ffff:93.184.216.34"]) {
      expect(isPrivateAddress(address), address).toBe(false);
      await expect(assertPublicUrl(`http://[${address}]/`, noLookup)).resolves.toBeInstanceOf(URL);
    }
  });
});
