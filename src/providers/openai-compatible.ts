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
 * The model server is a party the agent does not control, so every request is bounded: a
 * deadline for the whole request, body included (`timeoutMs`), a size limit on the answer
 * (`maxResponseBytes`), and a bounded number of retries for transient failures (`maxRetries`,
 * with upstream's 1, 2, 4 s back-off or the server's `Retry-After`). A credential in `baseURL` is
 * sent as a header and never printed.
 *
 * @module
 */
import { randomInt } from "node:crypto";
import { parseToolArguments, ToolCallRequest, type ChatRequest, type LLMProvider, type LLMResponse } from "./base.js";
import { redactURL, scrubSecrets, secretsInURL } from "./redact.js";

/** How much of a bad answer's body an error message quotes. */
const BODY_PREVIEW_CHARS = 200;

/** The model name used by {@link providerFromEnv} when `MODEL` is not set. */
export const DEFAULT_MODEL = "gpt-4o-mini";

/** Default deadline for one request, body included: 120 s. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** Default limit on the size of an answer: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Default number of retries after a transient failure (so at most 4 attempts). */
export const DEFAULT_MAX_RETRIES = 3;
/** Default longest wait a server may ask for with `Retry-After`: 60 s. */
export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
/** The waits before retries 1, 2 and 3 (and every later one: the last), in milliseconds, as upstream. */
export const RETRY_DELAYS_MS: readonly number[] = Object.freeze([1_000, 2_000, 4_000]);
/** Added to a server's `Retry-After`, as upstream does, so the retry lands after the window. */
const RETRY_AFTER_BUFFER_MS = 1_000;

/**
 * The model server could not be reached, answered with an HTTP error, or answered something that
 * is not a chat completion. The message names the status or the problem, never a credential.
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
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

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A fresh 9-character alphanumeric call id, as upstream makes for a call that came without one
 * (a form every provider accepts, Mistral included).
 */
export function newToolCallId(): string {
  let id = "";
  for (let i = 0; i < 9; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** The default wait between retries: a timer that rejects when `signal` aborts. */
function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** 429 answers that will not clear by waiting (upstream's non-retryable tokens and markers). */
const QUOTA_TOKENS = new Set([
  "insufficient_quota",
  "quota_exceeded",
  "quota_exhausted",
  "billing_hard_limit_reached",
  "insufficient_balance",
  "credit_balance_too_low",
  "billing_not_active",
  "payment_required",
]);
const QUOTA_TEXT = [
  "insufficient_quota",
  "insufficient quota",
  "quota exceeded",
  "quota exhausted",
  "billing hard limit",
  "billing_hard_limit_reached",
  "billing not active",
  "insufficient balance",
  "insufficient_balance",
  "credit balance too low",
  "payment required",
  "out of credits",
  "out of quota",
  "exceeded your current quota",
];

/** The `error.type` and `error.code` (or top-level `type`/`code`) of an error body, lower-cased. */
function errorTokens(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  if (!isRecord(parsed)) return [];
  const inner = isRecord(parsed["error"]) ? parsed["error"] : {};
  return [inner["type"] ?? parsed["type"], inner["code"] ?? parsed["code"]]
    .filter((v): v is string | number => typeof v === "string" || typeof v === "number")
    .map((v) => String(v).trim().toLowerCase());
}

/** True when an HTTP status is worth retrying: 408, 409, 5xx, and a 429 that is not about quota. */
export function isRetryableStatus(status: number, body: string): boolean {
  if (status === 429) {
    if (errorTokens(body).some((t) => QUOTA_TOKENS.has(t))) return false;
    const text = body.slice(0, 4_000).toLowerCase();
    return !QUOTA_TEXT.some((marker) => text.includes(marker));
  }
  return status === 408 || status === 409 || status >= 500;
}

const UNIT_MS: Record<string, number> = { ms: 1, milliseconds: 1, s: 1_000, sec: 1_000, secs: 1_000, seconds: 1_000, m: 60_000, min: 60_000, minutes: 60_000 };
const BODY_RETRY_PATTERNS: readonly RegExp[] = [
  /retry after\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds|s|sec|secs|seconds|m|min|minutes)?/,
  /try again in\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds|s|sec|secs|seconds|m|min|minutes)/,
  /wait\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds|s|sec|secs|seconds|m|min|minutes)\s*before retry/,
  /retry[_-]?after["'\s:=]+(\d+(?:\.\d+)?)/,
];

/**
 * How long the server asked to wait, in milliseconds, or null: the `retry-after-ms` header, the
 * `Retry-After` header (seconds or an HTTP date), or a sentence in the error body such as
 * "try again in 20s", in that order, as upstream reads them. At least 100 ms.
 */
export function retryAfterMs(headers: Headers, body: string, now: number = Date.now()): number | null {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") !== null && Number.isFinite(ms) && ms > 0) return ms;
  const header = headers.get("retry-after")?.trim();
  if (header !== undefined && header !== "") {
    if (/^\d+(?:\.\d+)?$/.test(header)) return Math.max(100, Number(header) * 1_000);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(100, at - now);
  }
  const text = body.slice(0, 4_000).toLowerCase();
  for (const [index, pattern] of BODY_RETRY_PATTERNS.entries()) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const unit = index < 3 ? (match[2] ?? "s") : "s";
    return Math.max(100, Number(match[1]) * (UNIT_MS[unit] ?? 1_000));
  }
  return null;
}

/** Thrown by the deadline so the catch can tell it from the caller's abort. */
class DeadlineExpired extends Error {}

/** One attempt's end: an answer, or a failure that may be retried after a wait. */
type Attempt = { ok: true; response: LLMResponse } | { ok: false; error: ProviderError; retry: boolean; waitMs: number | null };

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
   * @throws ProviderError when `baseURL` is not an http(s) URL, when it holds a credential and
   * `apiKey` is given too, or when a limit is not a positive number.
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
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/chat/completions`;
    url.hash = "";
    this.#url = url.toString();
    this.endpoint = redactURL(this.#url);

    this.timeoutMs = positive(options.timeoutMs, DEFAULT_TIMEOUT_MS, "timeoutMs");
    this.maxResponseBytes = positive(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, "maxResponseBytes");
    this.#maxRetryWaitMs = positive(options.maxRetryWaitMs, DEFAULT_MAX_RETRY_WAIT_MS, "maxRetryWaitMs");
    const retries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    if (!Number.isInteger(retries) || retries < 0) {
      throw new ProviderError(`maxRetries must be a whole number >= 0, got ${String(options.maxRetries)}`);
    }
    this.maxRetries = retries;
    this.#fetch = options.fetch;
    this.#sleep = options.sleep ?? defaultSleep;
  }

  /**
   * Sends one turn and reads the answer; retries transient HTTP failures (see
   * {@link OpenAICompatibleProviderOptions.maxRetries}); rejects with {@link ProviderError} on any
   * other failure, on the last failed retry, and on an abort.
   */
  async chat(request: ChatRequest): Promise<LLMResponse> {
    const body: Record<string, unknown> = { model: request.model, messages: request.messages };
    if (request.tools.length > 0) body["tools"] = request.tools;
    const text = JSON.stringify(body);
    for (let retry = 0; ; retry++) {
      const attempt = await this.#attempt(text, request.signal);
      if (attempt.ok) return attempt.response;
      if (!attempt.retry || retry >= this.maxRetries) {
        if (retry === 0) throw attempt.error;
        throw new ProviderError(`${attempt.error.message} (gave up after ${retry} ${retry === 1 ? "retry" : "retries"})`, {
          ...(attempt.error.status === undefined ? {} : { status: attempt.error.status }),
          cause: attempt.error,
        });
      }
      const base = RETRY_DELAYS_MS[Math.min(retry, RETRY_DELAYS_MS.length - 1)] ?? 4_000;
      if (attempt.waitMs !== null && attempt.waitMs > this.#maxRetryWaitMs) {
        throw new ProviderError(
          `${attempt.error.message} (the server asked to retry after ${Math.ceil(attempt.waitMs / 1_000)} s, longer than the ${Math.ceil(this.#maxRetryWaitMs / 1_000)} s this provider waits)`,
          { ...(attempt.error.status === undefined ? {} : { status: attempt.error.status }), cause: attempt.error },
        );
      }
      const wait = attempt.waitMs === null ? base : attempt.waitMs + RETRY_AFTER_BUFFER_MS;
      try {
        await this.#sleep(wait, request.signal);
      } catch (error) {
        throw new ProviderError("The request to the model server was aborted", { cause: error });
      }
      if (request.signal?.aborted === true) throw new ProviderError("The request to the model server was aborted");
    }
  }

  /** One request within the deadline: the answer, or a failure saying whether to retry. */
  async #attempt(body: string, callerSignal: AbortSignal | undefined): Promise<Attempt> {
    if (callerSignal?.aborted === true) throw new ProviderError("The request to the model server was aborted");
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (this.#authorization !== undefined) headers["authorization"] = this.#authorization;

    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DeadlineExpired("deadline")), this.timeoutMs);
    const signal = callerSignal === undefined ? deadline.signal : AbortSignal.any([callerSignal, deadline.signal]);
    // Settles only by rejecting, when either signal aborts; raced against every await below so a
    // fetch or a body that ignores the signal still ends at the deadline.
    let stopWaiting: () => void = () => undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      stopWaiting = () => signal.removeEventListener("abort", onAbort);
    });
    aborted.catch(() => undefined);
    const failed = (error: unknown, what: string, status?: number): ProviderError => {
      if (callerSignal?.aborted === true) return new ProviderError("The request to the model server was aborted", { cause: error });
      if (deadline.signal.aborted) {
        return new ProviderError(`The model server at ${this.endpoint} did not answer within ${this.timeoutMs} ms`, {
          ...(status === undefined ? {} : { status }),
        });
      }
      return new ProviderError(this.#scrub(`${what}: ${causeText(error)}`), {
        ...(status === undefined ? {} : { status }),
        cause: error,
      });
    };

    try {
      const doFetch = this.#fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await Promise.race([doFetch(this.#url, { method: "POST", headers, body, signal }), aborted]);
      } catch (error) {
        throw failed(error, `Could not reach the model server at ${this.endpoint}`);
      }

      let text: string;
      try {
        text = await this.#readBody(response, aborted);
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw failed(error, `The connection to the model server at ${this.endpoint} dropped while reading the answer`, response.status);
      }

      if (!response.ok) {
        const error = new ProviderError(`Model server answered HTTP ${response.status}: ${preview(this.#scrub(text))}`, {
          status: response.status,
        });
        const retry = isRetryableStatus(response.status, text);
        return { ok: false, error, retry, waitMs: retry ? retryAfterMs(response.headers, text) : null };
      }
      return { ok: true, response: this.#parse(text, response.status) };
    } finally {
      clearTimeout(timer);
      stopWaiting();
    }
  }

  /** The answer's body as text, refused as soon as it passes `maxResponseBytes`. */
  async #readBody(response: Response, aborted: Promise<never>): Promise<string> {
    const limit = this.maxResponseBytes;
    const tooLarge = (): ProviderError =>
      new ProviderError(`The model server's answer is larger than maxResponseBytes (${limit} bytes); it was not read`, {
        status: response.status,
      });
    const declared = response.headers.get("content-length");
    if (declared !== null && Number(declared) > limit) {
      // Not awaited: a body that never ends may never finish cancelling either.
      response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    const body = response.body;
    if (body === null) return "";
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await Promise.race([reader.read(), aborted]);
        if (done) break;
        total += value.byteLength;
        if (total > limit) throw tooLarge();
        chunks.push(value);
      }
    } catch (error) {
      reader.cancel().catch(() => undefined);
      throw error;
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  }

  /** A chat completion's text as an {@link LLMResponse}. */
  #parse(text: string, status: number): LLMResponse {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ProviderError(`Model server answer is not JSON: ${preview(this.#scrub(text))}`, { status, cause: error });
    }

    const choices = isRecord(json) ? json["choices"] : undefined;
    const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
    const message = isRecord(choice) ? choice["message"] : undefined;
    if (!isRecord(choice) || !isRecord(message)) {
      throw new ProviderError(`Model server answer has no choices[0].message: ${preview(this.#scrub(text))}`, { status });
    }

    const rawCalls = message["tool_calls"];
    if (rawCalls !== undefined && rawCalls !== null && !Array.isArray(rawCalls)) {
      throw new ProviderError(
        `Model server answer's choices[0].message.tool_calls must be a list, got ${jsonTypeOf(rawCalls)}: ${preview(this.#scrub(JSON.stringify(rawCalls) ?? ""))}`,
        { status },
      );
    }
    const toolCalls = (rawCalls ?? []).map((entry: unknown, index: number) => {
      if (!isRecord(entry)) {
        throw new ProviderError(`Model server answer's choices[0].message.tool_calls[${index}] must be an object, got ${jsonTypeOf(entry)}`, { status });
      }
      return readToolCall(entry);
    });
    const finish = choice["finish_reason"];
    return {
      content: readContent(message["content"]),
      toolCalls,
      finishReason: typeof finish === "string" ? finish : toolCalls.length > 0 ? "tool_calls" : "stop",
    };
  }

  /** `text` without any credential this provider knows. */
  #scrub(text: string): string {
    return scrubSecrets(text, this.#secrets);
  }
}

/** A positive finite number, or the default when not given. */
function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ProviderError(`${name} must be a positive number, got ${String(value)}`);
  }
  return value;
}

/**
 * One `tool_calls[]` entry as a {@link ToolCallRequest}; the argument text is parsed, never
 * repaired. A call without an id gets a fresh one ({@link newToolCallId}), so ids never repeat
 * from turn to turn.
 */
function readToolCall(call: Record<string, unknown>): ToolCallRequest {
  const fn = isRecord(call["function"]) ? call["function"] : {};
  const id = typeof call["id"] === "string" && call["id"] !== "" ? call["id"] : newToolCallId();
  const name = typeof fn["name"] === "string" ? fn["name"] : "";
  return new ToolCallRequest({ id, name, arguments: parseToolArguments(fn["arguments"]) });
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
