/**
 * The playground's presets: the calls lesson 5 traces, the hostile cases it teaches, and the
 * scripted turns of panel 2.
 *
 * @module
 */
import type { TurnCall } from "./model.js";

/** A call panel 1 can load with one click. */
export interface CallPreset {
  /** Short id, kept in the URL. */
  id: string;
  /** What the button says. */
  label: string;
  /** The tool whose schema is shown. */
  tool: string;
  /** The name the model called. */
  name: string;
  /** The raw argument text the model sent. */
  args: string;
}

/** The nine calls of lesson 5's tour, then the hostile cases. */
export const CALL_PRESETS: readonly CallPreset[] = [
  { id: "valid", label: "a valid JSON string", tool: "read_file", name: "read_file", args: '{"path": "src/index.ts", "offset": 0, "limit": 20}' },
  { id: "wrapper", label: 'an {"arguments": "..."} wrapper', tool: "read_file", name: "read_file", args: '{"arguments": "{\\"path\\": \\"README.md\\"}"}' },
  { id: "cast", label: "numbers sent as strings, cast", tool: "read_file", name: "read_file", args: '{"path": "README.md", "offset": " 1 ", "limit": "5"}' },
  { id: "array", label: "a JSON array", tool: "read_file", name: "read_file", args: "[1,2,3]" },
  { id: "malformed", label: "malformed JSON (never repaired)", tool: "read_file", name: "read_file", args: '{"path": 3' },
  { id: "near-miss", label: "a near-miss name", tool: "read_file", name: "ReadFile", args: '{"path": "README.md"}' },
  { id: "cast-then-fail", label: "casts, then fails validation", tool: "read_file", name: "read_file", args: '{"path": "a.ts", "limit": "0"}' },
  { id: "array-for-string", label: "an array for a string field", tool: "read_file", name: "read_file", args: '{"path": ["a.ts"]}' },
  { id: "empty", label: "no arguments at all", tool: "read_file", name: "read_file", args: "" },
  { id: "scalar", label: "a scalar", tool: "read_file", name: "read_file", args: "42" },
  { id: "optional-string", label: "an Optional field given a string", tool: "wait_for", name: "wait_for", args: '{"job": "build", "seconds": "forever"}' },
  { id: "optional-null", label: "an Optional field given null", tool: "wait_for", name: "wait_for", args: '{"job": "build", "seconds": null}' },
];

/** A scripted turn panel 2 can load. */
export interface TurnPreset {
  /** Short id, kept in the URL. */
  id: string;
  /** What the menu says. */
  label: string;
  /** The calls of the turn, in the order the model sent them. */
  calls: TurnCall[];
}

/** The scripted turns. */
export const TURN_PRESETS: readonly TurnPreset[] = [
  {
    id: "mixed",
    label: "reads, a write, reads",
    calls: [
      { id: "r1", tool: "read_file", ms: 300, outcome: "ok" },
      { id: "r2", tool: "list_dir", ms: 200, outcome: "ok" },
      { id: "w1", tool: "write_file", ms: 250, outcome: "ok" },
      { id: "r3", tool: "read_file", ms: 150, outcome: "ok" },
      { id: "r4", tool: "read_file", ms: 350, outcome: "error" },
    ],
  },
  {
    id: "failures",
    label: "a throw, a time-out, an error result",
    calls: [
      { id: "r1", tool: "read_file", ms: 200, outcome: "ok" },
      { id: "r2", tool: "read_file", ms: 150, outcome: "throw" },
      { id: "r3", tool: "read_file", ms: 0, outcome: "hang" },
      { id: "w1", tool: "write_file", ms: 200, outcome: "error" },
      { id: "s1", tool: "snapshot", ms: 150, outcome: "ok" },
    ],
  },
  {
    id: "many-reads",
    label: "eight reads (try maxConcurrency)",
    calls: Array.from({ length: 8 }, (_, i) => ({ id: `r${i + 1}`, tool: i % 2 === 0 ? "read_file" : "list_dir", ms: 150 + 50 * (i % 3), outcome: "ok" as const })),
  },
];
