import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ToolResult, isToolErrorResult, type Tool } from "../../../src/tools/base.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { WebFetchTool, htmlToText } from "../../../src/tools/builtin/web-fetch.js";
import type { HostLookup } from "../../../src/security/ssrf.js";

const MARKER = "private/internal address";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Every test name resolves to a public documentation-free address; no real DNS is done. */
const publicLookup: HostLookup = async (host) => {
  if (host === "internal.example") return ["10.0.0.7"];
  if (host === "localhost") return ["127.0.0.1", "::1"];
  return ["93.184.216.34"];
};

function tool(options: ConstructorParameters<typeof WebFetchTool>[0] = {}): WebFetchTool {
  return new WebFetchTool({ lookup: publicLookup, ...options });
}

const run = (t: Tool, url: unknown, signal: AbortSignal = new AbortController().signal) => t.execute({ url }, { signal });

function errorText(result: unknown): string {
  expect(isToolErrorResult(result)).toBe(true);
  return (result as ToolResult).content;
}

describe("web_fetch: the tool contract", () => {
  it("is named web_fetch, read-only and concurrency-safe, with a required url", () => {
    const t = new WebFetchTool();
    expect(t.name).toBe("web_fetch");
    expect(t.readOnly).toBe(true);
    expect(t.concurrencySafe).toBe(true);
    expect(t.exclusive).toBe(false);
    expect(t.parameters).toMatchObject({ type: "object", required: ["url"], properties: { url: { type: "string" } } });
    expect(t.maxBytes).toBe(200_000);
    expect(t.maxRedirects).toBe(5);
    const registry = new ToolRegistry();
    registry.register(t);
    expect(registry.prepareCall("web_fetch", {}).error?.content).toMatch(/missing required url/);
  });

  it("create(ctx) works without extras and picks up ctx.fetch and ctx.lookup", async () => {
    expect(WebFetchTool.create({ workspace: "/tmp" })).toBeInstanceOf(WebFetchTool);
    const seen: string[] = [];
    const fake: typeof fetch = async (input) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return new Response("from ctx", { status: 200, headers: { "content-type": "text/plain" } });
    };
    const t = WebFetchTool.create({ workspace: "/tmp", fetch: fake, lookup: publicLookup });
    expect(await run(t, "https://ctx.example/")).toBe("from ctx");
    expect(seen).toEqual(["https://ctx.example/"]);
  });
});

describe("web_fetch: fetching", () => {
  it("returns the text of a public page", async () => {
    server.use(http.get("https://example.com/notes.txt", () => HttpResponse.text("plain notes\nline 2")));
    expect(await run(tool(), "https://example.com/notes.txt")).toBe("plain notes\nline 2");
  });

  it("reduces HTML to text", async () => {
    server.use(
      http.get("https://example.com/", () =>
        HttpResponse.html("<html><head><title>Hi</title><style>p{}</style><script>x()</script></head><body><p>One &amp; two</p><p>Three</p></body></html>"),
      ),
    );
    expect(await run(tool(), "https://example.com/")).toBe("Hi\nOne & two\nThree");
  });

  it("follows a redirect to another public page, checking the new host too", async () => {
    const asked: string[] = [];
    const lookup: HostLookup = async (host) => {
      asked.push(host);
      return ["93.184.216.34"];
    };
    server.use(
      http.get("https://old.example/a", () => new HttpResponse(null, { status: 301, headers: { location: "https://new.example/b" } })),
      http.get("https://new.example/b", () => HttpResponse.text("moved here")),
    );
    expect(await run(tool({ lookup }), "https://old.example/a")).toBe("moved here");
    expect(asked).toEqual(["old.example", "new.example"]);
  });

  it("resolves a relative Location against the current URL", async () => {
    server.use(
      http.get("https://example.com/dir/a", () => new HttpResponse(null, { status: 302, headers: { location: "../b" } })),
      http.get("https://example.com/b", () => HttpResponse.text("relative ok")),
    );
    expect(await run(tool(), "https://example.com/dir/a")).toBe("relative ok");
  });
});

describe("web_fetch: the address guard", () => {
  it.each(["http://127.0.0.1/", "http://127.1/", "http://2130706433/", "http://0x7f.1/", "http://[::ffff:127.0.0.1]/", "http://localhost:3000/", "http://internal.example/"])(
    "%s is refused before any request, with the marker",
    async (url) => {
      // No handler is installed: any request would fail the test (onUnhandledRequest: "error").
      const result = await run(tool(), url);
      const text = errorText(result);
      expect(text.startsWith("Error: URL validation failed: Blocked: ")).toBe(true);
      expect(text).toContain(MARKER);
      expect((result as ToolResult).code).toBe("ssrf");
    },
  );

  it("a redirect to http://127.0.0.1/ is refused with the marker and never requested", async () => {
    server.use(http.get("https://example.com/go", () => new HttpResponse(null, { status: 302, headers: { location: "http://127.0.0.1/admin" } })));
    const text = errorText(await run(tool(), "https://example.com/go"));
    expect(text).toBe("Error: Redirect blocked: Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1");
  });

  it("a redirect to a name that resolves privately is refused", async () => {
    server.use(http.get("https://example.com/go", () => new HttpResponse(null, { status: 307, headers: { location: "http://internal.example/" } })));
    expect(errorText(await run(tool(), "https://example.com/go"))).toContain(MARKER);
  });

  it("other refusals are errors without the marker", async () => {
    const result = await run(tool(), "file:///etc/passwd");
    const text = errorText(result);
    expect(text).toBe("Error: URL validation failed: Only http/https allowed, got 'file'");
    expect((result as ToolResult).code).toBeUndefined();
  });
});

describe("web_fetch: limits and failures", () => {
  it("stops after maxRedirects in a redirect loop", async () => {
    let hits = 0;
    server.use(
      http.get("https://loop.example/", () => {
        hits++;
        return new HttpResponse(null, { status: 302, headers: { location: "https://loop.example/" } });
      }),
    );
    const text = errorText(await run(tool({ maxRedirects: 3 }), "https://loop.example/"));
    expect(text).toBe("Error: Too many redirects: exceeded limit of 3");
    expect(hits).toBe(4);
  });

  it("cuts the body at maxBytes with a note", async () => {
    server.use(http.get("https://big.example/", () => HttpResponse.text("a".repeat(5000))));
    const result = await run(tool({ maxBytes: 1000 }), "https://big.example/");
    expect(result).toBe(`${"a".repeat(1000)}\n\n[content cut at 1000 bytes]`);
  });

  it("cuts a streamed body without reading all of it", async () => {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new TextEncoder().encode("x".repeat(100)));
        if (pulls > 1000) controller.close();
      },
    });
    server.use(http.get("https://stream.example/", () => new HttpResponse(stream, { headers: { "content-type": "text/plain" } })));
    const result = await run(tool({ maxBytes: 250 }), "https://stream.example/");
    expect(result).toBe(`${"x".repeat(250)}\n\n[content cut at 250 bytes]`);
    expect(pulls).toBeLessThan(50);
  });

  it("a body within the limit is not cut", async () => {
    server.use(http.get("https://small.example/", () => HttpResponse.text("b".repeat(1000))));
    expect(await run(tool({ maxBytes: 1000 }), "https://small.example/")).toBe("b".repeat(1000));
  });

  it.each([404, 500, 503])("HTTP %i is an error naming the status", async (status) => {
    server.use(http.get("https://example.com/x", () => new HttpResponse("nope", { status })));
    expect(errorText(await run(tool(), "https://example.com/x"))).toMatch(new RegExp(`^Error: HTTP ${status}\\b.*https://example\\.com/x`));
  });

  it("a dropped connection is an error result", async () => {
    server.use(http.get("https://example.com/drop", () => HttpResponse.error()));
    expect(errorText(await run(tool(), "https://example.com/drop"))).toMatch(/^Error: could not fetch https:\/\/example\.com\/drop/);
  });

  it("honours the abort signal while waiting for the server", async () => {
    server.use(
      http.get("https://slow.example/", async () => {
        await delay("infinite");
        return HttpResponse.text("never");
      }),
    );
    const controller = new AbortController();
    const pending = run(tool(), "https://slow.example/", controller.signal);
    setTimeout(() => controller.abort(new Error("call timed out")), 20);
    await expect(pending).rejects.toThrow("call timed out");
  });

  it("does nothing when the signal is already aborted", async () => {
    await expect(run(tool(), "https://example.com/", AbortSignal.abort())).rejects.toThrow();
  });
});

describe("htmlToText", () => {
  it("drops comments and decodes numeric entities", () => {
    expect(htmlToText("<!-- hidden --><b>caf&#233; &#x41;</b>")).toBe("café A");
  });
});
