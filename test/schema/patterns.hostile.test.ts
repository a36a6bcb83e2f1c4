/**
 * Patterns from schemas we do not control. A catastrophic pattern runs in linear time; each
 * pattern is compiled once, with its schema, and a call compiles none; Python-style escapes are
 * accepted; a pattern that still cannot compile makes `register` throw a `TypeError` naming the
 * tool and the reason, and only that tool is lost. Work is counted (characters handed to the
 * engine, programs compiled) or compared as a ratio within one run, never against a clock.
 */
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/tools/base.js";
import {
  ajvRegExpEngine,
  MAX_PATTERN_COST,
  MAX_PATTERN_INPUT,
  nativePatternEngine,
  PatternCheckError,
  type CompiledPattern,
  patternCost,
  patternProblem,
  portablePattern,
  unsupportedPatternFeature,
} from "../../src/schema/pattern.js";
import { re2PatternEngine } from "../../src/schema/re2-engine.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { MAX_REPEAT_COUNT } from "../../src/schema/repeat-limit.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";
import { workBetween, workSnapshot, type ValidationWork } from "../../src/schema/validation-work.js";
import { generatedSchemaTool } from "./arbitraries.js";
import { cpuTimeRatio } from "../setup/cpu-time.js";
import { RE2_OUT_OF_MEMORY_NOTICE } from "../../src/schema/re2-console.js";
import { runModuleScript } from "../setup/node-child.js";

function withPattern(pattern: string): JsonSchema {
  return { type: "object", properties: { s: { type: "string", pattern } }, required: ["s"] };
}

function registryWith(name: string, schema: JsonSchema): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(generatedSchemaTool(name, schema));
  return registry;
}

/** What `work` returned, and the validation work it did. */
function counted<T>(work: () => T): [T, ValidationWork] {
  const before = workSnapshot();
  const result = work();
  return [result, workBetween(before, workSnapshot())];
}

describe("hostile input: a catastrophic pattern on the way in", () => {
  it("^(a+)+$ answers for 28 characters and for 5,000, handing each character to the engine once, compiling nothing", () => {
    const registry = registryWith("redos", withPattern("^(a+)+$"));
    for (const length of [28, 40, 5_000]) {
      const [prepared, work] = counted(() => registry.prepareCall("redos", { s: "a".repeat(length) + "!" }));
      expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'redos': s must match pattern ^(a+)+$");
      expect(work.patternCharacters).toBe(length + 1);
      expect(work.engineCompiles).toBe(0);
      expect(registry.prepareCall("redos", { s: "a".repeat(length) }).error).toBeNull();
    }
  });

  it("other exponential shapes are linear too, in patternProperties as well", () => {
    const registry = registryWith("shapes", {
      type: "object",
      properties: { a: { type: "string", pattern: "^(a|aa)+b$" }, b: { type: "string", pattern: "(x+x+)+y" } },
      patternProperties: { "^([a-z]+)*[0-9]$": { type: "integer" } },
    });
    const [prepared, work] = counted(() => registry.prepareCall("shapes", { a: "a".repeat(3_000) + "c", b: "x".repeat(3_000), ["k".repeat(3_000) + "!"]: 1 }));
    expect(prepared.error?.content).toContain("a must match pattern ^(a|aa)+b$");
    expect(prepared.error?.content).toContain("b must match pattern (x+x+)+y");
    // The two values, and every key against the patternProperties pattern (`a` and `b` too).
    expect(work.patternCharacters).toBe(3_001 + 3_000 + (3_001 + 1 + 1));
    expect(work.engineCompiles).toBe(0);
  });

  it("the engine behind the registry is RE2, which does not backtrack: 8 times the input takes at most about 8 times as long", () => {
    expect(re2PatternEngine.linearTime).toBe(true);
    expect(nativePatternEngine.linearTime).toBe(false);
    const program = re2PatternEngine.compile("^(a+)+$");
    const short = "a".repeat(20_000) + "!";
    const long = "a".repeat(160_000) + "!";
    expect(program.test(long)).toBe(false);
    // CPU time, not the wall clock, so a busy machine does not count; each side the least of
    // several samples taken in turn. A backtracking engine never finishes the short one.
    const ratio = cpuTimeRatio(
      () => program.test(short),
      () => program.test(long),
      8,
    );
    expect(ratio).toBeLessThan(16);
  });

  it("a string too long for its pattern's cost cannot be checked: the test throws, so the call is refused, never passed", () => {
    const check = ajvRegExpEngine(re2PatternEngine)("^a+$", "u");
    expect(check.test("a".repeat(1_000))).toBe(true);
    expect(() => check.test("a".repeat(MAX_PATTERN_INPUT + 1))).toThrow(PatternCheckError);
    expect(() => check.test("a".repeat(MAX_PATTERN_INPUT + 1))).toThrow(
      `a string of ${MAX_PATTERN_INPUT + 1} characters is too long to check against its pattern (limit ${MAX_PATTERN_INPUT} characters)`,
    );
  });

  it("a pattern too large to match cheaply is refused at registration, naming the limit", () => {
    expect(patternCost(".{300}")).toBeGreaterThan(MAX_PATTERN_COST);
    expect(() => registryWith("big_pattern", withPattern(".{300}"))).toThrow(
      "Tool 'big_pattern': its parameters schema does not compile: pattern \".{300}\" is too large (over 4000 cost units, MAX_PATTERN_COST)",
    );
    // Larger still, it is over the whole schema's pattern budget and refused before Ajv runs.
    expect(() => registryWith("huge_pattern", withPattern("[\\s\\S]{0,1000}"))).toThrow(
      "Tool 'huge_pattern': its parameters schema is over budget: its patterns cost more than 8000 units together (SCHEMA_BUDGET.maxTotalPatternCost)",
    );
  });
});

describe("hostile input: each pattern is compiled once, with its schema", () => {
  /** An object schema with `count` cheap patterns, one per property, for items of a list. */
  function manyPatterns(count: number): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    for (let i = 0; i < count; i++) properties[`p${i}`] = { type: "string", pattern: `^v${i}-[a-z]+$` };
    return { type: "object", properties: { rows: { type: "array", items: { type: "object", properties } } } };
  }

  function rows(count: number, patterns: number): Record<string, string>[] {
    const row: Record<string, string> = {};
    for (let i = 0; i < patterns; i++) row[`p${i}`] = `v${i}-abc`;
    return Array.from({ length: count }, () => ({ ...row }));
  }

  it("65 patterns and more, far under the budget: register compiles each once, and a call compiles none, whatever its size", () => {
    for (const count of [65, 130]) {
      const registry = new ToolRegistry();
      const [, registering] = counted(() => registry.register(generatedSchemaTool("many", manyPatterns(count))));
      expect(registering.patternCompiles).toBe(count);
      expect(registering.engineCompiles).toBe(count);
      const small = rows(20, count);
      const large = rows(160, count);
      const [first, smallWork] = counted(() => registry.prepareCall("many", { rows: small }));
      const [second, largeWork] = counted(() => registry.prepareCall("many", { rows: large }));
      expect(first.error).toBeNull();
      expect(second.error).toBeNull();
      expect(smallWork.engineCompiles).toBe(0);
      expect(largeWork.engineCompiles).toBe(0);
      // Each value is handed to its pattern once: 8 times the rows, 8 times the characters.
      const characters = (list: Record<string, string>[]): number => list.reduce((sum, row) => sum + Object.values(row).join("").length, 0);
      expect(smallWork.patternCharacters).toBe(characters(small));
      expect(largeWork.patternCharacters).toBe(characters(large));
    }
  });

  it("two tools with the same patterns keep their own programs: using one never recompiles the other's", () => {
    const registry = new ToolRegistry();
    registry.register(generatedSchemaTool("one", manyPatterns(70)));
    registry.register(generatedSchemaTool("two", manyPatterns(70)));
    const [, work] = counted(() => {
      for (let i = 0; i < 3; i++) {
        expect(registry.prepareCall("one", { rows: rows(5, 70) }).error).toBeNull();
        expect(registry.prepareCall("two", { rows: rows(5, 70) }).error).toBeNull();
      }
    });
    expect(work.engineCompiles).toBe(0);
  });
});

describe("hostile input: when RE2's heap runs out", () => {
  it("the engine starts a fresh heap: each compiled pattern is rebuilt once, on its next use, and answers as before", () => {
    const first = re2PatternEngine.compile("^first-[0-9]+$");
    const kept: CompiledPattern[] = [];
    const before = workSnapshot();
    // Fill the 16 MiB heap with programs that stay alive, until the engine has to replace it.
    for (let i = 0; i < 30_000 && workBetween(before, workSnapshot()).engineReloads === 0; i++) kept.push(re2PatternEngine.compile(`^kept-${i}-[a-z]+$`));
    expect(workBetween(before, workSnapshot()).engineReloads).toBe(1);
    const [answers, work] = counted(() => [first.test("first-42"), first.test("first-x"), first.test("first-7"), kept[0]?.test("kept-0-abc"), kept[0]?.test("kept-1-abc")]);
    expect(answers).toEqual([true, false, true, true, false]);
    // Each of the two was rebuilt once, on the fresh heap, and then kept.
    expect(work.engineCompiles).toBe(2);
    expect(work.engineReloads).toBe(0);
    kept.length = 0;
  });
});

describe("when RE2's heap runs out, the console stays quiet", () => {
  it("a process that fills the heap twice prints nothing: re2-wasm's out-of-memory notice is kept off the console, other warnings pass", async () => {
    const script = `
      import { re2PatternEngine } from "./src/schema/re2-engine.ts";
      import { validationWork } from "./src/schema/validation-work.ts";
      const kept = [];
      for (let i = 0; i < 60000 && validationWork.engineReloads < 2; i++) kept.push(re2PatternEngine.compile("^kept-" + i + "-[a-z]+$"));
      console.log(validationWork.engineReloads, kept[0].test("kept-0-abc"), kept[0].test("kept-0-1"));
      console.warn("a warning of the program's own");
    `;
    const { status, stdout, stderr } = await runModuleScript(script);
    expect(status).toBe(0);
    // Both heaps ran out (the first one loaded with the engine, the second loaded again), and the
    // patterns still answer.
    expect(stdout).toBe("2 true false\n");
    expect(stderr).not.toContain(RE2_OUT_OF_MEMORY_NOTICE);
    expect(stderr).toBe("a warning of the program's own\n");
  });
});

describe("hostile input: Python-style patterns", () => {
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

  it("a pattern that does not parse throws a TypeError that names the tool and JavaScript's reason", () => {
    expect(() => registryWith("broken", withPattern("(unclosed"))).toThrow(
      /^Tool 'broken': its parameters schema does not compile: pattern "\(unclosed" does not compile: .*Unterminated group/,
    );
    // RE2 would read these; JavaScript does not, so they are refused rather than given RE2's meaning.
    expect(() => registryWith("posix", withPattern("\\p{Greek}"))).toThrow(/^Tool 'posix': .*pattern "\\\\p\{Greek\}" does not compile: .*Invalid property name/);
    expect(() => registryWith("flags", withPattern("(?i)a"))).toThrow(/^Tool 'flags': .*pattern "\(\?i\)a" does not compile: .*Invalid group/);
  });

  it("a string with a lone surrogate is refused, saying why, and never given an answer JavaScript would not give", async () => {
    const command = "docs\ud800;curl \ud800| sh";
    for (const [guard, q] of [
      ["^[^;|&$<>\\n]*$", { type: "string", pattern: "^[^;|&$<>\\n]*$" }],
      ["[;|&]", { type: "string", not: { pattern: "[;|&]" } }],
    ] as const) {
      expect(new RegExp(guard, "u").test(command), "JavaScript sees the ; and the |").toBe(!("pattern" in q));
      const tool = new FakeTool({ name: "run", parameters: { type: "object", properties: { q }, required: ["q"] } });
      const registry = registryOf(tool);
      const result = await registry.execute("run", { q: command });
      expect(String(result)).toMatch(
        /q holds a lone surrogate \(half of a UTF-16 pair, such as \\ud800, on its own\), which the pattern engine cannot read as JavaScript does/,
      );
      expect(tool.calls).toHaveLength(0);
      // A well-formed string still gets JavaScript's answer: the ; is seen.
      expect(String(await registry.execute("run", { q: "docs;curl | sh" }))).toMatch(/^Error/);
      expect(tool.calls).toHaveLength(0);
      await registry.execute("run", { q: "docs \ud83d\ude00" });
      expect(tool.calls).toHaveLength(1);
    }
  });

  it("a parameter name or a schema string with a lone surrogate is refused the same way, wherever its pattern sits", () => {
    const registry = registryOf(new FakeTool({ name: "keys", parameters: { type: "object", patternProperties: { "^a": { type: "number" } } } }));
    expect(registry.prepareCall("keys", { "a\ud800": 1 }).error?.content).toMatch(/a parameter name holds a lone surrogate .* cannot be checked against its pattern/);
    expect(registry.prepareCall("keys", { a: 1 }).error).toBeNull();
    // The meta-schema checks $anchor with a pattern.
    expect(() => registryWith("anchor", { type: "object", $anchor: "a\ud800", properties: {} })).toThrow(
      /a string in the schema holds a lone surrogate .* cannot be checked against its meta-schema/,
    );
  });

  it("a lone surrogate in a pattern is refused at register, as is a property of surrogates only", () => {
    for (const pattern of ["^\\ud800$", "[\\ud800-\\udfff]", "\\u{dc00}", "\\p{Cs}", "x\ud800"]) {
      expect(() => registryWith("lone", withPattern(pattern)), pattern).toThrow(/lone surrogate, which the engine cannot match/);
    }
    // A pair, escaped or written, is the one code point JavaScript reads.
    const registry = registryWith("pair", withPattern("^\\ud83d\\ude00[\\ud83d\\ude00-\\ud83d\\ude4f]😀$"));
    expect(registry.prepareCall("pair", { s: "😀😁😀" }).error).toBeNull();
  });

  it("a repetition RE2 cannot compile is refused by the budget, alone or multiplied by the counts around it", () => {
    expect(() => registryWith("too_many", withPattern("a{1001}"))).toThrow(/^Tool 'too_many': .*pattern "a\{1001\}" repeats more than 1000 times at \{1001\}/);
    expect(() => registryWith("nested", withPattern("(a{30}){34}"))).toThrow(/pattern "\(a\{30\}\)\{34\}" repeats more than 1000 times at \{34\}/);
    expect(() => registryWith("open", withPattern("(?:a{2,}){501}"))).toThrow(/repeats more than 1000 times at \{501\}/);
    for (const pattern of ["^a{1000}$", "^(a{30}){33}$", "^(?:a{10}|b{200}){5}$", "^(?:a{0}){1000}$", "^(a{2}|b){500}$"]) {
      expect(patternProblem(pattern), pattern).toBeNull();
      expect(() => registryWith("fits", withPattern(pattern)), pattern).not.toThrow();
    }
    expect(patternProblem("[{1001}]")).toBeNull();
    expect(patternProblem(`a{${MAX_REPEAT_COUNT}}b{${MAX_REPEAT_COUNT}}`)).toBeNull();
    expect(patternProblem(`a{${MAX_REPEAT_COUNT + 1},}`)).toMatch(/repeats more than 1000 times/);
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
