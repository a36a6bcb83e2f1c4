/**
 * The fidelity oracle's vocabulary: the kinds of input it compares, the shape of each input and of
 * each side's output, and the tagged JSON both sides use for values JSON cannot carry (integers
 * past 2^53, non-finite and integral floats, `undefined`, dicts with a `$t` key).
 *
 * The driver (`upstream_driver.py`) reads and writes exactly these shapes.
 *
 * @module
 */

/** The kinds of input, one per compared path. */
export const KINDS = ["args", "schema", "result", "history", "mcp-name", "mcp-schema", "mcp-result", "turn"] as const;

/** One kind of input. */
export type Kind = (typeof KINDS)[number];

/** What each kind compares, for the report. */
export const KIND_SUBJECT: Readonly<Record<Kind, string>> = {
  args: "prepareCall on argument texts: lookup, coerce, unwrap, shape, cast, validate, error texts",
  schema: "prepareCall on generated schemas and values: cast and validate",
  result: "the runner turning a tool's result (or failure) into the tool message, with the retry hint",
  history: "the history sent to the model: orphans, missing results, blank and oversized old results",
  "mcp-name": "MCP tool names: cleaning and shortening",
  "mcp-schema": "MCP tool definitions: name, description, normalised input schema",
  "mcp-result": "MCP call results as tool messages: text, empty, isError, raised, malformed",
  turn: "whole runs of scripted replies: finish reasons, content, nameless and id-less calls, reasoning, usage",
};

/** A JSON value, with tagged objects standing for what JSON cannot carry. */
export type Wire = null | boolean | number | string | Wire[] | { [key: string]: Wire };

/** A tool to register: its name and its parameters schema (wire form). */
export interface ToolSpec {
  name: string;
  schema: Wire;
}

/** `args` and `schema`: one call prepared by a registry holding `tools`. */
export interface PrepareInput {
  tools: ToolSpec[];
  name: string;
  args: Wire;
}

/** How the probe tool of a `result` input behaves. */
export type Behaviour = { kind: "return"; value: Wire } | { kind: "error"; text: string } | { kind: "raise"; cls: string; message: string };

/** `result`: one call run by the runner, its result turned into the tool message. */
export interface ResultInput {
  name: string;
  schema: Wire;
  behaviour: Behaviour;
  args: Wire;
  callId: string;
  maxChars: number;
  workspace?: string;
  session?: string;
}

/** `history`: the messages of an earlier conversation, as the runner sends them to the model. */
export interface HistoryInput {
  messages: Wire[];
  maxChars: number;
  workspace?: string;
  session?: string;
}

/** `mcp-name`: a server name and a tool name. */
export interface McpNameInput {
  server: string;
  tool: string;
}

/** `mcp-schema`: one listed MCP tool definition. */
export interface McpSchemaInput {
  server: string;
  tool: string;
  description?: string | null;
  inputSchema?: Wire;
}

/** What the MCP server answers to `tools/call`: text blocks, a failure, or a result whose `content` is no list. */
export type McpReply =
  { kind: "content"; texts: string[]; isError?: boolean } | { kind: "raise"; cls: string; message: string } | { kind: "malformed"; content: number | boolean };

/** `mcp-result`: one MCP call, run by the runner. */
export interface McpResultInput {
  server: string;
  tool: string;
  reply: McpReply;
  maxChars: number;
}

/** One scripted call in a model reply; `name` null or empty makes it malformed, `id` empty makes it id-less. */
export interface TurnCall {
  id: string;
  name: string | null;
  args: Wire;
}

/** One scripted model reply. A missing `finish` is a reply that leaves the field out. */
export interface TurnReply {
  content: string | null;
  finish?: string | null;
  calls: TurnCall[];
  reasoning?: string | null;
  usage?: Wire;
}

/**
 * `turn`: a run of `AgentRunner.run` on the question "go", with the tools `echo` (answers "ok")
 * and `fail` (an error result), the model answering each request with the next scripted reply
 * (and, once they are used up, with a stop reply saying so).
 */
export interface TurnInput {
  replies: TurnReply[];
  maxIterations: number;
}

/** The input of each kind. */
export interface InputOf {
  args: PrepareInput;
  schema: PrepareInput;
  result: ResultInput;
  history: HistoryInput;
  "mcp-name": McpNameInput;
  "mcp-schema": McpSchemaInput;
  "mcp-result": McpResultInput;
  turn: TurnInput;
}

/** One prepared call, as either side reports it. */
export interface PrepareOutput {
  /** `raised`: upstream let an exception escape `prepare_call`. `refused`: our `register` threw. */
  outcome: "ok" | "error" | "raised" | "refused";
  /** The error text (or the exception, or the register error). */
  error?: string;
  /** The cast params on `ok` and on a validation error; what preparation reached otherwise. */
  params?: Wire;
}

/** Our side of a prepared call: the output, plus what the comparison needs to explain listed differences. */
export interface OurPrepareOutput extends PrepareOutput {
  /** The arguments after coerce and unwrap (what cast received), when preparation got that far. */
  shaped?: Wire;
  /**
   * The same call with the schema cut to what upstream reads (`upstreamSubset`): keywords it
   * ignores dropped, type lists cut to their first non-null type. Absent when nothing was cut.
   */
  subset?: PrepareOutput & { dropped: string[]; typeListsCut: boolean };
}

/** A tool message and the event of the call behind it. */
export interface ResultOutput {
  content: Wire;
  event: Wire;
  /** The tool's name (MCP results). */
  name?: string;
}

/** The history sent to the model. */
export interface HistoryOutput {
  messages: Wire;
}

/** Our side of a history: what is sent, plus what the comparison needs to explain listed differences. */
export interface OurHistoryOutput extends HistoryOutput {
  /**
   * What is sent for the same history without its compaction placeholders (the assistant messages
   * upstream drops first, docs/fidelity.md row 53). Absent when the history has none.
   */
  withoutPlaceholders?: Wire;
}

/** An MCP tool's registry name. */
export interface McpNameOutput {
  name: string;
}

/** An MCP tool as offered to the model; `skipped` when our listing refused the definition. */
export interface McpSchemaOutput {
  name: string;
  description: string;
  parameters: Wire;
  skipped?: string;
}

/** One request the model received: the messages, and whether tools were offered. */
export interface SentRequest {
  messages: Wire;
  tools: boolean;
}

/** What a run did: the requests sent, and the run's result. */
export interface TurnOutput {
  sent: SentRequest[];
  final: Wire;
  stop: string;
  toolsUsed: Wire;
  usage: Wire;
}

/** Upstream's output for each kind. */
export interface UpstreamOutputOf {
  args: PrepareOutput;
  schema: PrepareOutput;
  result: ResultOutput;
  history: HistoryOutput;
  "mcp-name": McpNameOutput;
  "mcp-schema": McpSchemaOutput;
  "mcp-result": ResultOutput;
  turn: TurnOutput;
}

/** Our output for each kind. */
export interface OurOutputOf {
  args: OurPrepareOutput;
  schema: OurPrepareOutput;
  result: ResultOutput;
  history: OurHistoryOutput;
  "mcp-name": McpNameOutput;
  "mcp-schema": McpSchemaOutput;
  "mcp-result": ResultOutput;
  turn: TurnOutput;
}

/** One compared input: its kind, the input, and both outputs. */
export interface Case<K extends Kind = Kind> {
  kind: K;
  input: InputOf[K];
  upstream: UpstreamOutputOf[K];
  ours: OurOutputOf[K];
}

/** Any case, narrowed by its `kind`. */
export type AnyCase = { [K in Kind]: Case<K> }[Kind];

const SAFE = Number.MAX_SAFE_INTEGER;

/** Sets an own key, `__proto__` included (a plain assignment would change the prototype instead). */
export function setKey<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JavaScript value as wire JSON: non-finite numbers, BigInts and `undefined` tagged. */
export function toWire(value: unknown): Wire {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (value === undefined) return { $t: "undefined" };
  if (typeof value === "number") {
    if (Number.isNaN(value)) return { $t: "float", v: "nan" };
    if (!Number.isFinite(value)) return { $t: "float", v: value > 0 ? "inf" : "-inf" };
    // An integral double past 2^53 is no exact integer: JSON would let Python read it as one
    // (a different one). It travels as the float it is.
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return { $t: "float", v: String(value) };
    return value;
  }
  if (typeof value === "bigint") {
    return value >= -BigInt(SAFE) && value <= BigInt(SAFE) ? Number(value) : { $t: "int", v: value.toString() };
  }
  if (Array.isArray(value)) return value.map(toWire);
  if (isRecord(value)) {
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") return toWire((value as { toJSON: () => unknown }).toJSON());
    if (Object.hasOwn(value, "$t")) return { $t: "dict", v: Object.entries(value).map(([k, v]) => [k, toWire(v)]) };
    // As in JSON, a key whose value is undefined is left out.
    const out: Record<string, Wire> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) setKey(out, k, toWire(v));
    return out;
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- only a symbol or a function reaches here, and String names it
  return { $t: "repr", type: typeof value, v: String(value) };
}

/** Wire JSON back to a JavaScript value: big integers as BigInt, tagged floats as numbers. */
export function fromWire(wire: Wire): unknown {
  if (Array.isArray(wire)) return wire.map(fromWire);
  if (isRecord(wire)) {
    const tag = wire["$t"];
    if (tag === undefined) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(wire)) setKey(out, k, fromWire(v));
      return out;
    }
    if (tag === "int") return BigInt(wire["v"] as string);
    if (tag === "float") return pyFloat(wire["v"] as string);
    if (tag === "undefined") return undefined;
    if (tag === "dict") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of wire["v"] as [Wire, Wire][]) setKey(out, String(fromWire(k)), fromWire(v));
      return out;
    }
    return wire;
  }
  return wire;
}

function pyFloat(text: string): number {
  if (text === "nan") return Number.NaN;
  if (text === "inf") return Number.POSITIVE_INFINITY;
  if (text === "-inf") return Number.NEGATIVE_INFINITY;
  return Number(text);
}

/** True for a wire value that stands for a Python float (tagged integral or non-finite, or a non-integer number). */
export function isTaggedFloat(wire: Wire | undefined): boolean {
  return isRecord(wire) && wire["$t"] === "float";
}

/** True for a wire value that stands for an integer past ±(2^53−1). */
export function isBigInt(wire: Wire | undefined): boolean {
  return isRecord(wire) && wire["$t"] === "int";
}

/** A number's value from a wire number or tagged float/int, else undefined. */
export function numericValue(wire: Wire | undefined): number | bigint | undefined {
  if (typeof wire === "number") return wire;
  if (isRecord(wire) && wire["$t"] === "float") return pyFloat(wire["v"] as string);
  if (isRecord(wire) && wire["$t"] === "int") return BigInt(wire["v"] as string);
  return undefined;
}

function asBigInt(value: number | bigint): bigint | null {
  if (typeof value === "bigint") return value;
  return Number.isInteger(value) ? BigInt(value) : null;
}

/**
 * Equality of two wire values as the model or a tool would see them: numbers by value (a Python
 * float `3.0` equals `3`), NaN equal to NaN, objects by their keys whatever the key order, arrays
 * item by item.
 */
export function wireEqual(a: Wire | undefined, b: Wire | undefined): boolean {
  const x = numericValue(a);
  const y = numericValue(b);
  if (x !== undefined || y !== undefined) {
    if (x === undefined || y === undefined) return false;
    if (typeof x === "bigint" || typeof y === "bigint") return asBigInt(x) !== null && asBigInt(x) === asBigInt(y);
    return Object.is(x, y) || x === y;
  }
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => wireEqual(item, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && wireEqual(a[k], b[k]));
  }
  return false;
}

/** A short, stable text of a wire value for reports (JSON, cut to `max` characters). */
export function show(wire: unknown, max = 400): string {
  const text = typeof wire === "string" ? JSON.stringify(wire) : (JSON.stringify(wire) ?? String(wire));
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
