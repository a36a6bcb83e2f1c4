/**
 * Lesson 6 demo: one model turn with four tool calls, run by the real `AgentRunner` on real
 * timers. Each tool records when it started and ended; the demo draws the calls as bars on a
 * time axis, so the batches — which calls ran together and which ran alone — can be seen.
 *
 * @module
 */
import { AgentRunner, ScriptedProvider, Tool, ToolCallRequest, ToolRegistry, type AgentRunSpec, type ExecuteOptions, type JsonSchema } from "../../src/index.js";
import { bold, cyan, dim, field, green, mark, red, say, section, table, useFancy, yellow } from "../_shared/print.js";

/** When one call ran, in milliseconds since the turn started. */
export interface Span {
  /** The tool name. */
  name: string;
  /** Start time. */
  start: number;
  /** End time. */
  end: number;
}

/** A tool that waits on a real timer (and honours its abort signal), recording its span. */
class TimedTool extends Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema = { type: "object", properties: { path: { type: "string" } } };
  readonly #ms: number;
  readonly #readOnly: boolean;
  readonly #clock: () => number;
  readonly #spans: Span[];

  constructor(name: string, ms: number, readOnly: boolean, clock: () => number, spans: Span[]) {
    super();
    this.name = name;
    this.description = `${readOnly ? "Reads" : "Writes"} something; takes about ${ms} ms (lesson 6 sample).`;
    this.#ms = ms;
    this.#readOnly = readOnly;
    this.#clock = clock;
    this.#spans = spans;
  }

  override get readOnly(): boolean {
    return this.#readOnly;
  }

  async execute(_params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const start = this.#clock();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, this.#ms);
      options.signal.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a stopped tool rejects with the reason its signal was aborted with, as fetch does
          reject(options.signal.reason);
        },
        { once: true },
      );
    });
    this.#spans.push({ name: this.name, start, end: this.#clock() });
    return `${this.name} done after ${this.#ms} ms`;
  }
}

/** The four calls of the turn: [name, milliseconds, readOnly]. */
const CALLS: readonly [string, number, boolean][] = [
  ["read_a", 120, true],
  ["read_b", 80, true],
  ["write_a", 60, false],
  ["read_c", 40, true],
];

interface TurnRun {
  spans: Span[];
  batches: string[][];
  total: number;
  toolMessages: string[];
  stopReason: string;
}

/** Runs the turn once with a scripted model and returns what the clock saw. */
async function runTurn(concurrentTools: boolean): Promise<TurnRun> {
  const spans: Span[] = [];
  let t0 = 0;
  const clock = (): number => performance.now() - t0;
  const registry = new ToolRegistry();
  for (const [name, ms, readOnly] of CALLS) registry.register(new TimedTool(name, ms, readOnly, clock, spans));
  const calls = CALLS.map(([name], i) => new ToolCallRequest({ id: `call_${i + 1}`, name, arguments: { path: `${name}.txt` } }));
  const provider = new ScriptedProvider([
    { content: null, toolCalls: calls, finishReason: "tool_calls" },
    { content: "All four calls are done.", toolCalls: [], finishReason: "stop" },
  ]);
  const runner = new AgentRunner();
  const spec: AgentRunSpec = {
    provider,
    model: "scripted",
    tools: registry,
    messages: [{ role: "user", content: "Read a and b, write a, then read c." }],
    concurrentTools,
    toolTimeoutMs: 5_000,
  };
  const batches = runner.partitionToolBatches(spec, calls).map((batch) => batch.map((c) => c.name));
  t0 = performance.now();
  const result = await runner.run(spec);
  const total = performance.now() - t0;
  const toolMessages = result.messages.filter((m) => m.role === "tool").map((m) => `${m.name}: ${m.content ?? ""}`);
  spans.sort((a, b) => a.start - b.start);
  return { spans, batches, total, toolMessages, stopReason: result.stopReason };
}

const MS_PER_CHAR = 5;

/** Draws one span as a bar on a shared time axis. */
function bar(span: Span, width: number): string {
  const from = Math.round(span.start / MS_PER_CHAR);
  const to = Math.max(from + 1, Math.round(span.end / MS_PER_CHAR));
  const fill = useFancy() ? "█" : "#";
  const line = " ".repeat(from) + fill.repeat(to - from);
  return line + " ".repeat(Math.max(0, width - line.length));
}

function axis(width: number): string {
  let text = "";
  for (let ms = 0; ms / MS_PER_CHAR < width; ms += 50) {
    const label = `${ms}`;
    const at = ms / MS_PER_CHAR;
    text = text.padEnd(at) + label;
  }
  return text;
}

function batchOf(batches: string[][], name: string): number {
  return batches.findIndex((b) => b.includes(name)) + 1;
}

function printTimeline(run: TurnRun): void {
  const width = Math.ceil(run.total / MS_PER_CHAR) + 2;
  say(`  ${dim("ms".padEnd(18))}${dim(axis(width))}`);
  for (const span of run.spans) {
    const b = batchOf(run.batches, span.name);
    const colour = b % 2 === 1 ? cyan : yellow;
    say(`  ${`${span.name} (batch ${b})`.padEnd(18)}${colour(bar(span, width))}  ${Math.round(span.start)}-${Math.round(span.end)} ms`);
  }
  say(`  ${dim(`one mark = ${MS_PER_CHAR} ms; the turn's tools took ${Math.round(run.total)} ms in all`)}`);
}

function overlaps(a: Span | undefined, b: Span | undefined): boolean {
  return a !== undefined && b !== undefined && a.start < b.end && b.start < a.end;
}

/** Runs the demo; exits 0 when the observed timeline matches the batching rule. */
export async function main(): Promise<number> {
  section("The turn: four calls from one model reply");
  table([["call", "waits", "readOnly", "concurrencySafe"], ...CALLS.map(([name, ms, readOnly]) => [name, `${ms} ms`, String(readOnly), String(readOnly)])]);

  const together = await runTurn(true);
  section("partitionToolBatches (concurrentTools: true, the default)");
  together.batches.forEach((batch, i) => {
    say(`  batch ${i + 1}: ${batch.join(" + ")}  ${dim(batch.length > 1 ? "(run together)" : "(runs alone)")}`);
  });

  section("What the clock saw (AgentRunner.run with real timers)");
  printTimeline(together);

  const span = (name: string): Span | undefined => together.spans.find((s) => s.name === name);
  const readA = span("read_a");
  const readB = span("read_b");
  const write = span("write_a");
  const readC = span("read_c");
  const checks: [string, boolean][] = [
    ["read_a and read_b overlapped", overlaps(readA, readB)],
    [
      "write_a started after read_a and read_b had ended",
      write !== undefined && readA !== undefined && readB !== undefined && write.start >= Math.max(readA.end, readB.end) - 1,
    ],
    ["read_c started after write_a had ended", readC !== undefined && write !== undefined && readC.start >= write.end - 1],
  ];
  say();
  for (const [label, ok] of checks) say(`  ${mark(ok)} ${label}: ${ok ? "yes" : "no"}`);

  section("The tool messages keep the call order, whatever finished first");
  const finished = [...together.spans].sort((a, b) => a.end - b.end).map((s) => s.name);
  field("finished", finished.join(", "));
  field("messages", "in call order:");
  for (const line of together.toolMessages) say(`  ${line}`);
  field("stopReason", together.stopReason);

  const oneByOne = await runTurn(false);
  section("The same turn with concurrentTools: false");
  say(`  ${oneByOne.batches.map((b) => `[${b.join(", ")}]`).join(" ")}  ${dim("(every call is its own batch)")}`);
  printTimeline(oneByOne);

  section("Summary");
  field("together", `${Math.round(together.total)} ms (about 120 + 60 + 40)`, 14);
  field("one by one", `${Math.round(oneByOne.total)} ms (about 120 + 80 + 60 + 40)`, 14);
  say();
  say(`  ${bold("The tool declares")} readOnly / exclusive (so concurrencySafe); ${bold("the runner enforces")} the batches.`);
  const allOk = checks.every(([, ok]) => ok) && oneByOne.spans.every((s, i, all) => i === 0 || s.start >= (all[i - 1]?.end ?? 0) - 1);
  say(allOk ? green("  The timeline matches the batching rule.") : red("  The timeline does not match the batching rule."));
  return allOk ? 0 : 1;
}
