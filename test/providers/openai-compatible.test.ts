import { http, HttpResponse, delay } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OpenAICompatibleProvider, ProviderError, providerFromEnv, DEFAULT_MODEL } from "../../src/providers/openai-compatible.js";
import type { ChatMessage } from "../../src/providers/base.js";
import type { ToolDefinition } from "../../src/tools/base.js";

const BASE = "http://model.test/v1";
const ENDPOINT = `${BASE}/chat/completions`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const messages: ChatMessage[] = [{ role: "user", content: "Read notes.txt" }];
const readFileDef: ToolDefinition = {
  type: "function",
  function: {
    name: "read_file",
    description: "Read a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
};

function completion(message: Record<string, unknown>, finishReason: string | null = "stop"): Record<string, unknown> {
  return { id: "c1", object: "chat.completion", choices: [{ index: 0, message, finish_reason: finishReason }] };
}

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a rejection");
}

describe("OpenAICompatibleProvider: the request", () => {
  it("POSTs model, messages and tools as JSON to {baseURL}/chat/completions with a bearer token", async () => {
    let seen: { url: string; method: string; auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(ENDPOINT, async ({ request }) => {
        seen = {
          url: request.url,
          method: request.method,
          auth: request.headers.get("authorization"),
          type: request.headers.get("content-type"),
          body: await request.json(),
        };
        return HttpResponse.json(completion({ role: "assistant", content: "ok" }));
      }),
    );
    const provider = new OpenAICompatibleProvider({ baseURL: `${BASE}/`, apiKey: "sk-test" });
    await provider.chat({ model: "m1", messages, tools: [readFileDef] });
    expect(seen).toEqual({
      url: ENDPOINT,
      method: "POST",
      auth: "Bearer sk-test",
      type: "application/json",
      body: { model: "m1", messages, tools: [readFileDef] },
    });
    expect(provider.endpoint).toBe(ENDPOINT);
  });

  it("omits tools when there are none and sends no Authorization without a key", async () => {
    let body: Record<string, unknown> = {};
    let auth: string | null = "unset";
    server.use(
      http.post(ENDPOINT, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        auth = request.headers.get("authorization");
        return HttpResponse.json(completion({ role: "assistant", content: "ok" }));
      }),
    );
    await new OpenAICompatibleProvider({ baseURL: BASE }).chat({ model: "m1", messages, tools: [] });
    expect(body).toEqual({ model: "m1", messages });
    expect("tools" in body).toBe(false);
    expect(auth).toBeNull();
  });

  it("uses an injected fetch instead of the global one", async () => {
    const calls: string[] = [];
    const fake: typeof fetch = async (input) => {
      calls.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify(completion({ content: "from fake" })), { status: 200 });
    };
    const reply = await new OpenAICompatibleProvider({ baseURL: BASE, fetch: fake }).chat({ model: "m", messages, tools: [] });
    expect(calls).toEqual([ENDPOINT]);
    expect(reply.content).toBe("from fake");
  });
});

describe("OpenAICompatibleProvider: reading the answer", () => {
  it("reads content and finish_reason", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.json(completion({ role: "assistant", content: "Hello." }, "stop"))));
    const reply = await new OpenAICompatibleProvider({ baseURL: BASE }).chat({ model: "m", messages, tools: [] });
    expect(reply).toEqual({ content: "Hello.", toolCalls: [], finishReason: "stop" });
  });

  it("reads tool_calls into ToolCallRequests in order, arguments parsed", async () => {
    server.use(
      http.post(ENDPOINT, () =>
        HttpResponse.json(
          completion(
            {
              role: "assistant",
              content: null,
              tool_calls: [
                { id: "call_a", type: "function", function: { name: "read_file", arguments: '{"path":"a.txt"}' } },
                { id: "call_b", type: "function", function: { name: "list_dir", arguments: "" } },
              ],
            },
            "tool_calls",
          ),
        ),
      ),
    );
    const reply = await new OpenAICompatibleProvider({ baseURL: BASE }).chat({ model: "m", messages, tools: [readFileDef] });
    expect(reply.content).toBeNull();
    expect(reply.finishReason).toBe("tool_calls");
    expect(reply.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ["call_a", "read_file", { path: "a.txt" }],
      ["call_b", "list_dir", {}],
    ]);
  });

  it("keeps malformed argument text raw (no repair) and replays it verbatim", async () => {
    const raw = '{path: "a.txt",';
    server.use(
      http.post(ENDPOINT, () =>
        HttpResponse.json(completion({ content: null, tool_calls: [{ id: "c", type: "function", function: { name: "read_file", arguments: raw } }] }, "tool_calls")),
      ),
    );
    const reply = await new OpenAICompatibleProvider({ baseURL: BASE }).chat({ model: "m", messages, tools: [] });
    const call = reply.toolCalls[0];
    expect(call?.arguments).toBe(raw);
    expect(call?.toOpenAIToolCall().function.arguments).toBe(raw);
  });

  it("keeps a call without a name (name empty, so the runner can drop it) and gives a missing id a fresh one", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.json(completion({ content: null, tool_calls: [{ function: { arguments: "{}" } }] }, null))));
    const reply = await new OpenAICompatibleProvider({ baseURL: BASE }).chat({ model: "m", messages, tools: [] });
    expect(reply.toolCalls[0]?.hasValidName()).toBe(false);
    expect(reply.toolCalls[0]?.id).toMatch(/^[a-z0-9]{9}$/i);
    expect(reply.finishReason).toBe("tool_calls");
  });

  it("joins a content given as a list of text parts", async () => {
    server.use(
      http.post(ENDPOINT, () =>
        HttpResponse.json(
          completion({
            content: [
              { type: "text", text: "a" },
              { type: "text", text: "b" },
            ],
          }),
        ),
      ),
    );
    const reply = await new OpenAICompatibleProvider({ baseURL: BASE }).chat({ model: "m", messages, tools: [] });
    expect(reply.content).toBe("ab");
  });
});

describe("OpenAICompatibleProvider: failures reject with ProviderError", () => {
  const provider = new OpenAICompatibleProvider({ baseURL: BASE, maxRetries: 0 });
  const ask = (signal?: AbortSignal) => provider.chat({ model: "m", messages, tools: [], ...(signal ? { signal } : {}) });

  it("HTTP 500 names the status and quotes the start of the body", async () => {
    const body = `{"error":"boom"}${"x".repeat(500)}`;
    server.use(http.post(ENDPOINT, () => new HttpResponse(body, { status: 500 })));
    const error = await rejection(ask());
    expect(error.message).toBe(`Model server answered HTTP 500: ${body.slice(0, 200)}`);
    expect(error.status).toBe(500);
  });

  it("HTTP 401 names the status", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.json({ error: { message: "bad key" } }, { status: 401 })));
    expect((await rejection(ask())).message).toMatch(/^Model server answered HTTP 401: .*bad key/);
  });

  it("a body that is not JSON is named as such", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.text("<html>proxy error</html>")));
    expect((await rejection(ask())).message).toBe("Model server answer is not JSON: <html>proxy error</html>");
  });

  it("JSON without choices[0].message is named as such", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.json({ choices: [] })));
    expect((await rejection(ask())).message).toMatch(/has no choices\[0\]\.message/);
    server.use(http.post(ENDPOINT, () => HttpResponse.json({ object: "error" })));
    expect((await rejection(ask())).message).toMatch(/has no choices\[0\]\.message/);
  });

  it("a dropped connection names the server", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.error()));
    const error = await rejection(ask());
    expect(error.message).toMatch(new RegExp(`^Could not reach the model server at ${ENDPOINT.replace(/\./g, "\\.")}: `));
  });

  it("a fetch that throws a TypeError names the cause", async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:11434") });
    };
    const error = await rejection(new OpenAICompatibleProvider({ baseURL: BASE, fetch: failing }).chat({ model: "m", messages, tools: [] }));
    expect(error.message).toBe(`Could not reach the model server at ${ENDPOINT}: fetch failed (connect ECONNREFUSED 127.0.0.1:11434)`);
  });

  it("an abort rejects with an error that says so", async () => {
    server.use(
      http.post(ENDPOINT, async () => {
        await delay("infinite");
        return HttpResponse.json(completion({ content: "never" }));
      }),
    );
    const controller = new AbortController();
    const pending = ask(controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect((await rejection(pending)).message).toMatch(/aborted/);
  });

  it("an already aborted signal rejects without waiting", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.json(completion({ content: "x" }))));
    expect((await rejection(ask(AbortSignal.abort()))).message).toMatch(/aborted/);
  });
});

describe("providerFromEnv", () => {
  it("is null without OPENAI_BASE_URL", () => {
    expect(providerFromEnv({})).toBeNull();
    expect(providerFromEnv({ OPENAI_BASE_URL: "  ", MODEL: "x" })).toBeNull();
  });

  it("reads the base URL, key and model, with a default model", async () => {
    const fromEnv = providerFromEnv({ OPENAI_BASE_URL: BASE });
    expect(fromEnv?.model).toBe(DEFAULT_MODEL);
    expect(providerFromEnv({ OPENAI_BASE_URL: BASE, MODEL: "llama3.1" })?.model).toBe("llama3.1");

    let auth: string | null = null;
    server.use(
      http.post(ENDPOINT, ({ request }) => {
        auth = request.headers.get("authorization");
        return HttpResponse.json(completion({ content: "hi" }));
      }),
    );
    const withKey = providerFromEnv({ OPENAI_BASE_URL: BASE, OPENAI_API_KEY: "k" });
    await withKey?.provider.chat({ model: withKey.model, messages, tools: [] });
    expect(auth).toBe("Bearer k");
    expect(withKey?.provider).toBeInstanceOf(OpenAICompatibleProvider);
  });
});
