/**
 * Grades only the tests can give. The GitHub Classroom workflow installs without a committed
 * `.npmrc` and without install scripts, seals the grader before any learner code runs, and runs
 * each item's grader with `node` itself in an empty environment after checking the seal. Run here
 * as Classroom runs it, in a throwaway copy of the workbook: an `.npmrc` and `NODE_OPTIONS` that
 * would make `npm run grade` pass untouched work give no point, a compiled grader rewritten under
 * `node_modules/.cache/` is never run, a rewritten copy of a test fails the seal, and a copy of a
 * test rewritten by graded code while it runs gives no verdict. In this process, a learner's
 * `expect.extend(...)` or a replaced matcher fails the item, and `NODE_OPTIONS` that loads code
 * makes the grader refuse.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { findExercise, ROOT, SOLUTIONS_DIR, type Exercise } from "../../exercises/_cli/catalog.js";
import { CLASSROOM_WORKFLOW, gradeArgsOf, SEAL_STEP } from "../../exercises/_cli/classroom.js";
import { gradeWork } from "../../exercises/_cli/grading.js";
import { changedMatchers, matcherEntries, type MatcherEntry } from "../../exercises/_cli/matchers.js";

type Step = { id?: string; name?: string; run?: string; uses?: string; with?: Record<string, unknown> };
const workflow = parse(readFileSync(CLASSROOM_WORKFLOW, "utf8")) as { jobs: Record<string, { steps: Step[] }> };
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const graders = steps.filter((s) => s.uses?.startsWith("classroom-resources/autograding-command-grader@") === true);
const exercise1 = findExercise("1") ?? expect.fail("no exercise 1");
const wordCount = "exercises/01-tool-contract/word-count.ts";
const solution = readFileSync(join(SOLUTIONS_DIR, "01-tool-contract", "word-count.ts"), "utf8");
/** A wrong answer: the name the model calls is not exactly word_count, so one test fails. */
const wrong = solution.replace('readonly name: string = "word_count";', 'readonly name: string = "wordcount";');

let copy: string;
let scratch: string;
/** What the seal step wrote to `$GITHUB_OUTPUT` in the copy. */
let outputs: Record<string, string>;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "workbook-guards-"));
  copy = join(scratch, "workbook");
  mkdirSync(copy);
  for (const entry of ["src", "exercises", "solutions", "package.json", "package-lock.json", "tsconfig.json"])
    cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  // The installed packages, each linked; the copy's node_modules/.cache is its own, for the grader to find (and a learner to rewrite).
  mkdirSync(join(copy, "node_modules"));
  for (const name of readdirSync(join(ROOT, "node_modules")))
    if (name !== ".cache") symlinkSync(join(ROOT, "node_modules", name), join(copy, "node_modules", name), "junction");
  writeFileSync(join(copy, wordCount), wrong);
  const seal = steps.find((s) => s.id === SEAL_STEP) ?? expect.fail("no seal step");
  const outputFile = join(scratch, "github-output");
  writeFileSync(outputFile, "");
  const sealed = spawnSync("bash", ["-e", "-c", seal.run ?? ""], { cwd: copy, env: { ...process.env, GITHUB_OUTPUT: outputFile }, encoding: "utf8" });
  expect(sealed.status, sealed.stderr).toBe(0);
  outputs = Object.fromEntries(
    readFileSync(outputFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}, 60_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** The grading command of `item` as the workflow has it, with the seal step's outputs filled in as Actions would. */
function commandOf(item: Exercise): string {
  const step = graders.find((s) => s.id === `${item.kind}${item.number}`) ?? expect.fail(`no step for ${item.label}`);
  return String(step.with?.["command"]).replace(/\$\{\{ steps\.seal\.outputs\.(\w+) \}\}/g, (_all, key: string) => outputs[key] ?? expect.fail(`no output ${key}`));
}

/** Runs a grading command in the copy, as the Classroom action does (a shell), with `env` added. */
function classroom(command: string, env: NodeJS.ProcessEnv = {}): { code: number | null; out: string } {
  const result = spawnSync("sh", ["-c", command], { cwd: copy, env: { ...process.env, ...env }, encoding: "utf8", timeout: 240_000 });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe("the Classroom workflow", () => {
  it("installs without a committed .npmrc and without install scripts, and seals the grader before any learner code runs", () => {
    const install = steps.findIndex((s) => s.name === "Install");
    const seal = steps.findIndex((s) => s.id === SEAL_STEP);
    expect(steps[install]?.run).toMatch(/^rm -f \.npmrc npm-shrinkwrap\.json && npm ci .*--ignore-scripts/);
    expect(seal, "the seal follows the install").toBeGreaterThan(install);
    expect(
      steps.findIndex((s) => graders.includes(s)),
      "and comes before the first grading step",
    ).toBeGreaterThan(seal);
    expect(outputs["digest"]).toMatch(/^[0-9a-f]{64}$/);
    expect(outputs["node"]).toMatch(/node$/);
  });

  it("runs each grader with node itself, in an empty environment, after checking the seal: never through npm", () => {
    for (const step of graders) {
      const command = String(step.with?.["command"]);
      expect(command, step.name).not.toMatch(/\bnpm\b/);
      expect(command).toContain("/usr/bin/env -i ");
      expect(command).toContain('"${{ steps.seal.outputs.node }}" exercises/_cli/launch.mjs grade');
      expect(command.indexOf("steps.seal.outputs.digest"), "the seal is checked first").toBeLessThan(command.indexOf("launch.mjs"));
      expect(gradeArgsOf(command)).toHaveLength(1);
    }
  });

  it("an .npmrc and NODE_OPTIONS that make npm run grade pass untouched work give no point", () => {
    writeFileSync(join(copy, "evil.mjs"), "process.exit(0);\n");
    writeFileSync(join(copy, ".npmrc"), `script-shell=/bin/true\nnode-options=--import=${join(copy, "evil.mjs")}\n`);
    try {
      const npm = spawnSync("npm", ["run", "-s", "grade", "--", "1"], { cwd: copy, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      expect(npm.status, "through npm, the .npmrc decides: the attack the workflow avoids").toBe(0);
      const graded = classroom(commandOf(exercise1), { NODE_OPTIONS: `--import=${join(copy, "evil.mjs")}` });
      expect(graded.code, graded.out).toBe(1);
      expect(graded.out).toMatch(/Total: 0 of 10 points/);
    } finally {
      rmSync(join(copy, ".npmrc"), { force: true });
    }
  }, 240_000);

  it("passes a right answer, and never runs a compiled grader found under node_modules/.cache/", () => {
    const cache = join(copy, "node_modules", ".cache", "workbook-cli");
    mkdirSync(cache, { recursive: true });
    for (const entry of ["exercise", "progress", "grade", "typecheck-worker", "quick-worker", "capstone-worker"])
      writeFileSync(join(cache, `${entry}.mjs`), "process.exit(0);\n");
    // Newer than every source, so a launcher that trusted its cache would run it.
    const later = new Date(Date.now() + 3_600_000);
    for (const entry of readdirSync(cache)) utimesSync(join(cache, entry), later, later);
    const rewritten = classroom(commandOf(exercise1));
    expect(rewritten.code, rewritten.out).toBe(1);
    expect(rewritten.out).toMatch(/1 {2}failed .*tool-contract/);
    writeFileSync(join(copy, wordCount), solution);
    try {
      const right = classroom(commandOf(exercise1));
      expect(right.code, right.out).toBe(0);
      expect(right.out).toMatch(/Total: 10 of 10 points/);
    } finally {
      writeFileSync(join(copy, wordCount), wrong);
    }
  }, 240_000);

  it("a copy of a test rewritten after the seal is not graded", () => {
    const copyOfTest = join(copy, "exercises/_cli/pristine-tests/test/exercises/01-tool-contract.test.ts.txt");
    const before = readFileSync(copyOfTest, "utf8");
    writeFileSync(copyOfTest, 'import { it } from "vitest";\nit("passes", () => {});\n');
    try {
      const graded = classroom(commandOf(exercise1));
      expect(graded.code).toBe(1);
      expect(graded.out).toMatch(/Not graded: the files of the grader changed/);
    } finally {
      writeFileSync(copyOfTest, before);
    }
  });

  it("a copy of a test that graded code rewrites while the tests run gives no verdict, and is put back", () => {
    // A right answer that, as it loads, rewrites the workbook's copy of its own test.
    const tamper = `${solution}\nimport { appendFileSync as append } from "node:fs";\nappend(new URL("../_cli/pristine-tests/test/exercises/01-tool-contract.test.ts.txt", import.meta.url), "\\n");\n`;
    const copyOfTest = join(copy, "exercises/_cli/pristine-tests/test/exercises/01-tool-contract.test.ts.txt");
    const before = readFileSync(copyOfTest, "utf8");
    writeFileSync(join(copy, wordCount), tamper);
    try {
      const graded = spawnSync(process.execPath, ["exercises/_cli/launch.mjs", "grade", "1"], { cwd: copy, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      expect(graded.status, graded.stdout).toBe(1);
      expect(graded.stdout).toMatch(/copies of the tests were changed while the tests ran/);
      expect(graded.stdout).toMatch(/put back as they were: exercises\/_cli\/pristine-tests\/test\/exercises\/01-tool-contract\.test\.ts\.txt/);
      expect(readFileSync(copyOfTest, "utf8"), "put back for the next item's grade").toBe(before);
    } finally {
      writeFileSync(copyOfTest, before);
      writeFileSync(join(copy, wordCount), wrong);
    }
  }, 240_000);
});

describe("the grader refuses code loaded before it", () => {
  it("NODE_OPTIONS or a node flag that imports or requires code: no grade, and says why", () => {
    writeFileSync(join(scratch, "quiet.mjs"), "globalThis.loadedFirst = true;\n");
    for (const [env, args] of [
      [{ NODE_OPTIONS: `--import=${join(scratch, "quiet.mjs")}` }, []],
      [{ NODE_OPTIONS: `--require ${join(scratch, "quiet.mjs")}` }, []],
      [{}, [`--import=${join(scratch, "quiet.mjs")}`]],
    ] as const) {
      const result = spawnSync(process.execPath, [...args, "exercises/_cli/launch.mjs", "grade", "1"], { cwd: copy, encoding: "utf8", env: { ...process.env, ...env } });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/Not grading: Node was started with --(?:import|require)/);
    }
  });
});

describe("the assertions the tests judge with", () => {
  /** Exercise 1 answered wrongly, with `extra` added at its end, in a folder of its own; graded in this process. */
  async function gradeWrongWith(extra: string): Promise<{ result: string; reason: string | null }> {
    const base = mkdtempSync(join(scratch, "answers-"));
    symlinkSync(join(ROOT, "src"), join(base, "src"), "junction");
    // An ES module folder, as the workbook is, so the answers type-check as they do there.
    writeFileSync(join(base, "package.json"), '{ "type": "module" }\n');
    const dir = join(base, "exercises");
    cpSync(SOLUTIONS_DIR, dir, { recursive: true });
    writeFileSync(join(dir, "01-tool-contract", "word-count.ts"), `${wrong}\n${extra}\n`);
    const report = await gradeWork({ exercisesDir: dir, items: [exercise1], state: { hintsShown: {}, hintViews: {}, solutionViews: {} } });
    const item = report.exercises[0] ?? expect.fail("not graded");
    return { result: item.result, reason: item.reason };
  }

  it("a learner's expect.extend(...) fails the item, whatever it makes the matchers say", async () => {
    const extend = [
      'const expectOf = (globalThis as unknown as Record<symbol, { extend(m: object): void }>)[Symbol.for("expect-global")];',
      'expectOf?.extend({ toBe: () => ({ pass: true, message: () => "" }) });',
    ].join("\n");
    const graded = await gradeWrongWith(extend);
    expect(graded.result).toBe("failed");
    expect(graded.reason).toMatch(/assertions were changed .*toBe/);
  }, 120_000);

  it("a matcher replaced on chai's Assertion fails the item", async () => {
    const replace = [
      'const expectOf = (globalThis as unknown as Record<symbol, (value: unknown) => object>)[Symbol.for("expect-global")];',
      'if (expectOf !== undefined) (Object.getPrototypeOf(expectOf(1)) as Record<string, unknown>)["toBe"] = function () { return this; };',
    ].join("\n");
    const graded = await gradeWrongWith(replace);
    expect(graded.result).toBe("failed");
    expect(graded.reason).toMatch(/assertions were changed/);
  }, 120_000);

  it("lists what changed: a matcher added, replaced or removed, an equality tester added; nothing when nothing did", () => {
    const toBe = (): void => undefined;
    const proto = { toBe, toEqual: toBe };
    const scope: Record<symbol, unknown> = { [Symbol.for("$$jest-matchers-object")]: { matchers: {}, customEqualityTesters: [] } };
    const before: MatcherEntry[] = matcherEntries({ prototype: proto }, scope);
    expect(changedMatchers(before, matcherEntries({ prototype: proto }, scope))).toEqual([]);
    expect(changedMatchers(before, matcherEntries({ prototype: { ...proto, toBe: () => undefined } }, scope))).toEqual(["Assertion.prototype: toBe"]);
    expect(changedMatchers(before, matcherEntries({ prototype: { toBe } }, scope))).toEqual(["Assertion.prototype: toEqual"]);
    const extended: Record<symbol, unknown> = { [Symbol.for("$$jest-matchers-object")]: { matchers: { toPass: toBe }, customEqualityTesters: [toBe] } };
    expect(changedMatchers(before, matcherEntries({ prototype: proto }, extended))).toEqual(["expect.extend: toPass", "equality testers: 0"]);
  });
});

/** Keeps the copy's seal honest: appending to a sealed file changes the digest the seal step prints. */
describe("the seal", () => {
  it("changes when any sealed file changes", () => {
    const seal = steps.find((s) => s.id === SEAL_STEP)?.run ?? "";
    const digest = (): string => {
      const file = join(scratch, "again");
      writeFileSync(file, "");
      spawnSync("bash", ["-e", "-c", seal], { cwd: copy, env: { ...process.env, GITHUB_OUTPUT: file } });
      return /digest=(\w+)/.exec(readFileSync(file, "utf8"))?.[1] ?? "";
    };
    expect(digest()).toBe(outputs["digest"]);
    // A copy of a stub, the grader's own code, the code under test.
    for (const sealed of ["exercises/_cli/pristine/01-tool-contract/word-count.ts.txt", "exercises/_cli/verdict.ts", "src/tools/base.ts"]) {
      const file = join(copy, sealed);
      const before = readFileSync(file, "utf8");
      appendFileSync(file, "\n");
      try {
        expect(digest(), sealed).not.toBe(outputs["digest"]);
      } finally {
        writeFileSync(file, before);
      }
    }
    expect(digest(), "and back when they are").toBe(outputs["digest"]);
  });
});
