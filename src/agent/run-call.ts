/**
 * Running one tool call (lessons 6 and 7): preparation, the repeated-lookup throttle, then the
 * tool itself under the call's time limit and the run's abort signal. Whatever happens, one
 * {@link CallOutcome} comes back; {@link runCall} never rejects. Turning the outcome into the text
 * the model reads is the runner's job.
 *
 * @module
 */
import type { ToolCallRequest } from "../providers/base.js";
import { isToolErrorResult, resultRefusalCode, type RefusalCode } from "../tools/base.js";
import { coerceArgumentValue, unwrapArgumentsPayload } from "../tools/coerce.js";
import type { PreparedCall } from "../tools/registry.js";
import { formatThrown } from "../tools/thrown.js";
import type { LookupThrottle } from "./lookup-throttle.js";
import { resultText } from "./result-text.js";
import type { ToolSource } from "./tool-source.js";
import { isPlainObject } from "../json.js";
import type { StopGroup } from "../util/async.js";

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
        preparation = {
          prepared: tools.prepareCall(call.name, call.arguments, (step) => {
            if (step.step === "coerce" || step.step === "unwrap") args = step.output;
          }),
        };
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
