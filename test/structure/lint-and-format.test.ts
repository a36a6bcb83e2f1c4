/**
 * The linter and the formatter, as `npm test` runs them: ESLint (`eslint.config.js`) finds no
 * problem in the folders `npm run lint` checks, and Prettier (`.prettierrc.json`) would change no
 * file (`npm run format` fixes what this lists). Each runs in a child process, outside coverage,
 * both at once, alongside the other test files. On a fresh clone both check every file; after that,
 * ESLint's findings are reused while no file changed (`lint-result-cache.ts`: its type-aware rules
 * read every file, so any change lints the whole tree again), and Prettier checks only the files
 * that changed since they last passed (its own cache, in `node_modules/.cache/prettier/`).
 *
 * The same ESLint run is the check that no regular expression can backtrack or move
 * super-linearly: eslint-plugin-regexp's rules are part of the configuration, its two super-linear
 * rules are errors, and a folder of which no file was linted is itself a finding, so `src/` and
 * `playground/` cannot drop out of the check unseen.
 */
import { join, relative } from "node:path";
import type { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { ROOT } from "../docs/root.js";
import { runNode } from "../setup/node-child.js";
import { lintFindings } from "./lint-result-cache.js";

/** The folders `npm run lint` checks (package.json). */
const LINTED = ["src", "lessons", "exercises/_cli", "playground", "bench", "test"];

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; column: number; message: string }[];
}

/**
 * ESLint over the linted folders: each problem as `file:line:column rule: message`, and a line for
 * each linted folder of which no file was checked.
 */
async function eslint(): Promise<string[]> {
  const { status: code, stdout: out, stderr: err } = await runNode([join(ROOT, "node_modules/eslint/bin/eslint.js"), "--format", "json", ...LINTED]);
  if (!out.trim().startsWith("[")) throw new Error(`ESLint did not report (exit ${String(code)}):\n${err}`);
  const results = JSON.parse(out) as LintResult[];
  const files = results.map((file) => relative(ROOT, file.filePath).split("\\").join("/"));
  const unlinted = LINTED.filter((folder) => !files.some((file) => file.startsWith(`${folder}/`))).map((folder) => `${folder}/: no file was linted`);
  return [
    ...unlinted,
    ...results.flatMap((file) => file.messages.map((m) => `${file.filePath.slice(ROOT.length + 1)}:${m.line}:${m.column} ${m.ruleId ?? "parse"}: ${m.message}`)),
  ];
}

/** The two rules that find regexes whose work grows faster than their input. */
const SUPER_LINEAR = ["regexp/no-super-linear-backtracking", "regexp/no-super-linear-move"];

/** Every `regexp/` rule's severity as the project's ESLint configuration leaves it, later entries winning. */
async function regexpSeverities(): Promise<Record<string, string>> {
  const config = (await import(new URL("../../eslint.config.js", import.meta.url).href)) as { default: Linter.Config[] };
  const severities: Record<string, string> = {};
  for (const entry of config.default) {
    for (const [rule, setting] of Object.entries(entry.rules ?? {})) {
      if (!rule.startsWith("regexp/") || setting === undefined) continue;
      const level = Array.isArray(setting) ? setting[0] : setting;
      severities[rule] = level === 2 || level === "error" ? "error" : level === 1 || level === "warn" ? "warn" : "off";
    }
  }
  return severities;
}

// Both start as this file loads, so the two checks share the wait.
const linted = lintFindings(ROOT, eslint);
const formatted = runNode([join(ROOT, "node_modules/prettier/bin/prettier.cjs"), "--list-different", "--cache", "--cache-strategy", "content", "."]);
// Each is awaited by its test; a failure before then must not count as unhandled.
linted.catch(() => undefined);
formatted.catch(() => undefined);

// Hang guards, not speed limits: the linter type-checks the whole project.
describe("lint and format", { timeout: 1_800_000 }, () => {
  it("ESLint finds no problem (npm run lint)", async () => {
    const { findings } = await linted;
    expect(findings).toEqual([]);
  });

  it("eslint.config.js makes eslint-plugin-regexp's super-linear rules errors", async () => {
    const severities = await regexpSeverities();
    for (const rule of SUPER_LINEAR) expect(severities[rule], rule).toBe("error");
  });

  it("no regular expression in src/, playground/ or the other linted folders can backtrack or move super-linearly", async () => {
    const { findings } = await linted;
    expect(findings.filter((line) => / regexp\/|: no file was linted$/.test(line))).toEqual([]);
  });

  it("Prettier would change no file (npm run format:check)", async () => {
    const { status: code, stdout: out, stderr: err } = await formatted;
    const files = out.split("\n").filter((line) => line.trim() !== "");
    expect(files, "run npm run format").toEqual([]);
    expect(code, err).toBe(0);
  });
});
