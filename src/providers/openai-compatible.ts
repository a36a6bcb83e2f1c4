/**
 * A provider for any server that speaks the OpenAI chat-completions protocol (OpenAI, Ollama,
 * vLLM, LM Studio, llama.cpp's server…), over plain `fetch` (lesson 10).
 *
 * It does one thing per turn: POST the history and the tool definitions, read back
 * `choices[0].message` and `choices[0].finish_reason`, and keep each tool call's raw argument
 * text through {@link parseToolArguments}, so the registry sees exactly what the model sent.
 * Everything that goes wrong rejects with a {@link ProviderError} naming the status or the
 * problem; the runner turns that into `stopReason: "error"`.
 *
 * @module
 */
import { parseToolArguments, ToolCallRequest, type ChatRequest, type LLMProvider, type LLMResponse } from "./base.js";

/** How much of a bad answer's body an error message quotes. */
const BODY_PREVIEW_CHARS = 200;

/** The model name used by {@link providerFromEnv} when `MODEL` is not set. */
export const DEFAULT_MODEL = "gpt-4o-mini";

/**
 * The model server could not be reached, answered with an HTTP error, or answered something that
 * is not a chat completion. The message names the status or the problem.
 */
export class ProviderError extends Error {
  /** The HTTP status, when the server answered with one. */
  readonly status: number | undefined;

  /** Builds the error; `cause` keeps the underlying failure for debugging. */
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ProviderError";
    this.status = options.status;
  }
}

/** Options of {@link OpenAICompatibleProvider}. */
export interface OpenAICompatibleProviderOptions {
  /** The API root, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string;
  /** The `fetch` to use; by default the global one, looked up at every call. */
  fetch?: typeof fetch;
}

function preview(text: string): string {
  return text.length > BODY_PREVIEW_CHARS ? text.slice(0, BODY_PREVIEW_CHARS) : text;
}

function causeText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message !== "") return `${error.message} (${cause.message})`;
    return error.message !== "" ? error.message : error.name;
  }
  return String(error);
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted === true) return true;
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The assistant's text: a string, null, or (as some servers send) a list of text parts. */
function readContent(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    const texts = content
      .map((part) => (isRecord(part) && typeof part["text"] === "string" ? part["text"] : ""))
      .filter((t) => t !== "");
    return texts.length > 0 ? texts.join("") : null;
  }
  return null;
}

/** One `tool_calls[]` entry as a {@link ToolCallRequest}; the argument text is parsed, never repaired. */
function readToolCall(entry: unknown, index: number): ToolCallRequest {
  const call = isRecord(entry) ? entry : {};
  const fn = isRecord(call["function"]) ? call["function"] : {};
  const id = typeof call["id"] === "string" && call["id"] !== "" ? call["id"] : `call_${index}`;
  const name = typeof fn["name"] === "string" ? fn["name"] : "";
  return new ToolCallRequest({ id, name, arguments: parseToolArguments(fn["arguments"]) });
}

/**
 * Talks to an OpenAI-compatible `/chat/completions` endpoint.
 *
 * @example
 * ```ts
 * const provider = new OpenAICompatibleProvider({ baseURL: "http://localhost:11434/v1" });
 * const reply = await provider.chat({ model: "llama3.1", messages: [{ role: "user", content: "Hi" }], tools: [] });
 * ```
 */
export class OpenAICompatibleProvider implements LLMProvider {
  /** The full endpoint URL, `{baseURL}/chat/completions`. */
  readonly endpoint: string;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof fetch | undefined;

  /** Builds a provider for `baseURL`; a trailing slash on it is ignored. */
  constructor(options: OpenAICompatibleProviderOptions) {
    this.endpoint = `${options.baseURL.replace(/\/+$/, "")}/chat/completions`;
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch;
  }

  /** Sends one turn and reads the answer; rejects with {@link ProviderError} on any failure. */
  async chat(request: ChatRequest): Promise<LLMResponse> {
    const body: Record<string, unknown> = { model: request.model, messages: request.messages };
    if (request.tools.length > 0) body["tools"] = request.tools;
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json",
    };
    if (this.#apiKey !== undefined && this.#apiKey !== "") headers["authorization"] = `Bearer ${this.#apiKey}`;

    const doFetch = this.#fetch ?? globalThis.fetch;
    const signal = request.signal;
    let response: Response;
    try {
      response = await doFetch(this.endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      if (isAbort(error, signal)) {
        throw new ProviderError("The request to the model server was aborted", { cause: error });
      }
      throw new ProviderError(`Could not reach the model server at ${this.endpoint}: ${causeText(error)}`, {
        cause: error,
      });
    }

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbort(error, signal)) {
        throw new ProviderError("The request to the model server was aborted", { cause: error });
      }
      throw new ProviderError(
        `The connection to the model server at ${this.endpoint} dropped while reading the answer: ${causeText(error)}`,
        { status: response.status, cause: error },
      );
    }

    if (!response.ok) {
      throw new ProviderError(`Model server answered HTTP ${response.status}: ${preview(text)}`, {
        status: response.status,
      });
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ProviderError(`Model server answer is not JSON: ${preview(text)}`, {
        status: response.status,
        cause: error,
      });
    }

    const choices = isRecord(json) ? json["choices"] : undefined;
    const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
    const message = isRecord(choice) ? choice["message"] : undefined;
    if (!isRecord(choice) || !isRecord(message)) {
      throw new ProviderError(`Model server answer has no choices[0].message: ${preview(text)}`, {
        status: response.status,
      });
    }

    const rawCalls = message["tool_calls"];
    const toolCalls = Array.isArray(rawCalls) ? rawCalls.map(readToolCall) : [];
    const finish = choice["finish_reason"];
    return {
      content: readContent(message["content"]),
      toolCalls,
      finishReason: typeof finish === "string" ? finish : toolCalls.length > 0 ? "tool_calls" : "stop",
    };
  }
}

/** A provider chosen from the environment, with the model name to ask it for. */
export interface EnvProvider {
  /** The provider for `OPENAI_BASE_URL`. */
  provider: LLMProvider;
  /** The model name from `MODEL`, or {@link DEFAULT_MODEL}. */
  model: string;
}

/**
 * Builds a provider from the environment, for running the lessons against a real server:
 * `OPENAI_BASE_URL` (required, e.g. `http://localhost:11434/v1`), `OPENAI_API_KEY` (optional) and
 * `MODEL` (default {@link DEFAULT_MODEL}). Returns null when `OPENAI_BASE_URL` is not set, so the
 * caller falls back to its mocked model.
 */
export function providerFromEnv(
  env: Record<string, string | undefined> = process.env,
): EnvProvider | null {
  const baseURL = env["OPENAI_BASE_URL"]?.trim();
  if (baseURL === undefined || baseURL === "") return null;
  const apiKey = env["OPENAI_API_KEY"]?.trim();
  const model = env["MODEL"]?.trim();
  return {
    provider: new OpenAICompatibleProvider({
      baseURL,
      ...(apiKey === undefined || apiKey === "" ? {} : { apiKey }),
    }),
    model: model === undefined || model === "" ? DEFAULT_MODEL : model,
  };
}
