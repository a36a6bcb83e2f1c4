/**
 * A small, careful timing harness: warm-up, many iterations per round, several rounds with the
 * contenders interleaved (and their order alternated), the median of the rounds, and a sink that
 * every result feeds so the engine cannot drop the work as dead code.
 *
 * @module
 */

/** Every measured result is folded into this, and it is printed at the end. */
export const sink = { value: 0 };

/** Folds a value into the sink cheaply. */
export function consume(value: unknown): void {
  sink.value = (sink.value + (value === null || value === undefined ? 1 : typeof value === "object" ? 3 : 7)) | 0;
}

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `value` rounded to `digits` decimal places, for the printed and written figures. */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A contender: runs its work `iterations` times; `opsPerIteration` calls each time. */
export interface Contender {
  name: string;
  opsPerIteration: number;
  run(iterations: number): void;
}

/** Timing options. */
export interface TimingOptions {
  warmupIterations: number;
  iterations: number;
  rounds: number;
}

/** Nanoseconds per op of each contender: the median over rounds, with the per-round figures. */
export interface Timing {
  nsPerOp: number;
  rounds: number[];
}

function timeOnce(c: Contender, iterations: number): number {
  const start = process.hrtime.bigint();
  c.run(iterations);
  const elapsed = Number(process.hrtime.bigint() - start);
  return elapsed / (iterations * c.opsPerIteration);
}

/** Warms up all contenders, then times them round by round, alternating their order each round. */
export function compare(contenders: readonly Contender[], options: TimingOptions): Map<string, Timing> {
  for (const c of contenders) c.run(options.warmupIterations);
  const perRound = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const c of order) perRound.get(c.name)?.push(timeOnce(c, options.iterations));
  }
  const out = new Map<string, Timing>();
  for (const [name, rounds] of perRound) out.set(name, { nsPerOp: median(rounds), rounds });
  return out;
}

/** Wall time of an async function, in milliseconds. */
export async function wallMs(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  consume(await fn());
  return Number(process.hrtime.bigint() - start) / 1e6;
}
