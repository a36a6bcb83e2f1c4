/**
 * `tool_calls` sent as an object used to end the run as "completed" with null
 * content, the calls silently dropped. It is now a provider error that names the field.
 */
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { OpenAICompatibleProvider } from "../../src/providers/openai-compatible.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { BASE, completion, ENDPOINT, MESSAGES, modelServer, rejection } from "./harness.js";

const server = modelServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const provider = new OpenAICompatibleProvider({ baseURL: BASE, maxRetries: 0 });
const answer = (message: Record<string, unknown>): void => {
  server.use(http.post(ENDPOINT, () => HttpResponse.json(completion(message, "tool_calls"))));
};

describe("hostile input: tool_calls that is not a list", () => {
  it("an object instead of a list is a provider error, and the run stops with error", async () => {
    answer({ content: null, tool_calls: { id: "c1", type: "function", function: { name: "read_file", arguments: "{}" } } });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toMatch(/^Model server answer's choices\[0\]\.message\.tool_calls must be a list, got object: \{"id":"c1"/);
    const run = await new AgentRunner().run({ provider, model: "m", tools: new ToolRegistry(), messages: MESSAGES });
    expect(run.stopReason).toBe("error");
    expect(run.error).toContain("tool_calls must be a list, got object");
  });

  it.each([
    ["a string", "read_file", "string"],
    ["a number", 3, "number"],
    ["true", true, "boolean"],
  ])("%s instead of a list is a provider error", async (_label, value, type) => {
    answer({ content: null, tool_calls: value });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toContain(`tool_calls must be a list, got ${type}`);
  });

  it("an entry that is not an object is a provider error naming its index", async () => {
    answer({ content: null, tool_calls: [{ id: "a", function: { name: "x", arguments: "{}" } }, "read_file"] });
    const error = await rejection(provider.chat({ model: "m", messages: MESSAGES, tools: [] }));
    expect(error.message).toBe("Model server answer's choices[0].message.tool_calls[1] must be an object, got string");
  });

  it("null, a missing field and an empty list still mean no calls", async () => {
    for (const message of [{ content: "hi", tool_calls: null }, { content: "hi" }, { content: "hi", tool_calls: [] }]) {
      answer(message);
      const reply = await provider.chat({ model: "m", messages: MESSAGES, tools: [] });
      expect(reply.toolCalls).toEqual([]);
      expect(reply.content).toBe("hi");
      server.resetHandlers();
    }
  });
});
