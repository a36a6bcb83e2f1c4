/**
 * Runs some of the workbook's tests in a child vitest against one target folder — the learner's
 * `exercises/`, the worked `solutions/`, or a folder of pristine stubs — and reads vitest's JSON
 * report. The target is chosen by the environment variables the vitest config reads.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { trackChild } from "./children.js";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { ROOT } from "./catalog.js";
import type { Target } from "./target.js";

export type { Target } from "./target.js";

/** One error of a failed test, as vitest reported it. */
export interface TestFailure {
  /** The message: the test's own hint, then what was expected. */
  message: string;
  /** Vitest's expected/received diff, when the assertion compared two values. */
  diff?: string;
  /** The stack, to find the failing line. */
  stack?: string;
  /** The error's class name. */
  name?: string;
}

/** One test's result. */
export interface TestOutcome {
  /** The test file, relative to the root. */
  file: string;
  /** The describe blocks and the test name, joined by " > ". */
  fullName: string;
  /** The test's own name. */
  title: string;
  /** "passed", "failed", "skipped", … as vitest reports it. */
  status: string;
  /** The failure messages (message and stack). */
  failureMessages: string[];
  /** The failures with their diffs (in-process runs only; the child run has the messages alone). */
  failures?: TestFailure[];
}

/** One test file's result. */
export interface FileOutcome {
  /** The test file, relative to the root. */
  file: string;
  /** "passed" or "failed". */
  status: string;
  /** Set when the file itself failed, e.g. it could not be imported. */
  message: string;
  /** Its tests. */
  tests: TestOutcome[];
}

/** A whole run. */
export interface RunReport {
  /** Per test file. */
  files: FileOutcome[];
  /** Every test of every file. */
  tests: TestOutcome[];
  /** The child's exit code. */
  exitCode: number | null;
  /** The child's stderr and stdout, for when the report is missing. */
  output: string;
  /** How long the run took, in milliseconds. */
  durationMs: number;
  /**
   * Set when test files did not finish within the deadline (`./deadline.js`) and their worker was
   * stopped: each file (relative to the root) and the deadline in seconds. The other files ran.
   */
  stuck?: Array<{ file: string; seconds: number }>;
}

interface JsonReport {
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName?: string; title?: string; status: string; failureMessages?: string[] }>;
  }>;
}

/** The environment for a child vitest: the target switch set, and the parent's vitest markers removed. */
export function targetEnv(target: Target): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("VITEST") && key !== "WORKBOOK_TARGET" && key !== "WORKBOOK_TARGET_DIR") env[key] = value;
  }
  env["NO_COLOR"] = "1";
  if (target.kind === "dir") env["WORKBOOK_TARGET_DIR"] = target.dir;
  else env["WORKBOOK_TARGET"] = target.kind;
  return env;
}

function toRelative(file: string): string {
  const norm = file.split("\\").join("/");
  const root = ROOT.split("\\").join("/") + "/";
  return norm.startsWith(root) ? norm.slice(root.length) : norm;
}

/** Runs `files` (paths relative to the root) with vitest against `target` and parses the JSON report. */
export async function runVitest(files: readonly string[], target: Target): Promise<RunReport> {
  const started = Date.now();
  const outDir = await mkdtemp(join(tmpdir(), "workbook-vitest-"));
  const outFile = join(outDir, "report.json");
  try {
    const args = [join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", ...files, "--reporter=json", `--outputFile=${outFile}`];
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolvePromise, reject) => {
      const child = trackChild(spawn(process.execPath, args, { cwd: ROOT, env: targetEnv(target), stdio: ["ignore", "pipe", "pipe"] }));
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
      child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
      child.on("error", reject);
      child.on("close", (exitCode) => resolvePromise({ code: exitCode, output }));
    });
    let report: JsonReport = {};
    try {
      report = JSON.parse(await readFile(outFile, "utf8")) as JsonReport;
    } catch {
      report = {};
    }
    const fileOutcomes: FileOutcome[] = (report.testResults ?? []).map((result) => {
      const file = toRelative(result.name);
      return {
        file,
        status: result.status,
        message: result.message ?? "",
        tests: (result.assertionResults ?? []).map((a) => ({
          file,
          fullName: a.fullName ?? a.title ?? "",
          title: a.title ?? a.fullName ?? "",
          status: a.status,
          failureMessages: a.failureMessages ?? [],
        })),
      };
    });
    return { files: fileOutcomes, tests: fileOutcomes.flatMap((f) => f.tests), exitCode: code, output, durationMs: Date.now() - started };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * A failure message as a learner should read it: vitest's advice to replace `toBe` with
 * `toStrictEqual` is dropped (the test asks for the very same object on purpose, and following the
 * advice would mean editing the test), and its "serializes to the same string" is said plainly.
 */
export function forLearners(message: string): string {
  // The advice comes only when the two values are equal but not the same object: say that instead.
  const copy = /If it should pass with deep equality, replace "toBe" with "\w+"/.test(message);
  return message
    .replace(/ \/\/ Object\.is equality/g, copy ? " (the very same object)" : "")
    .replace(/(?:(?<!\n)\n+)?If it should pass with deep equality, replace "toBe" with "\w+"\n*/g, "\n\n")
    .replace(/Received: serializes to the same string/g, "Received: an equal copy, not the same object: keep and return the object itself");
}

/** The first lines of a failure message, without the stack and colour codes. */
export function firstFailure(message: string, maxLines = 8): string {
  const clean = forLearners(stripVTControlCharacters(message));
  const lines: string[] = [];
  for (const line of clean.split("\n")) {
    if (/^\s+at /.test(line)) break;
    lines.push(line);
    if (lines.length >= maxLines) break;
  }
  return lines.join("\n").trim();
}
