/**
 * The playground's state, kept in the URL's hash so an instructor can share exactly what is on the
 * screen. Decoding never throws: a damaged or hand-edited link falls back to the defaults, field
 * by field.
 *
 * @module
 */
import type { PrepareInput, TurnCall, TurnOptions } from "./model.js";
import { LESSON_SCHEMAS } from "./tools.js";
import { TURN_PRESETS } from "./presets.js";
import type { SimOutcome } from "./tools.js";

/** Everything on the screen. */
export interface PlaygroundState {
  /** Panel 1. */
  prepare: PrepareInput;
  /** Panel 2: the calls of the turn. */
  calls: TurnCall[];
  /** Panel 2: the runner options. */
  options: TurnOptions;
}

/** What a fresh page shows. */
export function defaultState(): PlaygroundState {
  return {
    prepare: { tool: "read_file", schema: schemaText("read_file"), name: "read_file", args: '{"path": 3' },
    calls: (TURN_PRESETS[0]?.calls ?? []).map((c) => ({ ...c })),
    options: { concurrentTools: true, maxConcurrency: 0, failOnToolError: false, toolTimeoutMs: 1000 },
  };
}

/** A lesson tool's schema as the editor shows it. */
export function schemaText(tool: string): string {
  const schema = LESSON_SCHEMAS[tool];
  return schema === undefined ? '{\n  "type": "object",\n  "properties": {}\n}' : JSON.stringify(schema, null, 2);
}

const OUTCOMES: readonly SimOutcome[] = ["ok", "error", "throw", "hang"];

function encodeCalls(calls: readonly TurnCall[]): string {
  return calls.map((c) => `${c.id}:${c.tool}:${c.ms}:${c.outcome}`).join(",");
}

function decodeCalls(text: string): TurnCall[] | null {
  const calls: TurnCall[] = [];
  for (const part of text.split(",")) {
    const [id, tool, ms, outcome] = part.split(":");
    const n = Number(ms);
    if (id === undefined || id === "" || tool === undefined || !Number.isFinite(n) || n < 0 || !OUTCOMES.includes(outcome as SimOutcome)) return null;
    calls.push({ id, tool, ms: Math.min(10_000, Math.round(n)), outcome: outcome as SimOutcome });
  }
  return calls.length > 0 && calls.length <= 40 ? calls : null;
}

/** The state as a URL hash (without the `#`). The schema is left out while it is the lesson tool's own. */
export function encodeState(state: PlaygroundState): string {
  const p = new URLSearchParams();
  p.set("tool", state.prepare.tool);
  if (state.prepare.schema !== schemaText(state.prepare.tool)) p.set("schema", state.prepare.schema);
  p.set("name", state.prepare.name);
  p.set("args", state.prepare.args);
  p.set("calls", encodeCalls(state.calls));
  p.set("concurrent", state.options.concurrentTools ? "1" : "0");
  p.set("max", String(state.options.maxConcurrency));
  p.set("fail", state.options.failOnToolError ? "1" : "0");
  p.set("timeout", String(state.options.toolTimeoutMs));
  return p.toString();
}

function count(text: string | null, fallback: number, max: number): number {
  if (text === null) return fallback;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
}

/** The state a hash describes; anything missing or malformed takes its default. */
export function decodeState(hash: string): PlaygroundState {
  const state = defaultState();
  let p: URLSearchParams;
  try {
    p = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  } catch {
    return state;
  }
  const tool = p.get("tool");
  if (tool !== null && tool.trim() !== "") state.prepare.tool = tool;
  state.prepare.schema = p.get("schema") ?? schemaText(state.prepare.tool);
  state.prepare.name = p.get("name") ?? state.prepare.name;
  state.prepare.args = p.get("args") ?? state.prepare.args;
  const calls = decodeCalls(p.get("calls") ?? "");
  if (calls !== null) state.calls = calls;
  state.options.concurrentTools = p.get("concurrent") !== "0";
  state.options.maxConcurrency = count(p.get("max"), state.options.maxConcurrency, 64);
  state.options.failOnToolError = p.get("fail") === "1";
  state.options.toolTimeoutMs = count(p.get("timeout"), state.options.toolTimeoutMs, 60_000);
  return state;
}
