/**
 * Inputs for exercise 7's properties: what a call's `start()` does (resolves, rejects or throws
 * synchronously, with a value of any kind), and the outcomes `settleOutcome` is given. Each drawn
 * input is plain data; {@link buildValue} makes a fresh value from it for each side, so an error
 * kept "as it is" can be told from a copy.
 *
 * @module
 */
import fc from "fast-check";
import { ToolResult } from "../../../src/tools/base.js";
import { ASTRAL, aroundLimit, nameLike, NOT_QUITE_BOOLEANS, oddText, PROTOTYPE_KEYS } from "./domain.js";

/** The mark every copy of the workbook puts on a `ToolResult` (a plugin may bundle its own copy). */
const TOOL_RESULT_BRAND = Symbol.for("tool-calling-workbook.ToolResult");

/** A value a call may give or throw, as data: {@link buildValue} makes it. */
export type ValueSpec =
  | { readonly kind: "plain"; readonly value: unknown }
  | { readonly kind: "error"; readonly ctor: "Error" | "TypeError" | "RangeError" | "SyntaxError" | "Custom"; readonly message: string; readonly name?: string }
  | { readonly kind: "odd error"; readonly how: "empty name" | "numeric message" | "no message" | "aggregate" }
  | { readonly kind: "tool result"; readonly content: string; readonly isError: boolean; readonly code?: "ssrf" | "workspace" }
  | { readonly kind: "foreign tool result"; readonly content: string; readonly isError: boolean }
  | { readonly kind: "lookalike"; readonly content: string; readonly isError: unknown }
  | { readonly kind: "error text"; readonly text: string }
  | { readonly kind: "long text"; readonly text: string };

/** The kinds of {@link ValueSpec}, for reach checks. */
export const VALUE_KINDS = ["plain", "error", "odd error", "tool result", "foreign tool result", "lookalike", "error text", "long text"] as const;

class CustomError extends Error {
  override name = "DiskOnFire";
}

/** A fresh value from its spec: a new object each time, so each side gets its own. */
export function buildValue(spec: ValueSpec): unknown {
  switch (spec.kind) {
    case "plain":
      return spec.value;
    case "error": {
      const error =
        spec.ctor === "TypeError"
          ? new TypeError(spec.message)
          : spec.ctor === "RangeError"
            ? new RangeError(spec.message)
            : spec.ctor === "SyntaxError"
              ? new SyntaxError(spec.message)
              : spec.ctor === "Custom"
                ? new CustomError(spec.message)
                : new Error(spec.message);
      if (spec.name !== undefined) error.name = spec.name;
      return error;
    }
    case "odd error":
      if (spec.how === "empty name") return Object.assign(new Error("nameless"), { name: "" });
      if (spec.how === "numeric message") return Object.assign(new Error(), { message: 42 });
      if (spec.how === "no message") return new Error();
      return new AggregateError([new Error("one"), "two"], "several failed");
    case "tool result":
      return new ToolResult(spec.content, spec.isError, spec.code);
    case "foreign tool result":
      return { content: spec.content, isError: spec.isError, [TOOL_RESULT_BRAND]: true };
    case "lookalike":
      return { isError: spec.isError, content: spec.content };
    case "error text":
    case "long text":
      return spec.text;
  }
}

/** A text of exactly `length` UTF-16 units made of odd characters (its last unit may be half a pair). */
export function textOfLength(length: number, seed: string): string {
  const unit = seed === "" ? "a" : seed;
  return unit.repeat(Math.ceil(length / unit.length) + 1).slice(0, length);
}

/** Texts of 119, 120 and 121 UTF-16 units (and others), of non-ASCII, astral and odd characters. */
export function textAroundLimit(limit: number): fc.Arbitrary<string> {
  const nonAscii = fc.array(fc.constantFrom(...ASTRAL, "é", "ж", "中", "a", " "), { minLength: 1, maxLength: 4 }).map((chars) => chars.join(""));
  return fc.tuple(aroundLimit(limit), fc.oneof(oddText({ minLength: 1, maxLength: 6 }), nonAscii)).map(([length, seed]) => textOfLength(length, seed));
}

/** A text of about 120 UTF-16 units (119, 120, 121 common), non-ASCII and astral text among them. */
export function longTextSpec(): fc.Arbitrary<ValueSpec> {
  return textAroundLimit(120).map((t): ValueSpec => ({ kind: "long text", text: t }));
}

/** Plain data of every JSON-ish kind, the not-quite-booleans and prototype-looking keys among it (cheap to draw). */
function plainValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(undefined, null, "", 0, -0, false, Number.NaN),
    fc.constantFrom(...NOT_QUITE_BOOLEANS),
    oddText({ maxLength: 6 }),
    fc.double(),
    fc.anything({ maxDepth: 1, maxKeys: 3, key: fc.constantFrom("a", "content", "isError", ...PROTOTYPE_KEYS), withNullPrototype: true, withSparseArray: true }),
  );
}

const someText = oddText({ maxLength: 8 });

/** An `Error` of any kind: built-in classes, a subclass, a renamed one, and odd ones (no name, a numeric message, an AggregateError). */
export function errorSpec(): fc.Arbitrary<ValueSpec> {
  return fc.oneof(
    {
      arbitrary: fc
        .record(
          { ctor: fc.constantFrom("Error", "TypeError", "RangeError", "SyntaxError", "Custom"), message: someText, name: fc.constantFrom("RuntimeError", "AbortError", "") },
          { requiredKeys: ["ctor", "message"] },
        )
        .map((error): ValueSpec => ({ kind: "error", ...error })),
      weight: 3,
    },
    { arbitrary: fc.constantFrom("empty name", "numeric message", "no message", "aggregate").map((how): ValueSpec => ({ kind: "odd error", how })), weight: 1 },
  );
}

/** A `ToolResult`, error or not, of this copy of the workbook or another, with odd, empty and `Error:` contents. */
export function toolResultSpec(): fc.Arbitrary<ValueSpec> {
  const content = fc.oneof(
    someText,
    fc.constant(""),
    someText.map((t) => `Error: ${t}`),
  );
  return fc.oneof(
    fc
      .record({ content, isError: fc.boolean(), code: fc.constantFrom("ssrf", "workspace") }, { requiredKeys: ["content", "isError"] })
      .map((result): ValueSpec => ({ kind: "tool result", ...result })),
    fc.record({ content, isError: fc.boolean() }).map((result): ValueSpec => ({ kind: "foreign tool result", ...result })),
  );
}

/** A value that is no `Error`: plain data, ToolResults, look-alikes, `Error:` strings, texts around 120 units. */
export function nonErrorSpec(): fc.Arbitrary<ValueSpec> {
  return fc.oneof(
    { arbitrary: plainValue().map((value): ValueSpec => ({ kind: "plain", value })), weight: 3 },
    { arbitrary: fc.constantFrom<unknown>(undefined, null, "", 0, -0, false, Number.NaN).map((value): ValueSpec => ({ kind: "plain", value })), weight: 2 },
    { arbitrary: toolResultSpec(), weight: 3 },
    {
      arbitrary: fc.record({ content: someText, isError: fc.constantFrom<unknown>(true, "true", 1, false) }).map((like): ValueSpec => ({ kind: "lookalike", ...like })),
      weight: 1,
    },
    { arbitrary: someText.map((t): ValueSpec => ({ kind: "error text", text: `Error: ${t}` })), weight: 1 },
    { arbitrary: longTextSpec(), weight: 2 },
  );
}

/** A value a call may give or throw: every kind above. */
export function valueSpec(): fc.Arbitrary<ValueSpec> {
  return fc.oneof({ arbitrary: nonErrorSpec(), weight: 3 }, { arbitrary: errorSpec(), weight: 1 });
}

/** What `start()` does with its value: resolve with it, reject with it, or throw it before returning a promise. */
export type StartHow = "resolves" | "rejects" | "throws synchronously" | "async function throws";

/** One call's `start`, as data. */
export interface StartSpec {
  readonly how: StartHow;
  readonly value: ValueSpec;
}

/** Every way `start()` can end, with every kind of value. */
export function startSpec(
  hows: readonly StartHow[] = ["resolves", "rejects", "throws synchronously", "async function throws"],
  values: fc.Arbitrary<ValueSpec> = valueSpec(),
): fc.Arbitrary<StartSpec> {
  return fc.record({ how: fc.constantFrom(...hows), value: values });
}

/** A fresh `start` for one side: it gives or throws `value`. */
export function buildStart(how: StartHow, value: unknown): () => Promise<unknown> {
  switch (how) {
    case "resolves":
      return () => Promise.resolve(value);
    case "rejects":
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a call may reject with any value
      return () => Promise.reject(value);
    case "throws synchronously":
      return () => {
        throw value;
      };
    case "async function throws":
      return async () => {
        await Promise.resolve();
        throw value;
      };
  }
}

/** The start as a learner would write it, for a failure message. */
export function showStart(spec: StartSpec): string {
  return `${spec.how} with ${describeSpec(spec.value)}`;
}

/** A value spec in words. */
export function describeSpec(spec: ValueSpec): string {
  switch (spec.kind) {
    case "plain":
      return `the value ${JSON.stringify(spec.value) ?? String(spec.value)}`;
    case "error":
      return `new ${spec.ctor === "Custom" ? "DiskOnFire-named Error" : spec.ctor}(${JSON.stringify(spec.message)})${spec.name === undefined ? "" : ` named ${JSON.stringify(spec.name)}`}`;
    case "odd error":
      return `an Error with ${spec.how}`;
    case "tool result":
      return `new ToolResult(${JSON.stringify(spec.content)}, ${spec.isError}${spec.code === undefined ? "" : `, ${JSON.stringify(spec.code)}`})`;
    case "foreign tool result":
      return `a ToolResult of another copy of the workbook { content: ${JSON.stringify(spec.content)}, isError: ${spec.isError} }`;
    case "lookalike":
      return `a plain object { isError: ${JSON.stringify(spec.isError)}, content: ${JSON.stringify(spec.content)} }`;
    case "error text":
    case "long text":
      return `the string ${JSON.stringify(spec.text)} (${spec.text.length} UTF-16 units)`;
  }
}

/** An outcome for `settleOutcome`, as data. */
export type OutcomeSpec =
  | { readonly kind: "prep-error" | "error-result"; readonly text: string }
  | { readonly kind: "thrown"; readonly value: ValueSpec }
  | { readonly kind: "ok"; readonly value: ValueSpec };

/** Texts a failure may carry: odd characters, `Error:` prefixes, sizes around 120 and empty ones. */
function failureText(): fc.Arbitrary<string> {
  return fc.oneof(
    oddText({ maxLength: 10 }),
    oddText({ maxLength: 10 }).map((t) => `Error: ${t}`),
    textAroundLimit(120),
    fc.constant(""),
  );
}

/** Every kind of outcome, with values and texts of every kind. */
export function outcomeSpec(
  kinds: readonly OutcomeSpec["kind"][] = ["prep-error", "error-result", "thrown", "ok"],
  values: fc.Arbitrary<ValueSpec> = valueSpec(),
): fc.Arbitrary<OutcomeSpec> {
  const texts = kinds.filter((k): k is "prep-error" | "error-result" => k === "prep-error" || k === "error-result");
  const withValue = kinds.filter((k): k is "thrown" | "ok" => k === "thrown" || k === "ok");
  const options: fc.Arbitrary<OutcomeSpec>[] = [];
  if (texts.length > 0) options.push(fc.record({ kind: fc.constantFrom(...texts), text: failureText() }));
  if (withValue.length > 0) options.push(fc.record({ kind: fc.constantFrom(...withValue), value: values }));
  return fc.oneof(...options);
}

/** A `settleOutcome` input: the call's name, its outcome and `failOnToolError`. */
export interface SettleInput {
  readonly name: string;
  readonly outcome: OutcomeSpec;
  readonly failOnToolError: boolean;
}

/** Every name, every outcome, both settings of `failOnToolError` (its type admits only booleans). */
export function settleInput(kinds?: readonly OutcomeSpec["kind"][], failOnToolError?: boolean, values?: fc.Arbitrary<ValueSpec>): fc.Arbitrary<SettleInput> {
  return fc.record({
    name: nameLike(),
    outcome: outcomeSpec(kinds, values),
    failOnToolError: failOnToolError === undefined ? fc.boolean() : fc.constant(failOnToolError),
  });
}
