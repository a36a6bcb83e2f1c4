/**
 * `npm run check:template`: the lint, the format check and the type check of the Classroom
 * template. It writes the template into a temporary folder as `npm run template` does, gives it the
 * workbook's full install (its `node_modules/` linked in), and runs the copy's own
 * `npm run format:check` and `npm run lint` there: a file the template rewrites (a shorter README, a
 * `package.json` with other scripts, the oracle's imports one folder deeper) must keep the
 * workbook's format and pass its lint. Then it copies the template beside it with the learner
 * install (`npm ci --omit=dev`, `learner-install-links.ts`) and runs the copy's `npm run typecheck`
 * there, which that install runs with TypeScript 5: what learners type-check with must pass too.
 * `npm run check` runs it after the workbook's own lint and format check, so CI runs it; `npm test`
 * keeps the template's behaviour tests (`template.test.ts`).
 *
 *     npm run check:template
 *
 * It prints each check's output when it fails, and exits with 0 when all pass, 1 when any
 * fails or the template could not be written. The temporary folder is removed in every case.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { writeTemplate } from "../../exercises/_cli/template-copy.js";
import { learnerInstall } from "./learner-install-links.js";

/** The copy's scripts this command runs with the full install, in order: each runs even when one before it fails, so one run names every failure. */
const TEMPLATE_CHECKS = ["format:check", "lint"] as const;

/** The copy's scripts it runs again with the learner install. */
const LEARNER_CHECKS = ["typecheck"] as const;

/** What one of the copy's scripts printed, and whether it passed. */
interface TemplateCheckResult {
  /** The script's name (`npm run <name>`), and the install it ran with when that is the learner's. */
  name: string;
  /** True when it exited with 0. */
  passed: boolean;
  /** Its standard output and error, together. */
  output: string;
}

/** Runs the copy's script `name` in `dir` with npm, colours off, as a learner's terminal would outside CI. */
function runScript(dir: string, name: string): TemplateCheckResult {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", name], {
    cwd: dir,
    encoding: "utf8",
    shell: process.platform === "win32",
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  const failure = result.error === undefined ? "" : `\n${result.error.message}`;
  return { name, passed: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}${failure}` };
}

/**
 * Writes the template of the workbook at `root` into a new temporary folder, links the workbook's
 * `node_modules/` into it, and runs `TEMPLATE_CHECKS` there; then copies it with the learner
 * install and runs `LEARNER_CHECKS` in the copy. The folder is removed before it returns.
 */
async function checkTemplate(root: string = ROOT): Promise<TemplateCheckResult[]> {
  const base = mkdtempSync(join(tmpdir(), "workbook-check-template-"));
  try {
    const out = join(base, "course");
    await writeTemplate(out, root);
    const learner = join(base, "learner");
    cpSync(out, learner, { recursive: true });
    learnerInstall(learner, root);
    symlinkSync(join(root, "node_modules"), join(out, "node_modules"), "junction");
    return [
      ...TEMPLATE_CHECKS.map((name) => runScript(out, name)),
      ...LEARNER_CHECKS.map((name) => ({ ...runScript(learner, name), name: `${name} (the learner install: TypeScript 5)` })),
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const results = await checkTemplate();
  for (const result of results) {
    if (result.passed) console.log(`The Classroom template: npm run ${result.name} passed.`);
    else console.log(`The Classroom template: npm run ${result.name} failed:\n${result.output.trimEnd()}\n`);
  }
  return results.every((result) => result.passed) ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`The Classroom template could not be checked: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
