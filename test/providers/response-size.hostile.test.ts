/**
 * A 64 MB answer used to be read whole. `maxResponseBytes` (default 16 MiB)
 * refuses a larger answer as soon as it is known to be larger, without reading the rest.
 */
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAX_RESPONSE_BYTES, OpenAICompatibleProvider } from "../../src/providers/openai-compatible.js";
import { BASE, completion, ENDPOINT, MESSAGES, modelServer, rejection } from "./harness.js";

const server = modelServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A body of `total` bytes in 64 KiB chunks, counting how many bytes were pulled from it. */
function bigBody(total: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const n = Math.min(chunk.byteLength, total - sent);
      sent += n;
      controller.enqueue(chunk.subarray(0, n));
    },
  });
  return { stream, pulled: () => sent };
}

describe("hostile input: provider answer size limit", () => {
  it("defaults to 16 MiB", () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(16 * 1024 * 1024);
    expect(new OpenAICompatibleProvider({ baseURL: BASE }).maxResponseBytes).toBe(16 * 1024 * 1024);
  });

  it("a 64 MB streamed answer without content-length is cut off just past the limit", async () => {
    const body = bigBody(64 * 1024 * 1024);
    server.use(http.post(ENDPOINT, () => new HttpResponse(body.stream)));
    const limit = 1024 * 1024;
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, maxResponseBytes: limit, maxRetries: 0 });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toBe(`The model server's answer is larger than maxResponseBytes (${limit} bytes); it was not read`);
    expect(error.status).toBe(200);
    // Reading stopped near the limit: far less than the 64 MB on offer (stream buffering allows a few chunks).
    expect(body.pulled()).toBeLessThan(limit * 4);
  });

  it("a declared content-length over the limit is refused before the body is read", async () => {
    const body = bigBody(8 * 1024 * 1024);
    server.use(http.post(ENDPOINT, () => new HttpResponse(body.stream, { headers: { "content-length": String(8 * 1024 * 1024) } })));
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, maxResponseBytes: 1024, maxRetries: 0 });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toMatch(/larger than maxResponseBytes \(1024 bytes\)/);
    expect(body.pulled()).toBeLessThan(1024 * 1024);
  });

  it("an error answer over the limit is refused the same way", async () => {
    server.use(http.post(ENDPOINT, () => new HttpResponse("x".repeat(5_000), { status: 500 })));
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, maxResponseBytes: 1_000, maxRetries: 0 });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toMatch(/larger than maxResponseBytes/);
  });

  it("an answer of exactly the limit is accepted", async () => {
    const json = JSON.stringify(completion({ content: "ok" }));
    server.use(http.post(ENDPOINT, () => new HttpResponse(json)));
    const bytes = new TextEncoder().encode(json).byteLength;
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, maxResponseBytes: bytes });
    expect((await provider.chat({ model: "m", messages: MESSAGES, tools: [] })).content).toBe("ok");
    const smaller = new OpenAICompatibleProvider({ baseURL: BASE, maxResponseBytes: bytes - 1, maxRetries: 0 });
    await rejection(smaller.chat({ model: "m", messages: MESSAGES, tools: [] }));
  });

  it("counts bytes, not characters", async () => {
    const json = JSON.stringify(completion({ content: "é".repeat(600) }));
    server.use(http.post(ENDPOINT, () => new HttpResponse(json)));
    expect(json.length).toBeLessThan(1_000);
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, maxResponseBytes: 1_000, maxRetries: 0 });
    await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
  });
});
