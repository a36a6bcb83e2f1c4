/**
 * Settling one call (lesson 7): turning what happened to it into the text the model reads, the
 * event for the trace, and — with `failOnToolError` — the error that stops the run. Prepare
 * errors and `ToolResult` errors get the retry hint; a security refusal gets its own treatment,
 * and is never fatal: an SSRF refusal is followed by `SSRF_NOTE` instead of the hint, and from the
 * third workspace refusal against one target in a run the model reads the escalation text.
 *
 * @module
 */
import type { ToolCallRequest } from "../providers/base.js";
import { RETRY_HINT } from "../tools/messages.js";
import { REPEATED_LOOKUP_DETAIL, REPEATED_LOOKUP_MESSAGE, SSRF_NOTE, toolAbortedMessage, toolTimeoutMessage } from "./runner-texts.js";
import { asError, describeThrown, formatThrown, textError } from "../tools/thrown.js";
import { LookupThrottle } from "./lookup-throttle.js";
import { pyStrip } from "./python-text.js";
import { refusalKind } from "./refusal-kind.js";
import { refusalCodeOf } from "../tools/refusal.js";
import { resultText } from "./result-text.js";
import type { CallOutcome, RanCall } from "./run-call.js";
import type { ToolEvent } from "./run-spec.js";

/**
 * One call, finished: the payload (`executeTools` reports it), the text the model reads (each
 * result is turned into text once, here), the event, and a fatal error.
 */
export interface Settled {
  /** The tool's own value for a success; the text the model reads otherwise. */
  payload: unknown;
  /** The text the model reads; `""` for an empty success (the message builder writes the marker). */
  text: string;
  /** The call's event. */
  event: ToolEvent;
  /** With `failOnToolError`, the error that stops the run; otherwise null. */
  fatal: Error | null;
}

/** The guards' counters for one run (one `run()`, or one `executeTools`), shared by its model turns and concurrent calls. */
export interface RunState {
  /** Counts identical external lookups. */
  throttle: LookupThrottle;
  /** Workspace refusals per target signature, counted by `violations.ts`. */
  violations: Map<string, number>;
}

/** Fresh counters for a new run. */
export function newRunState(): RunState {
  return { throttle: new LookupThrottle(), violations: new Map() };
}

function oneLine(text: string): string {
  return text.replace(/\n/g, " ").trim();
}

/** The event detail of a success, from the result's text: one line, at most 120 characters and `...`. */
function successDetail(result: unknown, text: string): string {
  const line = result === null || result === undefined ? "" : oneLine(text);
  if (line === "") return "(empty)";
  return line.length > 120 ? line.slice(0, 120) + "..." : line;
}

function prepDetail(text: string): string {
  const at = text.indexOf(": ");
  return (at >= 0 ? text.slice(at + 2) : text).slice(0, 120);
}

/**
 * Turns what running `call` gave into the payload the model reads, the event, and the fatal
 * error (only when `failOnToolError`). A security refusal is recognised by its `code` first, and
 * by its text only when it has none. Workspace refusals are counted in `state`.
 */
export async function settleCall(call: ToolCallRequest, ran: RanCall, state: RunState, failOnToolError: boolean): Promise<Settled> {
  const { outcome, args } = ran;
  const name = call.name;
  const error = (payload: string, detail: string, fatal: Error | null): Settled => ({
    payload,
    text: payload,
    event: { name, status: "error", detail },
    fatal: failOnToolError ? fatal : null,
  });

  switch (outcome.kind) {
    case "ok": {
      const text = resultText(outcome.value);
      return { payload: outcome.value, text, event: { name, status: "ok", detail: successDetail(outcome.value, text) }, fatal: null };
    }
    case "blocked":
      return error(REPEATED_LOOKUP_MESSAGE + RETRY_HINT, REPEATED_LOOKUP_DETAIL, textError(REPEATED_LOOKUP_MESSAGE));
    case "aborted":
      return error(toolAbortedMessage(name), "aborted", null);
    case "timeout": {
      const text = toolTimeoutMessage(name, outcome.ms);
      return error(text + RETRY_HINT, prepDetail(text), textError(text));
    }
    default:
      break;
  }

  const { raw, code, soft } = failure(outcome, error);
  const violation = refusalKind(code, raw);
  if (violation === "ssrf") {
    const stripped = pyStrip(raw);
    const payload = (stripped === "" ? "Error: request blocked by SSRF guard" : stripped) + "\n\n" + SSRF_NOTE;
    return { payload, text: payload, event: { name, status: "error", detail: ("ssrf_violation: " + oneLine(raw)).slice(0, 160) }, fatal: null };
  }
  if (violation === "workspace") {
    const escalation = await escalationFor(state, name, args);
    if (escalation !== null) {
      const detail = ("workspace_violation_escalated: " + oneLine(raw)).slice(0, 160);
      return { payload: escalation, text: escalation, event: { name, status: "error", detail }, fatal: null };
    }
    return { ...soft, event: { name, status: "error", detail: ("workspace_violation: " + oneLine(raw)).slice(0, 160) }, fatal: null };
  }
  return soft;
}

/** A failure's text, its refusal code (if any) and how it settles when it is no security refusal. */
function failure(
  outcome: Extract<CallOutcome, { kind: "prep" | "error-result" | "thrown" }>,
  error: (payload: string, detail: string, fatal: Error | null) => Settled,
): { raw: string; code: unknown; soft: Settled } {
  if (outcome.kind === "prep") {
    return { raw: outcome.text, code: outcome.code, soft: error(outcome.text + RETRY_HINT, prepDetail(outcome.text), textError(outcome.text)) };
  }
  if (outcome.kind === "error-result") {
    const raw = outcome.text;
    return { raw, code: outcome.code, soft: error(raw + RETRY_HINT, oneLine(raw).slice(0, 120), textError(raw)) };
  }
  const raw = describeThrown(outcome.value).message;
  return { raw, code: refusalCodeOf(outcome.value), soft: error(`Error: ${formatThrown(outcome.value)}`, raw, asError(outcome.value)) };
}

/**
 * The settled form of a call whose settling itself failed. Not expected (settling guards every
 * read of the value); it exists so that no call ever loses its message.
 */
export function settleFailure(call: ToolCallRequest, thrown: unknown): Settled {
  const text = `Error: ${formatThrown(thrown)}`;
  return { payload: text, text, event: { name: call.name, status: "error", detail: oneLine(text).slice(0, 120) }, fatal: null };
}

/**
 * Counts a workspace refusal for this turn and returns the escalation text when it is due, else
 * null. The counting module reads the file system to normalise paths, so it is imported here, on
 * first use, and never by a run that meets no workspace refusal.
 */
async function escalationFor(state: RunState, name: string, args: unknown): Promise<string | null> {
  const { recordWorkspaceViolation } = await import("./violations.js");
  return recordWorkspaceViolation(state.violations, name, args);
}
