/**
 * When a failed request to the model server is worth repeating, and after how long (lesson 10),
 * as upstream's `chat_with_retry` decides: HTTP 408, 409, 5xx and a 429 that is not about quota,
 * after 1, 2, then 4 s, or after the wait the server asks for.
 *
 * @module
 */
import { isPlainObject } from "../util/json.js";

/** Default number of retries after a transient failure (so at most 4 attempts). */
export const DEFAULT_MAX_RETRIES = 3;
/** Default longest wait a server may ask for with `Retry-After`: 60 s. */
export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
/** The waits before retries 1, 2 and 3 (and every later one: the last), in milliseconds, as upstream. */
const RETRY_DELAYS_MS: readonly number[] = Object.freeze([1_000, 2_000, 4_000]);
/** Added to a server's `Retry-After`, as upstream does, so the retry lands after the window. */
export const RETRY_AFTER_BUFFER_MS = 1_000;

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
/** Phrases in a 429 body that mean the same as {@link QUOTA_TOKENS}. */
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
  if (!isPlainObject(parsed)) return [];
  const inner = isPlainObject(parsed["error"]) ? parsed["error"] : {};
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

/** Milliseconds per unit of a wait written in an error body. */
const UNIT_MS: Record<string, number> = { ms: 1, milliseconds: 1, s: 1_000, sec: 1_000, secs: 1_000, seconds: 1_000, m: 60_000, min: 60_000, minutes: 60_000 };
/** The sentences of an error body that ask for a wait, as upstream reads them. */
const BODY_RETRY_PATTERNS: readonly RegExp[] = [
  /retry after\s+(\d+(?:\.\d+)?)\s*(milliseconds|minutes|seconds|secs|sec|min|ms|s|m)?/,
  /try again in\s+(\d+(?:\.\d+)?)\s*(milliseconds|minutes|seconds|secs|sec|min|ms|s|m)/,
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

/** The wait before retry number `retry + 1` when the server asked for none: 1, 2, then 4 s. */
export function retryDelayMs(retry: number): number {
  return RETRY_DELAYS_MS[Math.min(retry, RETRY_DELAYS_MS.length - 1)] ?? 4_000;
}
