/**
 * Writing the GitHub Classroom template (`npm run template`): where it may go, the files git
 * tracks, and the copy itself, following the plan of `template-plan.ts`.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import * as prettier from "prettier";
import { ROOT } from "./catalog.js";
import { templatePlan, type LeftOut } from "./template-plan.js";

/** Why `out` cannot take the template, or null when it can: it must be outside the workbook, and new or empty. */
export function templateTargetProblem(out: string, root: string = ROOT): string | null {
  const real = (path: string): string => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  // The nearest folder that exists decides where a new folder would be, links followed.
  let existing = resolve(out);
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  const where = join(real(existing), relative(existing, resolve(out)));
  const top = real(root);
  if (where === top || where.startsWith(top + sep))
    return `${out} is inside the workbook (${top}): the template would be copied into itself and tracked by it. Name a folder outside it, for example ../tool-calling-template`;
  if (existsSync(out) && !statSync(out).isDirectory()) return `${out} is a file, not a folder`;
  if (existsSync(out) && readdirSync(out).length > 0) return `${out} is not empty: name a new or empty folder, so nothing in it is overwritten or mixed in`;
  return null;
}

/** The files git tracks in `root`, relative and `/`-separated; throws with a plain message when git cannot say. */
export function trackedFiles(root: string = ROOT): string[] {
  let listing: string;
  try {
    listing = execFileSync("git", ["-C", root, "ls-files", "-z", "--cached"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    throw new Error(`git could not list the workbook's files (is git installed, and is ${root} a git clone?): ${error instanceof Error ? error.message : String(error)}`);
  }
  // A tracked file deleted in the working tree is not copied.
  return listing
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(root, file)))
    .sort();
}

/** The left-out files in a few lines: a folder left out whole is one line. */
export function describeLeftOut(leftOut: readonly LeftOut[]): string[] {
  const lines: string[] = [];
  const solutions = leftOut.filter((entry) => entry.file.startsWith("solutions/"));
  if (solutions.length > 0) lines.push(`solutions/ (${solutions.length} files): the worked answers, the self-check answers and the answer sheet`);
  for (const entry of leftOut) if (!entry.file.startsWith("solutions/")) lines.push(`${entry.file}: ${entry.reason}`);
  return lines;
}

/**
 * The rewritten texts of the plan in the workbook's own format (Prettier, with the workbook's
 * settings and ignore file), so that `npm run format:check` passes in the learners' copy as in the
 * workbook: a list that lost an entry may fit on one line, a README that lost rows and sections
 * keeps its blank lines as Prettier writes them. A text Prettier has no parser for (the grader's
 * `.txt` copies) is left as it is, and the grader's copy of a test or of the oracle gets its file's new text.
 */
export async function formatWrites(write: Map<string, string>, root: string = ROOT): Promise<Map<string, string>> {
  const formatted = new Map(write);
  for (const [file, text] of write) {
    const info = await prettier.getFileInfo(join(root, file), { ignorePath: join(root, ".prettierignore") });
    if (info.ignored || info.inferredParser === null) continue;
    const options = (await prettier.resolveConfig(join(root, file))) ?? {};
    const pretty = await prettier.format(text, { ...options, filepath: join(root, file) });
    formatted.set(file, pretty);
    // The grader's sealed copy of a test or of the oracle stays the same text as the file.
    const sealed = `exercises/_cli/pristine-tests/${file}.txt`;
    if (formatted.has(sealed)) formatted.set(sealed, pretty);
  }
  return formatted;
}

/** Writes the template of the workbook at `root` into `out`; returns what was left out and how many files were written. */
export async function writeTemplate(out: string, root: string = ROOT): Promise<{ written: number; leftOut: LeftOut[]; oracle: string[] }> {
  const files = trackedFiles(root);
  const planned = templatePlan(files, (file) => readFileSync(join(root, file), "utf8"));
  const plan = { ...planned, write: await formatWrites(planned.write, root) };
  mkdirSync(out, { recursive: true });
  for (const file of plan.keep) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    copyFileSync(join(root, file), join(out, file));
  }
  for (const [file, text] of plan.write) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), text);
  }
  return { written: plan.keep.length + plan.write.size, leftOut: plan.leftOut, oracle: [...plan.write.keys()].filter((file) => file.startsWith("test/exercises/_oracle/")) };
}
