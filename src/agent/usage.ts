/**
 * Token usage over a run (lesson 10): what each reply says it cost, read as upstream reads it, and
 * the run's total, summed as upstream sums it. Pure functions, so the rule can be tested alone.
 *
 * Per reply, the provider's counts become whole numbers (`int(value or 0)` in Python: a missing or
 * `null` count is 0, `2.7` is 2, a text of digits is read, anything else is left out). Its total is
 * `total_tokens`, or `prompt_tokens + completion_tokens` when that is 0; when the total is positive
 * the reply's `total_tokens` is set to it, and `provider_tokens` too unless the provider gave one.
 * A reply whose total is not positive adds nothing but the request itself (upstream estimates its
 * cost with a tokenizer instead; the workbook does not guess, docs/fidelity.md).
 *
 * The run's total counts `request_count` (every reply read), keeps `context_tokens` as the last
 * reply's `prompt_tokens`, and adds up every other count that is not negative.
 *
 * @module
 */

/**
 * Token counts, keyed as OpenAI-compatible servers and upstream name them: `prompt_tokens`,
 * `completion_tokens`, `total_tokens`, and for a run's total also `request_count`,
 * `context_tokens` and `provider_tokens`. A provider may report more (such as `cached_tokens`);
 * those are added up too.
 */
export interface TokenUsage {
  /** Tokens sent (over the run: summed over every reply). */
  prompt_tokens: number;
  /** Tokens generated (over the run: summed over every reply). */
  completion_tokens: number;
  /** Every other count, such as `total_tokens`, `request_count`, `context_tokens`. */
  readonly [key: string]: number;
}

/** The usage of a run before its first reply: no tokens. */
export function emptyUsage(): TokenUsage {
  return { prompt_tokens: 0, completion_tokens: 0 };
}

/** Python's `int(value or 0)` for one count; undefined when Python would refuse the value. */
function wholeCount(value: unknown): number | undefined {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return 0;
  if (value === true) return 1;
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value === "string") {
    const match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/u.exec(value);
    if (match === null) return undefined;
    const n = Number((match[2] as string).replaceAll("_", ""));
    return match[1] === "-" ? -n : n;
  }
  return undefined;
}

/**
 * One reply's usage as the run counts it: `raw` is what the provider reported (an object of
 * counts, or nothing). An empty object when the reply reports no positive total.
 */
export function replyUsage(raw: unknown): Record<string, number> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return {};
  const usage: Record<string, number> = {};
  for (const [key, value] of Object.entries(raw)) {
    const n = wholeCount(value);
    if (n !== undefined) usage[key] = n;
  }
  const total = Math.max(0, usage["total_tokens"] || (usage["prompt_tokens"] ?? 0) + (usage["completion_tokens"] ?? 0));
  if (total <= 0) return {};
  usage["total_tokens"] = total;
  if (!Object.hasOwn(usage, "provider_tokens")) usage["provider_tokens"] = total;
  return usage;
}

/**
 * Adds one reply's usage (from {@link replyUsage}) to the run's `total`, in place: one more
 * request, `context_tokens` set to the reply's `prompt_tokens`, every other count that is not
 * negative added.
 */
export function addUsage(total: Record<string, number>, reply: Readonly<Record<string, number>>): void {
  total["request_count"] = (total["request_count"] ?? 0) + 1;
  const prompt = reply["prompt_tokens"];
  if (prompt !== undefined && prompt >= 0) total["context_tokens"] = prompt;
  for (const [key, value] of Object.entries(reply)) {
    if (key === "context_tokens" || key === "request_count" || value < 0) continue;
    total[key] = (total[key] ?? 0) + value;
  }
}
