/**
 * The endpoint was built by string concatenation, so `…/v1?api-version=X`
 * became `/v1?api-version=X/chat/completions`; and a credential in `baseURL` (`user:key@host`)
 * was copied into `ProviderError`, into `run.error`, and into lesson 10's output.
 */
import { inspect } from "node:util";
import fc from "fast-check";
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { OpenAICompatibleProvider, ProviderError, providerFromEnv } from "../../src/providers/openai-compatible.js";
import { redactURL } from "../../src/providers/redact.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { propertyConfig } from "../soak/runs.js";
import { completion, MESSAGES, modelServer, rejection } from "./harness.js";

const server = modelServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SECRET = "sk-live-0123456789abcdef";

/** Everything an error shows: message, stack, cause chain, JSON and inspect forms. */
function allText(error: unknown): string {
  const parts: string[] = [inspect(error, { depth: 10 })];
  let current: unknown = error;
  for (let i = 0; i < 10 && current instanceof Error; i++) {
    parts.push(current.message, current.stack ?? "");
    current = (current as { cause?: unknown }).cause;
  }
  try {
    parts.push(JSON.stringify(error));
  } catch {
    // not serialisable: the other forms are enough
  }
  return parts.join("\n");
}

describe("hostile input: URLs built with URL", () => {
  it("keeps the query of a base URL such as …/v1?api-version=X", async () => {
    let seen = "";
    server.use(
      http.post("https://azure.test/openai/v1/chat/completions", ({ request }) => {
        seen = request.url;
        return HttpResponse.json(completion({ content: "ok" }));
      }),
    );
    const provider = new OpenAICompatibleProvider({ baseURL: "https://azure.test/openai/v1/?api-version=2024-06-01", maxRetries: 0 });
    expect(provider.endpoint).toBe("https://azure.test/openai/v1/chat/completions?api-version=2024-06-01");
    await provider.chat({ model: "m", messages: MESSAGES, tools: [] });
    expect(seen).toBe("https://azure.test/openai/v1/chat/completions?api-version=2024-06-01");
  });

  it("drops a fragment and trailing slashes, and refuses what is not an http(s) URL", () => {
    expect(new OpenAICompatibleProvider({ baseURL: "http://h.test/v1///#frag" }).endpoint).toBe("http://h.test/v1/chat/completions");
    expect(new OpenAICompatibleProvider({ baseURL: "http://h.test" }).endpoint).toBe("http://h.test/chat/completions");
    expect(() => new OpenAICompatibleProvider({ baseURL: "localhost:11434/v1" })).toThrow(ProviderError);
    expect(() => new OpenAICompatibleProvider({ baseURL: "not a url" })).toThrow(/baseURL is not a valid URL/);
  });
});

describe("hostile input: credentials in baseURL are never printed", () => {
  const base = `https://me:${SECRET}@llm.test/v1`;

  it("sends them as Basic authentication, not in the URL", async () => {
    let seen: { url: string; auth: string | null } | undefined;
    server.use(
      http.post("https://llm.test/v1/chat/completions", ({ request }) => {
        seen = { url: request.url, auth: request.headers.get("authorization") };
        return HttpResponse.json(completion({ content: "ok" }));
      }),
    );
    const provider = new OpenAICompatibleProvider({ baseURL: base });
    await provider.chat({ model: "m", messages: MESSAGES, tools: [] });
    expect(seen).toEqual({ url: "https://llm.test/v1/chat/completions", auth: `Basic ${Buffer.from(`me:${SECRET}`).toString("base64")}` });
    expect(provider.endpoint).toBe("https://llm.test/v1/chat/completions");
    expect(inspect(provider, { depth: 5, showHidden: true })).not.toContain(SECRET);
  });

  it("keeps them out of a connection error, its cause, and run.error", async () => {
    server.use(http.post("https://llm.test/v1/chat/completions", () => HttpResponse.error()));
    const provider = new OpenAICompatibleProvider({ baseURL: base, maxRetries: 0 });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toMatch(/^Could not reach the model server at https:\/\/llm\.test\/v1\/chat\/completions: /);
    expect(allText(error)).not.toContain(SECRET);
    const run = await new AgentRunner().run({ provider, model: "m", tools: new ToolRegistry(), messages: MESSAGES });
    expect(run.stopReason).toBe("error");
    expect(run.error).toContain("Could not reach the model server at https://llm.test/v1/chat/completions");
    expect(JSON.stringify(run)).not.toContain(SECRET);
  });

  it("scrubs a key the server echoes in its error body, and a key in the query", async () => {
    server.use(
      http.post("https://llm.test/v1/chat/completions", () =>
        HttpResponse.json({ error: { message: `Incorrect API key provided: ${SECRET}`, code: "invalid_api_key" } }, { status: 401 }),
      ),
    );
    for (const provider of [
      new OpenAICompatibleProvider({ baseURL: base, maxRetries: 0 }),
      new OpenAICompatibleProvider({ baseURL: `https://llm.test/v1?api-key=${SECRET}&api-version=1`, maxRetries: 0 }),
      new OpenAICompatibleProvider({ baseURL: "https://llm.test/v1", apiKey: SECRET, maxRetries: 0 }),
    ]) {
      const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
      expect(error.message).toContain("HTTP 401");
      expect(error.message).toContain("Incorrect API key provided: ***");
      expect(allText(error)).not.toContain(SECRET);
      expect(provider.endpoint).not.toContain(SECRET);
    }
  });

  it("refuses a credential given twice, without printing it", () => {
    let caught: unknown;
    try {
      new OpenAICompatibleProvider({ baseURL: base, apiKey: "sk-other-key" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ProviderError);
    expect((caught as Error).message).toMatch(/holds a credential and apiKey is given too/);
    expect(allText(caught)).not.toContain(SECRET);
    expect(() => new OpenAICompatibleProvider({ baseURL: `http://u:${SECRET}@[::1`, maxRetries: 0 })).toThrow(/not a valid URL: http:\/\/\*\*\*@/);
  });

  it("redactURL hides user, password and secret query values, for any such values", () => {
    const secret = fc.stringMatching(/^[\w.~-]{6,30}$/).map((s) => `Zq${s}`);
    fc.assert(
      fc.property(secret, secret, secret, fc.boolean(), fc.constantFrom("api-key", "key", "access_token", "sig", "Token"), (user, password, value, withUser, param) => {
        const creds = withUser ? `${user}:${password}@` : "";
        const shown = redactURL(`https://${creds}llm.test/v1?${param}=${value}&api-version=2024-06-01`);
        if (withUser) {
          expect(shown).not.toContain(user);
          expect(shown).not.toContain(password);
          expect(shown).toContain("***:***@llm.test");
        }
        expect(shown).not.toContain(value);
        expect(shown).toContain(`${param}=***`);
        expect(shown).toContain("api-version=2024-06-01");
      }),
      propertyConfig("redactURL hides credentials", 500),
    );
    expect(redactURL("http://localhost:11434/v1")).toBe("http://localhost:11434/v1");
  });

  it("lesson 10 prints the base URL without its credential", async () => {
    const saved = { base: process.env["OPENAI_BASE_URL"], key: process.env["OPENAI_API_KEY"], model: process.env["MODEL"] };
    // Port 9 on loopback: nothing listens, so the real fetch fails at once, offline.
    process.env["OPENAI_BASE_URL"] = `http://me:${SECRET}@127.0.0.1:9/v1`;
    delete process.env["OPENAI_API_KEY"];
    process.env["MODEL"] = "m";
    server.close();
    const lines: string[] = [];
    const sink = (...parts: unknown[]): void => {
      lines.push(parts.map(String).join(" "));
    };
    const spies = (["log", "info", "warn", "error"] as const).map((k) => vi.spyOn(console, k).mockImplementation(sink));
    try {
      expect(providerFromEnv()).not.toBeNull();
      const { main } = (await import("../../lessons/10-observation-task/demo.js")) as { main: (args: string[]) => Promise<number> };
      await main([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
      for (const [name, value] of [
        ["OPENAI_BASE_URL", saved.base],
        ["OPENAI_API_KEY", saved.key],
        ["MODEL", saved.model],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      server.listen({ onUnhandledRequest: "error" });
    }
    const out = lines.join("\n");
    expect(out).toContain("http://***:***@127.0.0.1:9/v1");
    expect(out).not.toContain(SECRET);
  });
});
