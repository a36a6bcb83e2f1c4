/**
 * The worst growth the cost properties meet, per entry point. Each property hands every pair it
 * measures to {@link noteGrowth}: the counted work at size n and at 8n, and the size of the larger
 * input. When `COST_REPORT` names a file (the soak sets it), a line of JSON is appended to it each
 * time an entry point's worst ratio or its largest input grows, and the soak prints, per entry
 * point, the worst ratio seen and the largest input tried. Without `COST_REPORT` nothing is written.
 *
 * @module
 */
import { appendFileSync } from "node:fs";

/** What one entry point has met so far in this process. */
export interface GrowthRecord {
  /** The entry point, for example `prepareCall (argument size)`. */
  entry: string;
  /** The generated shape that gave the worst ratio. */
  kind: string;
  /** The worst ratio met: the work at 8n over the work at n. */
  ratio: number;
  /** The work at n and at 8n of that worst pair. */
  small: number;
  large: number;
  /** The largest input tried, in `unit`s. */
  largestSize: number;
  /** What the size counts, for example `characters of JSON`. */
  unit: string;
}

const seen = new Map<string, GrowthRecord>();

/** `before` and `next` of one entry point as one record: the worse pair of the two, and the larger of their largest inputs. */
function merged(before: GrowthRecord | undefined, next: GrowthRecord): GrowthRecord {
  if (before === undefined) return next;
  const pick = next.ratio > before.ratio ? next : before;
  return { ...pick, largestSize: Math.max(next.largestSize, before.largestSize) };
}

/**
 * Notes one measured pair for `entry` and returns its ratio (`large` over `small`, a `small` of 0
 * read as 1) for the property to check.
 */
export function noteGrowth(entry: string, kind: string, small: number, large: number, size: number, unit: string): number {
  const ratio = large / Math.max(small, 1);
  const before = seen.get(entry);
  if (before !== undefined && ratio <= before.ratio && size <= before.largestSize) return ratio;
  const record = merged(before, { entry, kind, ratio, small, large, largestSize: size, unit });
  seen.set(entry, record);
  const file = process.env["COST_REPORT"];
  if (file !== undefined && file !== "") appendFileSync(file, `${JSON.stringify(record)}\n`);
  return ratio;
}

/** The worst pair and largest input per entry point in a report's lines. */
export function summarizeGrowth(lines: readonly string[]): GrowthRecord[] {
  const worst = new Map<string, GrowthRecord>();
  for (const line of lines) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as GrowthRecord;
    worst.set(record.entry, merged(worst.get(record.entry), record));
  }
  return [...worst.values()].sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0));
}
