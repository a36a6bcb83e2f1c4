/**
 * Exercise 7's rules (its README and the comments in settle.ts), each with the test that fails
 * when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  captureOutcome: a resolved value is `ok`, kept as it is (a string starting "Error:", a ToolResult that is no error, an object that only looks like one) → "classifies successes as ok, whatever they look like"
 * R2  captureOutcome: a ToolResult error (of this copy of the workbook or another) is `error-result` with its content → "classifies a ToolResult error by its content"
 * R3  captureOutcome: a rejection is `thrown`, the value kept as it is → "catches rejections of any value, keeping the value"
 * R4  captureOutcome: a synchronous throw is caught too; it never rejects → "catches a synchronous throw: start() is called inside try"
 * R5  ok: payload is the value itself; detail is toolResultToText(value).slice(0, 120) → "passes a success through with an ok event"
 * R6  prep-error and error-result: payload text + RETRY_HINT, detail the whole text → "adds the retry hint to prepare errors and ToolResult errors"
 * R7  thrown: payload "Error: " + formatThrown(value), no hint; detail describeThrown(value).message → "describes a thrown value instead of dropping it"
 * R8  without failOnToolError nothing is fatal, a thrown error included → "never makes a failure fatal without failOnToolError, not even a thrown error"
 * R9  with failOnToolError a thrown Error is itself the fatal error → "with failOnToolError, a thrown Error is itself the fatal error"
 * R10 with failOnToolError a thrown non-Error is a RuntimeError with describeThrown's message → "with failOnToolError, a thrown non-Error becomes a RuntimeError with its description"
 * R11 with failOnToolError a prepare error and a ToolResult error are RuntimeErrors with the text → "with failOnToolError, a prepare error and a ToolResult error become RuntimeErrors"
 * R12 a success is never fatal → "with failOnToolError, a success is still never fatal"
 *
 * Each rule is also held against the worked answer on generated inputs: the "(every input)" tests at the end.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolResult } from "../../src/tools/base.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { captureOutcome, settleOutcome, type CallOutcome } from "../../exercises/07-errors-as-results/settle.js";
import * as answer from "../../solutions/07-errors-as-results/settle.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import {
  buildStart,
  buildValue,
  describeSpec,
  errorSpec,
  longTextSpec,
  nonErrorSpec,
  settleInput,
  toolResultSpec,
  showStart,
  startSpec,
  type SettleInput,
  type StartSpec,
  type ValueSpec,
} from "./_support/gen-07.js";
import { showString } from "./_support/snapshot.js";

/** A value as a learner reads it in a message: its type and its text. */
function shown(value: unknown): string {
  if (value instanceof Error) return `${value.name} ${JSON.stringify(value.message)}`;
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  return `${value === null ? "null" : typeof value} ${String(JSON.stringify(value) ?? value)}`;
}

/** Runs captureOutcome and fails with what was expected and what came back when it rejects. */
async function capture(start: () => Promise<unknown>, expected: CallOutcome, why = ""): Promise<CallOutcome> {
  try {
    return await captureOutcome(start);
  } catch (escaped) {
    return expect.fail(`captureOutcome rejected with ${shown(escaped)}, but it must never reject: expected it to resolve with ${JSON.stringify(expected)}${why}`);
  }
}

describe("exercise 7: captureOutcome", () => {
  it("classifies successes as ok, whatever they look like", async () => {
    expect(await capture(async () => ({ n: 1 }), { kind: "ok", value: { n: 1 } })).toEqual({ kind: "ok", value: { n: 1 } });
    expect(await capture(async () => "Error: report generated", { kind: "ok", value: "Error: report generated" }), "only a ToolResult error is an error").toEqual({
      kind: "ok",
      value: "Error: report generated",
    });
    const done = new ToolResult("done");
    const fine = await capture(async () => done, { kind: "ok", value: "<the ToolResult>" });
    expect(fine.kind, "a ToolResult that is not an error is a success").toBe("ok");
    expect((fine as { value?: unknown }).value, "keep the ToolResult itself as the value, not its content").toBe(done);
    const lookalike = { isError: true, content: "Error: not really" };
    expect(await capture(async () => lookalike, { kind: "ok", value: lookalike }), "an object with isError: true is not a ToolResult: use isToolErrorResult").toEqual({
      kind: "ok",
      value: lookalike,
    });
    expect(await capture(async () => undefined, { kind: "ok", value: undefined }), "resolving with nothing is a success too").toEqual({ kind: "ok", value: undefined });
  });

  it("classifies a ToolResult error by its content", async () => {
    const expected: CallOutcome = { kind: "error-result", text: "Error: File not found: a.txt" };
    expect(await capture(async () => ToolResult.error("Error: File not found: a.txt"), expected)).toEqual(expected);
  });

  it("catches rejections of any value, keeping the value", async () => {
    const boom = new TypeError("bad input");
    const caught = await capture(async () => Promise.reject(boom), { kind: "thrown", value: boom });
    expect(caught).toEqual({ kind: "thrown", value: boom });
    expect((caught as { value?: unknown }).value, "the very error that was thrown, not a copy").toBe(boom);
    for (const value of ["plain string", undefined, null, 0, { code: 42 }]) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pins that a rejection with any value keeps that value
      expect(await capture(async () => Promise.reject(value), { kind: "thrown", value }), `a rejection with ${shown(value)} is kept as it is`).toEqual({
        kind: "thrown",
        value,
      });
    }
  });

  it("catches a synchronous throw: start() is called inside try", async () => {
    const start = (): Promise<unknown> => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- pins that a synchronous throw of a non-Error is caught too
      throw "plain string";
    };
    const why = ". start() threw before it returned a promise: call it inside the try, not before it";
    expect(await capture(start, { kind: "thrown", value: "plain string" }, why)).toEqual({ kind: "thrown", value: "plain string" });
  });
});

describe("exercise 7: settleOutcome", () => {
  it("passes a success through with an ok event", () => {
    expect(settleOutcome("count", { kind: "ok", value: 42 }, false)).toEqual({
      payload: 42,
      event: { name: "count", status: "ok", detail: "42" },
      fatal: null,
    });
    const long = settleOutcome("cat", { kind: "ok", value: "a".repeat(200) }, false);
    expect(long.payload, "the payload is the whole value").toBe("a".repeat(200));
    expect(long.event.detail, "the event's detail is the text cut to its first 120 characters (.slice(0, 120))").toBe("a".repeat(120));
    const value = { files: ["a.txt"] };
    const object = settleOutcome("ls", { kind: "ok", value }, false);
    expect(object.payload, "the payload is the value itself, not its text").toBe(value);
    expect(object.event.detail, "the detail is toolResultToText(value): JSON for an object, not String(value)").toBe('{"files":["a.txt"]}');
  });

  it("adds the retry hint to prepare errors and ToolResult errors", () => {
    const prep = settleOutcome("readFile", { kind: "prep-error", text: "Error: Tool 'readFile' not found. Available: read_file" }, false);
    expect(prep.payload).toBe("Error: Tool 'readFile' not found. Available: read_file" + RETRY_HINT);
    expect(prep.event).toEqual({ name: "readFile", status: "error", detail: "Error: Tool 'readFile' not found. Available: read_file" });
    const result = settleOutcome("read_file", { kind: "error-result", text: "Error: File not found: a.txt" }, false);
    expect(result.payload).toBe("Error: File not found: a.txt" + RETRY_HINT);
    expect(result.event).toEqual({ name: "read_file", status: "error", detail: "Error: File not found: a.txt" });
    const long = "Error: " + "x".repeat(200);
    expect(settleOutcome("read_file", { kind: "error-result", text: long }, false).event.detail, "an error's detail is the whole text").toBe(long);
  });

  it("describes a thrown value instead of dropping it", () => {
    const settled = settleOutcome("parse", { kind: "thrown", value: new TypeError("x is undefined") }, false);
    expect(settled.payload, "payload: Error: <name>: <message>, and no retry hint").toBe("Error: TypeError: x is undefined");
    expect(settled.event).toEqual({ name: "parse", status: "error", detail: "x is undefined" });
    expect(settleOutcome("parse", { kind: "thrown", value: "oops" }, false).payload).toBe("Error: Thrown string: oops");
    const odd = settleOutcome("parse", { kind: "thrown", value: { code: 42 } }, false);
    expect(odd.payload, "formatThrown describes any value").toBe('Error: Thrown object: {"code":42}');
    expect(odd.event.detail, "detail: describeThrown(value).message").toBe('{"code":42}');
  });

  it("never makes a failure fatal without failOnToolError, not even a thrown error", () => {
    const outcomes: CallOutcome[] = [
      { kind: "thrown", value: new Error("disk on fire") },
      { kind: "thrown", value: "a string" },
      { kind: "thrown", value: undefined },
      { kind: "prep-error", text: "Error: Tool 'x' not found. Available: " },
      { kind: "error-result", text: "Error: failed" },
    ];
    for (const outcome of outcomes) {
      expect(
        settleOutcome("x", outcome, false).fatal,
        `${outcome.kind} ${shown("value" in outcome ? outcome.value : outcome.text)} with failOnToolError false: fatal must be null — the model reads the error and the run goes on`,
      ).toBeNull();
    }
  });

  it("with failOnToolError, a thrown Error is itself the fatal error", () => {
    const boom = new RangeError("too big");
    expect(settleOutcome("x", { kind: "thrown", value: boom }, true).fatal, "the very error that was thrown, not a new one").toBe(boom);
  });

  it("with failOnToolError, a thrown non-Error becomes a RuntimeError with its description", () => {
    for (const value of ["oops", undefined, { code: 42 }, 7]) {
      const fatal = settleOutcome("x", { kind: "thrown", value }, true).fatal;
      expect(fatal, `a thrown ${shown(value)} must still stop the run`).toBeInstanceOf(Error);
      expect(fatal?.name, `a thrown ${shown(value)}: an Error named "RuntimeError"`).toBe("RuntimeError");
      expect(fatal?.message, `a thrown ${shown(value)}: the message is describeThrown(value).message, not String(value)`).toBe(
        value === undefined ? "undefined" : typeof value === "object" ? '{"code":42}' : String(value),
      );
    }
  });

  it("with failOnToolError, a prepare error and a ToolResult error become RuntimeErrors", () => {
    for (const kind of ["prep-error", "error-result"] as const) {
      const fatal = settleOutcome("x", { kind, text: "Error: failed" }, true).fatal;
      expect(fatal, `a ${kind} must stop the run with failOnToolError`).toBeInstanceOf(Error);
      expect(fatal?.name, `a ${kind} becomes an Error named "RuntimeError"`).toBe("RuntimeError");
      expect(fatal?.message, `a ${kind}: the message is the text, without the hint`).toBe("Error: failed");
    }
  });

  it("with failOnToolError, a success is still never fatal", () => {
    expect(settleOutcome("x", { kind: "ok", value: "fine" }, true).fatal, "a success is never fatal").toBeNull();
    expect(settleOutcome("x", { kind: "ok", value: "Error: looks bad" }, true).fatal, "a string that starts with Error: is a success").toBeNull();
  });
});

/** The rules above as sentences, for the properties' failure messages. */
const RULES = {
  R1: 'captureOutcome: a resolved value is `ok`, kept as it is (a string starting "Error:", a ToolResult that is no error, an object that only looks like one)',
  R2: "captureOutcome: a ToolResult error (of this copy of the workbook or another) is `error-result` with its content",
  R3: "captureOutcome: a rejection, with any value, is `thrown`, the value kept as it is",
  R4: "captureOutcome: a synchronous throw, of any value, is caught too; it never rejects",
  R5: "ok: payload is the value itself; detail is toolResultToText(value).slice(0, 120)",
  R6: "prep-error and error-result: payload text + RETRY_HINT, detail the whole text",
  R7: 'thrown: payload "Error: " + formatThrown(value), no hint; detail describeThrown(value).message',
  R8: "without failOnToolError nothing is fatal, a thrown error included",
  R9: "with failOnToolError a thrown Error is itself the fatal error",
  R10: "with failOnToolError a thrown non-Error is a RuntimeError with describeThrown's message",
  R11: "with failOnToolError a prepare error and a ToolResult error are RuntimeErrors with the text",
  R12: "a success is never fatal",
} as const;

const rule = (id: keyof typeof RULES): Rule => ({ exercise: 7, id, sentence: RULES[id] });

/** What captureOutcome gave for one start, and whether the value it kept is the very one given. */
async function captured(capture: typeof captureOutcome, spec: StartSpec): Promise<unknown> {
  const value = buildValue(spec.value);
  const outcome = await capture(buildStart(spec.how, value));
  return { outcome, keptAsItIs: "value" in outcome ? Object.is(outcome.value, value) : "(no value)" };
}

/** What settleOutcome gave, with whether the payload and the fatal error are the very value given. */
function settled(settle: typeof settleOutcome, input: SettleInput): unknown {
  const outcome: CallOutcome =
    "text" in input.outcome ? { kind: input.outcome.kind, text: input.outcome.text } : { kind: input.outcome.kind, value: buildValue(input.outcome.value) };
  const result = settle(input.name, outcome, input.failOnToolError);
  const value = "value" in outcome ? outcome.value : undefined;
  return {
    payload: result.payload,
    event: result.event,
    fatal: result.fatal,
    fatalIsAnError: result.fatal instanceof Error,
    payloadIsTheValue: outcome.kind === "ok" ? Object.is(result.payload, value) : "(not ok)",
    fatalIsTheThrownValue: outcome.kind === "thrown" && result.fatal !== null ? Object.is(result.fatal, value) : "(not thrown, or not fatal)",
  };
}

function showSettle(input: SettleInput): string {
  const outcome =
    "text" in input.outcome
      ? `{ kind: "${input.outcome.kind}", text: ${showString(input.outcome.text)} }`
      : `{ kind: "${input.outcome.kind}", value: ${describeSpec(input.outcome.value)} }`;
  return `settleOutcome(${showString(input.name)}, ${outcome}, ${input.failOnToolError})`;
}

const captureCases: ReadonlyArray<[keyof typeof RULES, string, fc.Arbitrary<StartSpec>]> = [
  ["R1", "a resolved value of any kind", startSpec(["resolves"])],
  ["R2", "a resolved ToolResult, error or not, of any copy", startSpec(["resolves"], toolResultSpec())],
  ["R3", "a rejection with any value", startSpec(["rejects", "async function throws"])],
  ["R4", "a synchronous throw of any value", startSpec(["throws synchronously"])],
];

const settleCases: ReadonlyArray<[keyof typeof RULES, string, fc.Arbitrary<SettleInput>]> = [
  [
    "R5",
    "any success",
    settleInput(
      ["ok"],
      false,
      fc.oneof(
        nonErrorSpec(),
        longTextSpec(),
        errorSpec(),
        // The values most easily taken for "nothing": the payload must still be the value itself.
        fc.constantFrom<unknown>(undefined, null, "", 0, -0, false, Number.NaN).map((value): ValueSpec => ({ kind: "plain", value })),
      ),
    ),
  ],
  ["R6", "any prepare error or ToolResult error", settleInput(["prep-error", "error-result"], false)],
  ["R7", "any thrown value", settleInput(["thrown"], false)],
  ["R8", "any failure, failOnToolError false", settleInput(["prep-error", "error-result", "thrown"], false)],
  ["R9", "a thrown Error of any kind, failOnToolError true", settleInput(["thrown"], true, errorSpec())],
  ["R10", "a thrown value that is not an Error, failOnToolError true", settleInput(["thrown"], true, nonErrorSpec())],
  ["R11", "a prepare error or ToolResult error, failOnToolError true", settleInput(["prep-error", "error-result"], true)],
  ["R12", "any success, failOnToolError true or false", settleInput(["ok"])],
];

describe("exercise 7: every rule against the worked answer, on generated inputs", () => {
  for (const [id, what, input] of captureCases) {
    it(`${id} (every input): captureOutcome, ${what}`, async () => {
      await expectSameAsAnswer({
        rule: rule(id),
        input,
        learner: (spec) => captured(captureOutcome, spec),
        answer: (spec) => captured(answer.captureOutcome, spec),
        show: (spec) => `captureOutcome(start), where start ${showStart(spec)}`,
        runs: 40,
      });
    });
  }
  for (const [id, what, input] of settleCases) {
    it(`${id} (every input): settleOutcome, ${what}`, async () => {
      await expectSameAsAnswer({
        rule: rule(id),
        input,
        learner: (i) => settled(settleOutcome, i),
        answer: (i) => settled(answer.settleOutcome, i),
        show: showSettle,
        // Successes run longer: the corners of "the value itself" (undefined, a long text of astral characters) must come up every time.
        runs: id === "R5" ? 150 : 40,
      });
    });
  }
});
