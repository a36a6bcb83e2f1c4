/**
 * `npm run bench -- --peers`: the same tools and the same scripted model turns through the Vercel
 * AI SDK, the OpenAI Agents SDK and this workbook's `AgentRunner`, in one process. Prints a speed
 * table (each row as a ratio to the best peer) and a hostile-input table, and writes both to
 * `docs/peers.md`. `--quick` runs fewer rounds and writes nothing.
 *
 * @module
 */
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { HOSTILE_CASES, releaseHangingTools, runHostileCase, type HostileResult } from "./cases.js";
import { openAiAgentsLoop } from "./openai-agents.js";
import { renderPeersPage, type SpeedRow } from "./report.js";
import { callsOf, instantTool, sleepingTool, type PeerLoop, type PeerScript, type PeerTool } from "./scenario.js";
import { vercelAiLoop } from "./vercel-ai.js";
import { workbookLoop } from "./workbook.js";

const quick = process.argv.includes("--quick");
const ROUNDS = quick ? 3 : 9;
const LOOPS: readonly PeerLoop[] = [workbookLoop, vercelAiLoop, openAiAgentsLoop];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function timeRuns(run: (s: PeerScript) => Promise<unknown>, script: PeerScript, times: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < times; i++) await run(script);
  return Number(process.hrtime.bigint() - start) / 1e6 / times;
}

/**
 * Milliseconds per run of `script` for each loop: a warm-up, then `ROUNDS` rounds in which every
 * loop runs `times` times, the loops' order reversed every other round; the median of the rounds.
 */
async function interleaved(tools: readonly PeerTool[], script: PeerScript, times: number, sequential = false): Promise<Map<string, number>> {
  const runs = LOOPS.map((loop) => ({ loop, run: loop.prepare(tools, { sequential }) }));
  for (const { run } of runs) await timeRuns(run, script, Math.max(1, times));
  const perRound = new Map<string, number[]>(LOOPS.map((l) => [l.name, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? runs : [...runs].reverse();
    for (const { loop, run } of order) perRound.get(loop.name)?.push(await timeRuns(run, script, times));
  }
  return new Map([...perRound].map(([name, values]) => [name, median(values)]));
}

async function speedRows(): Promise<SpeedRow[]> {
  const rows: SpeedRow[] = [];
  const fast = [instantTool("read_file")];
  for (const n of [1, 10, 100]) {
    const script: PeerScript = { turns: [callsOf("read_file", n)] };
    const times = quick ? Math.max(2, Math.round(200 / n)) : Math.max(5, Math.round(2000 / n));
    const ms = await interleaved(fast, script, times);
    rows.push({
      id: `overhead-${n}`,
      label: `Loop overhead per tool call, ${n} call${n === 1 ? "" : "s"} per turn (tools answer at once)`,
      unit: "µs/call",
      values: new Map([...ms].map(([name, v]) => [name, (v * 1000) / n])),
      notes: new Map(),
    });
  }

  const sleepy = [sleepingTool("read_file", 20, true)];
  const hundred: PeerScript = { turns: [callsOf("read_file", 100)] };
  rows.push({
    id: "safe-100x20ms",
    label: "Wall time of 100 concurrency-safe 20 ms calls in one turn",
    unit: "ms",
    values: await interleaved(sleepy, hundred, quick ? 1 : 3),
    notes: new Map(),
  });

  // A turn of 5 reads, 1 write, 5 reads (20 ms each). A correct schedule never lets the write
  // overlap a read; the best correct wall time is about 3 × 20 ms.
  const marks: { event: "start" | "end"; name: string }[] = [];
  const mark = (event: "start" | "end", name: string): void => void marks.push({ event, name });
  const mixedTools = [sleepingTool("read_file", 20, true, mark), sleepingTool("write_file", 20, false, mark)];
  const mixed: PeerScript = {
    turns: [[...callsOf("read_file", 5, "r"), { id: "w0", name: "write_file", args: JSON.stringify({ path: "out.txt" }) }, ...callsOf("read_file", 5, "s")]],
  };
  const overlaps = new Map<string, boolean>();
  const mixedValues = new Map<string, number>();
  const notes = new Map<string, string>();
  for (const loop of LOOPS) {
    // Each loop in the mode that keeps the write apart, where it has one.
    const sequential = loop !== workbookLoop;
    const run = loop.prepare(mixedTools, { sequential });
    marks.length = 0;
    await run(mixed);
    overlaps.set(loop.name, writeOverlapped(marks));
    mixedValues.set(loop.name, await timeRuns(run, mixed, quick ? 1 : 3));
  }
  notes.set(workbookLoop.name, "reads together, the write alone: three batches");
  notes.set(vercelAiLoop.name, "n/a: starts every call of a turn at once, so the write overlaps the reads; it has no sequential mode");
  notes.set(
    openAiAgentsLoop.name,
    overlaps.get(openAiAgentsLoop.name) === true
      ? "the write overlapped a read"
      : "`maxFunctionToolConcurrency: 1`, the only way to keep the write apart, runs every call one at a time",
  );
  if (overlaps.get(vercelAiLoop.name) === true) mixedValues.delete(vercelAiLoop.name);
  rows.push({
    id: "mixed-turn",
    label: "5 reads, 1 write, 5 reads (20 ms each), the write kept apart from the reads",
    unit: "ms",
    values: mixedValues,
    notes,
  });
  return rows;
}

/** True when a `write_file` ran while a `read_file` was running, in either order. */
function writeOverlapped(marks: readonly { event: "start" | "end"; name: string }[]): boolean {
  let reads = 0;
  let writing = false;
  for (const m of marks) {
    if (m.name === "write_file") {
      if (m.event === "start" && reads > 0) return true;
      writing = m.event === "start";
    } else {
      if (m.event === "start" && writing) return true;
      reads += m.event === "start" ? 1 : -1;
    }
  }
  return false;
}

async function hostileRows(): Promise<Map<string, Map<string, HostileResult>>> {
  const table = new Map<string, Map<string, HostileResult>>();
  for (const c of HOSTILE_CASES) {
    const row = new Map<string, HostileResult>();
    for (const loop of LOOPS) row.set(loop.name, await runHostileCase(loop, c));
    table.set(c.id, row);
  }
  releaseHangingTools();
  return table;
}

function printSpeed(rows: readonly SpeedRow[]): void {
  console.log("\nSpeed (ratio to the best peer; lower is better)\n");
  for (const row of rows) {
    const best = Math.min(...row.values.values());
    console.log(`  ${row.label}`);
    for (const loop of LOOPS) {
      const v = row.values.get(loop.name);
      const shown = v === undefined ? `n/a  ${row.notes.get(loop.name) ?? ""}` : `${v.toFixed(2)} ${row.unit}  ratio ${(v / best).toFixed(2)}`;
      console.log(`    ${loop.name.padEnd(20)} ${shown}`);
    }
  }
}

function printHostile(table: Map<string, Map<string, HostileResult>>): void {
  console.log("\nHostile input\n");
  for (const c of HOSTILE_CASES) {
    console.log(`  ${c.label}`);
    for (const loop of LOOPS) {
      const r = table.get(c.id)?.get(loop.name);
      if (r !== undefined) console.log(`    ${loop.name.padEnd(20)} ${r.verdict.padEnd(22)} ${r.text.slice(0, 110)}`);
    }
  }
}

const rows = await speedRows();
printSpeed(rows);
const hostile = await hostileRows();
printHostile(hostile);
if (!quick) {
  const page = renderPeersPage({
    loops: LOOPS,
    speed: rows,
    hostile,
    machine: `Node ${process.version}, ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${cpus().length} CPUs`,
    date: new Date().toISOString().slice(0, 10),
  });
  writeFileSync(new URL("../../docs/peers.md", import.meta.url), page);
  console.log("\nWrote docs/peers.md");
}
