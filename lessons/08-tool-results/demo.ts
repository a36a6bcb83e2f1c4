/**
 * Lesson 8 demo: the `role: "tool"` messages the runner builds in one iteration — for an empty
 * result, a non-string result, a result too long for the limit without a workspace (truncated),
 * and the same long result with a workspace (persisted, with a reference to the file) — and the
 * next request, which carries them back to the model. Last, the replay boundaries: the assistant
 * turn is replayed exactly as the model sent it, each tool message answers one of its call ids,
 * older results are cut in the model's copy only, and a run only appends to the history.
 *
 * @module
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { AgentRunner, ScriptedProvider, Tool, ToolCallRequest, ToolRegistry, type ChatMessage, type JsonSchema } from "../../src/index.js";
import { block, bold, dim, field, green, mark, red, say, section, useFancy } from "../_shared/print.js";

const dots = (): string => (useFancy() ? "…" : "...");

/** A sample tool that returns a fixed value, whatever it is. */
class FixedResultTool extends Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema = { type: "object", properties: {} };
  readonly #result: () => unknown;

  constructor(name: string, description: string, result: () => unknown) {
    super();
    this.name = name;
    this.description = description;
    this.#result = result;
  }

  override get readOnly(): boolean {
    return true;
  }

  async execute(): Promise<unknown> {
    return this.#result();
  }
}

/** `lines` log lines, about 60 characters each. */
function logLines(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const minute = String(i % 60).padStart(2, "0");
    out.push(`2025-03-14T10:${minute}:00Z INFO worker-${i % 4} finished job ${1000 + i} in ${20 + (i % 7)} ms`);
  }
  return out.join("\n");
}

const LONG_LOG = logLines(80);

function sampleRegistry(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(new FixedResultTool("clear_cache", "Empty the build cache (prints nothing).", () => ""));
  registry.register(
    new FixedResultTool("count_lines", "Count the lines of the source files (returns an object).", () => ({
      files: 3,
      lines: 1240,
      largest: { path: "src/agent/runner.ts", lines: 512 },
    })),
  );
  registry.register(new FixedResultTool("search_logs", "Search the worker logs (returns a lot of text).", () => LONG_LOG));
  return registry;
}

const CALLS = [
  new ToolCallRequest({ id: "call_empty", name: "clear_cache", arguments: {} }),
  new ToolCallRequest({ id: "call_object", name: "count_lines", arguments: {} }),
  new ToolCallRequest({ id: "call_long", name: "search_logs", arguments: { query: "finished" } }),
];

interface IterationRun {
  toolMessages: ChatMessage[];
  nextRequestToolMessages: ChatMessage[];
}

async function runIteration(options: { maxToolResultChars: number; workspace?: string }): Promise<IterationRun> {
  const provider = new ScriptedProvider([
    { content: null, toolCalls: CALLS, finishReason: "tool_calls" },
    { content: "Cache cleared, 1240 lines counted, and the jobs all finished.", toolCalls: [], finishReason: "stop" },
  ]);
  const result = await new AgentRunner().run({
    provider,
    model: "scripted",
    tools: sampleRegistry(),
    messages: [{ role: "user", content: "Clear the cache, count the lines, and check the worker logs." }],
    maxToolResultChars: options.maxToolResultChars,
    sessionKey: "lesson:08",
    ...(options.workspace === undefined ? {} : { workspace: options.workspace }),
  });
  return {
    toolMessages: result.messages.filter((m) => m.role === "tool"),
    nextRequestToolMessages: (provider.requests[1]?.messages ?? []).filter((m) => m.role === "tool"),
  };
}

/** Prints a tool message as JSON, with its content shown line by line (long ones shortened). */
function printMessage(message: ChatMessage, keepLines = 6): void {
  const { content, ...rest } = message;
  say(`  ${JSON.stringify(rest).slice(0, -1)}, "content":`);
  const lines = (content ?? "").split("\n");
  const shown =
    lines.length > keepLines + 2 ? [...lines.slice(0, keepLines), dim(`${dots()} ${lines.length - keepLines - 1} more lines ${dots()}`), lines.at(-1) ?? ""] : lines;
  block(shown.join("\n"), 6);
  say(`  ${dim(`(content: a string of ${(content ?? "").length} chars)`)}`);
}

const REPLAY_LIMIT = 120;
const OLD_RESULT = logLines(6);

/** A conversation from an earlier turn: a search whose long result is already in the history. */
const REPLAY_HISTORY: ChatMessage[] = [
  { role: "user", content: "Which jobs finished?" },
  {
    role: "assistant",
    content: "",
    tool_calls: [{ id: "call_old", type: "function", function: { name: "search_logs", arguments: '{"query":"finished"}' } }],
  },
  { role: "tool", tool_call_id: "call_old", name: "search_logs", content: OLD_RESULT },
  { role: "assistant", content: "Jobs 1000 to 1005 finished." },
  { role: "user", content: "Count the lines, then read notes.txt." },
];

/** The model's next reply: a call with a near-miss name and a call whose arguments are cut off. */
const REPLAY_CALLS = [
  new ToolCallRequest({ id: "call_a", name: "Count_Lines", arguments: "{}" }),
  new ToolCallRequest({ id: "call_b", name: "count_lines", arguments: '{"path": "src/' }),
];

interface ReplayRun {
  assistant: ChatMessage | undefined;
  answers: ChatMessage[];
  sentOld: string | null | undefined;
  keptOld: string | null | undefined;
  prefixUnchanged: boolean;
  newTurn: string[];
}

/** Runs one turn after {@link REPLAY_HISTORY} and reads what the second request replays. */
async function replayBoundaries(): Promise<ReplayRun> {
  const before = JSON.stringify(REPLAY_HISTORY);
  const provider = new ScriptedProvider([
    { content: null, toolCalls: REPLAY_CALLS, finishReason: "tool_calls" },
    { content: "I could not count them: the tool name and the arguments were wrong.", toolCalls: [], finishReason: "stop" },
  ]);
  const result = await new AgentRunner().run({
    provider,
    model: "scripted",
    tools: sampleRegistry(),
    messages: REPLAY_HISTORY,
    maxToolResultChars: REPLAY_LIMIT,
  });
  const second = provider.requests[1]?.messages ?? [];
  const at = second.findIndex((m) => m.role === "assistant" && (m.tool_calls ?? []).some((c) => c.id === "call_a"));
  const answers: ChatMessage[] = [];
  for (let i = at + 1; i < second.length && second[i]?.role === "tool"; i++) answers.push(second[i] as ChatMessage);
  return {
    assistant: second[at],
    answers,
    sentOld: provider.requests[0]?.messages[2]?.content,
    keptOld: result.messages[2]?.content,
    prefixUnchanged: JSON.stringify(result.messages.slice(0, REPLAY_HISTORY.length)) === before && JSON.stringify(REPLAY_HISTORY) === before,
    newTurn: result.messages.slice(REPLAY_HISTORY.length).map((m) => (m.role === "tool" ? `tool(${m.tool_call_id ?? ""})` : m.role)),
  };
}

/** Runs the demo. */
export async function main(): Promise<number> {
  let ok = true;
  const check = (label: string, passed: boolean): void => {
    ok &&= passed;
    say(`  ${mark(passed)} ${label}`);
  };

  section("One model reply, three calls");
  for (const call of CALLS) say(`  ${call.id.padEnd(12)} ${call.name}`);
  say(dim(`  search_logs returns ${LONG_LOG.length} characters of log lines`));

  section("1. No workspace, maxToolResultChars: 300");
  const plain = await runIteration({ maxToolResultChars: 300 });
  for (const message of plain.toolMessages) {
    say();
    printMessage(message);
  }
  say();
  const [empty, object, truncated] = plain.toolMessages;
  check(`empty result  -> "${empty?.content ?? ""}"`, empty?.content === "(clear_cache completed with no output)");
  check("object result -> JSON text", object?.content === '{"files":3,"lines":1240,"largest":{"path":"src/agent/runner.ts","lines":512}}');
  check('long result   -> first 300 chars + "\\n... (truncated)"', truncated?.content === LONG_LOG.slice(0, 300) + "\n... (truncated)");

  section("2. The same reply with a workspace, maxToolResultChars: 2000");
  const workspace = await mkdtemp(join(tmpdir(), "lesson-08-"));
  try {
    const persisted = await runIteration({ maxToolResultChars: 2000, workspace });
    const message = persisted.toolMessages[2];
    say();
    printMessage(message ?? { role: "tool", content: "" }, 5);
    const path = /Full output saved to: (.+)/.exec(message?.content ?? "")?.[1] ?? "";
    say();
    field("saved file", path === "" ? red("(none)") : relative(workspace, path), 12);
    field("workspace", workspace, 12);
    const saved = path === "" ? "" : await readFile(path, "utf8");
    say();
    check("the content starts with [tool output persisted]", (message?.content ?? "").startsWith("[tool output persisted]"));
    check(`the file holds the full ${LONG_LOG.length} chars`, saved === LONG_LOG);
    check("the short results are unchanged", persisted.toolMessages[0]?.content === empty?.content && persisted.toolMessages[1]?.content === object?.content);
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }

  section("3. The next iteration's request carries the tool messages back");
  say(`  request 2 holds ${plain.nextRequestToolMessages.length} role:"tool" messages, answering ${plain.nextRequestToolMessages.map((m) => m.tool_call_id).join(", ")}`);
  check("they are exactly the messages built above, in call order", JSON.stringify(plain.nextRequestToolMessages) === JSON.stringify(plain.toolMessages));
  check(
    "every content is a string",
    plain.toolMessages.every((m) => typeof m.content === "string"),
  );

  section("4. Replay boundaries: what the next request replays, and what the history keeps");
  const replay = await replayBoundaries();
  say("  The model's reply, as it came (a name with a capital, arguments cut off mid-object):");
  for (const call of REPLAY_CALLS) say(`    ${call.id}  ${String(call.name).padEnd(10)} ${JSON.stringify(call.arguments)}`);
  say();
  say("  The assistant message replayed in the next request:");
  for (const call of replay.assistant?.tool_calls ?? []) say(`    ${call.id}  ${call.function.name.padEnd(10)} ${JSON.stringify(call.function.arguments)}`);
  say("  ...and the tool messages that answer it:");
  for (const message of replay.answers) say(`    ${message.tool_call_id ?? ""}  ${(message.content ?? "").split("\n")[0]?.slice(0, 70) ?? ""}${dots()}`);
  say();
  check(
    "the calls are replayed verbatim: same ids, names as written, arguments as the raw text",
    JSON.stringify(replay.assistant?.tool_calls?.map((c) => [c.id, c.function.name, c.function.arguments])) ===
      JSON.stringify(REPLAY_CALLS.map((c) => [c.id, c.name, c.arguments])),
  );
  check(
    "right after it, one tool message per call id, in call order",
    JSON.stringify(replay.answers.map((m) => m.tool_call_id)) === JSON.stringify(REPLAY_CALLS.map((c) => c.id)),
  );
  say();
  say(`  An older result in the history holds ${OLD_RESULT.length} chars; the limit is ${REPLAY_LIMIT}.`);
  field("sent", `${replay.sentOld?.length ?? 0} chars, ending ${JSON.stringify((replay.sentOld ?? "").slice(-16))}`, 10);
  field("kept", `${replay.keptOld?.length ?? 0} chars in result.messages`, 10);
  check("the old result is cut in the model's copy only", replay.sentOld === OLD_RESULT.slice(0, REPLAY_LIMIT) + "\n... (truncated)" && replay.keptOld === OLD_RESULT);
  check(`the history is only appended to: result.messages starts with the ${REPLAY_HISTORY.length} messages given, unchanged`, replay.prefixUnchanged);
  field("new turn", `result.messages.slice(${REPLAY_HISTORY.length}) = ${replay.newTurn.join(", ")}`, 10);
  say(dim("  (a caller that saves the conversation saves exactly that slice: the turn, whole, with nothing edited before it)"));

  say();
  say(ok ? green(`  ${bold("Every result became one string message per call.")}`) : red("  Something did not match."));
  return ok ? 0 : 1;
}
