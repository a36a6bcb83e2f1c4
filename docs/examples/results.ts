/**
 * Examples for turning what a tool returns into text: JSON that survives cycles and BigInt
 * (`src/util/json.ts`), the runner's result-to-text (`src/agent/results/result-text.ts`), and two of its
 * internals, imported from their modules (`src/agent/results/bounded-json.ts`, `src/util/python-text.ts`).
 * The reference shows each region; `tsc` checks this file and `test/docs/examples.test.ts` runs
 * every function it exports.
 */
import { safeJsonStringify, toolResultToText } from "../../src/index.js";
import { boundedJson } from "../../src/agent/results/bounded-json.js";
import { pyStr } from "../../src/util/python-text.js";

/** BigInt and a cycle, stringified. */
export async function safeJson(): Promise<void> {
  // #region safe-json-stringify
  safeJsonStringify({ n: 1n, list: [1, 2] }); // '{"n":"1","list":[1,2]}'
  const a: Record<string, unknown> = {};
  a.self = a;
  safeJsonStringify(a); // '{"self":"[Circular]"}'
  // #endregion safe-json-stringify
}

/** Objects, cycles, bytes and a result over the size limit, as the model reads them. */
export async function resultToText(): Promise<void> {
  // #region tool-result-to-text
  toolResultToText({ n: 1n, list: [1, 2] }); // '{"n":"1","list":[1,2]}'
  const a: Record<string, unknown> = {};
  a.self = a;
  toolResultToText(a); // '{"self":"[Circular]"}'
  toolResultToText(Buffer.from("hello")); // "[Buffer 5 bytes]"
  const bigList = Array.from({ length: 10_000 }, (_, i) => i);
  toolResultToText({ items: bigList }, { maxChars: 100 }).length <= 100; // true
  // #endregion tool-result-to-text
}

/** JSON written under a size and a node limit. */
export async function boundedJsonText(): Promise<void> {
  // #region bounded-json
  const a: Record<string, unknown> = { n: 1n };
  a.self = a;
  boundedJson(a, 1000, 1000); // { text: '{"n":"1","self":"[Circular]"}', complete: true, written: true }
  // #endregion bounded-json
}

/** A value as Python's `str()` would print it. */
export async function pythonText(): Promise<void> {
  // #region py-str
  pyStr({ k: [true, null, "a"] }); // "{'k': [True, None, 'a']}"
  // #endregion py-str
}
