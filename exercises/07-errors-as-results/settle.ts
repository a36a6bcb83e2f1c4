/**
 * Exercise 7: errors as results. Whatever happens to a call, the model gets a text it can read
 * and the run goes on — unless `failOnToolError` asks to stop. Write the two halves: capture what
 * a call did (without letting anything escape), then turn that into the payload and the event.
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
  // TODO(lesson 7): call start() inside try/catch, await it, and classify the value with isToolErrorResult.
  throw new Error(`TODO(lesson 7): capture the outcome of ${typeof start}`);
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
  // TODO(lesson 7): one branch per outcome kind, as listed above.
  throw new Error(`TODO(lesson 7): settle ${outcome.kind} of ${name} (fail fast: ${failOnToolError})`);
}
