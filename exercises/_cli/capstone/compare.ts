/**
 * Comparing two runs of a scenario request by request: each body the mocked model received,
 * with the run's own folders replaced by placeholders and the model's name left out (each run
 * sends its own), must be the same. The first request that differs is shown as a line diff of
 * its JSON.
 *
 * @module
 */
import { diffLines, formatDiff } from "../diff.js";

/** The folders a run used, each with the placeholder that stands for it in a compared request. */
export type Placeholders = ReadonlyArray<readonly [path: string, shown: string]>;

/** One request body as compared: without `model`, folders replaced, as indented JSON. */
export function normalizeBody(body: unknown, placeholders: Placeholders): string {
  const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  delete rest["model"];
  let text = JSON.stringify(rest, null, 2);
  // Longest first, so a folder inside another is replaced whole.
  for (const [path, shown] of [...placeholders].sort((a, b) => b[0].length - a[0].length)) {
    if (path === "") continue;
    text = text.split(JSON.stringify(path).slice(1, -1)).join(shown);
  }
  return text;
}

/** Where two runs first differ. */
export interface FirstDifference {
  /** The request's number, from 1. */
  request: number;
  /** How many requests each run sent. */
  counts: readonly [expected: number, actual: number];
  /** The diff of that request's JSON, `-` for the reference's lines and `+` for the other run's. */
  diff: string;
}

/** The first request where `actual` differs from `expected` (both normalised), or null when they are the same. */
export function firstDifference(expected: readonly string[], actual: readonly string[]): FirstDifference | null {
  const length = Math.max(expected.length, actual.length);
  for (let i = 0; i < length; i++) {
    const a = expected[i];
    const b = actual[i];
    if (a === b) continue;
    const diff = formatDiff(diffLines(a ?? "(no request)", b ?? "(no request)"), 2);
    return { request: i + 1, counts: [expected.length, actual.length], diff };
  }
  return null;
}
