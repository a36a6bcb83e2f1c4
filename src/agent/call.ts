/**
 * One call's outcome (lessons 6–8), from preparation to the text the model reads, in the order it
 * happens:
 *
 * 1. {@link runCall}: preparation, the repeated-lookup throttle, then the tool itself under the
 *    call's time limit and the run's abort signal. Whatever happens, one {@link CallOutcome} comes
 *    back; it never rejects.
 * 2. {@link settleCall}: the outcome becomes the text the model reads (made once, here), the event
 *    for the trace, and — with `failOnToolError` — the error that stops the run. Prepare errors and
 *    `ToolResult` errors get the retry hint; a security refusal is never fatal: an SSRF refusal is
 *    followed by `SSRF_NOTE` instead of the hint, and from the third workspace refusal against one
 *    target in a run the model reads the escalation text.
 * 3. {@link toolMessageFor}: the text becomes the call's tool message (`results/tool-message.ts`
 *    marks an empty one and saves or cuts a long one).
 *
 * @module
 */
import type { ChatMessage } from "../chat/message.js";
import type { ToolCallRequest } from "../providers/base.js";
import { isToolErrorResult, resultRefusalCode, type RefusalCode } from "../tools/base.js";
import { coerceArgumentValue, unwrapArgumentsPayload } from "../tools/coerce.js";
import { RETRY_HINT } from "../tools/messages.js";
import { refusalCodeOf } from "../security/refusal.js";
import { prepareForRun, ToolRegistry, type PreparedCall } from "../tools/registry.js";
import { asError, describeThrown, formatThrown, textError } from "../util/thrown.js";
import { isPlainObject } from "../util/json.js";
import type { StopGroup } from "../util/async.js";
import { LookupThrottle, REPEATED_LOOKUP_DETAIL, REPEATED_LOOKUP_MESSAGE } from "./guards/lookup-throttle.js";
import { pyStrip } from "../util/python-space.js";
import { refusalKind, SSRF_NOTE } from "./guards/refusal-kind.js";
import { resultText, toolResultToText } from "./results/result-text.js";
import type { ToolEvent } from "./run-spec.js";
import { toolAbortedMessage, toolTimeoutMessage } from "./runner-texts.js";
import { firstCodePoints, truncateText } from "../util/text-cut.js";
import { emptyResultMessage, fitToolText, PERSISTENCE_EXEMPT_TOOLS, type FitOptions } from "./results/tool-message.js";
import type { ToolSource } from "./tool-source.js";

/** What executing one call produced, before it is turned into a payload and an event. */
export type CallOutcome =
  | { kind: "blocked" }
  | { kind: "aborted" }
  | { kind: "timeout"; ms: number }
  | { kind: "prep"; text: string; code: RefusalCode | undefined }
  | { kind: "thrown"; value: unknown }
  | { kind: "error-result"; text: string; code: RefusalCode | undefined }
  | { kind: "ok"; value: unknown };

/** What running one call gave: its outcome, and the arguments the guards key on (as preparation unwrapped them). */
export interface RanCall {
  /** What happened. */
  outcome: CallOutcome;
  /** The arguments after coercion and unwrapping, or as the model sent them when preparation never got that far. */
  args: unknown;
}

/** The limits one call runs under, shared by the calls of a turn. */
export interface CallLimits {
  /** The run's signal, checked before a call starts. */
  signal?: AbortSignal | undefined;
  /** The turn's stops: the run's signal and the per-call time limit, with one timer and one listener for all calls. */
  stops: StopGroup;
  /** The outcome of a call whose time ran out (unused without a time limit). */
  timedOut: CallOutcome;
}

/** The workbook registry's own `prepareCall`, which reports the unwrapped arguments in its result. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- compared by identity, never called unbound
const ownPrepareCall = ToolRegistry.prototype.prepareCall;

/** The outcome of a call the run's abort cut off. */
const ABORTED: CallOutcome = { kind: "aborted" };

/** Preparation of one call: the registry's verdict, what it threw, or null when it has no `prepareCall`. */
type Preparation = { prepared: PreparedCall } | { threw: unknown } | null;

/**
 * The arguments the guards key on when the registry has no `prepareCall`: coerced and unwrapped
 * by the same rules (`{"arguments": {…}}` is unwrapped unless the tool declares `arguments`).
 */
function guardArguments(tools: ToolSource, call: ToolCallRequest): unknown {
  const coerced = coerceArgumentValue(call.arguments);
  let schema: Record<string, unknown> = {};
  try {
    const tool = typeof tools.get === "function" ? tools.get(call.name) : undefined;
    if (tool !== undefined && isPlainObject(tool.parameters)) schema = tool.parameters;
  } catch {
    schema = {};
  }
  return unwrapArgumentsPayload(schema, coerced);
}

/**
 * Runs one call: preparation (which also gives the arguments the guards key on), the lookup
 * throttle, then the tool under its time limit and the run's signal. Preparation is pure, so it
 * runs first: the throttle then keys on the arguments as preparation unwrapped them, and a
 * `{"arguments": {…}}` wrapper cannot slip past it. A blocked call never reaches its tool.
 * Never rejects.
 */
export async function runCall(tools: ToolSource, call: ToolCallRequest, throttle: LookupThrottle, limits: CallLimits): Promise<RanCall> {
  let args: unknown = call.arguments;
  try {
    if (limits.signal?.aborted) return { outcome: { kind: "aborted" }, args };

    let preparation: Preparation = null;
    if (typeof tools.prepareCall === "function") {
      try {
        // The workbook's registry says what its unwrap step gave; another registry (or one whose
        // prepareCall is overridden) is asked through its trace.
        if (tools instanceof ToolRegistry && tools.prepareCall === ownPrepareCall) {
          const done = tools[prepareForRun](call.name, call.arguments);
          args = done.unwrapped;
          preparation = { prepared: done.prepared };
        } else {
          preparation = {
            prepared: tools.prepareCall(call.name, call.arguments, (step) => {
              if (step.step === "coerce" || step.step === "unwrap") args = step.output;
            }),
          };
        }
      } catch (thrown) {
        preparation = { threw: thrown };
      }
    } else {
      args = guardArguments(tools, call);
    }

    if (!throttle.admit(call.name, args)) return { outcome: { kind: "blocked" }, args };

    let start: (signal: AbortSignal) => Promise<unknown>;
    if (preparation !== null && "threw" in preparation) {
      return { outcome: { kind: "thrown", value: preparation.threw }, args };
    } else if (preparation !== null) {
      const { prepared } = preparation;
      if (prepared.error !== null) {
        return { outcome: { kind: "prep", text: prepared.error.content, code: resultRefusalCode(prepared.error) }, args };
      }
      const { tool, params } = prepared;
      start = (signal) => tool.execute(params, { signal, callId: call.id });
    } else if (typeof tools.execute === "function") {
      const execute = tools.execute.bind(tools);
      start = () => execute(call.name, call.arguments);
    } else {
      return { outcome: { kind: "thrown", value: new TypeError("the tool registry has neither prepareCall nor execute") }, args };
    }
    return { outcome: await runWithLimits(start, limits), args };
  } catch (thrown) {
    return { outcome: { kind: "thrown", value: thrown }, args };
  }
}

/**
 * Starts the tool with a signal of its own from the turn's {@link StopGroup}. The call's outcome
 * is whichever comes first: the tool settling, its time limit running out, or the run's signal
 * aborting. It is a race, so a tool that ignores its signal is still cut off, and whatever it
 * settles with later is ignored. Never rejects.
 */
function runWithLimits(start: (signal: AbortSignal) => Promise<unknown>, limits: CallLimits): Promise<CallOutcome> {
  return limits.stops.race((signal) => startTool(start, signal), limits.timedOut, ABORTED);
}

/** Starts the tool and sorts how it settles into an outcome; the promise it gives never rejects. */
function startTool(start: (signal: AbortSignal) => Promise<unknown>, signal: AbortSignal): Promise<CallOutcome> {
  try {
    return Promise.resolve(start(signal)).then(inspectReturn, thrownOutcome);
  } catch (thrown) {
    return Promise.resolve(thrownOutcome(thrown));
  }
}

/** The outcome of a tool that threw or rejected. */
function thrownOutcome(thrown: unknown): CallOutcome {
  return { kind: "thrown", value: thrown };
}

/** Sorts what a tool returned into a success or a `ToolResult` error, never throwing. */
function inspectReturn(value: unknown): CallOutcome {
  try {
    if (!isToolErrorResult(value)) return { kind: "ok", value };
    const content: unknown = value.content;
    const text = typeof content === "string" ? content : resultText(content);
    return { kind: "error-result", text, code: resultRefusalCode(value) };
  } catch (thrown) {
    return { kind: "thrown", value: new TypeError(`the tool returned a value that cannot be inspected (${formatThrown(thrown)})`) };
  }
}

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

/** `text` on one line: line feeds become spaces, then blank space at both ends goes, as Python's `strip()` counts it. */
function oneLine(text: string): string {
  return pyStrip(text.replace(/\n/g, " "));
}

/** The event detail of a success, from the result's text: one line, at most 120 characters and `...`. */
function successDetail(result: unknown, text: string): string {
  let source = text;
  if (result === null || result === undefined) source = "";
  else if (text === "" && typeof result !== "string") source = toolResultToText(result, { maxChars: 1_000 });
  const line = oneLine(source);
  if (line === "") return "(empty)";
  const cut = firstCodePoints(line, 120);
  return cut.length < line.length ? cut + "..." : line;
}

function prepDetail(text: string): string {
  const at = text.indexOf(": ");
  return firstCodePoints(at >= 0 ? text.slice(at + 2) : text, 120);
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
    return { payload, text: payload, event: { name, status: "error", detail: firstCodePoints("ssrf_violation: " + oneLine(raw), 160) }, fatal: null };
  }
  if (violation === "workspace") {
    const escalation = await escalationFor(state, name, args);
    if (escalation !== null) {
      const detail = firstCodePoints("workspace_violation_escalated: " + oneLine(raw), 160);
      return { payload: escalation, text: escalation, event: { name, status: "error", detail }, fatal: null };
    }
    return { ...soft, event: { name, status: "error", detail: firstCodePoints("workspace_violation: " + oneLine(raw), 160) }, fatal: null };
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
    return { raw, code: outcome.code, soft: error(raw + RETRY_HINT, firstCodePoints(oneLine(raw), 120), textError(raw)) };
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
  return { payload: text, text, event: { name: call.name, status: "error", detail: firstCodePoints(oneLine(text), 120) }, fatal: null };
}

/**
 * Counts a workspace refusal for this run and returns the escalation text when it is due, else
 * null. The counting module reads the file system to normalise paths, so it is imported here, on
 * first use, and never by a run that meets no workspace refusal.
 */
async function escalationFor(state: RunState, name: string, args: unknown): Promise<string | null> {
  const { recordWorkspaceViolation } = await import("./guards/violations.js");
  return recordWorkspaceViolation(state.violations, name, args);
}

/**
 * The tool message for one call, from the text made once when the call was settled. Never
 * rejects: should building the message fail, the text is still sent, cut to the limit.
 */
export async function toolMessageFor(call: ToolCallRequest, text: string, options: FitOptions): Promise<ChatMessage> {
  try {
    return { role: "tool", tool_call_id: call.id, name: call.name, content: await fitToolText(call.id, call.name, text, options) };
  } catch {
    const shown = pyStrip(text) === "" ? emptyResultMessage(call.name) : text;
    const content = PERSISTENCE_EXEMPT_TOOLS.has(call.name) ? shown : truncateText(shown, options.maxToolResultChars);
    return { role: "tool", tool_call_id: call.id, name: call.name, content };
  }
}
