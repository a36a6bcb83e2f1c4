/**
 * The hostile cases of the peer comparison: each is one model turn with one bad call (or one call
 * to a badly behaved tool), run through every loop. What a loop did is sorted into one of four
 * verdicts: it executed the tool, it returned an error to the model, it threw out of the loop, or
 * it did not finish at all.
 *
 * @module
 */
import { OPTIONAL_SCHEMA, PATH_SCHEMA, type PeerLoop, type PeerOptions, type PeerTool } from "./scenario.js";

/** One hostile case. */
export interface HostileCase {
  /** Short id, used as the row anchor in docs/peers.md. */
  id: string;
  /** What the row is called. */
  label: string;
  /** The lesson that teaches the rule the case tests. */
  lesson: number;
  /** The name the model calls. */
  name: string;
  /** The raw argument text the model sends. */
  args: string;
  /** The tool's behaviour (default: answers "ok"). */
  behaviour?: "throws" | "hangs";
  /** The tool's schema (default: a required string `path`). */
  optional?: boolean;
  /** Per-call time limit given to each loop, where it has one. */
  toolTimeoutMs?: number;
}

/** The cases, in the order of the table. */
export const HOSTILE_CASES: readonly HostileCase[] = [
  { id: "malformed-json", label: "Malformed JSON", lesson: 5, name: "read_file", args: '{"path": "a.txt"' },
  { id: "json-array", label: "A JSON array", lesson: 5, name: "read_file", args: '["a.txt"]' },
  { id: "scalar", label: "A scalar (`42`)", lesson: 5, name: "read_file", args: "42" },
  { id: "near-miss-name", label: "Near-miss name (`ReadFile`)", lesson: 4, name: "ReadFile", args: '{"path": "a.txt"}' },
  { id: "schema-invalid", label: "Schema-invalid (`path: 3`, extra key)", lesson: 5, name: "read_file", args: '{"path": 3, "mode": "rw"}' },
  { id: "optional-string", label: "`Optional[int]` given a string", lesson: 5, name: "read_file", args: '{"path": "a.txt", "seconds": "forever"}', optional: true },
  { id: "tool-throws", label: "The tool throws", lesson: 7, name: "read_file", args: '{"path": "a.txt"}', behaviour: "throws" },
  { id: "tool-hangs", label: "The tool hangs past a 100 ms limit", lesson: 7, name: "read_file", args: '{"path": "a.txt"}', behaviour: "hangs", toolTimeoutMs: 100 },
];

/** What a loop did with a case. */
export type Verdict = "executed" | "error to model" | "threw out of the loop" | "did not finish";

/** One cell of the hostile table. */
export interface HostileResult {
  /** The verdict. */
  verdict: Verdict;
  /** What the tool received, when it ran. */
  received: string | null;
  /** The text the model read, or the error that escaped. */
  text: string;
}

/** How long a loop may take over one case before it counts as not finishing. */
export const WATCHDOG_MS = 3000;

/** Promises that never settle on their own: released when the comparison ends. */
const parked: (() => void)[] = [];

/** Lets every hanging tool of the comparison finish, so the process can exit. */
export function releaseHangingTools(): void {
  for (const release of parked.splice(0)) release();
}

function toolFor(c: HostileCase, seen: { args: unknown[] }): PeerTool {
  return {
    name: "read_file",
    description: "Reads a file.",
    schema: c.optional === true ? OPTIONAL_SCHEMA : PATH_SCHEMA,
    readOnly: true,
    run: (args) => {
      seen.args.push(args);
      if (c.behaviour === "throws") return Promise.reject(new Error("disk on fire"));
      // Hangs and ignores its abort signal: the worst case a time limit must survive.
      if (c.behaviour === "hangs") return new Promise<string>((resolve) => parked.push(() => resolve("late")));
      return Promise.resolve("contents of a.txt");
    },
  };
}

function oneLine(text: string, max = 180): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Runs one case through one loop. */
export async function runHostileCase(loop: PeerLoop, c: HostileCase): Promise<HostileResult> {
  const seen = { args: [] as unknown[] };
  const options: PeerOptions = c.toolTimeoutMs !== undefined ? { toolTimeoutMs: c.toolTimeoutMs } : {};
  const run = loop.prepare([toolFor(c, seen)], options);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watchdog = new Promise<"hung">((resolve) => {
    timer = setTimeout(() => resolve("hung"), WATCHDOG_MS);
  });
  const outcome = await Promise.race([run({ turns: [[{ id: "call_1", name: c.name, args: c.args }]] }), watchdog]);
  clearTimeout(timer);
  const received = seen.args.length > 0 ? JSON.stringify(seen.args[0]) : null;
  if (outcome === "hung") return { verdict: "did not finish", received, text: `no answer within ${WATCHDOG_MS} ms` };
  if (outcome.thrown !== null) return { verdict: "threw out of the loop", received, text: oneLine(outcome.thrown) };
  const text = oneLine(outcome.toolMessages.join(" | "));
  if (received !== null && c.behaviour === undefined) return { verdict: "executed", received, text };
  return { verdict: "error to model", received, text };
}
