/**
 * The one error a model provider rejects with (lesson 10): it names the HTTP status or the
 * problem and never a credential, so the runner can show it as `stopReason: "error"`.
 *
 * @module
 */

/** How much of a bad answer's body an error message quotes. */
const BODY_PREVIEW_CHARS = 200;

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

/** The start of an answer's body, as an error message quotes it: at most {@link BODY_PREVIEW_CHARS} characters. */
export function bodyPreview(text: string): string {
  return text.length > BODY_PREVIEW_CHARS ? text.slice(0, BODY_PREVIEW_CHARS) : text;
}
