/**
 * The soak: runs every fast-check property of the project many times (100,000 by default) with
 * one printed seed, then prints a table of properties, runs, failures, seconds and the seed, and
 * the worst growth the cost properties met per entry point with the largest input tried
 * (`test/setup/growth-report.ts`); it exits non-zero when any property failed.
 *
 *   npm run soak                         # 100,000 runs per property, a fresh seed
 *   npm run soak -- --runs 2000          # fewer runs
 *   npm run soak -- --seed 42 --runs 2000   # replay
 *   npm run soak -- --grep "fail closed"    # only the tests whose name matches (vitest's -t)
 *
 * Each file runs in one worker, its properties one after another; a file whose properties take
 * hours can be split across cores by running the soak twice, each time with its own `--grep`.
 *
 * Each property reads its run count from `FC_RUNS` and its seed from `FC_SEED`
 * (`test/soak/runs.ts`); the soak's setup file also makes the seed fast-check's default.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { summarizeGrowth, type GrowthRecord } from "../setup/growth-report.js";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

interface Options {
  runs: number;
  seed: number;
  files: string[];
  /** Only tests whose name matches this pattern (vitest's `-t`), or every test. */
  grep: string | null;
}

function usage(message: string): never {
  console.error(`${message}\nusage: npm run soak -- [--runs N] [--seed N] [--grep PATTERN] [file ...]`);
  process.exit(2);
}

function parseArgs(argv: string[]): Options {
  let runs = 100_000;
  let seed = Math.floor(Math.random() * 0x7fffffff) ^ (Date.now() & 0x7fffffff);
  const files: string[] = [];
  let grep: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): number => {
      const text = argv[++i];
      const n = text === undefined ? Number.NaN : Number(text);
      if (!Number.isInteger(n)) usage(`${arg} needs an integer`);
      return n;
    };
    if (arg === "--runs") {
      runs = value();
      if (runs <= 0) usage("--runs must be positive");
    } else if (arg === "--seed") seed = value();
    else if (arg === "--grep") {
      const pattern = argv[++i];
      if (pattern === undefined || pattern === "") usage("--grep needs a pattern");
      grep = pattern;
    } else if (arg === "--help" || arg === "-h") usage("Runs every fast-check property many times.");
    else if (arg.startsWith("-")) usage(`unknown option ${arg}`);
    else files.push(arg);
  }
  return { runs, seed, files, grep };
}

/** Every test file under `test/` that holds a fast-check property, sorted. */
function propertyFiles(): string[] {
  const dir = join(root, "test");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((rel) => rel.endsWith(".test.ts") && !rel.split(sep).some((part) => part === "node_modules" || part.startsWith(".")))
    .filter((rel) => rel.endsWith(".property.test.ts") || readFileSync(join(dir, rel), "utf8").includes("fc.assert"))
    .map((rel) => relative(root, join(dir, rel)))
    .sort();
}

interface AssertionResult {
  fullName?: string;
  title?: string;
  status?: string;
  failureMessages?: string[];
  duration?: number;
}
interface JsonReport {
  testResults?: { name?: string; status?: string; message?: string; assertionResults?: AssertionResult[] }[];
}

function main(): number {
  const options = parseArgs(process.argv.slice(2));
  const files = options.files.length > 0 ? options.files : propertyFiles();
  if (files.length === 0) {
    console.error("no property test files found");
    return 1;
  }
  const only = options.grep === null ? "" : ` --grep ${JSON.stringify(options.grep)}`;
  console.log(`soak: ${files.length} file(s), FC_RUNS=${options.runs}, FC_SEED=${options.seed}${only}`);
  console.log(`replay with: npm run soak -- --seed ${options.seed} --runs ${options.runs}${only}`);
  for (const f of files) console.log(`  ${f}`);

  const temp = mkdtempSync(join(tmpdir(), "soak-"));
  const out = join(temp, "report.json");
  const growth = join(temp, "growth.jsonl");
  const started = Date.now();
  const child = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      ...files,
      ...(options.grep === null ? [] : ["-t", options.grep]),
      "--config",
      "test/soak/vitest.soak.config.ts",
      "--reporter=json",
      `--outputFile=${out}`,
      "--testTimeout=3600000",
    ],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, FC_RUNS: String(options.runs), FC_SEED: String(options.seed), COST_REPORT: growth },
    },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  let report: JsonReport;
  let worst: GrowthRecord[] = [];
  try {
    report = JSON.parse(readFileSync(out, "utf8")) as JsonReport;
    worst = existsSync(growth) ? summarizeGrowth(readFileSync(growth, "utf8").split("\n")) : [];
  } catch (error) {
    console.error(`soak: no report from vitest (exit ${String(child.status)}): ${String(error)}`);
    rmSync(temp, { recursive: true, force: true });
    return 1;
  }
  rmSync(temp, { recursive: true, force: true });

  const rows: { property: string; runs: string; failures: number; seed: string; seconds: string }[] = [];
  let failures = 0;
  for (const file of report.testResults ?? []) {
    const assertions = file.assertionResults ?? [];
    if (assertions.length === 0 && file.status === "failed") {
      failures++;
      rows.push({ property: `${relative(root, file.name ?? "?")} (did not load)`, runs: "0", failures: 1, seed: String(options.seed), seconds: "-" });
      if (file.message) console.error(file.message);
    }
    for (const a of assertions) {
      const failed = a.status === "failed" ? 1 : 0;
      failures += failed;
      const text = (a.failureMessages ?? []).join("\n");
      const replay = /seed:\s*(-?\d+),\s*path:\s*"([^"]*)"/.exec(text);
      rows.push({
        property: a.fullName ?? a.title ?? "?",
        runs: a.status === "skipped" || a.status === "pending" ? "skipped" : String(options.runs),
        failures: failed,
        seed: replay === null ? String(options.seed) : `${replay[1]} (path ${replay[2]})`,
        seconds: a.duration === undefined ? "-" : (a.duration / 1000).toFixed(1),
      });
      if (failed) console.error(`\nFAILED ${a.fullName ?? a.title}\n${text.split("\n").slice(0, 30).join("\n")}`);
    }
  }

  const width = Math.min(90, Math.max(8, ...rows.map((r) => r.property.length)));
  const cut = (s: string): string => (s.length > width ? s.slice(0, width - 1) + "…" : s.padEnd(width));
  console.log(`\n${"property".padEnd(width)}  ${"FC_RUNS".padStart(8)}  ${"failures".padStart(8)}  ${"seconds".padStart(8)}  seed`);
  console.log(`${"-".repeat(width)}  ${"-".repeat(8)}  ${"-".repeat(8)}  ${"-".repeat(8)}  ${"-".repeat(10)}`);
  for (const r of rows) console.log(`${cut(r.property)}  ${r.runs.padStart(8)}  ${String(r.failures).padStart(8)}  ${r.seconds.padStart(8)}  ${r.seed}`);
  console.log("(FC_RUNS is the run count each property reads; a test in these files that is not a property runs once.)");
  const skipped = rows.filter((r) => r.runs === "skipped").length;
  const count = rows.length - skipped;
  const ran = `${count} test${count === 1 ? "" : "s"} run${skipped > 0 ? ` (${skipped} skipped by --grep)` : ""}`;
  console.log(`\n${ran}, ${failures} failed, seed ${options.seed}, ${seconds} s`);
  if (worst.length > 0) {
    // What the cost properties met (test/setup/growth-report.ts): the bound each checks is 16.
    console.log(`\nentry point: worst growth of counted work from n to 8n (at most 16), and the largest input tried`);
    for (const w of worst) {
      console.log(`  ${w.entry}: ${w.ratio.toFixed(2)}x (${w.kind}: ${w.small} -> ${w.large}); largest input ${w.largestSize.toLocaleString("en-US")} ${w.unit}`);
    }
  }
  if (child.status !== 0 && failures === 0) {
    console.error(`soak: vitest exited with ${String(child.status)}`);
    return 1;
  }
  return failures > 0 ? 1 : 0;
}

process.exitCode = main();
