/**
 * `npm run counts`: counts the suite's tests as vitest collects them and rewrites the numbers the
 * prose states (see `counts.ts`).
 *
 *     npm run counts               collect every test file, rewrite the prose
 *     npm run counts -- --changed  collect only test files new or changed since the last count
 *                                  (quicker; misses tests generated from data that changed)
 *     npm run counts -- --time     also run `npm test` once and record its time from start to end
 *                                  and its CPU time (leave the machine alone while it runs);
 *                                  `--report=FILE` keeps vitest's JSON report of that run
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { COUNT_SENTENCES, COUNTS_FILE, fileHash, readCounts, ROOT, testFiles, totals, written, type Counts } from "./counts.js";

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Collects `files` with `vitest list --json` and returns each file's number of tests. */
function collect(files: readonly string[]): Map<string, number> {
  const found = new Map<string, number>(files.map((f) => [f, 0]));
  if (files.length === 0) return found;
  const dir = mkdtempSync(join(tmpdir(), "workbook-counts-"));
  try {
    const out = join(dir, "list.json");
    const result = spawnSync(
      process.execPath,
      [join(ROOT, "node_modules/vitest/vitest.mjs"), "list", "--project", "workbook", "--project", "browser", `--json=${out}`, ...files],
      {
        cwd: ROOT,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    if (result.status !== 0) throw new Error(`vitest list failed with ${String(result.status)}`);
    for (const test of JSON.parse(readFileSync(out, "utf8")) as Array<{ file: string }>) {
      const file = test.file.startsWith(ROOT) ? test.file.slice(ROOT.length + 1) : test.file;
      found.set(file, (found.get(file) ?? 0) + 1);
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `npm test` once, as a learner runs it (type-check, every test, coverage), and returns its
 * tests, its minutes from start to end, the machine's cores and the CPU minutes of the processes
 * it waited for. Fails when `npm test` fails: only a passing run is a time worth stating.
 */
function timeRun(reportFile?: string): Counts["timed"] {
  const dir = mkdtempSync(join(tmpdir(), "workbook-counts-"));
  try {
    const out = reportFile ?? join(dir, "run.json");
    const load = loadavg()[0] ?? 0;
    if (load > 0.5) console.warn(`The load average is ${load.toFixed(2)}: the time will read high unless the machine is left alone.`);
    // `times` prints the CPU time of the shell's children: npm, the compilers, vitest and its workers.
    const script = `npm test -- --reporter=dot --reporter=json --outputFile=${out} >&2; status=$?; times; exit $status`;
    const started = performance.now();
    const result = spawnSync("bash", ["-c", script], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    const wallMinutes = Math.round((performance.now() - started) / 6000) / 10;
    if (result.status !== 0) throw new Error(`npm test failed (exit ${String(result.status)}); nothing was recorded`);
    const lines = result.stdout.trim().split("\n");
    const minutes = (line: string | undefined): number =>
      (line ?? "").split(/\s+/).reduce((sum, part) => {
        const m = /^(\d+)m([\d.]+)s$/.exec(part);
        return m === null ? sum : sum + Number(m[1]) + Number(m[2]) / 60;
      }, 0);
    const report = JSON.parse(readFileSync(out, "utf8")) as { numTotalTests: number; numPendingTests: number; numTodoTests: number };
    return {
      on: today(),
      // The tests that ran: a skipped one (the live-server test without a server) is not counted.
      tests: report.numTotalTests - report.numPendingTests - report.numTodoTests,
      wallMinutes,
      cores: availableParallelism(),
      cpuMinutes: Math.round(minutes(lines.at(-1)) * 10) / 10,
      command: "npm run counts -- --time",
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(argv: readonly string[]): void {
  let counts: Counts;
  try {
    counts = readCounts();
  } catch {
    counts = { files: {}, collectedOn: today(), timed: { on: today(), tests: 0, wallMinutes: 0, cores: 0, cpuMinutes: 0, command: "npm run counts -- --time" } };
  }
  // A file's tests can depend on data beside it (a table's rows, recorded cases), so every file is
  // collected unless only the changed ones are asked for.
  const all = !argv.includes("--changed");
  const files = testFiles();
  const hashes = new Map(files.map((f) => [f, fileHash(f)]));
  const stale = files.filter((f) => all || counts.files[f]?.sha256 !== hashes.get(f));
  const collected = collect(stale);
  const next: Counts["files"] = {};
  for (const file of files) {
    const tests = collected.get(file) ?? counts.files[file]?.tests ?? 0;
    next[file] = { tests, sha256: hashes.get(file) ?? "" };
  }
  counts = { ...counts, files: next, collectedOn: stale.length > 0 ? today() : counts.collectedOn };
  if (argv.includes("--time")) counts.timed = timeRun(argv.find((arg) => arg.startsWith("--report="))?.slice("--report=".length));
  writeFileSync(COUNTS_FILE, `${JSON.stringify(counts, null, 2)}\n`);
  const sums = totals(counts);
  for (const sentence of COUNT_SENTENCES) {
    const path = join(ROOT, sentence.file);
    let text = readFileSync(path, "utf8");
    const match = new RegExp(sentence.pattern.source, `${sentence.pattern.flags}d`).exec(text);
    if (match?.indices === undefined) throw new Error(`${sentence.file} no longer says ${String(sentence.pattern)}`);
    // From the last number to the first, so the earlier positions stay right.
    for (let i = sentence.fields.length - 1; i >= 0; i--) {
      const [start, end] = match.indices[i + 1] ?? [0, 0];
      const field = sentence.fields[i];
      if (field !== undefined) text = text.slice(0, start) + written(field, sums[field]) + text.slice(end);
    }
    writeFileSync(path, text);
  }
  console.log(`${sums.testFiles} test files, ${sums.tests} tests (${sums.browserTests} in a browser); collected again: ${stale.length} file(s).`);
  console.log(
    `Last timed run of npm test: ${sums.timedTests} tests, ${sums.wallMinutes} minutes on ${sums.timedCores} cores, ${sums.cpuMinutes} CPU minutes (${counts.timed.on}).`,
  );
}

main(process.argv.slice(2));
