/**
 * What two reports of the same tests must share to be the same verdict for a learner: per file its
 * status and message, per test its name, status, messages and diffs, and where each failure
 * happened in the workbook's files (the `file:line` of every stack frame outside the installed
 * packages and Node itself). Durations, columns, the runners' own frames and the paths of
 * temporary folders named in messages are left out.
 *
 * @module
 */
import { tmpdir } from "node:os";
import { escapeRegExp } from "../../exercises/_cli/escape-regexp.js";
import type { RunReport, TestFailure } from "../../exercises/_cli/vitest-run.js";

/** One failure of a test, as the learner reads it. */
export interface FailureVerdict {
  readonly message: string;
  readonly diff: string | null;
  /** `file:line` of each frame in the workbook's or the learner's files, outermost last. */
  readonly frames: readonly string[];
}

/** One test, as the learner reads it. */
export interface TestVerdict {
  readonly file: string;
  readonly fullName: string;
  readonly status: string;
  readonly failures: readonly FailureVerdict[];
}

/** A whole report, as the learner reads it. */
export interface ReportVerdict {
  readonly files: ReadonlyArray<{ readonly file: string; readonly status: string; readonly message: string }>;
  readonly tests: readonly TestVerdict[];
  readonly stuck: ReadonlyArray<{ readonly file: string; readonly seconds: number }>;
}

/** `file:line` of the frames of `stack` that are the workbook's or the learner's code. */
export function ownFrames(stack: string | undefined): string[] {
  if (stack === undefined) return [];
  const frames: string[] = [];
  for (const line of stack.split("\n")) {
    const match = /(?:\(|\bat )(?:file:\/\/)?((?:[A-Za-z]:)?[/\\][^():]*):(\d+):\d+\)?\s*$/.exec(line.trim());
    if (match === null) continue;
    const file = (match[1] ?? "").split("\\").join("/");
    if (file.includes("/node_modules/") || file.startsWith("node:")) continue;
    frames.push(`${file}:${match[2] ?? ""}`);
  }
  return frames;
}

/**
 * `text` with every path under the temporary folder written alike: two runs of one test make
 * folders of their own there (`mkdtemp`'s random suffix, a scratch folder's number), and a message
 * may name one.
 */
export function sameTempNames(text: string): string {
  return text.split("\\").join("/").replaceAll(TEMP_PATH, `${TEMP}/<a path of its own>`);
}

/** The temporary folder, `/`-separated, and any path under it as a message writes it: worked out once. */
const TEMP = tmpdir().split("\\").join("/");
const TEMP_PATH = new RegExp(`${escapeRegExp(TEMP)}/[^\\s'"\`]+`, "g");

/** The verdict of `report`: what a learner reads of it. */
export function verdictOf(report: RunReport): ReportVerdict {
  return {
    files: [...report.files].sort((a, b) => a.file.localeCompare(b.file)).map((f) => ({ file: f.file, status: f.status, message: f.message })),
    tests: [...report.tests]
      .sort((a, b) => a.file.localeCompare(b.file))
      .map((t) => ({
        file: t.file,
        fullName: t.fullName,
        status: t.status,
        failures: (t.failures ?? t.failureMessages.map((message): TestFailure => ({ message }))).map((f) => ({
          message: sameTempNames(f.message),
          diff: f.diff === undefined ? null : sameTempNames(f.diff),
          frames: ownFrames(f.stack),
        })),
      })),
    stuck: report.stuck ?? [],
  };
}

/** Null when the two reports give the same verdict, or the first difference in words. */
export function sameReports(a: RunReport, b: RunReport): string | null {
  const [x, y] = [verdictOf(a), verdictOf(b)];
  if (x.tests.length !== y.tests.length) return `${x.tests.length} tests against ${y.tests.length}`;
  for (let i = 0; i < x.tests.length; i++) {
    const [s, t] = [x.tests[i], y.tests[i]];
    if (JSON.stringify(s) !== JSON.stringify(t)) return `${s?.file} > ${s?.fullName}: ${JSON.stringify(s)} against ${JSON.stringify(t)}`;
  }
  if (JSON.stringify(x.files) !== JSON.stringify(y.files)) return `files: ${JSON.stringify(x.files)} against ${JSON.stringify(y.files)}`;
  if (JSON.stringify(x.stuck) !== JSON.stringify(y.stuck)) return `stuck: ${JSON.stringify(x.stuck)} against ${JSON.stringify(y.stuck)}`;
  return null;
}
