/**
 * The generator of the `turn` kind: scripts of model replies for a whole run. Each reply draws a
 * finish reason (the ones that run tools, other known ones, unknown ones, upper case, empty, null,
 * or none at all), content (none, empty, blank, text with blank space around it), tool calls
 * (well-formed, nameless, with an empty or a repeated id, with arguments that are not JSON),
 * reasoning (either spelling reaches the runner as one field) and usage (whole, partial, zero,
 * counts as text or as fractions, none).
 *
 * @module
 */
import fc from "fast-check";
import type { TurnCall, TurnInput, TurnReply, Wire } from "./protocol.js";

const finish: fc.Arbitrary<string | null | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("tool_calls", "stop", "function_call") },
  { weight: 2, arbitrary: fc.constantFrom("length", "error", "refusal", "content_filter") },
  { weight: 3, arbitrary: fc.constantFrom("", null, undefined, "TOOL_CALLS", "Stop", "end_turn", "tool_use", "weird") },
);

const words: fc.Arbitrary<string> = fc.constantFrom("I will call", "done", "the answer is 4", "Let me look.", "é中", "a\nb", '{"json": 1}');

const content: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constantFrom(" ", "\n", "\t \n") },
  { weight: 5, arbitrary: fc.tuple(fc.constantFrom("", " ", "\n"), words, fc.constantFrom("", " ", "\n ")).map(([a, w, b]) => a + w + b) },
);

const callName: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("echo", "fail") },
  { weight: 3, arbitrary: fc.constantFrom("", null) },
  { weight: 1, arbitrary: fc.constant("missing_tool") },
);

const callArgs: fc.Arbitrary<Wire> = fc.constantFrom<Wire>({}, { a: 1 }, { text: "hi" }, "{}", '{"a": 1}', "{bad", "", null, "[1]");

const callId: fc.Arbitrary<string> = fc.constantFrom("c1", "c2", "c3", "", "c1");

const call: fc.Arbitrary<TurnCall> = fc.record({ id: callId, name: callName, args: callArgs });

const count: fc.Arbitrary<Wire> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 500 }) },
  { weight: 1, arbitrary: fc.constantFrom<Wire>(-3, 2.5, "12", null, "x") },
);

const usage: fc.Arbitrary<Wire> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ prompt_tokens: count, completion_tokens: count, total_tokens: count }, { requiredKeys: ["prompt_tokens", "completion_tokens"] }),
  },
  { weight: 1, arbitrary: fc.record({ prompt_tokens: count, completion_tokens: count, cached_tokens: count }) },
  { weight: 1, arbitrary: fc.constant<Wire>({}) },
);

/** Blank space around reasoning: what both languages strip, what only Python strips (U+001C), what only JavaScript trims (U+FEFF). */
const padding: fc.Arbitrary<string> = fc.constantFrom("", " ", "\n ", "\u00a0", "\x1c", "\ufeff");

const reasoning: fc.Arbitrary<string | null> = fc.oneof(
  fc.constant(null),
  fc.constant(""),
  fc.tuple(padding, fc.constantFrom("I should call echo.", "think\nmore", "x")).map(([p, t]) => p + t + p),
);

const reply: fc.Arbitrary<TurnReply> = fc
  .record(
    {
      content,
      finish,
      calls: fc.oneof({ weight: 2, arbitrary: fc.constant<TurnCall[]>([]) }, { weight: 3, arbitrary: fc.array(call, { minLength: 1, maxLength: 3 }) }),
      reasoning,
      usage,
    },
    { requiredKeys: ["content", "finish", "calls"] },
  )
  .map((r) => {
    // A reply that leaves the finish reason out has no `finish` key at all.
    const { finish: f, ...rest } = r;
    return f === undefined ? rest : { ...rest, finish: f };
  });

/** Scripts of one to five replies, run with an iteration limit of one to four. */
export const turnInput: fc.Arbitrary<TurnInput> = fc.record({
  replies: fc.array(reply, { minLength: 1, maxLength: 5 }),
  maxIterations: fc.integer({ min: 1, max: 4 }),
});
