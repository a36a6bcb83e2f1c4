/**
 * The SSRF allowlist: upstream's SSRF note tells the model that a user who
 * trusts a private URL can whitelist its IP/CIDR (`tools.ssrfWhitelist`). `WebFetchTool`'s
 * `ssrfAllowlist` is that setting: an allowlisted private address is fetched, also after a
 * redirect; every other private address is refused as before.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { SSRF_NOTE } from "../../src/agent/guards/refusal-kind.js";
import type { HostLookup } from "../../src/security/ssrf.js";
import { isToolErrorResult, ToolResult } from "../../src/tools/base.js";
import { WebFetchTool } from "../../src/tools/builtin/web-fetch.js";
import { registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const lookup: HostLookup = async (host) => (host === "nas.example" ? ["10.0.0.9"] : ["93.184.216.34"]);
const signal = new AbortController().signal;

describe("fidelity to upstream: WebFetchTool's ssrfAllowlist, upstream's tools.ssrfWhitelist", () => {
  it("an allowlisted private address is fetched", async () => {
    server.use(http.get("http://10.0.0.5/status", () => HttpResponse.text("all good")));
    const tool = new WebFetchTool({ lookup, ssrfAllowlist: ["10.0.0.5"] });
    expect(await tool.execute({ url: "http://10.0.0.5/status" }, { signal })).toBe("all good");
  });

  it("a name resolving into an allowlisted CIDR is fetched", async () => {
    server.use(http.get("http://nas.example/", () => HttpResponse.text("nas")));
    const tool = new WebFetchTool({ lookup, ssrfAllowlist: ["10.0.0.0/24"] });
    expect(await tool.execute({ url: "http://nas.example/" }, { signal })).toBe("nas");
  });

  it("a redirect to an allowlisted private address is followed", async () => {
    server.use(
      http.get("https://public.example/go", () => new HttpResponse(null, { status: 302, headers: { location: "http://10.0.0.5/inside" } })),
      http.get("http://10.0.0.5/inside", () => HttpResponse.text("inside")),
    );
    const tool = new WebFetchTool({ lookup, ssrfAllowlist: ["10.0.0.5/32"] });
    expect(await tool.execute({ url: "https://public.example/go" }, { signal })).toBe("inside");
  });

  it("a redirect to any other private address is still refused", async () => {
    server.use(http.get("https://public.example/go", () => new HttpResponse(null, { status: 302, headers: { location: "http://169.254.169.254/latest" } })));
    const tool = new WebFetchTool({ lookup, ssrfAllowlist: ["10.0.0.5"] });
    const result = await tool.execute({ url: "https://public.example/go" }, { signal });
    expect(isToolErrorResult(result)).toBe(true);
    expect((result as ToolResult).content).toBe("Error: Redirect blocked: Blocked: 169.254.169.254 resolves to private/internal address 169.254.169.254");
  });

  it("without the allowlist the same address is refused, and the model reads upstream's note", async () => {
    const tool = new WebFetchTool({ lookup });
    const provider = new ScriptedProvider([toolReply([toolCall("c1", "web_fetch", { url: "http://10.0.0.5/status" })]), textReply("blocked")]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(tool), messages: [{ role: "user", content: "go" }] });
    expect(result.messages[2]?.content).toBe("Error: URL validation failed: Blocked: 10.0.0.5 resolves to private/internal address 10.0.0.5\n\n" + SSRF_NOTE);
  });

  it("create(ctx) reads the allowlist from config.tools (ssrfAllowlist, or upstream's ssrfWhitelist)", async () => {
    server.use(http.get("http://10.0.0.5/", () => HttpResponse.text("ok")));
    for (const key of ["ssrfAllowlist", "ssrfWhitelist"]) {
      const tool = WebFetchTool.create({ workspace: "/tmp", lookup, config: { tools: { [key]: ["10.0.0.5"] } } }) as WebFetchTool;
      expect(tool.ssrfAllowlist.entries).toEqual(["10.0.0.5"]);
      expect(await tool.execute({ url: "http://10.0.0.5/" }, { signal })).toBe("ok");
    }
  });

  it("an entry that is not an IP or CIDR is a clear error when the tool is built", () => {
    expect(() => new WebFetchTool({ ssrfAllowlist: ["my-nas"] })).toThrow(/ssrfAllowlist: "my-nas" is not an IP address or CIDR/);
  });
});
