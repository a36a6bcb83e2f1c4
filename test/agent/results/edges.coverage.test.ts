/**
 * Small edges the main tests pass by: how odd tool results are described, how the scripted model
 * records a request it cannot clone, and how the model server client reports a connection that
 * fails before or during the answer.
 */
import { describe, expect, it } from "vitest";
import { toolResultToText } from "../../../src/agent/results/result-text.js";
import { ScriptedProvider } from "../../../src/testing/index.js";
import type { ChatMessage } from "../../../src/providers/base.js";
import { OpenAICompatibleProvider } from "../../../src/providers/openai-compatible.js";

describe("coverage: odd tool results as text", () => {
  it("names a function, or calls it anonymous", () => {
    expect(toolResultToText(function namedResult() {})).toBe("[function namedResult]");
    expect(toolResultToText(Object.defineProperty(() => 1, "name", { value: "" }))).toBe("[function (anonymous)]");
  });

  it("keeps scalars and symbols readable", () => {
    expect(toolResultToText(12n)).toBe("12");
    expect(toolResultToText(Symbol("s"))).toBe("Symbol(s)");
    expect(toolResultToText(false)).toBe("false");
  });
});

describe("coverage: the scripted model's record of requests", () => {
  it("keeps a copy of a request even when it holds something structuredClone refuses", async () => {
    const provider = new ScriptedProvider([{ content: "ok", toolCalls: [], finishReason: "stop" }]);
    const odd = { role: "user", content: "hi", extra: () => 1 } as unknown as ChatMessage;
    await provider.chat({ model: "m", messages: [odd], tools: [] });
    expect(provider.requests[0]?.messages[0]).toEqual({ role: "user", content: "hi" });
  });
});

describe("coverage: the model server client when the connection fails", () => {
  const request = { model: "m", messages: [{ role: "user" as const, content: "hi" }], tools: [] };

  it("says it could not reach the server, with the underlying cause", async () => {
    const provider = new OpenAICompatibleProvider({
      baseURL: "http://model.test/v1/",
      fetch: () => Promise.reject(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") })),
    });
    await expect(provider.chat(request)).rejects.toThrow(
      /Could not reach the model server at http:\/\/model\.test\/v1\/chat\/completions: fetch failed \(connect ECONNREFUSED\)/,
    );
  });

  it("says the connection dropped when the body cannot be read", async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("socket hang up"));
      },
    });
    const provider = new OpenAICompatibleProvider({
      baseURL: "http://model.test/v1",
      fetch: () => Promise.resolve(new Response(body, { status: 200, headers: { "content-type": "application/json" } })),
    });
    await expect(provider.chat(request)).rejects.toThrow(/dropped while reading the answer: socket hang up/);
  });
});
