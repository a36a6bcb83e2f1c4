/**
 * Describing a thrown value stays linear in its size, BigInts included. Turning a BigInt into
 * decimal text costs more than linear time in its length (minutes for a few million digits), so
 * one of more than 1,000 digits is described as `[BigInt of more than 1000 digits]` wherever it
 * is met: thrown, as an error's message, inside a thrown object, as an option's value, as an
 * argument a `string` field would cast. Each of these finishing at once on a BigInt of about 1.8
 * million digits is the proof; converting it would take minutes.
 */
import { describe, expect, it } from "vitest";
import { bigintText, MAX_BIGINT_DIGITS, safeJsonStringify } from "../../src/util/json.js";
import { castString } from "../../src/schema/cast.js";
import { describeThrown, formatThrown } from "../../src/util/thrown.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { wholeNumberOption } from "../../src/util/options.js";
import { FakeTool } from "../../src/testing/index.js";

const HUGE = 1n << 6_000_000n;
const NOTE = `[BigInt of more than ${MAX_BIGINT_DIGITS} digits]`;

describe("a huge BigInt is described, never written out", () => {
  it("thrown, as an Error's message, or inside a thrown object", () => {
    expect(formatThrown(HUGE)).toBe(`Thrown bigint: ${NOTE}`);
    expect(formatThrown(-HUGE)).toBe(`Thrown bigint: ${NOTE}`);
    const error = new Error("unused");
    Object.defineProperty(error, "message", { value: HUGE });
    expect(describeThrown(error)).toEqual({ name: "Error", message: NOTE });
    expect(formatThrown({ code: 7, n: HUGE })).toBe(`Thrown object: {"code":7,"n":"${NOTE}"}`);
    expect(safeJsonStringify([HUGE, 12n])).toBe(`["${NOTE}","12"]`);
  });

  it("up to 1,000 digits it is written out, as before", () => {
    const largest = 10n ** BigInt(MAX_BIGINT_DIGITS) - 1n;
    expect(formatThrown(largest)).toBe(`Thrown bigint: ${"9".repeat(MAX_BIGINT_DIGITS)}`);
    expect(formatThrown(-largest)).toBe(`Thrown bigint: -${"9".repeat(MAX_BIGINT_DIGITS)}`);
    expect(bigintText(largest + 1n)).toBe(NOTE);
    expect(formatThrown(10n)).toBe("Thrown bigint: 10");
  });

  it("a tool that throws one gets its error result at once", async () => {
    const registry = new ToolRegistry();
    registry.register(
      new FakeTool({
        name: "boom",
        run: () => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a tool may throw anything; this is the case under test
          throw HUGE;
        },
      }),
    );
    expect(String(await registry.execute("boom", {}))).toContain(`Error executing boom: ${NOTE}`);
  });

  it("a string field keeps it, to be refused, and an option's error describes it", () => {
    expect(castString(HUGE)).toBe(HUGE);
    expect(castString(12n)).toBe("12");
    expect(() => wholeNumberOption("maxRetries", HUGE, 3, { min: 0 })).toThrow(`got ${NOTE}n (a bigint)`);
  });
});
