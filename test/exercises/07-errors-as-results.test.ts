import { describe, expect, it } from "vitest";
import { ToolResult } from "../../src/tools/base.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { captureOutcome, settleOutcome } from "../../exercises/07-errors-as-results/settle.js";

describe("exercise 7: captureOutcome", () => {
  it("classifies successes, including a plain string that starts with Error:", async () => {
    expect(await captureOutcome(async () => ({ n: 1 }))).toEqual({ kind: "ok", value: { n: 1 } });
    expect(await captureOutcome(async () => "Error: report generated"), "only a ToolResult error is an error").toEqual({
      kind: "ok",
      value: "Error: report generated",
    });
  });

  it("classifies a ToolResult error by its content", async () => {
    expect(await captureOutcome(async () => ToolResult.error("Error: File not found: a.txt"))).toEqual({
      kind: "error-result",
      text: "Error: File not found: a.txt",
    });
  });

  it("catches rejections and synchronous throws of any value", async () => {
    const boom = new TypeError("bad input");
    expect(await captureOutcome(async () => Promise.reject(boom))).toEqual({ kind: "thrown", value: boom });
    expect(
      await captureOutcome(() => {
        throw "plain string";
      }),
      "a synchronous throw must be caught too: call start() inside try",
    ).toEqual({ kind: "thrown", value: "plain string" });
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
  });

  it("adds the retry hint to prepare errors and ToolResult errors", () => {
    const prep = settleOutcome("readFile", { kind: "prep-error", text: "Error: Tool 'readFile' not found. Available: read_file" }, false);
    expect(prep.payload).toBe("Error: Tool 'readFile' not found. Available: read_file" + RETRY_HINT);
    expect(prep.event.status).toBe("error");
    expect(prep.fatal, "by default an error is not fatal: it goes back to the model").toBeNull();
    const result = settleOutcome("read_file", { kind: "error-result", text: "Error: File not found: a.txt" }, false);
    expect(result.payload).toBe("Error: File not found: a.txt" + RETRY_HINT);
    expect(result.event).toEqual({ name: "read_file", status: "error", detail: "Error: File not found: a.txt" });
  });

  it("describes a thrown value instead of dropping it", () => {
    const settled = settleOutcome("parse", { kind: "thrown", value: new TypeError("x is undefined") }, false);
    expect(settled.payload, "payload: Error: <name>: <message>").toBe("Error: TypeError: x is undefined");
    expect(settled.event).toEqual({ name: "parse", status: "error", detail: "x is undefined" });
    expect(settleOutcome("parse", { kind: "thrown", value: "oops" }, false).payload).toBe("Error: Thrown string: oops");
  });

  it("reports a fatal error only with failOnToolError", () => {
    const boom = new RangeError("too big");
    expect(settleOutcome("x", { kind: "thrown", value: boom }, true).fatal, "a thrown Error is itself the fatal error").toBe(boom);
    const fatal = settleOutcome("x", { kind: "error-result", text: "Error: failed" }, true).fatal;
    expect(fatal?.name, "a text failure becomes a RuntimeError").toBe("RuntimeError");
    expect(fatal?.message).toBe("Error: failed");
    expect(settleOutcome("x", { kind: "ok", value: "fine" }, true).fatal, "a success is never fatal").toBeNull();
  });
});
