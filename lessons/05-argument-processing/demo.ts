/**
 * Lesson 5 demo: `prepareCall` traced step by step over calls a model really sends — good JSON,
 * a wrapper, an array, a bare scalar, broken JSON, a near-miss name, a value that casts and then
 * fails, an `Optional`-style field — and, for each, proof of what ran.
 *
 * `read_file` here is the workbook's real `ReadFileTool`, working in a throw-away folder.
 * `npm run lesson 5 -- --name read_file --args-file lessons/05-argument-processing/calls/limit-ten.json`
 * traces one call of your own, its argument text read from a file (any shell passes a path as it
 * is, where PowerShell 5.1 mangles the quotes of JSON typed on the command line); `--args <text>`
 * gives the text itself; `--step` pauses for Enter between steps on a terminal.
 *
 * @module
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ReadFileTool, ToolRegistry, type JsonSchema, type Tool } from "../../src/index.js";
import { parseDemoFlags, type DemoOption } from "../_shared/args.js";
import { bold, compact, dim, field, green, red, say, section, table } from "../_shared/print.js";
import { CountingTool, FakeListDirTool, FakeWriteFileTool } from "../_shared/sampleTools.js";
import { traceCall } from "../_shared/trace.js";
import { OPTIONAL_SECONDS, TOUR, WAIT_SCHEMA, type TourCall } from "./tour.js";

export { OPTIONAL_SECONDS, TOUR, type TourCall } from "./tour.js";

/** The suggestion printed at the end: a call of your own that is refused, and why. */
export const TRY_YOUR_OWN = "npm run lesson 5 -- --name read_file --args-file lessons/05-argument-processing/calls/limit-ten.json";

/**
 * The argument text of `--args-file <file>`: the file's text, one final line break (which editors
 * add) taken off. A relative path is taken from the folder the command was typed in (`INIT_CWD`,
 * which npm sets). Throws an error naming the file when it cannot be read.
 */
export function readArgsFile(path: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = resolve(env["INIT_CWD"] || process.cwd(), path);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = error instanceof Error && "code" in error && error.code === "ENOENT" ? "there is no such file" : error instanceof Error ? error.message : String(error);
    throw new Error(`--args-file ${path}: cannot read ${file}: ${reason}`);
  }
  return text.replace(/\r?\n$/, "");
}

/** A pretend `wait` whose only parameter is an `Optional`-style field. */
class WaitTool extends CountingTool {
  readonly name = "wait";
  readonly description = "Wait a number of seconds, or until told to stop when seconds is null (sample; waits for nothing).";
  readonly parameters: JsonSchema = WAIT_SCHEMA;
  protected run(params: Record<string, unknown>): Promise<unknown> {
    return Promise.resolve(params["seconds"] === null ? "waiting until told to stop" : `waited ${params["seconds"] as number} s`);
  }
}

/** A throw-away workspace with the two files the tour reads, removed again by `done()`. */
function scratchWorkspace(): { path: string; done: () => void } {
  const path = mkdtempSync(join(tmpdir(), "lesson-05-"));
  mkdirSync(join(path, "src"));
  writeFileSync(join(path, "src", "index.ts"), "export * from './tools/registry.js';\n");
  writeFileSync(join(path, "README.md"), "# Workbook\n\nLessons, exercises and tests.\nStart with lesson 5.\n");
  return { path, done: () => rmSync(path, { recursive: true, force: true }) };
}

/** Counts the calls that reach each tool's `execute`, without changing what the tool does. */
function countExecutions(tools: readonly Tool[]): () => number {
  let count = 0;
  for (const tool of tools) {
    const execute = tool.execute.bind(tool);
    tool.execute = (params, options) => {
      count++;
      return execute(params, options);
    };
  }
  return () => count;
}

function sampleRegistry(workspace: string): { registry: ToolRegistry; executions: () => number } {
  const tools: Tool[] = [new ReadFileTool({ workspace }), new FakeListDirTool(), new FakeWriteFileTool(), new WaitTool()];
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  return { registry, executions: countExecutions(tools) };
}

/** One line per parameter, read from the schema itself: `offset: integer, >= 0`. */
export function describeParameters(schema: JsonSchema): string[] {
  const properties = (schema["properties"] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema["required"] ?? []) as string[]);
  return Object.entries(properties).map(([key, sub]) => {
    const parts: string[] = [Array.isArray(sub["type"]) ? (sub["type"] as string[]).join(" | ") : ((sub["type"] as string | undefined) ?? "any")];
    if (sub["minLength"] !== undefined) parts.push(`minLength ${sub["minLength"] as number}`);
    if (sub["minimum"] !== undefined) parts.push(`>= ${sub["minimum"] as number}`);
    if (sub["maximum"] !== undefined) parts.push(`<= ${sub["maximum"] as number}`);
    if (sub["enum"] !== undefined) parts.push(`one of ${JSON.stringify(sub["enum"])}`);
    return `${key}: ${parts.join(", ")}${required.has(key) ? " (required)" : ""}`;
  });
}

interface Row {
  title: string;
  outcome: string;
  failedAt: string;
  ran: number;
}

async function traceOne(call: TourCall, index: number, total: number, step: boolean): Promise<Row> {
  const workspace = scratchWorkspace();
  try {
    const { registry, executions } = sampleRegistry(workspace.path);
    section(total > 1 ? `Call ${index + 1} of ${total}: ${call.title}` : call.title);
    const traced = await traceCall(registry, call.name, call.args, { step });
    // The proof: hand the very same call to registry.execute and count what reached a tool.
    const before = executions();
    const result = await registry.execute(call.name, call.args);
    const ran = executions() - before;
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
  } finally {
    workspace.done();
  }
}

/** What `npm run lesson 5 -- --help` lists. */
export const options: readonly DemoOption[] = [
  { flag: "--name <tool>", says: "trace one call to this tool instead of the tour (read_file, list_dir, write_file, wait)" },
  { flag: "--args <json text>", says: "the raw argument text of that call, exactly as a model would send it" },
  { flag: "--args-file <file>", says: "the same text read from a file (lessons/05-argument-processing/calls/ has one to copy)" },
  { flag: "--step", says: "pause between the steps of prepareCall (on a terminal; q or Ctrl-C quits)" },
];

/** Runs the lesson 5 demo; resolves with the exit code (1 only if a rejected call ran). */
export async function main(args: string[]): Promise<number> {
  const flags = parseDemoFlags(args);
  const argsFile = flags.all["args-file"];
  if (argsFile !== undefined) {
    if (flags.args !== undefined) {
      say(red("Give the call's arguments once: --args <text> or --args-file <file>, not both."));
      return 2;
    }
    if (argsFile === "true") {
      say(red("--args-file needs a file: --args-file lessons/05-argument-processing/calls/limit-ten.json"));
      return 2;
    }
    try {
      flags.args = readArgsFile(argsFile);
    } catch (error) {
      say(red(error instanceof Error ? error.message : String(error)));
      return 2;
    }
  }
  say(`Registered: ${bold("read_file")} (the real ReadFileTool), list_dir, write_file, wait ${dim("(samples; the files are in a throw-away folder)")}`);
  const readFile = new ReadFileTool({ workspace: "." });
  for (const [i, line] of describeParameters(readFile.parameters).entries()) field(i === 0 ? "read_file" : "", line, 11);
  field("wait", `seconds: ${JSON.stringify(OPTIONAL_SECONDS)}`, 11);

  const calls: TourCall[] = flags.name !== undefined || flags.args !== undefined ? [{ title: "your call", name: flags.name ?? "read_file", args: flags.args }] : [...TOUR];
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
    say(dim(`Trace your own: ${TRY_YOUR_OWN}   (add --step to pause)`));
  }
  return leaked === 0 ? 0 : 1;
}
