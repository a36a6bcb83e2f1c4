/**
 * A 429 used to end the run at once, and `Retry-After` was ignored. As
 * upstream's `chat_with_retry` does, 408, 409, 429 and 5xx are retried after 1, 2 and 4 s, or
 * after the server's `Retry-After` (plus 1 s); a 429 that says the quota is exhausted is not.
 * The waits go through an injected sleep, so these tests take no real time.
 */
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { DEFAULT_MAX_RETRIES, isRetryableStatus, OpenAICompatibleProvider, retryAfterMs } from "../../src/providers/openai-compatible.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { BASE, completion, ENDPOINT, MESSAGES, modelServer, rejection } from "./harness.js";

const server = modelServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A provider whose waits are recorded instead of slept. */
function recording(options: { maxRetries?: number; maxRetryWaitMs?: number } = {}): { provider: OpenAICompatibleProvider; waits: number[] } {
  const waits: number[] = [];
  const provider = new OpenAICompatibleProvider({
    baseURL: BASE,
    ...options,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { provider, waits };
}

/** Answers each request with the next of `answers`, counting requests. */
function sequence(answers: (() => Response)[]): { count: () => number } {
  let n = 0;
  server.use(
    http.post(ENDPOINT, () => {
      const answer = answers[Math.min(n, answers.length - 1)] as () => Response;
      n++;
      return answer();
    }),
  );
  return { count: () => n };
}

const ok = (): Response => HttpResponse.json(completion({ content: "done" }));
const status =
  (code: number, body: Record<string, unknown> = { error: { message: "try later" } }, headers: Record<string, string> = {}) =>
  (): Response =>
    HttpResponse.json(body, { status: code, headers });

describe("hostile input: provider retries", () => {
  it("defaults to 3 retries", () => {
    expect(DEFAULT_MAX_RETRIES).toBe(3);
    expect(new OpenAICompatibleProvider({ baseURL: BASE }).maxRetries).toBe(3);
  });

  it.each([408, 409, 429, 500, 502, 503, 504])("retries HTTP %i after 1, 2 and 4 s, then gives up with the last error", async (code) => {
    const calls = sequence([status(code)]);
    const { provider, waits } = recording();
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(calls.count()).toBe(4);
    expect(error.status).toBe(code);
    expect(error.message).toBe(`Model server answered HTTP ${code}: {"error":{"message":"try later"}} (gave up after 3 retries)`);
  });

  it("succeeds when a retry does, and the run completes", async () => {
    const calls = sequence([status(429), status(503), ok]);
    const { provider, waits } = recording();
    const result = await new AgentRunner().run({ provider, model: "m", tools: new ToolRegistry(), messages: MESSAGES });
    expect(result.stopReason).toBe("completed");
    expect(result.finalContent).toBe("done");
    expect(waits).toEqual([1_000, 2_000]);
    expect(calls.count()).toBe(3);
  });

  it("waits Retry-After (seconds, an HTTP date, or retry-after-ms) plus 1 s, as upstream", async () => {
    sequence([status(429, {}, { "retry-after": "7" }), status(503, {}, { "retry-after-ms": "2500" }), ok]);
    const { provider, waits } = recording();
    await provider.chat({ model: "m", messages: MESSAGES, tools: [] });
    expect(waits).toEqual([8_000, 3_500]);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), "", now)).toBe(30_000);
    expect(retryAfterMs(new Headers(), '{"error":{"message":"Rate limit reached. Please try again in 20s."}}')).toBe(20_000);
    expect(retryAfterMs(new Headers(), "nothing said")).toBeNull();
  });

  it("does not retry a 429 that says the quota or credit is exhausted", async () => {
    for (const body of [
      { error: { type: "insufficient_quota", message: "You exceeded your current quota" } },
      { error: { code: "billing_hard_limit_reached", message: "limit" } },
      { error: { message: "Your credit balance is too low: credit balance too low" } },
    ]) {
      const calls = sequence([status(429, body), ok]);
      const { provider, waits } = recording();
      const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
      expect(waits).toEqual([]);
      expect(calls.count()).toBe(1);
      expect(error.message).toMatch(/^Model server answered HTTP 429: /);
      server.resetHandlers();
    }
    expect(isRetryableStatus(429, '{"error":{"code":"rate_limit_exceeded"}}')).toBe(true);
    expect(isRetryableStatus(429, "")).toBe(true);
  });

  it.each([400, 401, 402, 403, 404, 422])("does not retry HTTP %i", async (code) => {
    const calls = sequence([status(code), ok]);
    const { provider, waits } = recording();
    await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(waits).toEqual([]);
    expect(calls.count()).toBe(1);
  });

  it("maxRetries: 0 turns retrying off; a larger one keeps waiting 4 s", async () => {
    const once = sequence([status(500)]);
    const off = recording({ maxRetries: 0 });
    const error = await rejection(off.provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toBe('Model server answered HTTP 500: {"error":{"message":"try later"}}');
    expect(off.waits).toEqual([]);
    expect(once.count()).toBe(1);
    server.resetHandlers();
    sequence([status(500)]);
    const five = recording({ maxRetries: 5 });
    await rejection(five.provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(five.waits).toEqual([1_000, 2_000, 4_000, 4_000, 4_000]);
  });

  it("a Retry-After longer than maxRetryWaitMs fails at once instead of hanging the run", async () => {
    const calls = sequence([status(429, {}, { "retry-after": "86400" }), ok]);
    const { provider, waits } = recording();
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(waits).toEqual([]);
    expect(calls.count()).toBe(1);
    expect(error.message).toMatch(/asked to retry after 86400 s, longer than the 60 s this provider waits/);
  });

  it("an abort during the wait ends the request as aborted", async () => {
    // Retry-After 30 s: only an abort that interrupts the wait can end the request soon.
    // Counted, not timed: a wait that ignored the abort would end after 31 s with a second request.
    const calls = sequence([status(503, {}, { "retry-after": "30" })]);
    const controller = new AbortController();
    const provider = new OpenAICompatibleProvider({ baseURL: BASE });
    const pending = provider.chat({ model: "m", messages: MESSAGES, tools: [], signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(pending);
    expect(error.message).toBe("The request to the model server was aborted");
    expect(calls.count()).toBe(1);
  });
});
