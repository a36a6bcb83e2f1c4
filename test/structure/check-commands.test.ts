/**
 * The commands that check the workbook, as `package.json` and `.ci/run` define them. `npm test` is
 * the type check and every behaviour test; the linter and the formatter are commands of their own
 * (`npm run lint`, `npm run format:check`); `npm run check` runs all three, and it is what CI runs.
 * These tests keep that split from losing a check on the way:
 *
 * - `npm run lint` lints every folder of code (a folder of which ESLint finds no file to lint makes
 *   ESLint itself fail) and fails on a warning as on an error, as a finding of either kind did when
 *   the lint ran inside `npm test`;
 * - eslint-plugin-regexp's two super-linear rules are errors in `eslint.config.js`, so the lint is
 *   also the check that no regular expression can backtrack or move super-linearly;
 * - `npm run check` runs the lint, the format check, the same two and a type check with
 *   TypeScript 5 in a Classroom template made afresh (`npm run check:template`: a lint, a format
 *   check and a type check, so not part of `npm test`), and `npm test`, and `.ci/run` runs it on
 *   each Node version it tests.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { ROOT } from "../docs/root.js";

/** The folders of code the lint must check. */
const LINTED = ["src", "lessons", "exercises/_cli", "playground", "bench", "test"];

/** The two rules that find regexes whose work grows faster than their input. */
const SUPER_LINEAR = ["regexp/no-super-linear-backtracking", "regexp/no-super-linear-move"];

const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** A script's command line, or a failure naming the missing script. */
function script(name: string): string {
  const command = scripts[name];
  if (command === undefined) throw new Error(`package.json has no script "${name}"`);
  return command;
}

/** A command line split into its words (the scripts use no quoting). */
function words(command: string): string[] {
  return command.split(/\s+/).filter((word) => word !== "");
}

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

describe("the check commands", () => {
  it("npm run lint runs ESLint over every folder of code and fails on any warning", () => {
    const [program, ...args] = words(script("lint"));
    expect(program).toBe("eslint");
    const maxWarnings = args.indexOf("--max-warnings");
    expect(maxWarnings, "npm run lint needs --max-warnings 0").toBeGreaterThanOrEqual(0);
    expect(args[maxWarnings + 1]).toBe("0");
    const folders = args.filter((arg, i) => !arg.startsWith("-") && args[i - 1] !== "--max-warnings");
    expect(folders.sort()).toEqual([...LINTED].sort());
    // ESLint's default: a folder with no file to lint is an error, not a silent pass.
    expect(args).not.toContain("--no-error-on-unmatched-pattern");
  });

  it("eslint.config.js makes eslint-plugin-regexp's super-linear rules errors", async () => {
    const severities = await regexpSeverities();
    for (const rule of SUPER_LINEAR) expect(severities[rule], rule).toBe("error");
  });

  it("npm run format:check checks every file with Prettier", () => {
    const [program, ...args] = words(script("format:check"));
    expect(program).toBe("prettier");
    expect(args).toContain("--check");
    expect(args).toContain(".");
  });

  it("npm test type-checks both programs and runs every test with coverage, and no lint or format check", () => {
    const test = script("test");
    expect(test).toContain(script("typecheck"));
    expect(words(test).slice(-3)).toEqual(["vitest", "run", "--coverage"]);
    expect(test).not.toMatch(/eslint|prettier|npm run/);
  });

  it("npm run check runs the lint, the format check, the template's, and npm test, stopping at the first failure", () => {
    expect(
      script("check")
        .split("&&")
        .map((part) => part.trim()),
    ).toEqual(["npm run lint", "npm run format:check", "npm run check:template", "npm test"]);
  });

  it("npm run check:template runs the template's own lint and format check, and its type check with the learner install, which npm test leaves to it", () => {
    const [program, file, ...rest] = words(script("check:template"));
    expect([program, rest]).toEqual(["tsx", []]);
    const text = readFileSync(join(ROOT, file ?? ""), "utf8");
    expect(text).toMatch(/const TEMPLATE_CHECKS = \["format:check", "lint"\] as const;/);
    expect(text).toMatch(/const LEARNER_CHECKS = \["typecheck"\] as const;/);
    expect(text).toContain("await writeTemplate(out, root);");
    expect(text).toContain("learnerInstall(learner, root);");
  });

  it(".ci/run runs npm run check, never npm test alone", () => {
    const ci = readFileSync(join(ROOT, ".ci/run"), "utf8");
    const commands = ci
      .split("\n")
      .filter((line) => !line.trim().startsWith("#") && !line.trim().startsWith("echo"))
      .join("\n");
    expect(commands.match(/\bnpm run check\b/g)?.length ?? 0, "npm run check on Node 20 and on Node 24").toBe(2);
    expect(commands).not.toMatch(/\bnpm test\b/);
  });
});
