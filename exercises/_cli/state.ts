/**
 * The learner's small state file, `.exercise-backups/state.json` (git-ignored): how many hints of
 * each exercise were shown. A missing or broken file counts as "no hints shown yet".
 *
 * @module
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { BACKUP_DIR, STATE_FILE } from "./catalog.js";

/** What the state file holds. */
export interface LearnerState {
  /** Hints shown so far, by exercise id. */
  hintsShown: Record<string, number>;
}

/** Reads the state; never throws. */
export function readState(): LearnerState {
  try {
    const parsed = JSON.parse(readFileSync(STATE_FILE, "utf8")) as Partial<LearnerState>;
    const hints = parsed.hintsShown !== null && typeof parsed.hintsShown === "object" ? parsed.hintsShown : {};
    return { hintsShown: { ...hints } };
  } catch {
    return { hintsShown: {} };
  }
}

/** Writes the state through a temporary file, so a crash never leaves half a file. */
export function writeState(state: LearnerState): void {
  mkdirSync(BACKUP_DIR, { recursive: true });
  const temp = `${STATE_FILE}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state, null, 2) + "\n");
  renameSync(temp, STATE_FILE);
}

/** The numbered hints of a `hints.md` (`## Hint 1`, `## Hint 2`, …), in order, without their headings. */
export function parseHints(markdown: string): string[] {
  const parts = markdown.replace(/\r\n/g, "\n").split(/^## Hint \d+[^\n]*\n/m);
  return parts.slice(1).map((part) => part.trim()).filter((part) => part !== "");
}
