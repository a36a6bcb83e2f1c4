/**
 * Renders the peer comparison as `docs/peers.md`, a page of the TypeDoc site. Every figure and
 * every quoted text on it comes from the run that wrote it.
 *
 * @module
 */
import { HOSTILE_CASES, type HostileResult } from "./cases.js";
import type { PeerLoop } from "./scenario.js";

/** One row of the speed table: a value per loop (absent where the loop cannot do the row). */
export interface SpeedRow {
  /** Row id. */
  id: string;
  /** What is measured. */
  label: string;
  /** The unit of the values. */
  unit: string;
  /** Per loop name, the measured value. */
  values: Map<string, number>;
  /** Per loop name, a note (why a value is missing, or how the loop was set up). */
  notes: Map<string, string>;
}

/** Everything the page shows. */
export interface PeersPage {
  /** The loops, in column order. */
  loops: readonly PeerLoop[];
  /** The speed rows. */
  speed: readonly SpeedRow[];
  /** Per case id, per loop name, what happened. */
  hostile: Map<string, Map<string, HostileResult>>;
  /** Node version and CPU. */
  machine: string;
  /** The day of the run. */
  date: string;
}

/** The heading of each case's section; lessons link to these anchors. */
export const CASE_HEADINGS: Readonly<Record<string, string>> = {
  "malformed-json": "Malformed JSON",
  "json-array": "A JSON array",
  scalar: "A scalar",
  "near-miss-name": "A near-miss name",
  "schema-invalid": "Schema-invalid arguments",
  "optional-string": "An optional field given a string",
  "tool-throws": "A tool that throws",
  "tool-hangs": "A tool that hangs past its time limit",
};

const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function speedTable(page: PeersPage): string {
  const head = `| measured | ${page.loops.map((l) => l.name).join(" | ")} |`;
  const rule = `|---|${page.loops.map(() => "---").join("|")}|`;
  const lines = [head, rule];
  for (const row of page.speed) {
    const best = Math.min(...row.values.values());
    const cells = page.loops.map((loop) => {
      const v = row.values.get(loop.name);
      const note = row.notes.get(loop.name);
      if (v === undefined) return cell(note ?? "n/a");
      const shown = `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ${row.unit} (**${(v / best).toFixed(2)}**)`;
      return cell(note === undefined ? shown : `${shown}; ${note}`);
    });
    lines.push(`| ${cell(row.label)} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function verdictTable(page: PeersPage): string {
  const lines = [`| case | ${page.loops.map((l) => l.name).join(" | ")} |`, `|---|${page.loops.map(() => "---").join("|")}|`];
  for (const c of HOSTILE_CASES) {
    const row = page.hostile.get(c.id);
    const heading = CASE_HEADINGS[c.id] ?? c.label;
    const cells = page.loops.map((loop) => row?.get(loop.name)?.verdict ?? "—");
    lines.push(`| [${heading}](#${slug(heading)}) | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** The anchor TypeDoc gives a heading: lower case, spaces to hyphens, other punctuation dropped. */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .trim()
    .replace(/ +/g, "-");
}

function caseSections(page: PeersPage): string {
  const parts: string[] = [];
  for (const c of HOSTILE_CASES) {
    const heading = CASE_HEADINGS[c.id] ?? c.label;
    parts.push(`### ${heading}`);
    parts.push("");
    parts.push(`The model calls \`${c.name}\` with \`${c.args}\`${caseSetup(c.id)}. Taught in lesson ${c.lesson}.`);
    parts.push("");
    parts.push("| loop | verdict | the tool received | what the model read (or what escaped) |");
    parts.push("|---|---|---|---|");
    for (const loop of page.loops) {
      const r = page.hostile.get(c.id)?.get(loop.name);
      if (r === undefined) continue;
      parts.push(`| ${loop.name} | ${r.verdict} | ${r.received === null ? "—" : `\`${cell(r.received)}\``} | ${cell(r.text)} |`);
    }
    parts.push("");
  }
  return parts.join("\n");
}

function caseSetup(id: string): string {
  switch (id) {
    case "optional-string":
      return ', against `seconds: {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}` (Pydantic\'s `Optional[int]`)';
    case "schema-invalid":
      return ", against a schema with a required string `path` and `additionalProperties: false`";
    case "tool-throws":
      return "; the tool throws `Error: disk on fire`";
    case "tool-hangs":
      return "; the tool never settles and ignores its abort signal, and each loop is given a 100 ms limit where it has one";
    default:
      return "";
  }
}

/** The whole page. */
export function renderPeersPage(page: PeersPage): string {
  const versions = page.loops.map((l) => `${l.name} (${l.version})`).join(", ");
  return `---
title: What other frameworks do
---

# What other frameworks do

This page is written by \`npm run bench -- --peers\`; do not edit it by hand. The same tools (the
same JSON Schemas) and the same scripted model turns ran through ${versions}, in one process
(${page.machine}, ${page.date}).

How each loop was set up:

- **This workbook:** \`AgentRunner\` with \`ScriptedProvider\`, default options.
- **Vercel AI SDK:** \`generateText\` with the SDK's \`MockLanguageModelV3\` from \`ai/test\`; each tool
  is \`tool({ inputSchema: jsonSchema(schema), execute })\`. \`jsonSchema()\` without its optional
  \`validate\` function, as the SDK's documentation shows it, checks nothing: the SDK only parses the
  JSON. It has no per-tool time limit; the hanging tool was given \`timeout: { stepMs }\`, its nearest.
- **OpenAI Agents SDK:** \`Runner\` with a fake \`Model\` that replays the script; each tool is
  \`tool({ parameters: schema, strict: false, execute })\` (a strict schema cannot express an optional
  field), with \`timeoutMs\` and \`timeoutBehavior: "error_as_result"\` for the hanging tool. Tracing off.

## Speed

Each figure is the median of interleaved rounds (the loops take turns, their order reversed every
other round). In bold, the ratio to the best loop on that row: 1.00 is the fastest.

${speedTable(page)}

## Hostile input

What each loop did with one bad call. *executed*: the tool ran with what the model sent;
*error to model*: the model read an error and could try again; *threw out of the loop*: the run
ended with an exception the application must catch; *did not finish*: no answer within the watchdog.

${verdictTable(page)}

${caseSections(page)}`;
}
