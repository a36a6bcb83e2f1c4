/**
 * Row 61 of docs/fidelity.md says what the pattern engines guarantee. This reads the row and
 * checks each claim it makes on the engine validation uses, through `register` and `execute`: the
 * spellings it names mean what they mean in JavaScript, a string with a lone surrogate is refused
 * with its reason, and every pattern it names as refused is refused at `register` with the reason
 * it gives. A change to the row or to the engine that parts them fails here.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FakeTool, registryOf } from "../../src/testing/index.js";
import type { JsonSchema } from "../../src/tools/base.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** The "here" cell of row 61, backticks kept. */
function row61(): string {
  const line = readFileSync(join(ROOT, "docs", "fidelity.md"), "utf8")
    .split(/\r?\n/)
    .find((l) => l.startsWith("| 61 |"));
  if (line === undefined) throw new Error("docs/fidelity.md has no row 61");
  // The cells are split by " | " outside backticks; the "here" cell is the third.
  const cells: string[] = [];
  let cell = "";
  let inCode = false;
  for (const ch of line.slice(1, -1)) {
    if (ch === "`") inCode = !inCode;
    if (ch === "|" && !inCode) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  return cells[2] ?? "";
}

const here = row61();

function withPattern(pattern: string): JsonSchema {
  return { type: "object", properties: { s: { type: "string", pattern } }, required: ["s"] };
}

/** The pattern examples in backticks inside the parentheses after `lead`. */
function examplesAfter(lead: string): string[] {
  const at = here.indexOf(lead);
  expect(at, `row 61 says "${lead}"`).toBeGreaterThanOrEqual(0);
  const open = here.indexOf("(", at + lead.length);
  // The first ")" outside backticks closes the list.
  let close = open + 1;
  for (let inCode = false; close < here.length && (inCode || here[close] !== ")"); close++) if (here[close] === "`") inCode = !inCode;
  return [...here.slice(open, close + 1).matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
}

describe("docs/fidelity.md row 61 says what the pattern engines guarantee", () => {
  it("the row makes the claims below, in these words", () => {
    for (const claim of [
      "a pattern means what it means to JavaScript's `RegExp` with the `u` flag, as Ajv reads it, and runs on RE2",
      "on every well-formed string RE2 gives JavaScript's answer",
      "is read from JavaScript's own Unicode tables",
      "a string with a lone surrogate is never given an answer: the call is refused, saying why",
      "refused at `register`, with the reason",
    ]) {
      expect(here, claim).toContain(claim);
    }
  });

  it("the spellings it names mean what they mean in JavaScript, and an escaped pair is its code point", () => {
    const spellings = examplesAfter("in every spelling JavaScript accepts");
    expect(spellings).toEqual(["\\p{Letter}", "\\p{Script=Greek}", "\\p{gc=Lu}"]);
    const samples = ["a", "Z", "α", "Ω", "ж", "1", " ", "😀", "\u{323b0}", "\u{2ebf0}"];
    for (const spelling of spellings) {
      const pattern = `^${spelling}$`;
      const registry = registryOf(new FakeTool({ name: "t", parameters: withPattern(pattern) }));
      for (const s of samples) expect(registry.prepareCall("t", { s }).error === null, `${pattern} on ${s}`).toBe(new RegExp(pattern, "u").test(s));
    }
    const pair = here.match(/surrogate pair such as `([^`]+)`/)?.[1] ?? "";
    expect(pair).toBe("\\ud83d\\ude00");
    expect(registryOf(new FakeTool({ name: "t", parameters: withPattern(`^${pair}$`) })).prepareCall("t", { s: "😀" }).error).toBeNull();
  });

  it("a string with a lone surrogate is refused, saying why", async () => {
    const tool = new FakeTool({ name: "t", parameters: withPattern("^[^;]*$") });
    const result = String(await registryOf(tool).execute("t", { s: "a\ud800;b" }));
    expect(result).toMatch(/s holds a lone surrogate .* cannot be checked against its pattern/);
    expect(tool.calls).toHaveLength(0);
  });

  it("every pattern it names as refused is refused at register with the reason it gives", () => {
    const reasons: [lead: string, reason: RegExp][] = [
      ["a pattern JavaScript does not accept", /does not compile: Invalid regular expression/],
      ["a lone surrogate in the pattern", /lone surrogate, which the engine cannot match/],
      ["a repetition of more than 1,000, alone or nested", /repeats more than 1000 times/],
    ];
    for (const [lead, reason] of reasons) {
      const examples = examplesAfter(lead);
      expect(examples.length, lead).toBeGreaterThanOrEqual(2);
      for (const pattern of examples) expect(() => registryOf(new FakeTool({ name: "t", parameters: withPattern(pattern) })), pattern).toThrow(reason);
    }
    expect(here).toContain("`\\B` (RE2 would find it inside a character)");
    expect(() => registryOf(new FakeTool({ name: "t", parameters: withPattern("a\\B") }))).toThrow(/\\B is not supported: RE2 also finds it inside a character/);
  });
});
