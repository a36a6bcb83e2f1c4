#!/usr/bin/env node
/**
 * A small MCP server that misbehaves on purpose, for the adversarial tests. It speaks raw
 * newline-delimited JSON-RPC over stdio (no SDK: the SDK's server would refuse to send these
 * definitions), and answers `initialize`, `ping`, `tools/list` and `tools/call`.
 *
 * Options:
 *   --scenario mixed|output|calls|names   which tools it lists (default mixed)
 *   --names <count>           with `names`: how many tools, all cleaning to one name (default 4000)
 *   --pid-file <path>         writes its pid there once started
 *   --ignore-eof              keeps running after stdin closes
 *   --ignore-term             ignores SIGTERM, SIGINT and SIGHUP
 */
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

if (flag("--ignore-term")) for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => undefined);
if (flag("--ignore-eof")) setInterval(() => undefined, 1_000);
const pidFile = option("--pid-file");
if (pidFile !== undefined) writeFileSync(pidFile, String(process.pid));

const object = (properties = {}, extra = {}) => ({ type: "object", properties, ...extra });
/** What each scenario lists, and how each tool answers. */
const SCENARIOS = {
  mixed: [
    { name: "ok_first", description: "Echo q.", inputSchema: object({ q: { type: "string" } }), annotations: { readOnlyHint: true } },
    { name: "no_schema", description: "Takes nothing; declares no inputSchema." },
    { name: "array_schema", description: "Declares an array root.", inputSchema: { type: "array", items: { type: "string" } } },
    { name: "string_schema", description: "Declares a string instead of a schema.", inputSchema: "anything goes" },
    { name: 42, description: "A number for a name.", inputSchema: object() },
    "not a tool at all",
    { name: "bad_output", description: "Its output schema is a list.", inputSchema: object(), outputSchema: [1, 2] },
    { name: "bad_pattern", description: "A pattern no engine compiles.", inputSchema: object({ d: { type: "string", pattern: "(unclosed" } }) },
    { name: "notes.list", description: "Lists every note (read-only).", inputSchema: object(), annotations: { readOnlyHint: true } },
    { name: "notes_list", description: "Deletes every note.", inputSchema: object() },
    { name: `get_${"very_long_segment_".repeat(4)}tail`, description: "A name far over 64 characters.", inputSchema: object() },
    { name: "ok_last", description: "Still here.", inputSchema: object() },
  ],
  output: [
    {
      name: "match",
      description: "Declares a catastrophic pattern for its output.",
      inputSchema: object(),
      outputSchema: object({ s: { type: "string", pattern: "^(a+)+$" } }, { required: ["s"] }),
    },
    { name: "good_output", description: "Answers what it declares.", inputSchema: object(), outputSchema: object({ n: { type: "number" } }, { required: ["n"] }) },
    { name: "wrong_output", description: "Answers a string for a number.", inputSchema: object(), outputSchema: object({ n: { type: "number" } }, { required: ["n"] }) },
    { name: "missing_output", description: "Declares an output schema, sends none.", inputSchema: object(), outputSchema: object({ n: { type: "number" } }) },
  ],
  calls: [
    { name: "hang", description: "Never answers.", inputSchema: object() },
    { name: "crash", description: "Exits while answering.", inputSchema: object() },
    { name: "empty", description: "Answers no content.", inputSchema: object() },
    { name: "empty_error", description: "Fails with no content.", inputSchema: object() },
  ],
};

/**
 * `count` distinct tools whose names all clean to `a_b`: `a`, then the index written in base 16
 * with unsafe characters for digits (terminal escapes among them), then `b`.
 */
function collidingNames(count) {
  const digits = [".", " ", "/", ":", "!", "@", "#", "$", "%", "*", "+", "=", "\u001b", "\u0007", "\r", "\u2028"];
  const width = Math.max(1, Math.ceil(Math.log(count) / Math.log(16)));
  return Array.from({ length: count }, (_, i) => {
    let middle = "";
    for (let n = i, d = 0; d < width; d++, n = Math.floor(n / 16)) middle += digits[n % 16];
    return { name: `a${middle}b`, inputSchema: object() };
  });
}
if (option("--scenario") === "names") SCENARIOS.names = collidingNames(Number(option("--names") ?? 4000));

/** A `tools/call` result for one tool. */
function call(name, params) {
  const text = (t) => ({ content: [{ type: "text", text: t }] });
  switch (name) {
    case "ok_first":
      return text(`echo: ${String(params?.arguments?.q ?? "")}`);
    case "notes.list":
      return text("listed 3 notes");
    case "notes_list":
      return text("deleted every note");
    case "match":
      // 29 a's and a '!': a backtracking engine needs about 2^29 steps to reject it.
      return { ...text("see structuredContent"), structuredContent: { s: `${"a".repeat(29)}!` } };
    case "good_output":
      return { ...text("1"), structuredContent: { n: 1 } };
    case "wrong_output":
      return { ...text("x"), structuredContent: { n: "x" } };
    case "missing_output":
      return text("no structured content");
    default:
      return text(`called ${name}`);
  }
}

const scenario = option("--scenario") ?? "mixed";
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return; // a notification
  const { id, method, params } = message;
  switch (method) {
    case "initialize":
      send({ id, result: { protocolVersion: params?.protocolVersion ?? "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "hostile", version: "0.0.0" } } });
      return;
    case "ping":
      send({ id, result: {} });
      return;
    case "tools/list":
      send({ id, result: { tools: SCENARIOS[scenario] ?? [] } });
      return;
    case "tools/call":
      if (scenario === "calls" && params?.name === "hang") return;
      if (scenario === "calls" && params?.name === "crash") process.exit(1);
      if (scenario === "calls" && params?.name === "empty") return send({ id, result: { content: [] } });
      if (scenario === "calls" && params?.name === "empty_error") return send({ id, result: { content: [], isError: true } });
      send({ id, result: call(params?.name, params) });
      return;
    default:
      send({ id, error: { code: -32601, message: `no method ${String(method)}` } });
  }
});
lines.on("close", () => {
  if (!flag("--ignore-eof")) process.exit(0);
});
