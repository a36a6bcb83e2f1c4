/**
 * The mocked model: an in-process msw server answering the real `OpenAICompatibleProvider`'s
 * HTTP requests, as lesson 10 does, so the request bodies compared are the ones a real server
 * would receive. Each run sends its own model name; the server answers it from that run's script
 * and keeps every body it received.
 *
 * @module
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { ScriptedReply } from "./scenarios.js";

/** The mocked model's address. */
export const MOCK_BASE_URL = "http://capstone-model.test/v1";

/** One run the mocked model answers: its script, and the bodies it received. */
interface Script {
  replies: ScriptedReply[];
  bodies: unknown[];
}

/** A running mocked model. */
export interface MockModel {
  /** Answers requests for `model` from `replies`; returns the list its request bodies are kept in. */
  script(model: string, replies: ScriptedReply[]): unknown[];
  /** Stops answering. */
  close(): void;
}

/** The OpenAI-style answer for one scripted reply. */
function answer(reply: ScriptedReply | undefined, turn: number): Record<string, unknown> {
  const message =
    reply === undefined
      ? { role: "assistant", content: "(the script has no more replies)" }
      : "text" in reply
        ? { role: "assistant", content: reply.text }
        : { role: "assistant", content: null, tool_calls: reply.calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })) };
  const finish = reply !== undefined && "calls" in reply ? "tool_calls" : "stop";
  return { id: `chatcmpl-${turn}`, object: "chat.completion", choices: [{ index: 0, finish_reason: finish, message }] };
}

/** Starts the mocked model. Requests to any other address pass through untouched. */
export function startMockModel(): MockModel {
  const scripts = new Map<string, Script>();
  const server = setupServer(
    http.post(`${MOCK_BASE_URL}/chat/completions`, async ({ request }) => {
      const body = (await request.json()) as { model?: unknown; messages?: Array<{ role?: unknown }> };
      const script = typeof body.model === "string" ? scripts.get(body.model) : undefined;
      if (script === undefined) return HttpResponse.json({ error: { message: `no script for model ${String(body.model)}` } }, { status: 404 });
      script.bodies.push(body);
      // The turn is the number of assistant messages already in the conversation.
      const turn = (body.messages ?? []).filter((m) => m.role === "assistant").length;
      return HttpResponse.json(answer(script.replies[turn], turn));
    }),
  );
  server.listen({ onUnhandledRequest: "bypass" });
  return {
    script(model, replies) {
      const bodies: unknown[] = [];
      scripts.set(model, { replies, bodies });
      return bodies;
    },
    close: () => server.close(),
  };
}
