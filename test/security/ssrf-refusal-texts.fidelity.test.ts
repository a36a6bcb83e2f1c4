/**
 * `web_fetch`'s refusals against upstream's. The words are upstream's: each expected text below is
 * the `error` upstream's `WebFetchTool.execute` returned for the same URL, with name lookups
 * answered from the same table (redirect targets: upstream's `Redirect blocked: ` and its check of
 * the joined URL). The form is a listed difference: upstream returns a successful result whose
 * text is JSON, `{"error": "...", "url": "..."}`, so its runner adds nothing; here the refusal is
 * an error result, `Error: ` and upstream's words, and a private target's carries the `ssrf` code,
 * so the runner adds upstream's SSRF note.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { isToolErrorResult, type ToolResult } from "../../src/tools/base.js";
import { WebFetchTool } from "../../src/tools/builtin/web-fetch.js";
import { SSRF_NOTE } from "../../src/agent/guards/refusal-kind.js";
import type { HostLookup } from "../../src/security/ssrf.js";
import { registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";

const TABLE: Record<string, string[]> = {
  localhost: ["127.0.0.1", "::1"],
  "localhost.": ["127.0.0.1", "::1"],
  "internal.example": ["10.0.0.7"],
  "mixed.example": ["93.184.216.34", "192.168.1.2"],
  "example.com": ["93.184.216.34"],
  "public.example": ["93.184.216.34"],
  "v6.example": ["::1"],
  "mapped.example": ["::ffff:192.168.0.1"],
};
const lookup: HostLookup = async (host) => {
  const answers = TABLE[host];
  if (answers === undefined) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  return answers;
};

/** [url, upstream's error text, whether it is a private target]. */
const REFUSALS: [string, string, boolean][] = [
  ["http://127.0.0.1/", "URL validation failed: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1", true],
  ["http://localhost:3000/", "URL validation failed: Blocked: localhost resolves to private/internal address 127.0.0.1", true],
  ["http://LOCALHOST./", "URL validation failed: Blocked: localhost. resolves to private/internal address 127.0.0.1", true],
  ["http://0x7f.1/", "URL validation failed: Blocked: 0x7f.1 resolves to private/internal address 127.0.0.1", true],
  ["http://2130706433/", "URL validation failed: Blocked: 2130706433 resolves to private/internal address 127.0.0.1", true],
  ["http://127.1/", "URL validation failed: Blocked: 127.1 resolves to private/internal address 127.0.0.1", true],
  ["http://0177.0.0.1/", "URL validation failed: Blocked: 0177.0.0.1 resolves to private/internal address 127.0.0.1", true],
  ["http://0/", "URL validation failed: Blocked: 0 resolves to private/internal address 0.0.0.0", true],
  ["http://[::]/", "URL validation failed: Blocked: :: resolves to private/internal address ::", true],
  ["http://[::1]/", "URL validation failed: Blocked: ::1 resolves to private/internal address ::1", true],
  ["http://[::ffff:127.0.0.1]/", "URL validation failed: Blocked: ::ffff:127.0.0.1 resolves to private/internal address ::ffff:7f00:1", true],
  ["http://internal.example/", "URL validation failed: Blocked: internal.example resolves to private/internal address 10.0.0.7", true],
  ["http://mixed.example/", "URL validation failed: Blocked: mixed.example resolves to private/internal address 192.168.1.2", true],
  ["http://v6.example/", "URL validation failed: Blocked: v6.example resolves to private/internal address ::1", true],
  ["http://mapped.example/", "URL validation failed: Blocked: mapped.example resolves to private/internal address ::ffff:c0a8:1", true],
  ["http://user@127.0.0.1/", "URL validation failed: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1", true],
  ["http://example.com@127.0.0.1/", "URL validation failed: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1", true],
  ["  http://127.0.0.1/  ", "URL validation failed: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1", true],
  ["`http://127.0.0.1/`", "URL validation failed: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1", true],
  ["HTTP://127.0.0.1/", "URL validation failed: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1", true],
  ["ftp://example.com/file", "URL validation failed: Only http/https allowed, got 'ftp'", false],
  ["file:///etc/passwd", "URL validation failed: Only http/https allowed, got 'file'", false],
  ["javascript:alert(1)", "URL validation failed: Only http/https allowed, got 'javascript'", false],
  ["not a url", "URL validation failed: Only http/https allowed, got 'none'", false],
  ["example.com/x", "URL validation failed: Only http/https allowed, got 'none'", false],
  ["localhost:8080", "URL validation failed: Only http/https allowed, got 'localhost'", false],
  ["http:///path", "URL validation failed: Missing domain", false],
  ["http://", "URL validation failed: Missing domain", false],
  ["https:", "URL validation failed: Missing domain", false],
  ["http://:80/", "URL validation failed: Missing hostname", false],
  ["http://[::1/", "URL validation failed: Invalid IPv6 URL", false],
  ["http://[::g]/", "URL validation failed: '::g' does not appear to be an IPv4 or IPv6 address", false],
  ["http://[127.0.0.1]/", "URL validation failed: An IPv4 address cannot be in brackets", false],
  ["http://nowhere.example/", "URL validation failed: Cannot resolve hostname: nowhere.example", false],
  ["http://exa mple.com/", "URL validation failed: Cannot resolve hostname: exa mple.com", false],
  ["http://[fe80::1%25eth0]/", "URL validation failed: Cannot resolve hostname: fe80::1%25eth0", false],
];

/** [Location, upstream's error text] for a redirect from https://public.example/go. */
const REDIRECTS: [string, string][] = [
  ["http://127.0.0.1/admin", "Redirect blocked: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1"],
  ["http://localhost:8080/", "Redirect blocked: Blocked: localhost resolves to private/internal address 127.0.0.1"],
  ["http://0x7f.1/", "Redirect blocked: Blocked: 0x7f.1 resolves to private/internal address 127.0.0.1"],
  ["//0x7f.1/x", "Redirect blocked: Blocked: 0x7f.1 resolves to private/internal address 127.0.0.1"],
  ["http://internal.example/", "Redirect blocked: Blocked: internal.example resolves to private/internal address 10.0.0.7"],
  ["http://[::ffff:127.0.0.1]/", "Redirect blocked: Blocked: ::ffff:127.0.0.1 resolves to private/internal address ::ffff:7f00:1"],
  ["http://169.254.169.254/latest", "Redirect blocked: Blocked: 169.254.169.254 resolves to private/internal address 169.254.169.254"],
  ["ftp://public.example/", "Redirect blocked: Only http/https allowed, got 'ftp'"],
];

const requested: string[] = [];
const server = setupServer(
  http.get("https://public.example/go", ({ request }) => {
    requested.push(request.url);
    const to = new URL(request.url).searchParams.get("to") ?? "/";
    return new HttpResponse(null, { status: 302, headers: { location: to } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: (request) => void requested.push(`UNHANDLED ${request.url}`) }));
afterEach(() => {
  requested.length = 0;
});
afterAll(() => server.close());

const signal = new AbortController().signal;

async function refused(url: string): Promise<ToolResult> {
  const result = await new WebFetchTool({ lookup }).execute({ url }, { signal });
  expect(isToolErrorResult(result)).toBe(true);
  return result as ToolResult;
}

describe("fidelity to upstream: web_fetch refusals: upstream's words, as an error result", () => {
  it.each(REFUSALS)("%j", async (url, upstream, privateTarget) => {
    const result = await refused(url);
    expect(result.content).toBe(`Error: ${upstream}`);
    expect(result.code).toBe(privateTarget ? "ssrf" : undefined);
    expect(requested).toEqual([]);
  });

  it.each(REDIRECTS)("a redirect to %j", async (location, upstream) => {
    const result = await refused(`https://public.example/go?to=${encodeURIComponent(location)}`);
    expect(result.content).toBe(`Error: ${upstream}`);
    expect(requested.every((url) => url.startsWith("https://public.example/go"))).toBe(true);
  });

  it("the form: upstream's success holding JSON, the workbook's error with the SSRF note", async () => {
    const upstreamResult = '{"error": "URL validation failed: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1", "url": "http://127.0.0.1/"}';
    const words = (JSON.parse(upstreamResult) as { error: string }).error;
    const provider = new ScriptedProvider([toolReply([toolCall("c1", "web_fetch", { url: "http://127.0.0.1/" })]), textReply("ok")]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(new WebFetchTool({ lookup })), messages: [{ role: "user", content: "go" }] });
    expect(result.messages[2]?.content).toBe(`Error: ${words}\n\n${SSRF_NOTE}`);
    expect(result.toolEvents[0]?.status).toBe("error");
  });
});
