/**
 * Issue 16, items 1 and 7: patterns from schemas we do not control. A catastrophic pattern runs
 * in linear time; Python-style escapes are accepted; a pattern that still cannot compile makes
 * `register` throw a `TypeError` naming the tool and the reason, and only that tool is lost.
 */
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/tools/base.js";
import {
  ajvRegExpEngine,
  MAX_PATTERN_COST,
  MAX_PATTERN_INPUT,
  nativePatternEngine,
  patternCost,
  patternProblem,
  portablePattern,
  unsupportedPatternFeature,
} from "../../src/tools/pattern.js";
import { re2PatternEngine } from "../../src/tools/re2-engine.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { generatedSchemaTool } from "./schema-arbitraries.js";

function withPattern(pattern: string): JsonSchema {
  return { type: "object", properties: { s: { type: "string", pattern } }, required: ["s"] };
}

function registryWith(name: string, schema: JsonSchema): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(generatedSchemaTool(name, schema));
  return registry;
}

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

describe("item 1: a catastrophic pattern on the way in", () => {
  it("^(a+)+$ answers at once for 28 characters and for 5,000 (a backtracking engine takes seconds at 28)", () => {
    const registry = registryWith("redos", withPattern("^(a+)+$"));
    for (const length of [28, 40, 5_000]) {
      const [prepared, ms] = timed(() => registry.prepareCall("redos", { s: "a".repeat(length) + "!" }));
      expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'redos': s must match pattern ^(a+)+$");
      expect(ms).toBeLessThan(1_000);
      expect(registry.prepareCall("redos", { s: "a".repeat(length) }).error).toBeNull();
    }
  });

  it("other exponential shapes are linear too, in patternProperties as well", () => {
    const registry = registryWith("shapes", {
      type: "object",
      properties: { a: { type: "string", pattern: "^(a|aa)+b$" }, b: { type: "string", pattern: "(x+x+)+y" } },
      patternProperties: { "^([a-z]+)*[0-9]$": { type: "integer" } },
    });
    const [prepared, ms] = timed(() => registry.prepareCall("shapes", { a: "a".repeat(3_000) + "c", b: "x".repeat(3_000), ["k".repeat(3_000) + "!"]: 1 }));
    expect(prepared.error?.content).toContain("a must match pattern ^(a|aa)+b$");
    expect(prepared.error?.content).toContain("b must match pattern (x+x+)+y");
    expect(ms).toBeLessThan(1_000);
  });

  it("the engine behind the registry is RE2, which does not backtrack", () => {
    expect(re2PatternEngine.linearTime).toBe(true);
    expect(nativePatternEngine.linearTime).toBe(false);
    const [matched, ms] = timed(() => re2PatternEngine.compile("^(a+)+$").test("a".repeat(100_000) + "!"));
    expect(matched).toBe(false);
    expect(ms).toBeLessThan(2_000);
  });

  it("a string too long for a pattern's cost counts as not matching, so one field cannot make a call slow", () => {
    const check = ajvRegExpEngine(re2PatternEngine)("^a+$", "u");
    expect(check.test("a".repeat(1_000))).toBe(true);
    expect(check.test("a".repeat(MAX_PATTERN_INPUT + 1))).toBe(false);
  });

  it("a pattern too large to match cheaply is refused at registration, naming the limit", () => {
    expect(patternCost(".{300}")).toBeGreaterThan(MAX_PATTERN_COST);
    expect(() => registryWith("big_pattern", withPattern(".{300}"))).toThrow(
      'Tool \'big_pattern\': its parameters schema does not compile: pattern ".{300}" is too large (over 4000 cost units, MAX_PATTERN_COST)',
    );
    // Larger still, it is over the whole schema's pattern budget and refused before Ajv runs.
    expect(() => registryWith("huge_pattern", withPattern("[\\s\\S]{0,1000}"))).toThrow(
      "Tool 'huge_pattern': its parameters schema is over budget: its patterns cost more than 8000 units together (SCHEMA_BUDGET.maxTotalPatternCost)",
    );
  });
});

describe("item 7: Python-style patterns", () => {
  it("^\\d{4}\\-\\d{2}\\-\\d{2}$ registers and is enforced", () => {
    const registry = registryWith("dated", withPattern("^\\d{4}\\-\\d{2}\\-\\d{2}$"));
    expect(registry.prepareCall("dated", { s: "2024-01-02" }).error).toBeNull();
    expect(registry.prepareCall("dated", { s: "2024/01/02" }).error?.content).toBe(
      "Error: Invalid parameters for tool 'dated': s must match pattern ^\\d{4}\\-\\d{2}\\-\\d{2}$",
    );
  });

  it.each([
    ["\\_", "a_b", "ab"],
    ["\\ ", "a b", "ab"],
    ["\\@", "me@host", "me.host"],
    ["^[\\w\\-\\.]+\\@[\\w\\-]+\\.[a-z]{2,}$", "a.b-c@d-e.org", "a@b"],
    ["^\\#\\%\\&\\'\\\"\\,\\:\\;\\<\\=\\>\\!\\~\\`$", "#%&'\",:;<=>!~`", "#"],
    ["\\A\\d+\\Z", "123", "123x"],
    ["^(?P<word>[a-z]+)$", "abc", "ABC"],
  ])("%s is accepted, and matches as Python would", (pattern, good, bad) => {
    const registry = registryWith("py", withPattern(pattern));
    expect(registry.prepareCall("py", { s: good }).error).toBeNull();
    expect(registry.prepareCall("py", { s: bad }).error?.content).toContain("s must match pattern");
  });

  it("portablePattern drops the escapes the u flag refuses, and keeps the ones it needs", () => {
    expect(portablePattern("^\\d{4}\\-\\d{2}\\-\\d{2}$")).toBe("^\\d{4}-\\d{2}-\\d{2}$");
    expect(portablePattern("[\\w\\-\\_\\@]")).toBe("[\\w\\-_@]");
    expect(portablePattern("\\.\\*\\/\\[\\]")).toBe("\\.\\*\\/\\[\\]");
    expect(portablePattern("(?P<n>x)")).toBe("(?<n>x)");
    // The native engine (a browser build) then accepts each of them under the u flag.
    for (const p of ["^\\d{4}\\-\\d{2}$", "\\_", "\\ ", "\\@", "[\\w\\-\\_]"]) expect(() => nativePatternEngine.compile(portablePattern(p))).not.toThrow();
  });

  it.each([
    ["(a)\\1", "a back-reference (\\1)"],
    ["(?<n>a)\\k<n>", "a named back-reference (\\k<…>)"],
    ["(?P<n>a)(?P=n)", "a named back-reference (?P=…)"],
    ["^(?=a)a", "a lookahead (?=…)"],
    ["^(?!a)b", "a negative lookahead (?!…)"],
    ["(?<=a)b", "a lookbehind (?<=…)"],
    ["(?<!a)b", "a negative lookbehind (?<!…)"],
  ])("%s cannot run in linear time: register throws a TypeError naming the tool and the reason", (pattern, feature) => {
    expect(unsupportedPatternFeature(pattern)).toBe(feature);
    const attempt = (): void => void registryWith("unsupported", withPattern(pattern));
    expect(attempt).toThrow(TypeError);
    expect(attempt).toThrow(
      `Tool 'unsupported': its parameters schema does not compile: pattern ${JSON.stringify(pattern)} uses ${feature}, which a linear-time engine cannot run`,
    );
  });

  it("a pattern that does not parse throws a TypeError that names the tool and RE2's reason", () => {
    expect(() => registryWith("broken", withPattern("(unclosed"))).toThrow(
      /^Tool 'broken': its parameters schema does not compile: pattern "\(unclosed" does not compile: .*missing \)/,
    );
    expect(() => registryWith("too_many", withPattern("a{1001}"))).toThrow(/^Tool 'too_many': .*pattern "a\{1001\}" does not compile: .*repetition/);
  });

  it("only the failing tool is lost: a loop over a server's tools registers the ones after it", () => {
    const registry = new ToolRegistry();
    const refused: string[] = [];
    for (const [name, pattern] of [
      ["first", "^[a-z]+$"],
      ["bad_backref", "(a)\\1"],
      ["python_style", "^\\d{4}\\-\\d{2}$"],
      ["bad_syntax", "(oops"],
      ["last", "^x$"],
    ] as const) {
      try {
        registry.register(generatedSchemaTool(name, withPattern(pattern)));
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        refused.push(name);
      }
    }
    expect(refused).toEqual(["bad_backref", "bad_syntax"]);
    expect(registry.toolNames).toEqual(["first", "python_style", "last"]);
    expect(registry.prepareCall("last", { s: "x" }).error).toBeNull();
  });

  it("patternProblem is null for an ordinary pattern", () => {
    expect(patternProblem("^[a-z0-9_-]{3,16}$")).toBeNull();
    expect(patternProblem("^\\p{L}+$")).toBeNull();
  });
});
