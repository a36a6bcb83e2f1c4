/**
 * One POST to a model server, bounded (lesson 10): the server is a party the agent does not
 * control, so the whole request, body included, has a deadline; the answer has a size limit; and
 * transient failures are retried a bounded number of times ({@link isRetryableStatus}, waiting as
 * {@link retryAfterMs} reads the server or 1, 2, then 4 s). What it resolves with is the text of
 * a successful answer; reading that text is {@link parseChatCompletion}'s job.
 *
 * @module
 */
import { bodyPreview, ProviderError } from "./provider-error.js";
import { isRetryableStatus, RETRY_AFTER_BUFFER_MS, retryAfterMs, retryDelayMs } from "./retry-policy.js";
import { deadlineSignal, raceSignal } from "../util/async.js";

/** The message of every failure caused by the caller's abort. */
const ABORTED_TEXT = "The request to the model server was aborted";

/** A request to send with {@link postWithRetries}, and the limits it runs under. */
export interface BoundedRequest {
  /** Where to POST, credentials already taken out of it. */
  url: string;
  /** The URL as error messages show it, without secrets. */
  endpoint: string;
  /** The `authorization` header, when there is one. */
  authorization: string | undefined;
  /** The JSON text to send. */
  body: string;
  /** The `fetch` to use; without one, the global `fetch` as it is at each attempt. */
  fetch: typeof fetch | undefined;
  /** Deadline of one attempt, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** An answer larger than this many bytes is an error (the rest is not read). */
  maxResponseBytes: number;
  /** Retries after a transient failure. */
  maxRetries: number;
  /** The longest wait a server may ask for; a server asking for more fails at once. */
  maxRetryWaitMs: number;
  /** How to wait between retries; it must reject when `signal` aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Removes credentials from text an error message quotes. */
  scrub: (text: string) => string;
  /** The caller's abort signal. */
  signal: AbortSignal | undefined;
}

/** A successful answer: its text and status. */
export interface BoundedAnswer {
  /** The body, read whole. */
  text: string;
  /** The HTTP status (2xx). */
  status: number;
}

/** The message of a failure, with its cause's when it has one. */
function causeText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message !== "") return `${error.message} (${cause.message})`;
    return error.message !== "" ? error.message : error.name;
  }
  return String(error);
}

/** Thrown by the deadline so the catch can tell it from the caller's abort. */
class DeadlineExpired extends Error {}

/** One attempt's end: an answer, or a failure that may be retried after a wait. */
type Attempt = { ok: true; answer: BoundedAnswer } | { ok: false; error: ProviderError; retry: boolean; waitMs: number | null };

/** The status of `error` as {@link ProviderError}'s options, or nothing. */
function statusOf(error: ProviderError): { status?: number } {
  return error.status === undefined ? {} : { status: error.status };
}

/**
 * Sends `request`, retrying transient HTTP failures, and resolves with the text of the first
 * successful answer.
 * @throws ProviderError on any other failure, on the last failed retry (saying how many were
 *   made), when the server asks for a longer wait than `maxRetryWaitMs`, and on an abort.
 */
export async function postWithRetries(request: BoundedRequest): Promise<BoundedAnswer> {
  for (let retry = 0; ; retry++) {
    const attempt = await attemptOnce(request);
    if (attempt.ok) return attempt.answer;
    if (!attempt.retry || retry >= request.maxRetries) {
      if (retry === 0) throw attempt.error;
      throw new ProviderError(`${attempt.error.message} (gave up after ${retry} ${retry === 1 ? "retry" : "retries"})`, {
        ...statusOf(attempt.error),
        cause: attempt.error,
      });
    }
    if (attempt.waitMs !== null && attempt.waitMs > request.maxRetryWaitMs) {
      throw new ProviderError(
        `${attempt.error.message} (the server asked to retry after ${Math.ceil(attempt.waitMs / 1_000)} s, longer than the ${Math.ceil(request.maxRetryWaitMs / 1_000)} s this provider waits)`,
        { ...statusOf(attempt.error), cause: attempt.error },
      );
    }
    const wait = attempt.waitMs === null ? retryDelayMs(retry) : attempt.waitMs + RETRY_AFTER_BUFFER_MS;
    try {
      await request.sleep(wait, request.signal);
    } catch (error) {
      throw new ProviderError(ABORTED_TEXT, { cause: error });
    }
    if (request.signal?.aborted === true) throw new ProviderError(ABORTED_TEXT);
  }
}

/** One request within the deadline: the answer, or a failure saying whether to retry. */
async function attemptOnce(request: BoundedRequest): Promise<Attempt> {
  const callerSignal = request.signal;
  if (callerSignal?.aborted === true) throw new ProviderError(ABORTED_TEXT);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (request.authorization !== undefined) headers["authorization"] = request.authorization;

  // The attempt's own signal: it aborts when the caller's does (through a listener removed when
  // the attempt ends, so a long-lived caller signal gains nothing per request) or the deadline
  // passes. Every await below is raced against it, so a fetch or a body that ignores the signal
  // still ends at the deadline.
  const deadline = deadlineSignal(callerSignal, request.timeoutMs, () => new DeadlineExpired("deadline"));
  const signal = deadline.signal;
  const failed = (error: unknown, what: string, status?: number): ProviderError => {
    if (callerSignal?.aborted === true) return new ProviderError(ABORTED_TEXT, { cause: error });
    if (deadline.timedOut) {
      return new ProviderError(`The model server at ${request.endpoint} did not answer within ${request.timeoutMs} ms`, {
        ...(status === undefined ? {} : { status }),
      });
    }
    return new ProviderError(request.scrub(`${what}: ${causeText(error)}`), {
      ...(status === undefined ? {} : { status }),
      cause: error,
    });
  };

  try {
    const doFetch = request.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await raceSignal(doFetch(request.url, { method: "POST", headers, body: request.body, signal }), signal);
    } catch (error) {
      throw failed(error, `Could not reach the model server at ${request.endpoint}`);
    }

    let text: string;
    try {
      text = await readBody(response, request.maxResponseBytes, signal);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw failed(error, `The connection to the model server at ${request.endpoint} dropped while reading the answer`, response.status);
    }

    if (!response.ok) {
      const error = new ProviderError(`Model server answered HTTP ${response.status}: ${bodyPreview(request.scrub(text))}`, {
        status: response.status,
      });
      const retry = isRetryableStatus(response.status, text);
      return { ok: false, error, retry, waitMs: retry ? retryAfterMs(response.headers, text) : null };
    }
    return { ok: true, answer: { text, status: response.status } };
  } finally {
    deadline.release();
  }
}

/** The answer's body as text, refused as soon as it passes `limit` bytes. */
async function readBody(response: Response, limit: number, signal: AbortSignal): Promise<string> {
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
  const reader = body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = (await raceSignal(reader.read(), signal)) as { done: boolean; value?: Uint8Array };
      if (done || value === undefined) break;
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
