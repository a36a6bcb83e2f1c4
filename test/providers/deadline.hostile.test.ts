/**
 * A model server that sends its headers and then one byte every 50 ms used to
 * keep `run()` pending forever. `timeoutMs` bounds the whole request, body included.
 */
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { DEFAULT_TIMEOUT_MS, OpenAICompatibleProvider } from "../../src/providers/openai-compatible.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { completion, ENDPOINT, BASE, MESSAGES, modelServer, rejection } from "./harness.js";

const server = modelServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A body that never ends: one space every 50 ms, until the reader cancels it; `sent` counts the spaces. */
function drip(sent: { spaces: number } = { spaces: 0 }): ReadableStream<Uint8Array> {
  let timer: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"choices": ['));
      timer = setInterval(() => {
        sent.spaces++;
        controller.enqueue(new TextEncoder().encode(" "));
      }, 50);
    },
    cancel() {
      clearInterval(timer);
    },
  });
}

describe("hostile input: provider deadline", () => {
  it("defaults to 120 s", () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(120_000);
    expect(new OpenAICompatibleProvider({ baseURL: BASE }).timeoutMs).toBe(120_000);
  });

  it("a body dripping one byte every 50 ms ends the run with an error within the deadline", async () => {
    const sent = { spaces: 0 };
    server.use(http.post(ENDPOINT, () => new HttpResponse(drip(sent), { headers: { "content-type": "application/json" } })));
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs: 400, maxRetries: 0 });
    const started = Date.now();
    const result = await new AgentRunner().run({ provider, model: "m", tools: new ToolRegistry(), messages: MESSAGES });
    const elapsed = Date.now() - started;
    expect(result.stopReason).toBe("error");
    expect(result.error).toContain(`did not answer within 400 ms`);
    // The body never ends, so only the deadline can end the run: it did, while the body was
    // still arriving (no upper bound on the time, which a busy machine would stretch).
    expect(sent.spaces).toBeGreaterThan(0);
    expect(elapsed).toBeGreaterThanOrEqual(350);
  });

  it("a server that never sends headers hits the same deadline", async () => {
    server.use(http.post(ENDPOINT, () => new Promise<Response>(() => undefined)));
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs: 300, maxRetries: 0 });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toBe(`The model server at ${ENDPOINT} did not answer within 300 ms`);
  });

  it("a fetch that ignores its signal is still cut off at the deadline", async () => {
    const stuck: typeof fetch = () => new Promise<Response>(() => undefined);
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs: 200, maxRetries: 0, fetch: stuck });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toMatch(/did not answer within 200 ms/);
  });

  it("the caller's abort still reads as an abort, not a timeout", async () => {
    server.use(http.post(ENDPOINT, () => new HttpResponse(drip())));
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs: 10_000, maxRetries: 0 });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [], signal: AbortSignal.timeout(150) }));
    expect(error.message).toBe("The request to the model server was aborted");
  });

  it("an answer within the deadline is read as before", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.json(completion({ content: "fine" }))));
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs: 5_000 });
    expect((await provider.chat({ model: "m", messages: MESSAGES, tools: [] })).content).toBe("fine");
  });

  it("refuses a deadline that is not a positive, finite number, and clamps one over 2^31−1 ms", () => {
    for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs })).toThrow(RangeError);
      expect(() => new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs })).toThrow(/^timeoutMs must be a positive, finite number of milliseconds/);
    }
    expect(new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs: 2 ** 40 }).timeoutMs).toBe(2 ** 31 - 1);
  });

  it("a deadline over 2^31−1 ms does not fire at once: an answer that takes a moment is read", async () => {
    // Node fires a timer longer than 2^31−1 ms after 1 ms; the answer takes longer than that.
    server.use(http.post(ENDPOINT, async () => (await new Promise((r) => setTimeout(r, 30)), HttpResponse.json(completion({ content: "fine" })))));
    for (const timeoutMs of [Number.MAX_SAFE_INTEGER, 60_000 / 7]) {
      const provider = new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs, maxRetries: 0 });
      expect((await provider.chat({ model: "m", messages: MESSAGES, tools: [] })).content).toBe("fine");
    }
  });
});
