/**
 * `logText` shows untrusted text in one log line: every character a terminal obeys (C0 and C1
 * controls, DEL, bidi controls, the line and paragraph separators) becomes a visible `\uXXXX`
 * escape, and a long text keeps its start with a note of how much was cut.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOG_TEXT_MAX_CHARS, logText } from "../../src/util/log-text.js";
import { propertyConfig } from "../soak/runs.js";

/** Every character that must never reach a log line raw. */
// eslint-disable-next-line no-control-regex -- matching the control characters a log line must never hold raw is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("logText", () => {
  it("shows a terminal's escapes visibly, so they retitle, clear or forge nothing", () => {
    expect(logText("a\u001b]0;owned\u0007b")).toBe("a\\u001b]0;owned\\u0007b");
    expect(logText("\u001b[2J\u001b[H")).toBe("\\u001b[2J\\u001b[H");
    expect(logText("ok\r[mcp] forged line")).toBe("ok\\u000d[mcp] forged line");
    expect(logText("one\ntwo\u2028three\u2029four\u0085five")).toBe("one\\u000atwo\\u2028three\\u2029four\\u0085five");
    expect(logText("\u009b31m\u007f")).toBe("\\u009b31m\\u007f");
  });

  it("shows the bidi controls that reorder what is displayed", () => {
    expect(logText("file\u202egnp.exe")).toBe("file\\u202egnp.exe");
    for (const c of ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(logText(`x${c}y`)).toBe(`x\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}y`);
    }
  });

  it("leaves ordinary text alone, Unicode letters and emoji included", () => {
    expect(logText("read_file")).toBe("read_file");
    expect(logText("café 日本語 😀 C:\\Users\\x")).toBe("café 日本語 😀 C:\\Users\\x");
  });

  it("cuts a long text after its first characters, saying how many were left out", () => {
    expect(logText("x".repeat(250))).toBe(`${"x".repeat(LOG_TEXT_MAX_CHARS)}… (50 more characters not shown)`);
    expect(logText("abcdef", 3)).toBe("abc… (3 more characters not shown)");
    expect(logText("abc", 3)).toBe("abc");
    // Never half of a surrogate pair.
    expect(logText("ab😀", 3)).toBe("ab… (2 more characters not shown)");
  });

  it("reads only the part it keeps: ten million characters give a short line", () => {
    const line = logText("\u001b".repeat(10_000_000));
    expect(line.length).toBeLessThan(LOG_TEXT_MAX_CHARS * 6 + 60);
    expect(line.endsWith(`… (${10_000_000 - LOG_TEXT_MAX_CHARS} more characters not shown)`)).toBe(true);
  });

  it("never lets an unsafe character through, keeps every safe one, and is idempotent (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.integer({ min: 0, max: 400 }), (text, max) => {
        const shown = logText(text, max);
        expect(shown).not.toMatch(UNSAFE);
        expect(logText(shown, Number.MAX_SAFE_INTEGER)).toBe(shown);
        if (text.length <= max && !UNSAFE.test(text)) expect(shown).toBe(text);
      }),
      propertyConfig("log text is safe", 500),
    );
  });
});
