/**
 * Where `progress` and `grade` put their JSON report: standard output (`--json`) or a file
 * (`--out <file>`).
 *
 * `npm run` prints two lines of its own on standard output before the script starts (`> name@version
 * script` and the command), unless npm is silent (`npm run -s …`) or in its own JSON mode (the
 * flag given to npm, without `--`; npm then adds a JSON error of its own after a script that exits
 * with a status other than 0). A script cannot take back what npm printed before it started, so
 * when it sees that npm did, and standard output is not a terminal, it says on standard error how
 * to get the JSON alone: `-s`, or `--out <file>`, which npm's lines never reach.
 *
 * @module
 */
import { mkdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/**
 * True when this process was started by `npm run` (or another package manager's `run`) that is
 * neither silent nor in its own JSON mode, so its banner went to standard output first.
 */
export function npmBannerPrinted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env["npm_lifecycle_event"] !== undefined && env["npm_command"] !== "exec" && env["npm_config_loglevel"] !== "silent" && env["npm_config_json"] !== "true";
}

/** The advice printed on standard error when npm's banner went ahead of the JSON. */
export function bannerAdvice(script: string): string {
  return (
    `Note: npm printed its own lines on standard output ahead of this JSON. For the JSON alone: ` +
    `npm run -s ${script} -- --json, or write it to a file: npm run ${script} -- --out <file>`
  );
}

/** The report as JSON text, two spaces indented, with a final newline. */
export function jsonText(report: unknown): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Prints the report as JSON on standard output; says on standard error how to get it clean when npm's banner went first. */
export function printJson(report: unknown, script: string): void {
  process.stdout.write(jsonText(report));
  if (npmBannerPrinted() && process.stdout.isTTY !== true) process.stderr.write(`${bannerAdvice(script)}\n`);
}

/** A `--out` target that cannot take the report (a folder), said plainly; nothing was written. */
export class OutFileError extends Error {
  override readonly name = "OutFileError";
}

/**
 * Writes the report as JSON to `path`, and returns the absolute path. A relative path is taken
 * from the folder the command was typed in (`npm run` starts scripts in the workbook's root, and
 * says where it was called from in `INIT_CWD`). A regular file (or a new one) is written through a
 * temporary file renamed over it, so a reader never sees half a report. Anything else that exists
 * is never replaced: a FIFO or a device (`/dev/stdout`) is written in place, and a folder is
 * refused with an {@link OutFileError} before anything is written, so no temporary file is left.
 */
export function writeJsonFile(path: string, report: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const problem = outProblem(path, env);
  if (problem !== null) throw new OutFileError(problem);
  const named = resolve(env["INIT_CWD"] || process.cwd(), path);
  const existing = statOrNull(named);
  // A link is followed: the file it names is the one written.
  const target = existing === null ? named : realpathSync(named);
  if (existing !== null && !existing.isFile()) {
    // A FIFO, a device or a socket: written as it is, never renamed over.
    writeFileSync(target, jsonText(report));
    return target;
  }
  mkdirSync(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, jsonText(report), { flag: "wx" });
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return target;
}

/**
 * Why `--out <path>` cannot take the report, or null when it can: checked before the work starts,
 * so a learner hears it at once.
 */
export function outProblem(path: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const target = resolve(env["INIT_CWD"] || process.cwd(), path);
  if (statOrNull(target)?.isDirectory() === true) return `--out ${path}: ${target} is a folder; name a file in it (for example ${join(path, "report.json")})`;
  return null;
}

/** The file's status (links followed), or null when there is nothing there. */
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * Puts the report where the command line asked: as JSON in the file `out` (saying where, on
 * standard output, when the table follows) and as JSON on standard output when `json`. Returns true
 * when the JSON went to standard output, so nothing else may be printed there.
 */
export function emitJson(report: unknown, wanted: { json: boolean; out: string | null }, script: string): boolean {
  if (wanted.out !== null) {
    const written = writeJsonFile(wanted.out, report);
    if (!wanted.json) console.log(`The JSON report: ${written}`);
  }
  if (wanted.json) printJson(report, script);
  return wanted.json;
}
