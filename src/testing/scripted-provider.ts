/**
 * A model that plays from a script (lessons and tests). Each `chat` call takes the next step of
 * the script: a ready {@link LLMResponse}, or a function that builds one from the request (to
 * look at the tool messages the runner sent back, or to fail like a broken server). Every
 * request is recorded, so a test can check exactly what the model was shown.
 *
 * @module
 */
import type { ChatRequest, LLMProvider, LLMResponse } from "../providers/base.js";
import type { ChatMessage } from "../chat/message.js";

/** One step of a script: a reply, or a function of the request that returns (or rejects with) one. */
export type ScriptStep = LLMResponse | ((request: ChatRequest) => LLMResponse | Promise<LLMResponse>);

/** A request as the scripted model saw it; `messages` is a deep copy taken when it arrived. */
export interface RecordedRequest {
  /** The model name the runner asked for. */
  model: string;
  /** The conversation as it was when the request arrived. */
  messages: ChatMessage[];
  /** The tool definitions sent with the request (not copied). */
  tools: ChatRequest["tools"];
}

function copyMessages(messages: ChatMessage[]): ChatMessage[] {
  try {
    return structuredClone(messages);
  } catch {
    return JSON.parse(JSON.stringify(messages)) as ChatMessage[];
  }
}

/**
 * Replays a fixed list of replies, one per `chat` call, and records every request. Asking for
 * more replies than the script holds rejects with an error saying so.
 *
 * @example
 * {@includeCode ../../docs/examples/testing.ts#scripted-provider}
 */
export class ScriptedProvider implements LLMProvider {
  /** Every request received, in order, with its messages copied at the time. */
  readonly requests: RecordedRequest[] = [];
  readonly #steps: readonly ScriptStep[];

  /** Takes the script; it is copied, so changing the array later has no effect. */
  constructor(steps: readonly ScriptStep[]) {
    this.#steps = [...steps];
  }

  /** How many steps have not been used yet. */
  get remaining(): number {
    return Math.max(0, this.#steps.length - this.requests.length);
  }

  /** Records the request and answers with the next step; rejects when the script is used up. */
  async chat(request: ChatRequest): Promise<LLMResponse> {
    const index = this.requests.length;
    this.requests.push({ model: request.model, messages: copyMessages(request.messages), tools: request.tools });
    const step = this.#steps[index];
    if (step === undefined) {
      throw new Error(`ScriptedProvider: request ${index + 1} arrived but the script has only ${this.#steps.length} step(s)`);
    }
    return typeof step === "function" ? await step(request) : step;
  }
}
