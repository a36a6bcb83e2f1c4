/**
 * Lesson 5's flowchart as an SVG whose boxes the playground lights up: the steps a call passed in
 * green, the step that stopped it in red, and the outcome it reached.
 *
 * @module
 */
import type { PrepareView } from "./model.js";

interface Box {
  id: string;
  label: string;
  x: number;
  y: number;
  w: number;
  decision?: boolean;
}

const W = 190;
const H = 34;
const GAP = 50;
const X = 10;
const EX = 250;

const MAIN: readonly Box[] = [
  { id: "input", label: "name + raw arguments", x: X, y: 10, w: W },
  { id: "step-lookup", label: "lookup: exact name?", x: X, y: 10 + GAP, w: W, decision: true },
  { id: "step-coerce", label: "coerce: text → value", x: X, y: 10 + 2 * GAP, w: W },
  { id: "step-unwrap", label: "unwrap {arguments: …}", x: X, y: 10 + 3 * GAP, w: W },
  { id: "step-shape", label: "shape: a JSON object?", x: X, y: 10 + 4 * GAP, w: W, decision: true },
  { id: "step-cast", label: "cast to the schema's types", x: X, y: 10 + 5 * GAP, w: W },
  { id: "step-validate", label: "validate: schema ok?", x: X, y: 10 + 6 * GAP, w: W, decision: true },
  { id: "outcome-execute", label: "may execute", x: X, y: 10 + 7 * GAP, w: W },
];

const ERRORS: readonly Box[] = [
  { id: "outcome-lookup", label: "error: not found", x: EX, y: 10 + GAP, w: 150 },
  { id: "outcome-shape", label: "error: not an object", x: EX, y: 10 + 4 * GAP, w: 150 },
  { id: "outcome-validate", label: "error: invalid", x: EX, y: 10 + 6 * GAP, w: 150 },
];

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function box(b: Box): string {
  const shape =
    b.decision === true ? `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${H}" rx="17" />` : `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${H}" rx="4" />`;
  return `<g class="node" id="fc-${b.id}" data-node="${b.id}">${shape}<text x="${b.x + b.w / 2}" y="${b.y + H / 2 + 5}" text-anchor="middle">${escape(b.label)}</text></g>`;
}

/** The flowchart's SVG markup, every box unlit. */
export function flowchartSvg(): string {
  const edges: string[] = [];
  for (let i = 0; i + 1 < MAIN.length; i++) {
    const a = MAIN[i] as Box;
    const b = MAIN[i + 1] as Box;
    edges.push(`<line class="edge" id="fc-edge-${b.id}" x1="${a.x + a.w / 2}" y1="${a.y + H}" x2="${b.x + b.w / 2}" y2="${b.y}" marker-end="url(#fc-arrow)" />`);
  }
  for (const e of ERRORS) {
    edges.push(`<line class="edge" id="fc-edge-${e.id}" x1="${X + W}" y1="${e.y + H / 2}" x2="${e.x}" y2="${e.y + H / 2}" marker-end="url(#fc-arrow)" />`);
  }
  const height = 10 + 7 * GAP + H + 10;
  return `<svg class="flowchart" viewBox="0 0 410 ${height}" role="img" aria-labelledby="fc-title">
<title id="fc-title">The path of one call through prepareCall</title>
<defs><marker id="fc-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" /></marker></defs>
${edges.join("\n")}
${MAIN.map(box).join("\n")}
${ERRORS.map(box).join("\n")}
</svg>`;
}

/** The state of every box for a view: `ok`, `failed`, `reached` (an outcome) or absent (not reached). */
export function flowchartMarks(view: PrepareView): Map<string, "ok" | "failed" | "reached"> {
  const marks = new Map<string, "ok" | "failed" | "reached">();
  if (view.kind !== "prepared") return marks;
  marks.set("input", "ok");
  for (const step of view.steps) marks.set(`step-${step.step}`, step.ok ? "ok" : "failed");
  if (view.failedAt === null) marks.set("outcome-execute", "reached");
  else marks.set(`outcome-${view.failedAt}`, "reached");
  return marks;
}
