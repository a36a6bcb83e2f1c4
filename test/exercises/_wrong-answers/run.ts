/**
 * `npm run wrong-answers`: runs each exercise's tests (and each self-check question's) against
 * every wrong answer of `catalog.ts`, and against the worked answer, in one vitest process: each
 * answer gets a folder of its own in a temporary copy laid out like the repository (its test file,
 * the answer in `exercises/`, links to `src/`), so the real `src/` loads once for all of them. Every wrong answer must fail at least one test, and the worked answers
 * must pass all of theirs. Prints one table per exercise: the rule, the wrong answer, and the tests
 * that caught it. Exits with 1 when a wrong answer passes, or an edit no longer applies.
 *
 *     npm run wrong-answers                 every exercise and question
 *     npm run wrong-answers -- 7 q5         only exercise 7 and question 5
 *     npm run wrong-answers -- --markdown   the tables as markdown
 *
 * Each folder's tests also run in the learner's quick check (`exercises/_cli/quick-run.ts`: a
 * bundle, vitest's runner, no vite), drawing the same inputs (each rule has a seed of its own, or
 * `FC_SEED` sets one for all), and its report must be the one
 * vitest gave, test by test (`test/proof/quick-run-compare.ts`); `--no-quick` skips that half.
 *
 * Not part of `npm test`: it loads each test file once per wrong answer (well over a hundred), twice
 * with the quick check.
 *
 * @module
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { TestModule } from "vitest/node";
import { ROOT } from "../../../exercises/_cli/catalog.js";
import { quickRunFiles } from "../../../exercises/_cli/quick-run.js";
import { reportFromModules } from "../../../exercises/_cli/vitest-api.js";
import type { RunReport } from "../../../exercises/_cli/vitest-run.js";
import { sameReports } from "../../proof/quick-run-compare.js";
import { applyEdits, rulesOf, testFileOf, type WrongAnswer } from "./apply.js";
import { WRONG_ANSWERS } from "./catalog.js";

/** One run: a wrong answer (or the worked answer, `answer === null`) and what its tests did. */
interface Outcome {
  folder: string;
  testFile: string;
  answer: WrongAnswer | null;
  tests: number;
  failed: string[];
  loadError: string;
}

function wanted(answer: Pick<WrongAnswer, "folder" | "file">, filters: readonly string[]): boolean {
  if (filters.length === 0) return true;
  const key = answer.folder === "self-check" ? `q${answer.file.slice(1, answer.file.indexOf("-"))}` : String(Number(answer.folder.slice(0, 2)));
  return filters.includes(key);
}

/** Lays out `<base>/<name>/` like the repository: the test file, the answer under `exercises/`, and links to the rest. */
function layOut(base: string, name: string, testFile: string, folder: string, answer: WrongAnswer | null): void {
  const dir = join(base, name);
  mkdirSync(join(dir, "test", "exercises"), { recursive: true });
  mkdirSync(join(dir, "test", "self-check"), { recursive: true });
  // The test's `../../src/...` and the answer's resolve to the real src/, so its modules load once for every run.
  symlinkSync(join(ROOT, "src"), join(dir, "src"), "junction");
  // The differential properties import the worked answers directly, as the oracle.
  symlinkSync(join(ROOT, "solutions"), join(dir, "solutions"), "junction");
  symlinkSync(join(ROOT, "test", "exercises", "_support"), join(dir, "test", "exercises", "_support"), "junction");
  for (const support of readdirSync(join(ROOT, "test", "self-check")).filter((f) => f.startsWith("_"))) {
    symlinkSync(join(ROOT, "test", "self-check", support), join(dir, "test", "self-check", support));
  }
  cpSync(join(ROOT, testFile), join(dir, testFile));
  cpSync(join(ROOT, "solutions", folder), join(dir, "exercises", folder), { recursive: true });
  if (answer !== null) writeFileSync(join(dir, "exercises", folder, answer.file), applyEdits(answer));
}

async function main(argv: readonly string[]): Promise<number> {
  const markdown = argv.includes("--markdown");
  const quick = !argv.includes("--no-quick");
  const vitestReports = new Map<string, RunReport>();
  const filters = argv.filter((a) => !a.startsWith("--"));
  const answers = WRONG_ANSWERS.filter((a) => wanted(a, filters));
  const baselines = [...new Map(answers.map((a) => [testFileOf(a), a.folder])).entries()];
  // The copies import "vitest" and the workbook's packages: give them the workbook's node_modules.
  const base = mkdtempSync(join(tmpdir(), "workbook-wrong-"));
  symlinkSync(join(ROOT, "node_modules"), join(base, "node_modules"), "junction");
  const runs: Array<{ name: string; folder: string; testFile: string; answer: WrongAnswer | null }> = [];
  try {
    baselines.forEach(([testFile, folder], i) => runs.push({ name: `worked-${i}`, folder, testFile, answer: null }));
    answers.forEach((answer, i) => runs.push({ name: `wrong-${i}`, folder: answer.folder, testFile: testFileOf(answer), answer }));
    for (const run of runs) layOut(base, run.name, run.testFile, run.folder, run.answer);
    const outcomes = new Map<string, Outcome>();
    const { createVitest } = await import("vitest/node");
    const vitest = await createVitest(
      "test",
      {
        config: false,
        root: base,
        include: ["*/test/**/*.test.ts"],
        watch: false,
        pool: "threads",
        isolate: false,
        testTimeout: 20_000,
        reporters: [
          {
            onTestRunEnd(modules: ReadonlyArray<TestModule>) {
              for (const module of modules) {
                const name = relative(base, module.moduleId).split(/[\\/]/)[0] ?? "";
                const run = runs.find((r) => r.name === name);
                if (run === undefined) continue;
                const tests = [...module.children.allTests()];
                vitestReports.set(run.name, reportFromModules([module], [], 0, join(base, run.name)));
                outcomes.set(run.name, {
                  folder: run.folder,
                  testFile: run.testFile,
                  answer: run.answer,
                  tests: tests.length,
                  failed: tests.filter((t) => t.result().state === "failed").map((t) => t.name),
                  loadError: module
                    .errors()
                    .map((e) => e.message)
                    .join("; "),
                });
              }
            },
          },
        ],
        silent: true,
      },
      { logLevel: "silent", server: { watch: null } },
    );
    const started = Date.now();
    await vitest.start();
    await vitest.close();
    const seconds = (Date.now() - started) / 1000;
    const differences = quick ? await compareWithQuick(base, runs, vitestReports) : [];
    return report(
      runs.map((r) => outcomes.get(r.name) ?? { folder: r.folder, testFile: r.testFile, answer: r.answer, tests: 0, failed: [], loadError: "did not run" }),
      markdown,
      seconds,
      differences,
      quick,
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/**
 * Runs every folder's test file in the quick check and compares its report with vitest's: the
 * differences, one line each (none when the two judge alike).
 */
async function compareWithQuick(base: string, runs: ReadonlyArray<{ name: string; testFile: string }>, vitestReports: ReadonlyMap<string, RunReport>): Promise<string[]> {
  const started = Date.now();
  const differences: string[] = [];
  let gaveWay: string | null = null;
  const report = await quickRunFiles(
    runs.map((run) => join(base, run.name, run.testFile)),
    { onGiveWay: (reason) => (gaveWay = reason) },
  );
  if (report === null) return [`the quick check gave way: ${gaveWay ?? "no reason"}`];
  for (const run of runs) {
    const slow = vitestReports.get(run.name);
    const file = join(base, run.name, run.testFile).split("\\").join("/");
    const mine = report.files.filter((f) => join(ROOT, f.file).split("\\").join("/") === file);
    if (slow === undefined || mine.length !== 1) {
      differences.push(`${run.name} (${run.testFile}): ${slow === undefined ? "vitest" : "the quick check"} did not report it`);
      continue;
    }
    // Named alike (the test file, relative to its own folder), so that only the verdicts are compared.
    const files = mine.map((f) => ({ ...f, file: run.testFile, tests: f.tests.map((t) => ({ ...t, file: run.testFile })) }));
    const quickReport: RunReport = { files, tests: files.flatMap((f) => f.tests), exitCode: null, output: report.output, durationMs: 0 };
    const difference = sameReports(quickReport, slow);
    if (difference !== null) differences.push(`${run.name} (${run.testFile}): ${difference.slice(0, 400)}`);
  }
  console.log(
    `The quick check: ${runs.length - differences.length} of ${runs.length} folders judged as vitest judged them, in ${((Date.now() - started) / 1000).toFixed(1)} s (${process.env["FC_SEED"] === undefined ? "each rule's own seed" : `seed ${process.env["FC_SEED"]}`}).`,
  );
  return differences;
}

function report(outcomes: readonly Outcome[], markdown: boolean, seconds: number, differences: readonly string[], quick: boolean): number {
  const problems: string[] = differences.map((d) => `the quick check differs from vitest: ${d}`);
  if (!quick) console.log("(The quick check was not compared: --no-quick.)");
  for (const worked of outcomes.filter((o) => o.answer === null)) {
    if (worked.tests === 0 || worked.failed.length > 0 || worked.loadError !== "") {
      problems.push(`the worked answer fails ${worked.testFile}: ${worked.loadError || worked.failed.join(", ") || "no tests ran"}`);
    }
  }
  const files = [...new Set(outcomes.filter((o) => o.answer !== null).map((o) => o.testFile))];
  let caught = 0;
  let total = 0;
  for (const file of files) {
    const rules = new Map(rulesOf(file).map((r) => [r.id, r.text]));
    const rows = outcomes.filter((o) => o.testFile === file && o.answer !== null);
    console.log("");
    console.log(markdown ? `#### ${file}` : file);
    if (markdown) {
      console.log("");
      console.log("| rule | wrong answer | caught by |");
      console.log("|---|---|---|");
    }
    for (const row of rows) {
      const answer = row.answer as WrongAnswer;
      total++;
      const ok = row.tests > 0 && row.failed.length > 0 && row.loadError === "";
      if (ok) caught++;
      else problems.push(`${file} ${answer.rule} "${answer.what}": ${row.loadError !== "" ? `did not load: ${row.loadError}` : "every test passes"}`);
      const by = row.loadError !== "" ? `DID NOT LOAD: ${row.loadError}` : ok ? `${row.failed.length}/${row.tests}: ${row.failed.join("; ")}` : "NOT CAUGHT";
      if (markdown) console.log(`| ${answer.rule} ${rules.get(answer.rule) ?? "?"} | ${answer.what} | ${by} |`);
      else console.log(`  ${ok ? "caught" : "MISSED"}  ${answer.rule.padEnd(4)} ${answer.what}\n          ${by}`);
    }
  }
  console.log("");
  console.log(`${caught} of ${total} wrong answers caught, in ${seconds.toFixed(1)} s.`);
  if (problems.length > 0) {
    console.log("");
    for (const p of problems) console.log(`✘ ${p}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2).filter((a) => a !== "--"));
