/**
 * The proof for the capstone (`npm run exercise 10`), as `solutions-and-stubs.test.ts` is for the
 * nine exercises: with the worked answers every part is the learner's and every scenario's
 * requests match the reference's; with the untouched stubs it fails, naming exercise 1 first; a broken file is named as such and the reference stands in for it; `--trace`
 * marks every step as the learner's or the reference's.
 */
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { runCapstone, type CapstoneReport } from "../../exercises/_cli/capstone/capstone.js";
import { main } from "../../exercises/_cli/capstone/main.js";
import { PART_NUMBERS } from "../../exercises/_cli/capstone/parts.js";
import { reportLines } from "../../exercises/_cli/capstone/report.js";
import { SCENARIOS } from "../../exercises/_cli/capstone/scenarios.js";
import { answersFolder, type AnswersFolder } from "../capstone/answers.js";

/** Colour codes out, so the lines read as plain text. */
const plain = (line: string): string => stripVTControlCharacters(line);

describe("the capstone with the worked answers", () => {
  let report: CapstoneReport;
  beforeAll(async () => {
    report = await runCapstone({ dir: SOLUTIONS_DIR });
  });

  it("takes every part from the answers", () => {
    for (const n of PART_NUMBERS) expect(report.parts[n], `part ${n}`).toEqual({ kind: "learner" });
  });

  it("runs every scenario, and every request matches the reference's", () => {
    expect(report.scenarios.map((v) => v.scenario.id)).toEqual(SCENARIOS.map((s) => s.id));
    for (const verdict of report.scenarios) {
      expect(verdict.skipped, verdict.scenario.id).toBeNull();
      expect(verdict.assembled.error, verdict.scenario.id).toBeNull();
      expect(verdict.difference, verdict.scenario.id).toBeNull();
      // Every scenario asks for tools once and then reads their messages: two requests.
      expect(verdict.reference.requests, verdict.scenario.id).toHaveLength(2);
      expect(verdict.assembled.requests).toEqual(verdict.reference.requests);
    }
  });

  it("passes, and says so", () => {
    expect(report.passed).toBe(true);
    expect(reportLines(report, false).map(plain).at(-1)).toMatch(/^Passed: every part is yours/);
  });

  it("sends the tool messages the scenarios are about", () => {
    const lastRequest = (id: string): string => report.scenarios.find((v) => v.scenario.id === id)?.assembled.requests.at(-1) ?? "";
    expect(lastRequest("missing-file")).toContain("Error: File not found: notes/missing.md");
    expect(lastRequest("mixed-batch")).toContain('"content": "plan.md\\ntodo.md"');
    expect(lastRequest("malformed-and-near-miss")).toContain("Did you mean 'read_file'?");
    expect(lastRequest("throws-and-errors")).toContain("Error: TypeError: the workshop clock has no battery");
    expect(lastRequest("long-saved")).toContain("Full output saved to: <workspace>/.tool-results/default/call_archive.txt");
    expect(lastRequest("long-cut")).toContain("\\n... (truncated)");
    expect(lastRequest("mcp")).toContain("- add the MCP adapter");
    expect(lastRequest("mcp")).toContain("Access denied - path outside allowed directories");
  });
});

describe("the capstone with the untouched stubs", () => {
  let folder: AnswersFolder;
  let report: CapstoneReport;
  beforeAll(async () => {
    folder = await answersFolder(Object.fromEntries(PART_NUMBERS.map((n) => [n, "stub"])));
    report = await runCapstone({ dir: folder.dir });
  });
  afterAll(() => folder.dispose());

  it("names every part as missing, not as wrong, and runs the reference in their place", () => {
    for (const n of PART_NUMBERS) expect(report.parts[n], `part ${n}`).toEqual({ kind: "missing" });
    for (const verdict of report.scenarios) {
      expect(verdict.difference, verdict.scenario.id).toBeNull();
      expect(verdict.culprits).toEqual([]);
      expect(verdict.assembled.trace.every((step) => step.origin !== "learner")).toBe(true);
    }
  });

  it("fails, naming exercise 1 first", () => {
    expect(report.passed).toBe(false);
    const lines = reportLines(report, false).map(plain);
    const missing = lines.find((line) => line.includes("missing (the stub is untouched)"));
    expect(missing).toMatch(/: exercise 1, exercise 2, .* — start with npm run exercise 1$/);
    expect(lines.some((line) => line.includes("makes a difference"))).toBe(false);
  });
});

describe("the capstone with one part that cannot be loaded", () => {
  let folder: AnswersFolder;
  afterAll(() => folder.dispose());

  it("names the file and the reason, and lets the reference stand in", async () => {
    folder = await answersFolder({ 4: { text: 'export const notFoundMessage = "not a function";\n' } });
    const lines: string[] = [];
    const code = await main(["--trace"], (line) => lines.push(plain(line)), folder.dir);
    expect(code).toBe(1);
    expect(lines.find((line) => line.includes("the unknown-name message"))).toContain(
      "cannot be used: 04-exact-names/names.ts does not export notFoundMessage as a function or class",
    );
    // Every scenario still matches: the reference's message stood in.
    expect(lines.filter((line) => line.startsWith("  ✓ ") && line.includes("requests, each the same"))).toHaveLength(SCENARIOS.length);
    // --trace: each step marked as the learner's or the reference's, part 4 the reference's.
    expect(lines.some((line) => line.startsWith("    [reference] 4  call_case Read_File: refused: Error: Tool 'Read_File' not found. Did you mean 'read_file'?"))).toBe(true);
    expect(lines.some((line) => /^ {4}\[yours\] {5}5 {2}call_todo read_file: ready with /.test(line))).toBe(true);
    expect(lines.some((line) => /^ {4}\[yours\] {5}6 {2}batches: /.test(line))).toBe(true);
    expect(lines.some((line) => /^ {4}\[model\] +model calls: /.test(line))).toBe(true);
  });
});
