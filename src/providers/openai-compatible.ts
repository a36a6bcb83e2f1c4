/**
 * A provider for any server that speaks the OpenAI chat-completions protocol (OpenAI, Ollama,
 * vLLM, LM Studio, llama.cpp's server…), over plain `fetch` (lesson 10).
 *
 * It does one thing per turn: POST the history and the tool definitions
 * ({@link postWithRetries}), and read back `choices[0].message` and `choices[0].finish_reason`
 * ({@link parseChatCompletion}), keeping each tool call's raw argument text through
 * {@link parseToolArguments}, so the registry sees exactly what the model sent. Everything that
 * goes wrong rejects with a {@link ProviderError} naming the status or the problem; the runner
 * turns that into `stopReason: "error"`.
 *
 * The model server is a party the agent does not control, so every request is bounded: a
 * deadline for the whole request, body included (`timeoutMs`), a size limit on the answer
 * (`maxResponseBytes`), and a bounded number of retries for transient failures (`maxRetries`,
 * with upstream's 1, 2, 4 s back-off or the server's `Retry-After`). A credential in `baseURL` is
 * sent as a header and never printed.
 *
 * @module
 */
import type { ChatRequest, LLMProvider, LLMResponse } from "./base.js";
import { postWithRetries } from "./bounded-request.js";
import { parseChatCompletion } from "./chat-completion.js";
import { ProviderError } from "./provider-error.js";
import { redactURL, scrubSecrets, secretsInURL } from "./redact.js";
import { DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_WAIT_MS } from "./retry-policy.js";
import { sleep } from "../util/async.js";
import { durationOption, wholeNumberOption } from "../util/options.js";

export { ProviderError } from "./provider-error.js";
export { newToolCallId } from "./chat-completion.js";
export { DEFAULT_MAX_RETRIES, isRetryableStatus, retryAfterMs } from "./retry-policy.js";

/** The model name used by {@link providerFromEnv} when `MODEL` is not set. */
export const DEFAULT_MODEL = "gpt-4o-mini";

/** Default deadline for one request, body included: 120 s. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** Default limit on the size of an answer: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Options of {@link OpenAICompatibleProvider}. */
export interface OpenAICompatibleProviderOptions {
  /**
   * The API root, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. A query
   * (`…/v1?api-version=2024-06-01`) is kept; `/chat/completions` is added to the path. A
   * `user:password@` part is sent as HTTP Basic authentication (unless `apiKey` is given, which
   * is an error: give the credential one way) and is never printed.
   */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string;
  /** The `fetch` to use; by default the global one, looked up at every call. */
  fetch?: typeof fetch;
  /** Deadline for one request, from sending to the last byte of the answer. Default 120 000 ms. */
  timeoutMs?: number;
  /**
   * Retries after HTTP 408, 409, 429 or 5xx, waiting 1, 2, then 4 s (or the server's
   * `Retry-After` plus 1 s). A 429 that says the quota or credit is exhausted is not retried.
   * Default 3; 0 turns retrying off.
   */
  maxRetries?: number;
  /** An answer larger than this many bytes is an error (the rest is not read). Default 16 MiB. */
  maxResponseBytes?: number;
  /** The longest `Retry-After` wait accepted; a server asking for more fails at once. Default 60 000 ms. */
  maxRetryWaitMs?: number;
  /** How to wait between retries; tests inject a fake. It must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** `path` without the `/` characters at its end, in one pass from the end (a `/+$` regex scans quadratically). */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end--;
  return path.slice(0, end);
}

/**
 * Talks to an OpenAI-compatible `/chat/completions` endpoint.
 *
 * @example
 * {@includeCode ../../docs/examples/providers.ts#openai-compatible-provider}
 */
export class OpenAICompatibleProvider implements LLMProvider {
  /**
   * The endpoint as printed: `{baseURL}/chat/completions`, without the `user:password@` part (sent
   * as a header instead) and with secret-looking query values shown as `***`.
   */
  readonly endpoint: string;
  /** Deadline of one request in milliseconds. */
  readonly timeoutMs: number;
  /** Retries after a transient failure. */
  readonly maxRetries: number;
  /** Largest answer accepted, in bytes. */
  readonly maxResponseBytes: number;
  readonly #url: string;
  readonly #authorization: string | undefined;
  readonly #secrets: string[];
  readonly #fetch: typeof fetch | undefined;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #maxRetryWaitMs: number;

  /**
   * Builds a provider for `baseURL`; a trailing slash on its path is ignored.
   * @throws ProviderError when `baseURL` is not an http(s) URL, or when it holds a credential and
   * `apiKey` is given too.
   * @throws TypeError or RangeError when a limit is bad, naming it, its value and what is allowed
   * (`util/options.ts`): `timeoutMs` and `maxRetryWaitMs` must be positive, finite numbers of
   * milliseconds (longer than 2^31−1 counts as 2^31−1), `maxResponseBytes` a whole number of at
   * least 1, `maxRetries` a whole number of at least 0.
   */
  constructor(options: OpenAICompatibleProviderOptions) {
    const shown = redactURL(options.baseURL);
    let url: URL;
    try {
      url = new URL(options.baseURL);
    } catch {
      throw new ProviderError(`baseURL is not a valid URL: ${shown}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new ProviderError(`baseURL must be an http or https URL, got ${url.protocol} (${shown})`);
    }
    this.#secrets = secretsInURL(options.baseURL);
    const apiKey = options.apiKey !== undefined && options.apiKey !== "" ? options.apiKey : undefined;
    if (apiKey !== undefined) this.#secrets.push(apiKey);
    if (url.username !== "" || url.password !== "") {
      if (apiKey !== undefined) {
        throw new ProviderError(`baseURL holds a credential and apiKey is given too; give one of them (${shown})`);
      }
      const user = decodeURIComponent(url.username);
      const password = decodeURIComponent(url.password);
      this.#authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
      url.username = "";
      url.password = "";
    } else {
      this.#authorization = apiKey === undefined ? undefined : `Bearer ${apiKey}`;
    }
    url.pathname = `${withoutTrailingSlashes(url.pathname)}/chat/completions`;
    url.hash = "";
    this.#url = url.toString();
    this.endpoint = redactURL(this.#url);

    this.timeoutMs = durationOption("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS);
    this.maxResponseBytes = wholeNumberOption("maxResponseBytes", options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, { min: 1 });
    this.#maxRetryWaitMs = durationOption("maxRetryWaitMs", options.maxRetryWaitMs, DEFAULT_MAX_RETRY_WAIT_MS);
    this.maxRetries = wholeNumberOption("maxRetries", options.maxRetries, DEFAULT_MAX_RETRIES, { min: 0 });
    this.#fetch = options.fetch;
    this.#sleep = options.sleep ?? sleep;
  }

  /**
   * Sends one turn and reads the answer; retries transient HTTP failures (see
   * {@link OpenAICompatibleProviderOptions.maxRetries}); rejects with {@link ProviderError} on any
   * other failure, on the last failed retry, and on an abort.
   */
  async chat(request: ChatRequest): Promise<LLMResponse> {
    const body: Record<string, unknown> = { model: request.model, messages: request.messages };
    if (request.tools.length > 0) body["tools"] = request.tools;
    const scrub = (text: string): string => scrubSecrets(text, this.#secrets);
    const answer = await postWithRetries({
      url: this.#url,
      endpoint: this.endpoint,
      authorization: this.#authorization,
      body: JSON.stringify(body),
      fetch: this.#fetch,
      timeoutMs: this.timeoutMs,
      maxResponseBytes: this.maxResponseBytes,
      maxRetries: this.maxRetries,
      maxRetryWaitMs: this.#maxRetryWaitMs,
      sleep: this.#sleep,
      scrub,
      signal: request.signal,
    });
    return parseChatCompletion(answer.text, answer.status, scrub);
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
 *
 * @example
 * {@includeCode ../../docs/examples/providers.ts#provider-from-env}
 */
export function providerFromEnv(env: Record<string, string | undefined> = process.env): EnvProvider | null {
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
