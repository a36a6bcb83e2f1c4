/**
 * Prints the `prepareCall` trace: every step the registry reached for one call, what went in,
 * what came out, whether it passed, and the outcome — the arguments that would be executed or
 * the exact error text the model reads. Lesson 5 is built on it; later lessons reuse it.
 *
 * @module
 */
import { RETRY_HINT, type PreparedCall, type PrepareStep, type PrepareStepName, type ToolRegistry } from "../../src/index.js";
import { bold, compact, dim, field, green, mark, red, say, truncate, useFancy, block } from "./print.js";
import { pauseForEnter } from "./step.js";

/** The steps of `prepareCall` in flowchart order. */
export const PREPARE_STEPS: readonly PrepareStepName[] = ["lookup", "coerce", "unwrap", "shape", "cast", "validate"];

/** How a trace is printed. */
export interface TraceOptions {
  /** Pause for Enter after each step (only has an effect when stdin is a terminal). */
  step?: boolean;
  /** Longest input/output line before it is shortened. Default 68. */
  width?: number;
}

/** What {@link traceCall} found out. */
export interface TraceResult {
  /** The steps reported to `onStep`, in order. */
  steps: PrepareStep[];
  /** What `prepareCall` returned. */
  prepared: PreparedCall;
  /** The step that failed, or `null` when the call may execute. */
  failedAt: PrepareStepName | null;
}

const NAME_WIDTH = 9;

function markWidth(): number {
  return useFancy() ? 1 : 4;
}

/**
 * A value as the trace shows it: text in single quotes exactly as sent (so `'{"path": 3'` reads
 * like the model's output), everything else as compact JSON.
 */
export function showValue(value: unknown, width = 68): string {
  if (typeof value === "string") return `'${truncate(value, width - 2)}'`;
  return compact(value, width, 48);
}

function firstSentence(text: string): string {
  const end = text.indexOf(". ");
  return end === -1 ? text : text.slice(0, end + 1);
}

/** Prints one step as three lines: mark, step name and detail, then its input and output. */
export function printStep(step: PrepareStep, width = 68): void {
  const indent = 2 + markWidth() + 1 + NAME_WIDTH + 1;
  const name = step.ok ? step.step.padEnd(NAME_WIDTH) : red(step.step.padEnd(NAME_WIDTH));
  say(`  ${mark(step.ok)} ${bold(name)} ${step.detail ?? ""}`);
  say(`${" ".repeat(indent)}${dim("in ")} ${showValue(step.input, width)}`);
  const out = !step.ok ? red(truncate(firstSentence(String(step.output)), width + 12)) : step.output === step.input ? dim("same as in") : showValue(step.output, width);
  say(`${" ".repeat(indent)}${dim("out")} ${out}`);
}

/** The text the model reads for a rejected call: the prepare error plus the retry hint. */
export function modelReads(prepared: PreparedCall): string | null {
  return prepared.error === null ? null : prepared.error.content + RETRY_HINT;
}

/**
 * Runs `registry.prepareCall(name, args)` with an `onStep` observer and prints the trace and the
 * outcome. Nothing is executed here.
 */
export async function traceCall(registry: ToolRegistry, name: unknown, args: unknown, options: TraceOptions = {}): Promise<TraceResult> {
  const width = options.width ?? 68;
  const steps: PrepareStep[] = [];
  const prepared = registry.prepareCall(name, args, (step) => steps.push(step));
  field("name", showValue(name, width));
  field("arguments", args === undefined ? dim("(none)") : showValue(args, width));
  say();
  for (const [i, step] of steps.entries()) {
    printStep(step, width);
    if (i < steps.length - 1) await pauseForEnter(options.step === true);
  }
  const failed = steps.find((step) => !step.ok);
  const skipped = PREPARE_STEPS.slice(steps.length);
  if (skipped.length > 0) say(dim(`  not reached: ${skipped.join(", ")}`));
  say();
  const text = modelReads(prepared);
  if (text === null) {
    say(`  ${bold("outcome")}   ${green(`would execute with ${showValue(prepared.params, width + 10)}`)}`);
  } else {
    say(`  ${bold("outcome")}   ${red("rejected")}; the model reads this tool result:`);
    block(text, 6);
  }
  return { steps, prepared, failedAt: failed === undefined ? null : failed.step };
}
