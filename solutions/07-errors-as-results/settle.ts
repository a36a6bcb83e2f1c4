/**
 * Exercise 7, worked answer: every failure becomes a result the model can read.
 */
import { toolResultToText } from "../../src/agent/results/result-text.js";
import type { ToolEvent } from "../../src/agent/run-spec.js";
import { isToolErrorResult } from "../../src/tools/base.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { describeThrown, formatThrown } from "../../src/util/thrown.js";

/** What one call produced. */
export type CallOutcome =
  | { kind: "prep-error"; text: string } // prepareCall refused it (unknown name, bad arguments)
  | { kind: "thrown"; value: unknown } // execute threw or rejected, with any value
  | { kind: "error-result"; text: string } // execute resolved with a ToolResult error
  | { kind: "ok"; value: unknown }; // execute resolved with anything else

/** One settled call: what the model reads, the event for the log, and the fatal error (if any). */
export interface SettledCall {
  payload: unknown;
  event: ToolEvent;
  fatal: Error | null;
}

/**
 * Runs `start` and says what happened. Never rejects and never throws: a thrown value (even a
 * non-Error, even thrown synchronously) becomes `thrown`; a `ToolResult` error becomes
 * `error-result` with its content; anything else is `ok`.
 */
export async function captureOutcome(start: () => Promise<unknown>): Promise<CallOutcome> {
  try {
    // start() is inside the try, so a synchronous throw is caught as well as a rejection.
    const value = await start();
    // Only a ToolResult flagged as an error is a failure; "Error: …" as a plain string is a success.
    if (isToolErrorResult(value)) return { kind: "error-result", text: value.content };
    return { kind: "ok", value };
  } catch (value) {
    // JavaScript can throw anything; keep it, describing it is settleOutcome's job.
    return { kind: "thrown", value };
  }
}

/** An error made from a text, named as upstream names it, so the final message reads `Error: RuntimeError: …`. */
function runtimeError(text: string): Error {
  const error = new Error(text);
  error.name = "RuntimeError";
  return error;
}

/**
 * Turns an outcome of the call `name` into what the model reads:
 * - `ok`: payload = the value itself, event `{ name, status: "ok", detail: toolResultToText(value).slice(0, 120) }`;
 * - `prep-error` / `error-result`: payload = `text + RETRY_HINT`, event status "error", detail = `text`;
 * - `thrown`: payload = `"Error: " + formatThrown(value)`, event status "error", detail = `describeThrown(value).message`.
 * `fatal` is null unless `failOnToolError` is true and the call failed: then a thrown `Error` is
 * itself the fatal error, and any other failure an `Error` named `"RuntimeError"` whose message is
 * the text (for a thrown non-Error: `describeThrown(value).message`).
 */
export function settleOutcome(name: string, outcome: CallOutcome, failOnToolError: boolean): SettledCall {
  switch (outcome.kind) {
    case "ok":
      return { payload: outcome.value, event: { name, status: "ok", detail: toolResultToText(outcome.value).slice(0, 120) }, fatal: null };
    case "prep-error":
    case "error-result":
      // The hint nudges the model to change its approach instead of repeating the same call.
      return {
        payload: outcome.text + RETRY_HINT,
        event: { name, status: "error", detail: outcome.text },
        fatal: failOnToolError ? runtimeError(outcome.text) : null,
      };
    case "thrown": {
      // The error's name and message reach the model: "Error: TypeError: x is undefined".
      const message = describeThrown(outcome.value).message;
      const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(message);
      return {
        payload: `Error: ${formatThrown(outcome.value)}`,
        event: { name, status: "error", detail: message },
        // By default nothing is fatal: the model reads the error and decides what to do next.
        fatal: failOnToolError ? fatal : null,
      };
    }
  }
}
