/**
 * Lesson 5 demo: `prepareCall` traced step by step over calls a model really sends — good JSON,
 * a wrapper, an array, broken JSON, a near-miss name, a value that casts and then fails — and,
 * for each, proof of what ran.
 *
 * `npm run lesson 5 -- --name read_file --args '{"path": 3}'` traces one call of your own;
 * `--step` pauses for Enter between steps on a terminal.
 *
 * @module
 */
import { ToolRegistry } from "../../src/index.js";
import { parseDemoFlags } from "../_shared/args.js";
import { bold, compact, dim, field, green, red, say, section, table } from "../_shared/print.js";
import { FakeListDirTool, FakeReadFileTool, FakeWriteFileTool, totalExecutions, type CountingTool } from "../_shared/sampleTools.js";
import { traceCall } from "../_shared/trace.js";

/** One call of the tour: what the model sent and why it is interesting. */
export interface TourCall {
  /** Why this call is in the tour. */
  title: string;
  /** The tool name as the model wrote it. */
  name: string;
  /** The raw arguments as the model sent them (usually text). */
  args: unknown;
}

/** The calls traced by `npm run lesson 5`. */
export const TOUR: readonly TourCall[] = [
  { title: "a valid JSON string", name: "read_file", args: '{"path": "src/index.ts", "offset": 0, "limit": 20}' },
  { title: 'an {"arguments": "..."} wrapper', name: "read_file", args: '{"arguments": "{\\"path\\": \\"README.md\\"}"}' },
  { title: "numbers sent as strings, cast to integers", name: "read_file", args: '{"path": "README.md", "offset": " 1 ", "limit": "5"}' },
  { title: "a JSON array", name: "read_file", args: "[1,2,3]" },
  { title: "malformed JSON (never repaired)", name: "read_file", args: '{"path": 3' },
  { title: "a near-miss name", name: "ReadFile", args: '{"path": "README.md"}' },
  { title: "a value that casts, then fails validation", name: "read_file", args: '{"path": "a.ts", "limit": "0"}' },
  { title: "an array for a string field (never stringified)", name: "read_file", args: '{"path": ["a.ts"]}' },
  { title: "no arguments at all", name: "read_file", args: "" },
];

function sampleRegistry(): { registry: ToolRegistry; tools: CountingTool[] } {
  const tools: CountingTool[] = [new FakeReadFileTool(), new FakeListDirTool(), new FakeWriteFileTool()];
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  return { registry, tools };
}

interface Row {
  title: string;
  outcome: string;
  failedAt: string;
  ran: number;
}

async function traceOne(call: TourCall, index: number, total: number, step: boolean): Promise<Row> {
  const { registry, tools } = sampleRegistry();
  section(total > 1 ? `Call ${index + 1} of ${total}: ${call.title}` : call.title);
  const traced = await traceCall(registry, call.name, call.args, { step });
  // The proof: hand the very same call to registry.execute and count what reached a tool.
  const before = totalExecutions(tools);
  const result = await registry.execute(call.name, call.args);
  const ran = totalExecutions(tools) - before;
  const proof = `registry.execute() on the same call: tool.execute ran ${ran} time${ran === 1 ? "" : "s"}`;
  if (traced.failedAt === null) {
    say(`  ${bold("proof")}     ${proof}, and returned ${compact(String(result), 40)}`);
  } else {
    say(`  ${bold("proof")}     ${ran === 0 ? green(proof) : red(proof)}`);
  }
  return {
    title: call.title,
    outcome: traced.failedAt === null ? "executes" : "rejected",
    failedAt: traced.failedAt ?? "-",
    ran,
  };
}

/** Runs the lesson 5 demo; resolves with the exit code (1 only if a rejected call ran). */
export async function main(args: string[]): Promise<number> {
  const flags = parseDemoFlags(args);
  say(`Registered: ${bold("read_file")}, list_dir, write_file ${dim("(in-memory samples: nothing touches the disk)")}`);
  field("read_file", "path: string, minLength 1 (required)", 11);
  field("", "offset: integer >= 0   limit: integer 1..10000   encoding: utf-8 | latin-1", 11);

  const calls: TourCall[] =
    flags.name !== undefined || flags.args !== undefined
      ? [{ title: "your call", name: flags.name ?? "read_file", args: flags.args }]
      : [...TOUR];
  const rows: Row[] = [];
  for (const [i, call] of calls.entries()) rows.push(await traceOne(call, i, calls.length, flags.step));

  if (rows.length > 1) {
    section("Summary");
    table([["#", "call", "outcome", "stopped at", "tool ran"], ...rows.map((r, i) => [String(i + 1), r.title, r.outcome, r.failedAt, String(r.ran)])]);
  }
  const rejected = rows.filter((r) => r.outcome === "rejected");
  const leaked = rejected.reduce((sum, r) => sum + r.ran, 0);
  say();
  say(`Rejected calls: ${rejected.length}; tool.execute calls among them: ${leaked === 0 ? green("0") : red(String(leaked))}`);
  if (rows.length > 1) {
    say(dim("Trace your own: npm run lesson 5 -- --name read_file --args '{\"path\": 3}'   (add --step to pause)"));
  }
  return leaked === 0 ? 0 : 1;
}
