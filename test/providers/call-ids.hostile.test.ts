/**
 * The provider's half: a server that sends no call ids used to get `call_0`
 * from the provider on every turn, so turn 2's persisted result could point at turn 1's file.
 * A missing id now gets a fresh 9-character id, as upstream does, so ids never repeat in a run.
 */
import fc from "fast-check";
import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { newToolCallId, OpenAICompatibleProvider } from "../../src/providers/openai-compatible.js";
import { FakeTool } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { propertyConfig } from "../soak/runs.js";
import { BASE, completion, ENDPOINT, MESSAGES, modelServer } from "./harness.js";

const server = modelServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A tool that answers "echoed". */
const echo = (): FakeTool => new FakeTool({ name: "echo", description: "Echo.", result: "echoed" });

/** What a server may put where the id belongs when it has none. */
const missingId = fc.constantFrom<Record<string, unknown>>({}, { id: "" }, { id: null }, { id: 0 }, { id: {} });

describe("hostile input: call ids are unique within a run (provider half)", () => {
  it("a server that never sends ids gives distinct ids on every turn of a run", async () => {
    let turn = 0;
    server.use(
      http.post(ENDPOINT, () => {
        turn++;
        if (turn <= 3) {
          return HttpResponse.json(
            completion(
              { content: null, tool_calls: [{ type: "function", function: { name: "echo", arguments: "{}" } }, { function: { name: "echo", arguments: "{}" } }] },
              "tool_calls",
            ),
          );
        }
        return HttpResponse.json(completion({ content: "done" }));
      }),
    );
    const tools = new ToolRegistry();
    tools.register(echo());
    const result = await new AgentRunner().run({ provider: new OpenAICompatibleProvider({ baseURL: BASE }), model: "m", tools, messages: MESSAGES });
    expect(result.stopReason).toBe("completed");
    const ids = result.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(ids).not.toContain("call_0");
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{9}$/i);
  });

  it("never repeats a generated id, whatever stands in for the missing id (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(missingId, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), async (turns) => {
        let n = 0;
        const fake: typeof fetch = async () => {
          const calls = (turns[n++] ?? []).map((extra) => ({ ...extra, function: { name: "echo", arguments: "{}" } }));
          return new Response(JSON.stringify(completion({ content: null, tool_calls: calls }, "tool_calls")));
        };
        const provider = new OpenAICompatibleProvider({ baseURL: BASE, fetch: fake });
        const ids: string[] = [];
        for (let t = 0; t < turns.length; t++) {
          const reply = await provider.chat({ model: "m", messages: MESSAGES, tools: [] });
          ids.push(...reply.toolCalls.map((c) => c.id));
        }
        expect(ids.length).toBe(turns.flat().length);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(/^[a-z0-9]{9}$/i);
      }),
      propertyConfig("provider call ids unique", 500),
    );
  });

  it("keeps an id the server did send", async () => {
    server.use(
      http.post(ENDPOINT, () => HttpResponse.json(completion({ content: null, tool_calls: [{ id: "call_abc", function: { name: "echo", arguments: "{}" } }] }, "tool_calls"))),
    );
    const reply = await new OpenAICompatibleProvider({ baseURL: BASE }).chat({ model: "m", messages: MESSAGES, tools: [] });
    expect(reply.toolCalls[0]?.id).toBe("call_abc");
  });

  it("newToolCallId gives 9 alphanumeric characters", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const id = newToolCallId();
      expect(id).toMatch(/^[a-z0-9]{9}$/i);
      seen.add(id);
    }
    expect(seen.size).toBe(10_000);
  });
});
