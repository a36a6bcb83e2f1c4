/**
 * Exercise 7's generators reach what its rules name: every way a call ends (resolves, rejects,
 * throws synchronously) with every kind of value (Errors of odd shapes, ToolResults of any copy,
 * look-alikes, falsy values, texts around 120 UTF-16 units with astral characters), and every
 * outcome with both settings of `failOnToolError`.
 */
import { describe, expect, it } from "vitest";
import { holds } from "../_support/domain.js";
import { buildValue, settleInput, startSpec, VALUE_KINDS, type SettleInput, type ValueSpec } from "../_support/gen-07.js";
import { expectReach } from "../_support/reach.js";

/** The text a value spec carries, if any. */
function textOf(spec: ValueSpec): string {
  if (spec.kind === "long text" || spec.kind === "error text") return spec.text;
  if (spec.kind === "tool result" || spec.kind === "foreign tool result" || spec.kind === "lookalike") return spec.content;
  if (spec.kind === "error") return spec.message;
  return spec.kind === "plain" && typeof spec.value === "string" ? spec.value : "";
}

const valueKinds: Record<string, (spec: ValueSpec) => boolean> = {};
for (const kind of VALUE_KINDS) valueKinds[`a ${kind} value`] = (spec) => spec.kind === kind;
const falsy: Record<string, (spec: ValueSpec) => boolean> = {
  undefined: (spec) => spec.kind === "plain" && spec.value === undefined,
  null: (spec) => spec.kind === "plain" && spec.value === null,
  '""': (spec) => spec.kind === "plain" && spec.value === "",
  "0": (spec) => spec.kind === "plain" && Object.is(spec.value, 0),
  "-0": (spec) => spec.kind === "plain" && Object.is(spec.value, -0),
  false: (spec) => spec.kind === "plain" && spec.value === false,
  NaN: (spec) => spec.kind === "plain" && Number.isNaN(spec.value),
  '"false"': (spec) => spec.kind === "plain" && spec.value === "false",
  "[]": (spec) => spec.kind === "plain" && Array.isArray(spec.value) && spec.value.length === 0,
};
const texts: Record<string, (spec: ValueSpec) => boolean> = {
  "a text of 119 units": (spec) => spec.kind === "long text" && spec.text.length === 119,
  "a text of 120 units": (spec) => spec.kind === "long text" && spec.text.length === 120,
  "a text of 121 units": (spec) => spec.kind === "long text" && spec.text.length === 121,
  "an astral character at unit 119 (cut in half by .slice(0, 120))": (spec) => spec.kind === "long text" && spec.text.length > 120 && holds.astral(spec.text.slice(119, 121)),
  "an astral character": (spec) => holds.astral(textOf(spec)),
  "a lone surrogate": (spec) => holds.loneSurrogate(textOf(spec)),
  "white space of either language": (spec) => holds.sharedWhitespace(textOf(spec)) || holds.pythonOnlyWhitespace(textOf(spec)),
  "a ToolResult error": (spec) => (spec.kind === "tool result" || spec.kind === "foreign tool result") && spec.isError,
  "a ToolResult that is no error": (spec) => spec.kind === "tool result" && !spec.isError,
  "an empty ToolResult error": (spec) => spec.kind === "tool result" && spec.isError && spec.content === "",
  "an Error with an empty message": (spec) => spec.kind === "error" && spec.message === "",
  "a look-alike with isError: true": (spec) => spec.kind === "lookalike" && spec.isError === true,
  "a plain object with a prototype-looking key": (spec) =>
    spec.kind === "plain" && typeof spec.value === "object" && spec.value !== null && Object.keys(spec.value).some((k) => holds.prototypeKey(k)),
};

describe("exercise 7's generators", () => {
  it("start() resolves, rejects and throws synchronously, with every kind of value", () => {
    const kinds: Record<string, (spec: { how: string; value: ValueSpec }) => boolean> = {};
    for (const how of ["resolves", "rejects", "throws synchronously", "async function throws"]) kinds[how] = (spec) => spec.how === how;
    for (const [kind, test] of Object.entries({ ...valueKinds, ...falsy, ...texts })) kinds[kind] = (spec) => test(spec.value);
    kinds["a thrown Error built fresh for each side"] = (spec) =>
      spec.how !== "resolves" && buildValue(spec.value) instanceof Error && buildValue(spec.value) !== buildValue(spec.value);
    const reach = expectReach("startSpec", startSpec(), kinds, { size: (spec) => textOf(spec.value).length });
    expect(reach.largest, "texts reach past the 120-unit limit").toBeGreaterThanOrEqual(121);
  });

  it("settleOutcome's inputs reach every outcome kind, both settings and every value", () => {
    const kinds: Record<string, (input: SettleInput) => boolean> = {};
    for (const kind of ["prep-error", "error-result", "thrown", "ok"]) {
      kinds[`${kind}, failOnToolError true`] = (input) => input.outcome.kind === kind && input.failOnToolError;
      kinds[`${kind}, failOnToolError false`] = (input) => input.outcome.kind === kind && !input.failOnToolError;
    }
    kinds["an empty failure text"] = (input) => "text" in input.outcome && input.outcome.text === "";
    kinds["a failure text of 121 units"] = (input) => "text" in input.outcome && input.outcome.text.length === 121;
    kinds["a name with a prototype-looking key"] = (input) => holds.prototypeKey(input.name);
    kinds["an empty name"] = (input) => input.name === "";
    for (const [kind, test] of Object.entries({ ...valueKinds, ...falsy })) kinds[`thrown or ok: ${kind}`] = (input) => "value" in input.outcome && test(input.outcome.value);
    const reach = expectReach("settleInput", settleInput(), kinds, {
      size: (input) => ("text" in input.outcome ? input.outcome.text.length : textOf(input.outcome.value).length),
    });
    expect(reach.largest).toBeGreaterThanOrEqual(121);
  });
});
