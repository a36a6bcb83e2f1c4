/**
 * The calls lesson 5 traces, and the schema of its `wait` tool. Kept apart from the demo, which
 * prints and touches the disk, so the browser playground can offer the very same calls.
 *
 * @module
 */
import type { JsonSchema } from "../../src/tools/base.js";

/** One call of the tour: what the model sent and why it is interesting. */
export interface TourCall {
  /** Why this call is in the tour. */
  title: string;
  /** The tool name as the model wrote it. */
  name: string;
  /** The raw arguments as the model sent them (usually text). */
  args: unknown;
}

/** The calls traced by `npm run lesson 5`. */
export const TOUR: readonly TourCall[] = [
  { title: "a valid JSON string", name: "read_file", args: '{"path": "src/index.ts", "offset": 1, "limit": 20}' },
  { title: 'an {"arguments": "..."} wrapper', name: "read_file", args: '{"arguments": "{\\"path\\": \\"README.md\\"}"}' },
  { title: "numbers sent as strings, cast to integers", name: "read_file", args: '{"path": "README.md", "offset": " 1 ", "limit": "5"}' },
  { title: "a JSON array", name: "read_file", args: "[1,2,3]" },
  { title: "a scalar: the text 42", name: "read_file", args: "42" },
  { title: "a scalar: the value true", name: "read_file", args: true },
  { title: "malformed JSON (never repaired)", name: "read_file", args: '{"path": 3' },
  { title: "a near-miss name", name: "ReadFile", args: '{"path": "README.md"}' },
  { title: "a value that casts, then fails validation", name: "read_file", args: '{"path": "a.ts", "limit": "0"}' },
  { title: "an array for a string field (never stringified)", name: "read_file", args: '{"path": ["a.ts"]}' },
  { title: "an Optional field refusing a string", name: "wait", args: '{"seconds": "forever"}' },
  { title: "an Optional field casting a number string", name: "wait", args: '{"seconds": "30"}' },
  { title: "no arguments at all", name: "read_file", args: "" },
];

/**
 * What Pydantic emits for `seconds: Optional[int] = Field(ge=0)`, as MCP servers and Python tools
 * send it: an `anyOf` of an integer and null.
 */
export const OPTIONAL_SECONDS: JsonSchema = { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] };

/** The parameters of the demo's `wait` tool: one `Optional`-style field. */
export const WAIT_SCHEMA: JsonSchema = { type: "object", properties: { seconds: OPTIONAL_SECONDS } };
