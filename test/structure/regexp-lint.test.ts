/**
 * No regular expression in the linted folders can backtrack or move super-linearly: ESLint with
 * eslint-plugin-regexp's rules alone, as `eslint.config.js` sets them, finds nothing in `src/`,
 * `playground/` and the other folders `npm run lint` checks. A finding is listed as
 * `file:line:column rule: message`.
 *
 * The regexp rules need no type information, so this runs without type-checking, and it holds even while
 * another rule of the full lint (`lint-and-format.test.ts`) still has findings to fix.
 */
import { relative, resolve } from "node:path";
import { ESLint, type Linter } from "eslint";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** The folders `npm run lint` checks (package.json); `src/` and `playground/` first. */
const LINTED = ["src", "playground", "lessons", "exercises/_cli", "bench", "test"];

/** The two rules that find regexes whose work grows faster than their input. */
const SUPER_LINEAR = ["regexp/no-super-linear-backtracking", "regexp/no-super-linear-move"];

/** Every `regexp/` rule as the project's ESLint configuration leaves it, later entries winning. */
async function configuredRegexpRules(): Promise<Linter.RulesRecord> {
  const config = (await import(new URL("../../eslint.config.js", import.meta.url).href)) as { default: Linter.Config[] };
  const rules: Linter.RulesRecord = {};
  for (const entry of config.default) {
    for (const [rule, setting] of Object.entries(entry.rules ?? {})) if (rule.startsWith("regexp/") && setting !== undefined) rules[rule] = setting;
  }
  return rules;
}

/** The severity of a rule setting: `"error"`, `"warn"` or `"off"`. */
function severity(setting: Linter.RuleEntry | undefined): string {
  const level = Array.isArray(setting) ? setting[0] : setting;
  return level === 2 || level === "error" ? "error" : level === 1 || level === "warn" ? "warn" : "off";
}

describe("regular expressions stay linear", { timeout: 600_000 }, () => {
  it("eslint.config.js makes the super-linear rules errors", async () => {
    const rules = await configuredRegexpRules();
    for (const rule of SUPER_LINEAR) expect(severity(rules[rule]), rule).toBe("error");
  });

  it("no regexp rule finds anything in src/, playground/ or the other linted folders", async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ["**/*.ts", "**/*.js", "**/*.mjs", "**/*.cjs"],
          languageOptions: { parser: tseslint.parser },
          // The TypeScript rules are loaded (not run) so that the lines that disable one still read.
          plugins: { regexp, "@typescript-eslint": tseslint.plugin },
          linterOptions: { reportUnusedDisableDirectives: "off" },
          rules: await configuredRegexpRules(),
        },
      ],
    });
    const results = await eslint.lintFiles(LINTED);
    expect(results.some((r) => relative(ROOT, r.filePath).startsWith("src/"))).toBe(true);
    expect(results.some((r) => relative(ROOT, r.filePath).startsWith("playground/"))).toBe(true);
    const findings = results.flatMap((r) =>
      r.messages
        .filter((m) => m.fatal === true || (m.ruleId ?? "").startsWith("regexp/"))
        .map((m) => `${relative(ROOT, r.filePath)}:${m.line}:${m.column} ${m.ruleId ?? "parse"}: ${m.message}`),
    );
    expect(findings).toEqual([]);
  });
});
