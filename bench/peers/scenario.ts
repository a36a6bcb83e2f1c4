/**
 * What every tool loop in the peer comparison is given: the same tools (name, JSON Schema, whether
 * they only read, what they do), the same scripted model turns, and a record of what happened.
 * Each loop has an adapter (`workbook.ts`, `vercel-ai.ts`, `openai-agents.ts`) that turns these
 * neutral descriptions into its own API.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import type { JsonSchema } from "../../src/tools/base.js";

/** What a peer tool does when it runs: resolve with text, throw, or never settle. */
export type PeerBehaviour = (args: unknown, signal: AbortSignal | undefined) => Promise<string>;

/** One tool, described once for every loop. */
export interface PeerTool {
  /** The exact name the model must call. */
  name: string;
  /** A one-line description. */
  description: string;
  /** The JSON Schema of its arguments (an object schema). */
  schema: JsonSchema;
  /** True when the tool only reads, so it may run beside other reads. */
  readOnly: boolean;
  /** What it does. */
  run: PeerBehaviour;
}

/** One tool call as the model emits it: the arguments are the raw text the model sent. */
export interface PeerCall {
  /** The call id. */
  id: string;
  /** The name as the model wrote it. */
  name: string;
  /** The raw argument text. */
  args: string;
}

/** A scripted conversation: the tool calls of each turn; after the last, the model answers "done". */
export interface PeerScript {
  /** The tool calls of each model turn, in order. */
  turns: PeerCall[][];
}

/** Per-tool time limit and other knobs a loop may honour. */
export interface PeerOptions {
  /** Per-call time limit in ms, where the loop has one. */
  toolTimeoutMs?: number;
  /** Run every call one at a time, where the loop can. */
  sequential?: boolean;
}

/** What one loop did with one script. */
export interface PeerOutcome {
  /** The tool messages the model read on its next turn, as text, in order. */
  toolMessages: string[];
  /** Set when the loop threw instead of finishing: the error's name and message. */
  thrown: string | null;
}

/** A tool loop under test. */
export interface PeerLoop {
  /** The name shown in the tables. */
  name: string;
  /** The package and version it was measured with. */
  version: string;
  /**
   * Sets the loop up once with these tools (each loop's tool definitions are built here, as an
   * application would at start-up) and returns a function that runs one scripted conversation.
   */
  prepare(tools: readonly PeerTool[], options?: PeerOptions): (script: PeerScript) => Promise<PeerOutcome>;
}

/** The `read_file`-style schema of the comparison. */
export const PATH_SCHEMA: JsonSchema = {
  type: "object",
  properties: { path: { type: "string" } },
  required: ["path"],
  additionalProperties: false,
};

/** A schema with an `Optional[int]` field, as Pydantic emits it. */
export const OPTIONAL_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: { type: "string" },
    seconds: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] },
  },
  required: ["path"],
  additionalProperties: false,
};

/** Builds `count` calls of one tool with distinct ids and paths. */
export function callsOf(name: string, count: number, prefix = "c"): PeerCall[] {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, name, args: JSON.stringify({ path: `f${i}.txt` }) }));
}

/** A tool that answers at once. */
export function instantTool(name: string, readOnly = true, schema: JsonSchema = PATH_SCHEMA): PeerTool {
  return { name, description: `Answers at once (${name}).`, schema, readOnly, run: () => Promise.resolve("ok") };
}

/** A tool that answers after `ms` milliseconds, calling `mark` at its start and end. */
export function sleepingTool(name: string, ms: number, readOnly: boolean, mark?: (event: "start" | "end", name: string) => void): PeerTool {
  return {
    name,
    description: `Answers after ${ms} ms (${name}).`,
    schema: PATH_SCHEMA,
    readOnly,
    run: () =>
      new Promise((resolve) => {
        mark?.("start", name);
        setTimeout(() => {
          mark?.("end", name);
          resolve("ok");
        }, ms);
      }),
  };
}

/** The installed version of a package of this project (read from its `package.json` in `node_modules`). */
export function installedVersion(pkg: string): string {
  const url = new URL(`../../node_modules/${pkg}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { version: string }).version;
}
