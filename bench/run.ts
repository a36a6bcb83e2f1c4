/**
 * `npm run bench` (`--peers` for the comparison with other tool loops): prepareCall against the floor,
 * runner overhead, batch concurrency and cost growth (including the rewording of many refused `anyOf`
 * items), side by side in one process, then the learner's loop (`npm run exercise`, `--watch`,
 * `progress`, `lesson`) in fresh processes. Prints a table and writes the figures, the Node version,
 * the CPU model and the date to `bench/results.local.json` (git-ignored); only `--write` updates the
 * tracked `bench/results.json`. `--quick` makes a short run (fewer iterations, rounds and runs) and
 * writes nothing; `--no-learner-loop` leaves the learner's loop out; `--corpus-only` times the
 * corpus alone, each call against the floor on the same call, and writes nothing. The per-call
 * table is timed in five fresh processes (three with `--quick`) and gives their median
 * (`bench/per-call.ts`).
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, platform, arch } from "node:os";
import { fileURLToPath } from "node:url";
import { AgentRunner } from "../src/agent/runner.js";
import type { AgentRunSpec } from "../src/agent/run-spec.js";
import { ToolCallRequest, type LLMProvider } from "../src/providers/base.js";
import type { JsonSchema, Tool } from "../src/tools/base.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { BenchTool, buildFloor, CORPUS_CALLS, corpusFloor, corpusRegistry, READ_FILE_SCHEMA, SEARCH_SCHEMA, type FloorCheck } from "./corpus.js";
import { compare, consume, median, round, sink, wallMs, type Contender, type TimingOptions } from "./harness.js";
import { benchLearnerLoop, learnerLoopRows, type LearnerLoopResult } from "./learner-loop.js";
import { benchHostileSchemas } from "./hostile-schemas.js";
import { combinePerCall, type CallTiming, type PerCall } from "./per-call.js";

const quick = process.argv.includes("--quick");
const write = process.argv.includes("--write");
const withLearnerLoop = !process.argv.includes("--no-learner-loop");
const scale = quick ? 0.2 : 1;
const ROUNDS = quick ? 5 : 15;

function timing(iterations: number): TimingOptions {
  const it = Math.max(10, Math.round(iterations * scale));
  return { warmupIterations: it, iterations: it, rounds: ROUNDS };
}

/** A contender that runs `calls` through `registry.prepareCall`. */
function subject(name: string, registry: ToolRegistry, calls: readonly { name: string; raw: unknown }[]): Contender {
  return {
    name,
    opsPerIteration: calls.length,
    run(iterations) {
      let acc = 0;
      for (let i = 0; i < iterations; i++) {
        for (let j = 0; j < calls.length; j++) {
          const call = calls[j] as { name: string; raw: unknown };
          const prepared = registry.prepareCall(call.name, call.raw);
          acc += prepared.error === null ? 1 : prepared.error.content.length;
        }
      }
      sink.value = (sink.value + acc) | 0;
    },
  };
}

/** A contender that runs `calls` through the floor. */
function floorContender(name: string, floor: FloorCheck, calls: readonly { name: string; raw: unknown }[]): Contender {
  return {
    name,
    opsPerIteration: calls.length,
    run(iterations) {
      let acc = 0;
      for (let i = 0; i < iterations; i++) {
        for (let j = 0; j < calls.length; j++) {
          const call = calls[j] as { name: string; raw: unknown };
          acc += floor(call.name, call.raw) ? 1 : 2;
        }
      }
      sink.value = (sink.value + acc) | 0;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 1. prepareCall over the corpus, against the floor.

/** The goal of figure 1: prepareCall over the corpus costs at most this many times the floor. */
const GOAL_RATIO = 1.2;

/** How many fresh processes time the per-call table: one process's compiled code runs a call a tenth faster or slower than the next one's. */
const PER_CALL_PROCESSES = quick ? 3 : 5;

/**
 * Each corpus call timed on its own in this process: `prepareCall` and the floor on that one
 * call, interleaved round by round, the median of the rounds each.
 */
function timeEachCall(registry: ToolRegistry, floor: FloorCheck): CallTiming[] {
  return CORPUS_CALLS.map((call) => {
    const one = [call];
    const t = compare([subject("s", registry, one), floorContender("f", floor, one)], timing(20000));
    return { n: call.n, prepareCallNs: t.get("s")?.nsPerOp ?? Number.NaN, floorNs: t.get("f")?.nsPerOp ?? Number.NaN };
  });
}

/** The argument that makes this script time each call in its own process and print the timings as JSON. */
const PER_CALL_PROCESS = "--per-call-process";

/**
 * The per-call table: {@link PER_CALL_PROCESSES} fresh processes, one after another, each timing
 * the corpus as a whole and then each call on its own (`--per-call-process`).
 */
function benchPerCall(): PerCall[] {
  const processes: CallTiming[][] = [];
  for (let i = 0; i < PER_CALL_PROCESSES; i++) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), PER_CALL_PROCESS, ...(quick ? ["--quick"] : [])], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    if (child.status !== 0) throw new Error(`the per-call process ${i + 1} of ${PER_CALL_PROCESSES} ended with ${String(child.status ?? child.signal)}`);
    processes.push(JSON.parse(child.stdout) as CallTiming[]);
  }
  return combinePerCall(processes);
}

/** `--per-call-process`: the corpus as a whole (as the table's first row has it, so each call is timed after the same work), then each call; the timings as JSON. */
function perCallProcess(): void {
  const registry = corpusRegistry();
  const floor = corpusFloor();
  compare([subject("prepareCall", registry, CORPUS_CALLS), floorContender("floor", floor, CORPUS_CALLS)], timing(6000));
  process.stdout.write(JSON.stringify(timeEachCall(registry, floor)) + "\n");
}

/** The per-call table's rows, under the table's own header. */
function perCallRows(perCall: readonly PerCall[]): string[][] {
  return perCall.map((c) => [
    `   call ${c.n} (${c.name}, ${c.label})`,
    `${c.prepareCallNs} ns (floor ${c.floorNs} ns, ratio ${c.ratio}; ${c.ratios.length} processes ${Math.min(...c.ratios)}-${Math.max(...c.ratios)})`,
    c.goalRatio === null ? "" : `ratio <= ${c.goalRatio}`,
    c.goalRatio === null ? "" : verdict(c.met),
  ]);
}

function benchCorpus(): Record<string, unknown> {
  const registry = corpusRegistry();
  const floor = corpusFloor();
  const times = compare([subject("prepareCall", registry, CORPUS_CALLS), floorContender("floor", floor, CORPUS_CALLS)], timing(6000));
  const s = times.get("prepareCall");
  const f = times.get("floor");
  if (s === undefined || f === undefined) throw new Error("missing timing");
  const perCall = benchPerCall();
  return {
    nsPerCall: round(s.nsPerOp),
    floorNsPerCall: round(f.nsPerOp),
    ratio: round(s.nsPerOp / f.nsPerOp, 3),
    goalRatio: GOAL_RATIO,
    met: s.nsPerOp / f.nsPerOp <= GOAL_RATIO,
    roundsNs: { prepareCall: s.rounds.map((x) => round(x)), floor: f.rounds.map((x) => round(x)) },
    perCall,
  };
}

// ---------------------------------------------------------------------------------------------
// 2. and 3. The runner.

const provider: LLMProvider = {
  chat: () => Promise.resolve({ content: "", toolCalls: [], finishReason: "stop" }),
};

const PATH_SCHEMA: JsonSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };

function runnerSpec(tools: ToolRegistry): AgentRunSpec {
  return { provider, model: "bench", tools, messages: [] };
}

function callsOf(name: string, count: number): ToolCallRequest[] {
  return Array.from({ length: count }, (_, i) => new ToolCallRequest({ id: `call_${i}`, name, arguments: { path: `f${i}.txt` } }));
}

async function executeAll(spec: AgentRunSpec, calls: ToolCallRequest[]): Promise<number> {
  const out = await new AgentRunner().executeTools(spec, calls);
  return out.results.length + out.events.length + (out.fatalError === null ? 0 : 1);
}

async function benchRunnerOverhead(limits: Partial<AgentRunSpec> = {}): Promise<Record<string, unknown>> {
  const tools = new ToolRegistry();
  tools.register(new BenchTool("fast_safe", PATH_SCHEMA, { readOnly: true }));
  tools.register(new BenchTool("fast_unsafe", PATH_SCHEMA, { readOnly: false }));
  const spec = { ...runnerSpec(tools), ...limits };
  const N = 1000;
  const safe = callsOf("fast_safe", N);
  const unsafe = callsOf("fast_unsafe", N);
  const warmup = quick ? 5 : 20;
  for (let i = 0; i < warmup; i++) {
    consume(await executeAll(spec, safe));
    consume(await executeAll(spec, unsafe));
  }
  const safeUs: number[] = [];
  const unsafeUs: number[] = [];
  for (let r = 0; r < ROUNDS * 2; r++) {
    const first = r % 2 === 0;
    const a = await wallMs(() => executeAll(spec, first ? safe : unsafe));
    const b = await wallMs(() => executeAll(spec, first ? unsafe : safe));
    (first ? safeUs : unsafeUs).push((a * 1000) / N);
    (first ? unsafeUs : safeUs).push((b * 1000) / N);
  }
  const concurrent = median(safeUs);
  const sequential = median(unsafeUs);
  return {
    calls: N,
    concurrentUsPerCall: round(concurrent, 2),
    sequentialUsPerCall: round(sequential, 2),
    goalUsPerCall: 5,
    met: concurrent <= 5 && sequential <= 5,
  };
}

async function benchConcurrency(): Promise<Record<string, unknown>> {
  const sleep20 = (): Promise<unknown> => new Promise((resolve) => setTimeout(() => resolve("done"), 20));
  const tools = new ToolRegistry();
  tools.register(new BenchTool("sleep_safe", PATH_SCHEMA, { readOnly: true, execute: sleep20 }));
  tools.register(new BenchTool("sleep_unsafe", PATH_SCHEMA, { readOnly: false, execute: sleep20 }));
  const spec = runnerSpec(tools);
  const safe = callsOf("sleep_safe", 100);
  const unsafe = callsOf("sleep_unsafe", 100);
  consume(await executeAll(spec, safe));
  const safeMs: number[] = [];
  for (let r = 0; r < (quick ? 3 : 7); r++) safeMs.push(await wallMs(() => executeAll(spec, safe)));
  const unsafeMs = await wallMs(() => executeAll(spec, unsafe));
  const concurrent = median(safeMs);
  return {
    calls: 100,
    timerMs: 20,
    concurrentWallMs: round(concurrent),
    concurrentRunsMs: safeMs.map((x) => round(x)),
    goalConcurrentWallMs: 40,
    met: concurrent <= 40,
    sequentialWallMs: round(unsafeMs),
    expectedSequentialWallMs: 2000,
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Cost growth.

const FILLER_SCHEMA: JsonSchema = { type: "object", properties: { x: { type: "string" } } };

function benchRegistrySizes(): Record<string, unknown>[] {
  const call = CORPUS_CALLS[0] as { name: string; raw: unknown };
  const rows: Record<string, unknown>[] = [];
  const contenders: Contender[] = [];
  for (const size of [10, 100, 1000]) {
    const fillers: Tool[] = [];
    for (let i = 2; i < size; i++) fillers.push(new BenchTool(`filler_${i}`, FILLER_SCHEMA));
    const registry = corpusRegistry(fillers);
    if (registry.size !== size) throw new Error(`registry has ${registry.size} tools, wanted ${size}`);
    contenders.push(subject(String(size), registry, [call]));
  }
  const t = compare(contenders, timing(40000));
  for (const c of contenders) rows.push({ tools: Number(c.name), call: "1 (read_file, valid)", nsPerCall: round(t.get(c.name)?.nsPerOp ?? Number.NaN) });
  return rows;
}

function wideSchema(count: number): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: i % 2 === 0 ? "string" : "integer" };
  return { type: "object", properties };
}

function wideArgs(count: number): string {
  const value: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) value[`p${i}`] = i % 2 === 0 ? `v${i}` : i;
  return JSON.stringify(value);
}

function benchWideArguments(): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const count of [10, 100, 1000]) {
    const schema = wideSchema(count);
    const name = `wide_${count}`;
    const registry = corpusRegistry([new BenchTool(name, schema)]);
    const floor = buildFloor([[name, schema]]);
    const calls = [{ name, raw: wideArgs(count) }];
    if (registry.prepareCall(name, calls[0]?.raw).error !== null || !floor(name, calls[0]?.raw)) {
      throw new Error(`the ${count}-property call should be valid`);
    }
    const t = compare([subject("s", registry, calls), floorContender("f", floor, calls)], timing(200000 / count));
    const s = t.get("s")?.nsPerOp ?? Number.NaN;
    const f = t.get("f")?.nsPerOp ?? Number.NaN;
    rows.push({ properties: count, nsPerCall: round(s), floorNsPerCall: round(f), ratio: round(s / f, 2) });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// 5. Rewording many problems: an array whose items use anyOf.

const ANY_OF_ITEMS_SCHEMA: JsonSchema = {
  type: "object",
  properties: { xs: { type: "array", items: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } } },
};

/** `{"xs": ["abc", -10, …]}`: every item fails, half by type and half by range, about 5 bytes each. */
function anyOfItemsArgs(count: number): string {
  return JSON.stringify({ xs: Array.from({ length: count }, (_, i) => (i % 2 === 0 ? "abc" : -10)) });
}

function benchAnyOfItems(): Record<string, unknown>[] {
  const registry = corpusRegistry([new BenchTool("items", ANY_OF_ITEMS_SCHEMA)]);
  const rows: Record<string, unknown>[] = [];
  for (const count of [1000, 10000, 20000]) {
    const raw = anyOfItemsArgs(count);
    const first = registry.prepareCall("items", raw);
    if (first.error === null) throw new Error(`the ${count}-item call should be refused`);
    const runs: number[] = [];
    for (let r = 0; r < (quick ? 3 : 9); r++) {
      const started = performance.now();
      const prepared = registry.prepareCall("items", raw);
      runs.push(performance.now() - started);
      consume(prepared.error === null ? 0 : prepared.error.content.length);
    }
    rows.push({ items: count, bytes: raw.length, medianMs: round(median(runs), 2), fastestMs: round(Math.min(...runs), 2) });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: readonly string[]): string => "| " + r.map((c, i) => pad(c, widths[i] ?? 0)).join(" | ") + " |";
  const rule = "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|";
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join("\n");
}

function verdict(met: unknown): string {
  return met === true ? "met" : met === false ? "MISSED" : "-";
}

/** The learner's loop figures (bench/learner-loop.ts), or null when left out. */
async function learnerLoopFigures(): Promise<LearnerLoopResult | null> {
  return withLearnerLoop ? benchLearnerLoop(quick ? 3 : 5) : null;
}

async function main(): Promise<void> {
  const started = Date.now();
  const corpus = benchCorpus();
  const overhead = await benchRunnerOverhead();
  const limited = await benchRunnerOverhead({ signal: new AbortController().signal, toolTimeoutMs: 30_000 });
  const concurrency = await benchConcurrency();
  const sizes = benchRegistrySizes();
  const wide = benchWideArguments();
  const anyOfItems = benchAnyOfItems();
  const learnerLoop = await learnerLoopFigures();
  const hostile = benchHostileSchemas(quick ? 200 : 2_000);

  const rows: string[][] = [["figure", "measured", "goal", "result"]];
  rows.push([
    "1. prepareCall, 8-call corpus",
    `${String(corpus["nsPerCall"])} ns/call (floor ${String(corpus["floorNsPerCall"])} ns/call, ratio ${String(corpus["ratio"])})`,
    `ratio <= ${GOAL_RATIO}`,
    verdict(corpus["met"]),
  ]);
  rows.push(...perCallRows(corpus["perCall"] as PerCall[]));
  rows.push([
    "2. executeTools, 1,000 instant calls, safe",
    `${String(overhead["concurrentUsPerCall"])} us/call (concurrent)`,
    "<= 5 us/call",
    verdict((overhead["concurrentUsPerCall"] as number) <= 5),
  ]);
  rows.push([
    "   same, unsafe tool",
    `${String(overhead["sequentialUsPerCall"])} us/call (sequential)`,
    "<= 5 us/call",
    verdict((overhead["sequentialUsPerCall"] as number) <= 5),
  ]);
  rows.push([
    "   same, with a run signal and toolTimeoutMs",
    `${String(limited["concurrentUsPerCall"])} us/call (concurrent), ${String(limited["sequentialUsPerCall"])} us/call (sequential)`,
    "<= 6 us/call",
    verdict((limited["concurrentUsPerCall"] as number) <= 6 && (limited["sequentialUsPerCall"] as number) <= 6),
  ]);
  rows.push(["3. 100 safe calls x 20 ms timer", `${String(concurrency["concurrentWallMs"])} ms wall`, "<= 40 ms", verdict(concurrency["met"])]);
  rows.push(["   100 unsafe calls x 20 ms timer", `${String(concurrency["sequentialWallMs"])} ms wall`, "~2000 ms (expected)", "-"]);
  for (const r of sizes) rows.push([`4. prepareCall, ${String(r["tools"])} tools registered`, `${String(r["nsPerCall"])} ns/call (call 1)`, "flat", ""]);
  const sizeNs = sizes.map((r) => r["nsPerCall"] as number);
  const flat = Math.max(...sizeNs) <= Math.min(...sizeNs) * 1.25;
  rows[rows.length - 1]![3] = flat ? "met (flat)" : "MISSED (grows)";
  for (const r of wide) {
    rows.push([
      `   prepareCall, ${String(r["properties"])}-property arguments`,
      `${String(r["nsPerCall"])} ns/call (floor ${String(r["floorNsPerCall"])} ns, ratio ${String(r["ratio"])})`,
      "",
      "",
    ]);
  }

  for (const r of anyOfItems) {
    const last = r["items"] === 20000;
    rows.push([
      `5. prepareCall, ${String(r["items"])} anyOf items refused (${Math.round((r["bytes"] as number) / 1000)} KB)`,
      `${String(r["medianMs"])} ms median (fastest ${String(r["fastestMs"])} ms)`,
      last ? "<= 50 ms, linear" : "",
      last ? verdict((r["medianMs"] as number) <= 50) : "",
    ]);
  }
  if (learnerLoop !== null) rows.push(...learnerLoopRows(learnerLoop));
  rows.push([
    `6. register, ${hostile.cases} hostile schemas (${hostile.refused} refused)`,
    `worst ${round(hostile.worstRegister.ms)} ms (${hostile.worstRegister.kind})`,
    "bounded",
    "-",
  ]);
  rows.push(["   prepareCall on them", `worst ${round(hostile.worstPrepareCall.ms)} ms (${hostile.worstPrepareCall.kind})`, "bounded", "-"]);

  const printed = table(rows);
  console.log(printed);
  const cpu = cpus()[0]?.model ?? "unknown";
  console.log(
    `\nNode ${process.version}, ${cpu}, ${cpus().length} CPUs, ${platform()}/${arch()}${quick ? ", --quick" : ""}; sink ${sink.value}; ${round((Date.now() - started) / 1000)} s`,
  );

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpu,
    cpus: cpus().length,
    platform: `${platform()}/${arch()}`,
    command: "npm run bench",
    quick,
    figures: {
      prepareCall: corpus,
      runnerOverhead: overhead,
      runnerOverheadWithLimits: limited,
      concurrency,
      growth: { registrySize: { flat, rows: sizes }, argumentProperties: wide, anyOfItems },
      hostileSchemas: hostile,
      ...(learnerLoop === null ? {} : { learnerLoop }),
    },
    schemas: { read_file: READ_FILE_SCHEMA, search: SEARCH_SCHEMA },
  };
  if (quick) {
    console.log("(--quick: nothing written)");
  } else {
    const file = write ? "results.json" : "results.local.json";
    writeFileSync(new URL(`./${file}`, import.meta.url), JSON.stringify(results, null, 2) + "\n");
    console.log(`wrote bench/${file}${write ? "" : " (git-ignored; --write updates the tracked bench/results.json)"}`);
  }
}

/**
 * `--corpus-only`: figure 1 alone, the corpus and its per-call table, printed and not written (a
 * quick check of the call path, repeated as often as wanted).
 */
function corpusOnly(): void {
  const corpus = benchCorpus();
  const rows: string[][] = [["call", "measured", "goal", "result"]];
  rows.push([
    "8-call corpus",
    `${String(corpus["nsPerCall"])} ns/call (floor ${String(corpus["floorNsPerCall"])} ns/call, ratio ${String(corpus["ratio"])})`,
    `ratio <= ${GOAL_RATIO}`,
    verdict(corpus["met"]),
  ]);
  rows.push(...perCallRows(corpus["perCall"] as PerCall[]));
  console.log(table(rows));
  console.log(
    `\nNode ${process.version}, ${cpus()[0]?.model ?? "unknown"}, ${cpus().length} CPUs${quick ? ", --quick" : ""}; sink ${sink.value} (--corpus-only: nothing written)`,
  );
}

// `--peers` runs the side-by-side comparison with other tool loops instead (bench/peers/run.ts).
if (process.argv.includes("--peers")) await import("./peers/run.js");
else if (process.argv.includes(PER_CALL_PROCESS)) perCallProcess();
else if (process.argv.includes("--corpus-only")) corpusOnly();
else await main();
