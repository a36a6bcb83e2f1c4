/**
 * The observation task (lesson 10) end to end, through the real OpenAICompatibleProvider with msw
 * standing in for the model server: the model asks for a file that does not exist, reads the
 * error as a tool message, and answers in words.
 *
 * Set OPENAI_BASE_URL (and OPENAI_API_KEY, MODEL) to also run the task against a real server.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { OpenAICompatibleProvider } from "../../src/providers/openai-compatible.js";
import { ReadFileTool } from "../../src/tools/builtin/read-file.js";
import { WebFetchTool } from "../../src/tools/builtin/web-fetch.js";
import { RETRY_HINT, ToolRegistry } from "../../src/tools/registry.js";

// Captured before msw patches the global fetch, for the optional run against a real server.
const unpatchedFetch = globalThis.fetch;

const BASE = "http://model.test/v1";
const ENDPOINT = `${BASE}/chat/completions`;
const MISSING = "notes/does-not-exist.txt";
const TASK = `What does ${MISSING} say?`;
const FINAL = `I could not read ${MISSING}: the file does not exist. Could you check the path?`;

const server = setupServer();
let workspace = "";

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "observation-task-"));
  server.listen({ onUnhandledRequest: "error" });
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await rm(workspace, { recursive: true, force: true });
});

interface ChatBody {
  model: string;
  messages: ChatMessage[];
  tools?: { type: string; function: { name: string } }[];
}

function completion(message: Record<string, unknown>, finishReason: string): Record<string, unknown> {
  return { id: "cmpl", object: "chat.completion", choices: [{ index: 0, message, finish_reason: finishReason }] };
}

function toolCallAnswer(id: string, name: string, args: Record<string, unknown>): Record<string, unknown> {
  return completion(
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
    },
    "tool_calls",
  );
}

/** A model that asks for one tool call first, then answers in words; records every request body. */
function statefulModel(firstAnswer: Record<string, unknown>, finalText: string): ChatBody[] {
  const requests: ChatBody[] = [];
  server.use(
    http.post(ENDPOINT, async ({ request }) => {
      const body = (await request.json()) as ChatBody;
      requests.push(body);
      if (requests.length === 1) return HttpResponse.json(firstAnswer);
      return HttpResponse.json(completion({ role: "assistant", content: finalText }, "stop"));
    }),
  );
  return requests;
}

function registry(): ToolRegistry {
  const tools = new ToolRegistry();
  tools.register(new ReadFileTool({ workspace }));
  return tools;
}

describe("the observation task against a mocked model server", () => {
  it("the read_file error goes back to the model, which then answers in words", async () => {
    const requests = statefulModel(toolCallAnswer("call_1", "read_file", { path: MISSING }), FINAL);
    const provider = new OpenAICompatibleProvider({ baseURL: BASE, apiKey: "test-key" });

    const result = await new AgentRunner().run({
      provider,
      model: "mock-model",
      tools: registry(),
      messages: [{ role: "user", content: TASK }],
    });

    expect(result.stopReason).toBe("completed");
    expect(result.error).toBeNull();
    expect(result.finalContent).toBe(FINAL);
    expect(result.toolEvents).toHaveLength(1);
    expect(result.toolEvents[0]).toMatchObject({ name: "read_file", status: "error" });

    // First request: the task and the tool definitions.
    expect(requests).toHaveLength(2);
    const [first, second] = requests as [ChatBody, ChatBody];
    expect(first.model).toBe("mock-model");
    expect(first.messages).toEqual([{ role: "user", content: TASK }]);
    expect(first.tools?.map((t) => t.function.name)).toEqual(["read_file"]);

    // Second request: the assistant's call, then the tool message carrying the error.
    expect(second.messages).toHaveLength(3);
    expect(second.messages[0]).toEqual({ role: "user", content: TASK });
    expect(second.messages[1]).toMatchObject({
      role: "assistant",
      tool_calls: [{ id: "call_1", type: "function", function: { name: "read_file" } }],
    });
    expect(JSON.parse(second.messages[1]?.tool_calls?.[0]?.function.arguments ?? "null")).toEqual({ path: MISSING });
    const toolMessage = second.messages[2];
    expect(toolMessage).toMatchObject({ role: "tool", tool_call_id: "call_1", name: "read_file" });
    expect(toolMessage?.content).toMatch(/^Error: File not found: .*does-not-exist\.txt/);
    expect(toolMessage?.content?.endsWith(RETRY_HINT)).toBe(true);

    // The run's history is what the model saw, plus its final answer.
    expect(result.messages.slice(0, 3)).toEqual(second.messages);
    expect(result.messages[3]).toMatchObject({ role: "assistant", content: FINAL });
  });

  it("an SSRF refusal from web_fetch reaches the model as a boundary note, and the run completes", async () => {
    const requests = statefulModel(toolCallAnswer("call_w", "web_fetch", { url: "http://127.1/admin" }), "That address is internal, so I cannot fetch it.");
    const tools = new ToolRegistry();
    tools.register(new WebFetchTool({ lookup: async () => ["93.184.216.34"] }));

    const result = await new AgentRunner().run({
      provider: new OpenAICompatibleProvider({ baseURL: BASE }),
      model: "mock-model",
      tools,
      failOnToolError: true,
      messages: [{ role: "user", content: "Open http://127.1/admin" }],
    });

    expect(result.stopReason).toBe("completed");
    const toolMessage = requests[1]?.messages[2];
    expect(toolMessage).toMatchObject({ role: "tool", tool_call_id: "call_w", name: "web_fetch" });
    expect(toolMessage?.content).toContain("private/internal address 127.0.0.1");
    expect(toolMessage?.content).toContain("non-bypassable security boundary");
    expect(result.toolEvents[0]?.detail.startsWith("ssrf_violation:")).toBe(true);
  });
});

describe("model server failures end the run without rejecting", () => {
  const run = () =>
    new AgentRunner().run({
      provider: new OpenAICompatibleProvider({ baseURL: BASE, maxRetries: 0 }),
      model: "mock-model",
      tools: registry(),
      messages: [{ role: "user", content: TASK }],
    });

  it("HTTP 500 gives stopReason error naming the status", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.json({ error: { message: "overloaded" } }, { status: 500 })));
    const result = await run();
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatch(/HTTP 500/);
    expect(result.error).toMatch(/overloaded/);
    expect(result.toolsUsed).toEqual([]);
  });

  it("an HTTP 500 on the second turn keeps the first turn's history", async () => {
    let count = 0;
    server.use(
      http.post(ENDPOINT, () => {
        count++;
        if (count === 1) return HttpResponse.json(toolCallAnswer("call_1", "read_file", { path: MISSING }));
        return new HttpResponse("upstream timeout", { status: 500 });
      }),
    );
    const result = await run();
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatch(/HTTP 500: upstream timeout/);
    // the failed reply is stood in for by the placeholder, never replayed as said.
    expect(result.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(result.messages.at(-1)?.content).toBe("[Assistant reply unavailable due to model error.]");
  });

  it("a body that is not JSON gives stopReason error naming the problem", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.text("Bad Gateway")));
    const result = await run();
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatch(/not JSON/);
  });

  it("a dropped connection gives stopReason error naming the server", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.error()));
    const result = await run();
    expect(result.stopReason).toBe("error");
    expect(result.error).toContain(`Could not reach the model server at ${ENDPOINT}`);
  });
});

const live = process.env["OPENAI_BASE_URL"]?.trim() ?? "";

describe.skipIf(live === "")("the observation task against a real server (OPENAI_BASE_URL)", () => {
  it("completes, and any read_file of the missing path came back as an error", async () => {
    const apiKey = process.env["OPENAI_API_KEY"]?.trim();
    const provider = new OpenAICompatibleProvider({
      baseURL: live,
      fetch: unpatchedFetch,
      ...(apiKey ? { apiKey } : {}),
    });
    const result = await new AgentRunner().run({
      provider,
      model: process.env["MODEL"]?.trim() || "gpt-4o-mini",
      tools: registry(),
      maxIterations: 5,
      messages: [
        { role: "system", content: "Use the read_file tool to read files in the workspace." },
        { role: "user", content: TASK },
      ],
    });
    expect(result.error).toBeNull();
    expect(result.stopReason).toBe("completed");
    for (const message of result.messages.filter((m) => m.role === "tool")) {
      expect(message.content).toMatch(/^Error:/);
    }
  }, 120_000);
});
