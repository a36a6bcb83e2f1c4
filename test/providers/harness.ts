/**
 * Shared pieces of the model-server tests: an msw server, a completion body, and a helper that
 * expects a {@link ProviderError} rejection.
 */
import { setupServer } from "msw/node";
import { expect } from "vitest";
import { ProviderError } from "../../src/providers/openai-compatible.js";
import type { ChatMessage } from "../../src/providers/base.js";

/** The mocked model server's API root. */
export const BASE = "http://model.test/v1";
/** Its chat-completions endpoint. */
export const ENDPOINT = `${BASE}/chat/completions`;
/** One user message. */
export const MESSAGES: ChatMessage[] = [{ role: "user", content: "Hi" }];

/** A fresh msw server; call `listen` in `beforeAll`. */
export function modelServer(): ReturnType<typeof setupServer> {
  return setupServer();
}

/** A chat completion whose first choice is `message`. */
export function completion(message: Record<string, unknown>, finishReason: string | null = "stop"): Record<string, unknown> {
  return { id: "c1", object: "chat.completion", choices: [{ index: 0, message, finish_reason: finishReason }] };
}

/** Awaits `promise`, expects it to reject with a ProviderError, and returns that error. */
export async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a rejection");
}
