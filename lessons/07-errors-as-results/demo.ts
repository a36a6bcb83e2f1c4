/**
 * Lesson 7 demo: every kind of failure — unknown name, arguments that are not an object, invalid
 * arguments, a thrown exception, a `ToolResult` error, a time-out, an SSRF refusal and a
 * workspace escape — in one model turn run by the real `AgentRunner`, printed as the exact tool
 * message the model receives, with the event the runner records. Then the guards that act across
 * calls: the SSRF note word for word and the `ssrfAllowlist` that lets a trusted private address
 * through, `failOnToolError: true`, the repeated-lookup throttle and the workspace-violation
 * escalation. No network is used: `web_fetch` gets a resolver and a `fetch` that only count their
 * calls.
 *
 * @module
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AgentRunner,
  escalationMessage,
  parseToolArguments,
  REPEATED_LOOKUP_MESSAGE,
  RETRY_HINT,
  ScriptedProvider,
  SSRF_NOTE,
  Tool,
  ToolCallRequest,
  ToolRegistry,
  ToolResult,
  WebFetchTool,
  type ExecuteOptions,
  type JsonSchema,
  type LLMResponse,
} from "../../src/index.js";
import { ReadFileTool } from "../../src/tools/builtin/read-file.js";
import { block, bold, dim, field, green, mark, red, say, section } from "../_shared/print.js";

/** A tool that fails by throwing, as buggy code does. */
class ParseConfigTool extends Tool {
  readonly name = "parse_config";
  readonly description = "Parse the project configuration (lesson 7 sample: it has a bug).";
  readonly parameters: JsonSchema = { type: "object", properties: {} };
  override get readOnly(): boolean {
    return true;
  }
  async execute(): Promise<unknown> {
    const config: { build?: { target: string } } = {};
    // The bug: `build` is missing, so reading `target` throws a TypeError.
    return (config.build as { target: string }).target.toUpperCase();
  }
}

/** A tool that fails on purpose, with a ToolResult error the model should see. */
class DeployTool extends Tool {
  readonly name = "deploy";
  readonly description = "Deploy the site to an environment (lesson 7 sample).";
  readonly parameters: JsonSchema = {
    type: "object",
    properties: { env: { type: "string", enum: ["staging", "prod"] } },
    required: ["env"],
  };
  async execute(params: Record<string, unknown>): Promise<unknown> {
    return ToolResult.error(`Error: the ${String(params["env"])} environment is locked for a release freeze`);
  }
}

/** A tool that never finishes on its own; it stops only when its signal aborts. */
class SlowSearchTool extends Tool {
  readonly name = "slow_search";
  readonly description = "Search a very slow index (lesson 7 sample: it hangs).";
  readonly parameters: JsonSchema = { type: "object", properties: { query: { type: "string" } } };
  override get readOnly(): boolean {
    return true;
  }
  async execute(_params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    return new Promise((_resolve, reject) => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a stopped tool rejects with the reason its signal was aborted with, as fetch does
      options.signal.addEventListener("abort", () => reject(options.signal.reason), { once: true });
    });
  }
}

/** One failure of the tour: a label and the call the model makes. */
interface Case {
  label: string;
  call: ToolCallRequest;
}

const TIMEOUT_MS = 150;

function cases(): Case[] {
  const call = (id: string, name: string, args: unknown): ToolCallRequest => new ToolCallRequest({ id, name, arguments: args });
  return [
    { label: "not found", call: call("call_1", "readFile", { path: "notes.txt" }) },
    { label: "not an object", call: call("call_2", "read_file", parseToolArguments('["notes.txt"]')) },
    { label: "invalid", call: call("call_3", "read_file", { offset: "ten" }) },
    { label: "thrown", call: call("call_4", "parse_config", {}) },
    { label: "ToolResult error", call: call("call_5", "deploy", { env: "prod" }) },
    { label: "timeout", call: call("call_6", "slow_search", { query: "release notes" }) },
    { label: "SSRF", call: call("call_7", "web_fetch", { url: "http://127.0.0.1/" }) },
    { label: "workspace", call: call("call_8", "read_file", { path: "../secret.txt" }) },
  ];
}

/** Runs the demo. */
export async function main(): Promise<number> {
  const root = await mkdtemp(join(tmpdir(), "lesson-07-"));
  const workspace = join(root, "workspace");
  let ok = true;
  try {
    await mkdir(workspace);
    await writeFile(join(workspace, "notes.txt"), "hello\n");
    await writeFile(join(root, "secret.txt"), "do not show this\n");

    let lookups = 0;
    let fetches = 0;
    const registry = new ToolRegistry();
    registry.register(new ReadFileTool({ workspace }));
    registry.register(new ParseConfigTool());
    registry.register(new DeployTool());
    registry.register(new SlowSearchTool());
    registry.register(
      new WebFetchTool({
        lookup: async () => {
          lookups++;
          return ["127.0.0.1"];
        },
        fetch: async () => {
          fetches++;
          return new Response("should never be fetched");
        },
      }),
    );

    const tour = cases();
    const provider = new ScriptedProvider([
      { content: null, toolCalls: tour.map((c) => c.call), finishReason: "tool_calls" },
      { content: "Several calls failed; here is what I learned from each error.", toolCalls: [], finishReason: "stop" },
    ]);
    const result = await new AgentRunner().run({
      provider,
      model: "scripted",
      tools: registry,
      messages: [{ role: "user", content: "Try everything." }],
      toolTimeoutMs: TIMEOUT_MS,
    });
    const toolMessages = result.messages.filter((m) => m.role === "tool");

    say(`  One model reply with ${tour.length} calls; toolTimeoutMs: ${TIMEOUT_MS}; workspace: ${dim(workspace)}`);
    tour.forEach((c, i) => {
      const message = toolMessages[i];
      const event = result.toolEvents[i];
      section(`${i + 1}. ${c.label}: ${c.call.name}(${JSON.stringify(c.call.arguments)})`);
      say(dim(`  the model reads (role: "tool", tool_call_id: ${message?.tool_call_id ?? "?"}):`));
      block(message?.content ?? red("(no message)"), 4);
      say(`  ${dim("event")} ${event?.status ?? "?"}: ${event?.detail ?? ""}`);
    });

    const content = (i: number): string => toolMessages[i]?.content ?? "";
    const checks: [string, boolean][] = [
      ["one tool message per call, in call order", toolMessages.map((m) => m.tool_call_id).join() === tour.map((c) => c.call.id).join()],
      ["not found: suggests read_file, ends with the retry hint", content(0).includes("Did you mean 'read_file'?") && content(0).endsWith(RETRY_HINT)],
      ["not an object: got array", content(1).includes("parameters must be a JSON object, got array")],
      ["invalid: every problem listed", content(2).startsWith("Error: Invalid parameters for tool 'read_file': missing required path")],
      ["thrown: the error's name and message, no retry hint", content(3).startsWith("Error: TypeError: ") && !content(3).includes(RETRY_HINT)],
      ["ToolResult error: its text plus the retry hint", content(4) === "Error: the prod environment is locked for a release freeze" + RETRY_HINT],
      ["timeout: the call was aborted after toolTimeoutMs", content(5).startsWith(`Error: Tool 'slow_search' timed out after ${TIMEOUT_MS} ms`)],
      ["SSRF: refused with the security note, no retry hint", content(6).endsWith(SSRF_NOTE) && !content(6).includes(RETRY_HINT)],
      [`SSRF: the guard refused before any request (fetch calls: ${fetches})`, fetches === 0],
      ["workspace: refused as outside the allowed directory", /outside allowed directory/i.test(content(7))],
      ["workspace: the secret was not read", !content(7).includes("do not show this")],
      ["no call crashed the run: it completed", result.stopReason === "completed"],
    ];

    section("What the runner made of it");
    field("stopReason", result.stopReason, 12);
    field("toolsUsed", `${JSON.stringify(result.toolsUsed)}  ${dim("(only calls that succeeded are listed; every call of this turn failed)")}`, 12);
    field("dns lookups", String(lookups), 12);

    const more = await guardsAcrossCalls(workspace, root);
    checks.push(...more);
    say();
    for (const [label, passed] of checks) {
      ok &&= passed;
      say(`  ${mark(passed)} ${label}`);
    }
    say();
    say(ok ? green(`  ${bold("Every failure came back to the model as a tool result.")}`) : red("  Some checks failed."));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return ok ? 0 : 1;
}

/** A search tool that counts its calls and always finds the same page. */
class CountingSearchTool extends Tool {
  readonly name = "web_search";
  readonly description = "Search the web (lesson 7 sample: answers from a fixed list).";
  readonly parameters: JsonSchema = { type: "object", properties: { query: { type: "string" } }, required: ["query"] };
  calls = 0;
  override get readOnly(): boolean {
    return true;
  }
  async execute(): Promise<unknown> {
    this.calls++;
    return "1. Release notes 4.2 - example.com/notes";
  }
}

/** Sections 9-13: the guards that act across calls, and failOnToolError. Returns their checks. */
async function guardsAcrossCalls(workspace: string, root: string): Promise<[string, boolean][]> {
  const checks: [string, boolean][] = [];
  const user = [{ role: "user" as const, content: "Go on." }];
  const call = (id: string, name: string, args: unknown): ToolCallRequest => new ToolCallRequest({ id, name, arguments: args });
  const done: LLMResponse = { content: "I will answer with what I have.", toolCalls: [], finishReason: "stop" };

  section("9. The SSRF note, word for word (upstream's text)");
  block(SSRF_NOTE, 4);

  section("10. ssrfAllowlist: a private address the user trusts");
  let fetched = 0;
  const trusted = new WebFetchTool({
    lookup: async () => ["127.0.0.1"],
    fetch: async () => {
      fetched++;
      return new Response("dashboard: all services up", { headers: { "content-type": "text/plain" } });
    },
    ssrfAllowlist: ["127.0.0.1"],
  });
  say(dim(`  new WebFetchTool({ ssrfAllowlist: ["127.0.0.1"] }) — upstream's setting is tools.ssrfWhitelist`));
  const page = await trusted.execute({ url: "http://127.0.0.1/" }, { signal: new AbortController().signal });
  say(`  web_fetch("http://127.0.0.1/") -> ${JSON.stringify(page)}`);
  const other = await trusted.execute({ url: "http://169.254.169.254/" }, { signal: new AbortController().signal });
  say(`  web_fetch("http://169.254.169.254/") -> ${JSON.stringify(String(other))}`);
  checks.push([
    "ssrfAllowlist: the allowlisted address was fetched, any other private one still refused",
    page === "dashboard: all services up" && fetched === 1 && String(other).includes("private/internal address"),
  ]);

  section("11. failOnToolError: true stops the run after the turn, keeping every tool message");
  const failing = new ToolRegistry();
  failing.register(new DeployTool());
  failing.register(new ReadFileTool({ workspace }));
  const stopped = await new AgentRunner().run({
    provider: new ScriptedProvider([
      { content: null, toolCalls: [call("call_a", "deploy", { env: "prod" }), call("call_b", "read_file", { path: "notes.txt" })], finishReason: "tool_calls" },
      done,
    ]),
    model: "scripted",
    tools: failing,
    messages: user,
    failOnToolError: true,
  });
  for (const m of stopped.messages.slice(1)) say(`  ${m.role.padEnd(9)} ${JSON.stringify(m.content)}`);
  field("stopReason", stopped.stopReason, 12);
  field("toolsUsed", `${JSON.stringify(stopped.toolsUsed)}  ${dim("(read_file succeeded; deploy failed, so it is not listed)")}`, 12);
  checks.push([
    "failOnToolError: stopped with tool_error after both tool messages were appended",
    stopped.stopReason === "tool_error" &&
      stopped.messages.filter((m) => m.role === "tool").length === 2 &&
      stopped.finalContent === "Error: RuntimeError: Error: the prod environment is locked for a release freeze",
  ]);

  section("12. The repeated-lookup throttle: the same search three times in one run");
  const search = new CountingSearchTool();
  const searching = new ToolRegistry();
  searching.register(search);
  const throttled = await new AgentRunner().run({
    provider: new ScriptedProvider([
      ...[1, 2, 3].map((i): LLMResponse => ({ content: null, toolCalls: [call(`call_s${i}`, "web_search", { query: "Release notes 4.2" })], finishReason: "tool_calls" })),
      done,
    ]),
    model: "scripted",
    tools: searching,
    messages: user,
  });
  const searchMessages = throttled.messages.filter((m) => m.role === "tool");
  say(`  web_search ran ${search.calls} times; the third call read:`);
  block(searchMessages[2]?.content ?? "", 4);
  checks.push([
    "throttle: the third identical lookup was blocked with upstream's text",
    search.calls === 2 && searchMessages[2]?.content === REPEATED_LOOKUP_MESSAGE + RETRY_HINT,
  ]);

  section("13. Workspace-violation escalation: three ways to the same outside file");
  // A link inside the workspace that leads out of it: the guard still refuses, and the counter
  // follows the link, so it counts the same file.
  await symlink(root, join(workspace, "shortcut"));
  const guarded = new ToolRegistry();
  guarded.register(new ReadFileTool({ workspace }));
  const attempts = [join(root, "secret.txt"), `${workspace}/../secret.txt`, join(workspace, "shortcut", "secret.txt")];
  const escalated = await new AgentRunner().run({
    provider: new ScriptedProvider([{ content: null, toolCalls: attempts.map((path, i) => call(`call_w${i + 1}`, "read_file", { path })), finishReason: "tool_calls" }, done]),
    model: "scripted",
    tools: guarded,
    messages: user,
  });
  const refusals = escalated.messages.filter((m) => m.role === "tool");
  const realRoot = await realpath(root);
  attempts.forEach((path, i) => say(`  ${i + 1}. read_file(${JSON.stringify(path)}) -> ${escalated.toolEvents[i]?.detail.split(":")[0] ?? "?"}`));
  say(dim("  (the counter keys on the path with ~ expanded and links followed; a relative path is taken"));
  say(dim("   from the agent process's folder, as upstream does)"));
  say(dim("  the third call read:"));
  block(refusals[2]?.content ?? "", 4);
  checks.push([
    "escalation: the third attempt on the same file got upstream's firmer text",
    refusals[2]?.content === escalationMessage(join(realRoot, "secret.txt"), 3) && !refusals.some((m) => (m.content ?? "").includes("do not show this")),
  ]);
  return checks;
}
