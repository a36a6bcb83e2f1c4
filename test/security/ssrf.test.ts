import { describe, expect, it } from "vitest";
import { assertPublicUrl, isPrivateAddress, parseHostAddress, SsrfAllowlist, SsrfError, type HostLookup } from "../../src/security/ssrf.js";

const MARKER = "private/internal address";

/** A lookup that answers from a table and records what it was asked; unknown names fail. */
function tableLookup(table: Record<string, string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const fn = async (host: string): Promise<string[]> => {
    asked.push(host);
    const answer = table[host];
    if (answer === undefined) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return answer;
  };
  return Object.assign(fn, { asked });
}

const noLookup: HostLookup = async (host) => {
  throw new Error(`no lookup expected, asked for ${host}`);
};

async function refusal(url: string, lookup: HostLookup = noLookup): Promise<SsrfError> {
  try {
    await assertPublicUrl(url, lookup);
  } catch (error) {
    expect(error).toBeInstanceOf(SsrfError);
    return error as SsrfError;
  }
  throw new Error(`expected ${url} to be refused`);
}

describe("parseHostAddress: numeric spellings", () => {
  it.each([
    ["2130706433", "127.0.0.1"],
    ["0x7f.1", "127.0.0.1"],
    ["0x7f000001", "127.0.0.1"],
    ["0X7F.0.0.1", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["0177.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["10.1.1", "10.1.0.1"],
    ["127.0.0.1.", "127.0.0.1"],
    ["4294967295", "255.255.255.255"],
    ["0", "0.0.0.0"],
    ["[::1]", "::1"],
    ["::FFFF:127.0.0.1", "::ffff:7f00:1"],
    ["[::ffff:7f00:1]", "::ffff:7f00:1"],
    ["0:0:0:0:0:0:0:1", "::1"],
    ["fe80::1%eth0", "fe80::1"],
    ["64:ff9b::10.0.0.1", "64:ff9b::a00:1"],
    ["2606:4700:0:0:0:0:0:1111", "2606:4700::1111"],
    ["1:0:0:2:0:0:0:3", "1:0:0:2::3"],
  ])("%s -> %s", (host, expected) => {
    expect(parseHostAddress(host)).toBe(expected);
  });

  it.each(["example.com", "localhost", "256.1", "1.2.3.4.5", "4294967296", "1::2::3", "1:2:3:4:5:6:7:8:9", "08.1", "", "::g"])("%j is not a numeric address", (host) => {
    expect(parseHostAddress(host)).toBeNull();
  });
});

describe("isPrivateAddress", () => {
  it.each([
    // IPv4
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "192.168.255.255",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.1",
    "100.127.255.255",
    "224.0.0.1",
    "239.255.255.250",
    "0.0.0.0",
    "0.1.2.3",
    "255.255.255.255",
    "240.0.0.1",
    "192.0.2.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "192.0.0.8",
    // numeric spellings
    "2130706433",
    "0x7f.1",
    "0x7f000001",
    "0177.0.0.1",
    "127.1",
    "10.1.1",
    "0xa9.0xfe.0xa9.0xfe",
    // IPv6
    "::1",
    "::",
    "[::1]",
    "fe80::1",
    "febf::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "ff05::fb",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "::ffff:192.168.1.1",
    "::127.0.0.1",
    "::7f00:1",
    "::10.0.0.1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::192.168.0.1",
    "64:ff9b:1::1",
    "2002:7f00:1::1",
    "2002:c0a8:101::1",
    "2001:db8::1",
    "2001::1",
    "fec0::1",
    "100::1",
    "::ffff:0:10.0.0.1",
  ])("%s is private", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "192.169.0.1",
    "169.253.255.255",
    "223.255.255.255",
    "11.0.0.1",
    "2606:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001::200e",
    "::ffff:93.184.216.34",
    "::ffff:808:808",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
    "fe7f::1",
  ])("%s is public", (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  it("text that is not an address is not called private", () => {
    expect(isPrivateAddress("example.com")).toBe(false);
  });
});

describe("assertPublicUrl: refusals that name a private/internal address", () => {
  it.each([
    ["http://127.0.0.1/", "127.0.0.1"],
    ["http://127.1/", "127.0.0.1"],
    ["http://2130706433/", "127.0.0.1"],
    ["http://0x7f.1/", "127.0.0.1"],
    ["http://0x7f000001/", "127.0.0.1"],
    ["http://0177.0.0.1/", "127.0.0.1"],
    ["http://10.1.1/", "10.1.0.1"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["http://100.64.0.1/", "100.64.0.1"],
    ["http://192.168.1.1:8080/admin", "192.168.1.1"],
    ["http://172.16.0.1/", "172.16.0.1"],
    ["http://224.0.0.1/", "224.0.0.1"],
    ["http://0.0.0.0:3000/", "0.0.0.0"],
    ["http://255.255.255.255/", "255.255.255.255"],
    ["https://[::1]/", "::1"],
    ["http://[::]/", "::"],
    ["http://[fe80::1]/", "fe80::1"],
    ["http://[fd00::1]/", "fd00::1"],
    ["http://[ff02::1]/", "ff02::1"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
    ["http://[::ffff:7f00:1]/", "::ffff:7f00:1"],
    ["http://[::127.0.0.1]/", "::7f00:1"],
    ["http://[64:ff9b::10.0.0.1]/", "64:ff9b::a00:1"],
  ])("%s", async (url, address) => {
    const error = await refusal(url);
    expect(error.message).toContain(MARKER);
    expect(error.message).toContain(address);
    expect(error.url).toBe(url);
    expect(error.privateTarget).toBe(true);
  });

  it("uses upstream's wording, naming the host as written and the address it is", async () => {
    expect((await refusal("http://127.1/")).message).toBe("Blocked: 127.1 resolves to private/internal address 127.0.0.1");
    expect((await refusal("http://[::ffff:127.0.0.1]/")).message).toBe("Blocked: ::ffff:127.0.0.1 resolves to private/internal address ::ffff:7f00:1");
  });

  it.each([
    ["http://localhost/", "localhost"],
    ["http://LOCALHOST:8080/", "localhost"],
    ["http://api.localhost/", "api.localhost"],
    ["http://localhost./", "localhost."],
  ])("%s is refused naming the address it resolves to", async (url, host) => {
    const lookup = tableLookup({ localhost: ["127.0.0.1", "::1"], "api.localhost": ["127.0.0.1"] });
    const error = await refusal(url, lookup);
    expect(error.message).toBe(`Blocked: ${host} resolves to private/internal address 127.0.0.1`);
    expect(error.privateTarget).toBe(true);
  });

  it.each([
    ["a lookup that fails", tableLookup({})],
    ["a lookup with only public answers", tableLookup({ localhost: ["93.184.216.34"] })],
  ])("a localhost name is refused even after %s", async (_label, lookup) => {
    const error = await refusal("http://localhost/", lookup);
    expect(error.message).toBe("Blocked local/internal hostname: localhost");
    expect(error.privateTarget).toBe(true);
  });

  it.each([
    ["internal.example", ["10.0.0.5"]],
    ["metadata.example", ["169.254.169.254"]],
    ["v6only.example", ["fd00::5"]],
    ["mapped.example", ["::ffff:127.0.0.1"]],
    ["mixed.example", ["93.184.216.34", "192.168.1.2"]],
    ["mixed6.example", ["2606:4700::1111", "::1"]],
  ])("a name resolving to a private address is refused: %s -> %j", async (host, addresses) => {
    const lookup = tableLookup({ [host]: addresses });
    const error = await refusal(`https://${host}/page`, lookup);
    expect(error.message).toContain(MARKER);
    expect(error.privateTarget).toBe(true);
    expect(lookup.asked).toEqual([host]);
  });

  it("names the first private address among several", async () => {
    const lookup = tableLookup({ "mixed.example": ["93.184.216.34", "192.168.1.2", "10.0.0.1"] });
    expect((await refusal("http://mixed.example/", lookup)).message).toBe("Blocked: mixed.example resolves to private/internal address 192.168.1.2");
  });
});

describe("assertPublicUrl: other refusals (no marker, the model may correct them)", () => {
  it.each([
    ["ftp://example.com/file", "Only http/https allowed, got 'ftp'"],
    ["file:///etc/passwd", "Only http/https allowed, got 'file'"],
    ["javascript:alert(1)", "Only http/https allowed, got 'javascript'"],
    ["not a url", "Only http/https allowed, got 'none'"],
    ["localhost:8080", "Only http/https allowed, got 'localhost'"],
    ["http:///path", "Missing domain"],
    ["https:", "Missing domain"],
    ["http://:80/", "Missing hostname"],
    ["http://[::1/", "Invalid IPv6 URL"],
    ["http://[::g]/", "'::g' does not appear to be an IPv4 or IPv6 address"],
    ["http://[127.0.0.1]/", "An IPv4 address cannot be in brackets"],
    ["http://[vx.1]/", "IPvFuture address is invalid"],
    ["http://exa mple.com/", "Cannot resolve hostname: exa mple.com"],
    ["http://example.com:99999/", "http://example.com:99999/ is not a valid absolute URL"],
    ["http://user:pw@example.com/", "URLs with a user name or password are not fetched"],
  ])("%s: %s", async (url, message) => {
    const error = await refusal(url, tableLookup({ "example.com": ["93.184.216.34"] }));
    expect(error.message).toBe(message);
    expect(error.privateTarget).toBe(false);
  });

  it("a host behind credentials is judged first: example.com@127.0.0.1 names 127.0.0.1", async () => {
    const error = await refusal("http://example.com@127.0.0.1/", tableLookup({ "example.com": ["93.184.216.34"] }));
    expect(error.message).toBe("Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1");
    expect(error.privateTarget).toBe(true);
  });

  it("a name that does not resolve is refused", async () => {
    const error = await refusal("http://nowhere.example/", tableLookup({}));
    expect(error.message).toBe("Cannot resolve hostname: nowhere.example");
    expect(error.privateTarget).toBe(false);
  });

  it("a name with no addresses is refused", async () => {
    expect((await refusal("http://empty.example/", tableLookup({ "empty.example": [] }))).message).toBe("Cannot resolve hostname: empty.example");
  });
});

describe("assertPublicUrl: public URLs pass", () => {
  it.each(["http://93.184.216.34/", "https://[2606:4700::1111]/dns-query", "http://8.8.8.8:8080/x?y=1"])("%s passes without a lookup", async (url) => {
    await expect(assertPublicUrl(url, noLookup)).resolves.toBeInstanceOf(URL);
  });

  it("a name resolving only to public addresses passes", async () => {
    const lookup = tableLookup({ "example.com": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"] });
    const url = await assertPublicUrl("https://Example.com/a?b=c", lookup);
    expect(url.href).toBe("https://example.com/a?b=c");
    expect(lookup.asked).toEqual(["example.com"]);
  });
});

describe("SsrfAllowlist: the IPs and CIDRs a user trusts (upstream's tools.ssrfWhitelist)", () => {
  it.each([
    // [allowlist, address, allowed?]
    [["10.0.0.5"], "10.0.0.5", true],
    [["10.0.0.5"], "10.0.0.6", false],
    [["10.0.0.0/8"], "10.200.1.1", true],
    [["10.1.2.3/8"], "10.9.9.9", true], // host bits ignored, as ip_network(strict=False)
    [["100.64.0.0/10"], "100.127.255.255", true],
    [["100.64.0.0/10"], "100.128.0.0", false],
    [["127.0.0.1"], "127.1", true], // any spelling of the address
    [["127.0.0.1"], "::ffff:127.0.0.1", true], // IPv4-mapped is matched as IPv4
    [["::1"], "::1", true],
    [["fd00::/8"], "fd12:3456::1", true],
    [["fd00::/8"], "fe80::1", false],
    [["0.0.0.0/0"], "192.168.1.1", true],
    [["10.0.0.0/8"], "::ffff:a00:1", true],
    [["10.0.0.0/8"], "64:ff9b::a00:1", false], // only the IPv4-mapped form is unwrapped, as upstream
    [[], "10.0.0.5", false],
  ] as const)("%j allows %s: %s", (entries, address, allowed) => {
    expect(new SsrfAllowlist(entries).has(address)).toBe(allowed);
  });

  it.each([["10.0.0.256"], ["10.0.0.0/33"], ["::1/129"], ["localhost"], ["10.1"], ["010.0.0.1"], [""], ["10.0.0.0/x"], ["[::1]"]])(
    "%j is refused with a clear error",
    (entry) => {
      expect(() => new SsrfAllowlist([entry])).toThrow(/ssrfAllowlist: .* is not an IP address or CIDR/);
    },
  );
});

describe("assertPublicUrl with an allowlist: the SSRF table, allowlist rows", () => {
  it.each([
    // [url, allowlist, lookup table, outcome]
    ["http://10.0.0.5/", ["10.0.0.5"], {}, "passes"],
    ["http://10.0.0.6/", ["10.0.0.5"], {}, "refused"],
    ["http://0xa000005/", ["10.0.0.5"], {}, "passes"],
    ["http://100.100.1.1/", ["100.64.0.0/10"], {}, "passes"],
    ["http://169.254.169.254/", ["100.64.0.0/10"], {}, "refused"],
    ["http://[fd00::5]/", ["fd00::/8"], {}, "passes"],
    ["http://nas.example/", ["10.0.0.0/8"], { "nas.example": ["10.0.0.9"] }, "passes"],
    ["http://nas.example/", ["10.0.0.0/8"], { "nas.example": ["10.0.0.9", "192.168.0.9"] }, "refused"],
    ["http://localhost/", ["127.0.0.1", "::1"], { localhost: ["127.0.0.1", "::1"] }, "passes"],
    ["http://localhost/", ["127.0.0.1"], { localhost: ["127.0.0.1", "::1"] }, "refused"],
    ["http://example.com/", ["10.0.0.0/8"], { "example.com": ["93.184.216.34"] }, "passes"],
  ] as const)("%s with %j: %s", async (url, entries, table, outcome) => {
    const allow = new SsrfAllowlist(entries);
    const check = assertPublicUrl(url, tableLookup(table as unknown as Record<string, string[]>), allow);
    if (outcome === "passes") await expect(check).resolves.toBeInstanceOf(URL);
    else await expect(check).rejects.toThrow(MARKER);
  });

  it("an empty allowlist changes nothing: localhost is still refused", async () => {
    await expect(assertPublicUrl("http://localhost/", tableLookup({ localhost: ["127.0.0.1"] }), new SsrfAllowlist([]))).rejects.toThrow(MARKER);
  });
});
