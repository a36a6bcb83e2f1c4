/**
 * Examples for turning what a tool returns into text: JSON that survives cycles and BigInt
 * (`src/util/json.ts`), the runner's result-to-text (`src/agent/results/result-text.ts`), and two of its
 * internals, imported from their modules (`src/agent/results/bounded-json.ts`, `src/util/python-text.ts`);
 * a result with a status (`src/tools/base.ts`), the tool message (`src/agent/results/tool-message.ts`),
 * a large result saved (`src/agent/results/result-persistence.ts`), and cut text (`src/util/text-cut.ts`,
 * `src/util/log-text.ts`).
 * The reference shows each region; `tsc` checks this file and `test/docs/examples.test.ts` runs
 * every function it exports (`persistedResult` writes one file in a temporary folder of its own
 * and removes it).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildToolMessage,
  emptyResultMessage,
  isEmptyToolResult,
  isToolErrorResult,
  logText,
  persistToolResult,
  safeFileName,
  safeJsonStringify,
  ToolCallRequest,
  ToolResult,
  toolResultToText,
  truncateText,
} from "../../src/index.js";
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

/** A result with a status: only a `ToolResult` whose `isError` is true is a failure. */
export async function toolResult(): Promise<void> {
  // #region tool-result
  const saved = new ToolResult("Saved.");
  const failed = ToolResult.error("Error: disk full");
  isToolErrorResult(saved); // false
  isToolErrorResult(failed); // true
  isToolErrorResult("Error: looks like one"); // false: a plain string is a success
  String(failed); // "Error: disk full"
  // #endregion tool-result
  if (!isToolErrorResult(failed) || isToolErrorResult("Error: looks like one")) throw new Error("wrong status");
}

/** The tool message the model reads, for an empty result and for one over the limit. */
export async function toolMessage(): Promise<void> {
  // #region build-tool-message
  const call = new ToolCallRequest({ id: "call_1", name: "web_fetch", arguments: {} });
  await buildToolMessage(call, "", { maxToolResultChars: 16_000 });
  // { role: "tool", tool_call_id: "call_1", name: "web_fetch", content: "(web_fetch completed with no output)" }
  await buildToolMessage(call, "x".repeat(50), { maxToolResultChars: 20 });
  // content: the first 20 characters, then "\n... (truncated)" (no workspace to save it in)
  // #endregion build-tool-message
  const message = await buildToolMessage(call, "", { maxToolResultChars: 16_000 });
  if (message.content !== emptyResultMessage("web_fetch")) throw new Error("no empty-result marker");
}

/** What stands in for a result that carries nothing. */
export async function emptyResults(): Promise<void> {
  // #region empty-result-message
  emptyResultMessage("list_dir"); // "(list_dir completed with no output)"
  // #endregion empty-result-message
  // #region is-empty-tool-result
  isEmptyToolResult("  \n"); // true
  isEmptyToolResult([]); // true
  isEmptyToolResult(new ToolResult(" ")); // true
  isEmptyToolResult(0); // false: 0 is something to say
  // #endregion is-empty-tool-result
  if (!isEmptyToolResult("  \n") || isEmptyToolResult(0)) throw new Error("wrong verdict");
}

/** Cutting a text, never through an emoji. */
export async function truncated(): Promise<void> {
  // #region truncate-text
  truncateText("abcdefghij", 4); // "abcd\n... (truncated)"
  truncateText("abc", 4); // "abc": short enough, unchanged
  truncateText("ab😀", 3); // "ab\n... (truncated)": the emoji's two halves stay together
  // #endregion truncate-text
  if (truncateText("ab😀", 3) !== "ab\n... (truncated)") throw new Error("a surrogate pair was split");
}

/** A large result saved under the workspace, with the file names made safe. */
export async function persistedResult(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), "workbook-example-"));
  try {
    // #region safe-file-name
    safeFileName("a/b:c?.txt"); // "a_b_c_.txt"
    safeFileName(".."); // "_"
    // #endregion safe-file-name
    // #region persist-tool-result
    const path = await persistToolResult({ workspace: folder, sessionKey: "chat 1", callId: "call_7", text: "a long result" });
    // "<folder>/.tool-results/chat 1/call_7.txt"
    // #endregion persist-tool-result
    if ((await readFile(path, "utf8")) !== "a long result") throw new Error("the result was not saved");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A server's text made safe for one log line. */
export async function logLine(): Promise<void> {
  // #region log-text
  logText("line1\nline2\u001b[31m"); // "line1\\u000aline2\\u001b[31m": one line, no terminal codes
  logText("x".repeat(20), 5); // "xxxxx… (15 more characters not shown)"
  // #endregion log-text
  if (logText("a\nb") !== "a\\u000ab") throw new Error("the newline was not escaped");
}
