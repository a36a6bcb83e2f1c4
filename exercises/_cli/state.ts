/**
 * The learner's small state file, `.exercise-backups/state.json` (git-ignored): which hints of
 * each exercise were shown and how often, and how often the worked answer of each exercise or
 * question was shown. A missing or broken file, or a broken entry, counts as "nothing shown yet".
 *
 * @module
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BACKUP_DIR, STATE_FILE, type Exercise } from "./catalog.js";

/** What the state file holds; every record is keyed by {@link stateKey}. */
export interface LearnerState {
  /** The highest hint shown so far (1 for the first), by exercise. */
  hintsShown: Record<string, number>;
  /** How many times `--hint` showed a hint (the last one shown again counts too), by exercise. */
  hintViews: Record<string, number>;
  /** How many times `--solution` showed the worked answer (after the learner said yes), by exercise or question. */
  solutionViews: Record<string, number>;
}

/** The key of an exercise or question in the state file: `05-argument-processing`, or `self-check/q3`. */
export function stateKey(item: Exercise): string {
  return item.kind === "question" ? `${item.id}/${item.command}` : item.id;
}

/** The entries of `value` that are counts (whole numbers from 0 up); anything else is dropped. */
function countsIn(value: unknown): Record<string, number> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  const counts: Record<string, number> = {};
  for (const [key, count] of Object.entries(value)) {
    if (typeof count === "number" && Number.isSafeInteger(count) && count >= 0) counts[key] = count;
  }
  return counts;
}

/** Reads the state (from `file`, by default the learner's); never throws. */
export function readState(file: string = STATE_FILE): LearnerState {
  let parsed: Partial<Record<keyof LearnerState, unknown>> = {};
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (value !== null && typeof value === "object") parsed = value;
  } catch {
    // No file yet, or a broken one: nothing shown yet.
  }
  return { hintsShown: countsIn(parsed.hintsShown), hintViews: countsIn(parsed.hintViews), solutionViews: countsIn(parsed.solutionViews) };
}

/** Writes the state through a temporary file, so a crash never leaves half a file. */
export function writeState(state: LearnerState): void {
  mkdirSync(BACKUP_DIR, { recursive: true });
  const temp = `${STATE_FILE}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state, null, 2) + "\n");
  renameSync(temp, STATE_FILE);
}

/** Records that hint `level` (1 for the first) of `item` was shown. */
export function recordHint(item: Exercise, level: number): void {
  const state = readState();
  const key = stateKey(item);
  state.hintsShown[key] = Math.max(state.hintsShown[key] ?? 0, level);
  state.hintViews[key] = (state.hintViews[key] ?? 0) + 1;
  writeState(state);
}

/** Records that the worked answer of `item` was shown. */
export function recordSolution(item: Exercise): void {
  const state = readState();
  const key = stateKey(item);
  state.solutionViews[key] = (state.solutionViews[key] ?? 0) + 1;
  writeState(state);
}

/** The numbered hints of a `hints.md` (`## Hint 1`, `## Hint 2`, …), in order, without their headings. */
export function parseHints(markdown: string): string[] {
  const parts = markdown.replace(/\r\n/g, "\n").split(/^## Hint \d[^\n]*\n/m);
  return parts
    .slice(1)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** The hints of an exercise, from its `hints.md`; none for a question or a missing file. */
export function hintsOf(item: Exercise): string[] {
  const path = join(item.dir, "hints.md");
  return item.kind === "exercise" && existsSync(path) ? parseHints(readFileSync(path, "utf8")) : [];
}

/** The help the CLI gave on one exercise or question, as `progress --json` and `grade --json` report it. */
export interface HelpUsed {
  /** The highest hint shown (0: none). */
  hintsShown: number;
  /** How many hints it has (0 for a question: questions have none). */
  hintsAvailable: number;
  /** How many times `--hint` showed one. */
  hintViews: number;
  /** How many times `--solution` showed the worked answer. */
  solutionViews: number;
}

/**
 * True where the help counters mean something: on the learner's own machine. They are kept in
 * `.exercise-backups/state.json`, which git ignores, so a GitHub Classroom run (or any CI: `CI` or
 * `GITHUB_ACTIONS` set) never sees them and would print zeros; there `grade` and `progress` leave
 * them out (`help: null`) and say why.
 */
export function helpCountersMeaningful(env: NodeJS.ProcessEnv = process.env): boolean {
  const set = (name: string): boolean => (env[name] ?? "") !== "" && env[name] !== "false" && env[name] !== "0";
  return !set("CI") && !set("GITHUB_ACTIONS");
}

/** What the reports say instead of the help counters where they mean nothing. */
export const HELP_IS_LOCAL = "hints and answers shown are counted on the learner's own machine only (a git-ignored file), so they are not shown here";

/** The help recorded for `item` in `state`. */
export function helpUsed(item: Exercise, state: LearnerState): HelpUsed {
  const key = stateKey(item);
  return {
    hintsShown: state.hintsShown[key] ?? 0,
    hintsAvailable: hintsOf(item).length,
    hintViews: state.hintViews[key] ?? 0,
    solutionViews: state.solutionViews[key] ?? 0,
  };
}
