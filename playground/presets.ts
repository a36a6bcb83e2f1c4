/**
 * The playground's presets: the calls lesson 5 traces, the hostile cases it teaches, and the
 * scripted turns of panel 2.
 *
 * @module
 */
import { TOUR } from "../lessons/05-argument-processing/tour.js";
import type { TurnCall } from "./model.js";
import { LESSON_SCHEMAS } from "./tools.js";

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

/** A preset id for each call of lesson 5's tour, by the call's title (the ids are kept in links). */
const TOUR_IDS: Readonly<Record<string, string>> = {
  "a valid JSON string": "valid",
  'an {"arguments": "..."} wrapper': "wrapper",
  "numbers sent as strings, cast to integers": "cast",
  "a JSON array": "array",
  "a scalar: the text 42": "scalar",
  "a scalar: the value true": "scalar-true",
  "malformed JSON (never repaired)": "malformed",
  "a near-miss name": "near-miss",
  "a value that casts, then fails validation": "cast-then-fail",
  "an array for a string field (never stringified)": "array-for-string",
  "an Optional field refusing a string": "optional-string",
  "an Optional field casting a number string": "optional-cast",
  "no arguments at all": "empty",
};

/**
 * Every call of lesson 5's tour, which holds the lesson's hostile cases too. The page's argument
 * box holds text, so the one call whose arguments are a value (`true`) is offered as its JSON text,
 * which the coerce step keeps as a string: the shape check then says `got string`.
 */
export const CALL_PRESETS: readonly CallPreset[] = TOUR.map((call, i) => {
  const tool = call.name in LESSON_SCHEMAS ? call.name : "read_file";
  const args = typeof call.args === "string" ? call.args : JSON.stringify(call.args);
  return { id: TOUR_IDS[call.title] ?? `call-${i + 1}`, label: call.title, tool, name: call.name, args };
});

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
