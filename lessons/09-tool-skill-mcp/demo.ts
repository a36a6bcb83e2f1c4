/**
 * Lesson 9 demo: a Tool, a Skill and an MCP tool side by side. The Skill is markdown put into the
 * context; the MCP tools come from the real `@modelcontextprotocol/server-filesystem`, spawned
 * over stdio, adapted into `Tool`s named `mcp_fs_<tool>`, registered next to the built-ins and
 * called through `prepareCall`. A server that cannot start is reported and the demo exits 1; it
 * never hangs.
 *
 * `npm run lesson 9 -- --server <path/to/server.js>` starts another server script instead.
 *
 * @module
 */
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AgentRunner,
  connectStdioMcpServer,
  isToolErrorResult,
  registerMcpTools,
  ScriptedProvider,
  ToolCallRequest,
  ToolRegistry,
  ToolResult,
  WebFetchTool,
  type StdioMcpConnection,
} from "../../src/index.js";
import { ReadFileTool } from "../../src/tools/builtin/read-file.js";
import { block, bold, dim, field, green, mark, red, say, section, table, yellow } from "../_shared/print.js";
import { traceCall } from "../_shared/trace.js";
import type { DemoOption } from "../_shared/args.js";

// The workbook's folder; `WORKBOOK_ROOT` when this file runs from the compiled copy `lessons/launch.mjs` makes.
const ROOT = process.env["WORKBOOK_ROOT"] || resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The server script this demo starts by default. */
export const FILESYSTEM_SERVER = join(ROOT, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js");
/** How long the server may take to start and list its tools. */
const START_TIMEOUT_MS = 10_000;

/** The Skill: guidance in markdown. It is put into the context; nothing executes it. */
export const RELEASE_NOTES_SKILL = `# Skill: release notes

Use this when the user asks for release notes.

1. Read CHANGES.md first; never invent entries.
2. Group the entries under **Added**, **Fixed** and **Changed**.
3. One line per entry, present tense, no ticket numbers.`;

function serverPath(args: readonly string[]): string {
  const at = args.indexOf("--server");
  const given = at >= 0 ? args[at + 1] : undefined;
  return given === undefined ? FILESYSTEM_SERVER : resolve(given);
}

/** What `npm run lesson 9 -- --help` lists. */
export const options: readonly DemoOption[] = [{ flag: "--server <path>", says: "start this MCP server script instead of @modelcontextprotocol/server-filesystem" }];

/** Runs the demo; exits 1 (with the reason) when the MCP server cannot start. */
export async function main(args: string[]): Promise<number> {
  let ok = true;
  const check = (label: string, passed: boolean): void => {
    ok &&= passed;
    say(`  ${mark(passed)} ${label}`);
  };

  const dir = await realpath(await mkdtemp(join(tmpdir(), "lesson-09-")));
  let server: StdioMcpConnection | undefined;
  try {
    await writeFile(join(dir, "CHANGES.md"), "- add the MCP adapter\n- fix the timeout message\n");

    section("1. A Tool: a schema for the model, code in this process");
    const registry = new ToolRegistry();
    registry.register(new ReadFileTool({ workspace: dir }));
    registry.register(new WebFetchTool());
    const readFile = registry.get("read_file");
    say(
      `  read_file.toSchema().function.parameters.properties: ${Object.keys((readFile?.toSchema().function.parameters["properties"] as object | undefined) ?? {}).join(", ")}`,
    );
    const local = await readFile?.execute({ path: "CHANGES.md" }, { signal: AbortSignal.timeout(5_000) });
    say(`  read_file.execute({ path: "CHANGES.md" }) -> ${JSON.stringify(String(local))}`);

    section("2. A Skill: markdown put into the context, not a tool");
    const skillMessage = { role: "system" as const, content: RELEASE_NOTES_SKILL };
    say(`  { role: "system", content: ${dim("<the skill below>")} }`);
    block(RELEASE_NOTES_SKILL, 6);
    const provider = new ScriptedProvider([{ content: "Added: the MCP adapter. Fixed: the timeout message.", toolCalls: [], finishReason: "stop" }]);
    await new AgentRunner().run({
      provider,
      model: "scripted",
      tools: registry,
      messages: [skillMessage, { role: "user", content: "Write the release notes." }],
    });
    const sent = provider.requests[0];
    say();
    check("the request's first message is the skill", sent?.messages[0]?.content === RELEASE_NOTES_SKILL);
    check(
      `the request's tools are only ${sent?.tools.map((t) => t.function.name).join(", ")}: a skill cannot be called`,
      sent?.tools.every((t) => !t.function.name.includes("release")) ?? false,
    );

    section("3. MCP: tools served by another process, adapted into Tools");
    const script = serverPath(args);
    say(`  starting ${dim(`${process.execPath} ${script} ${dir}`)}`);
    const started = Date.now();
    try {
      server = await connectStdioMcpServer({
        command: process.execPath,
        args: [script, dir],
        serverName: "fs",
        timeoutMs: START_TIMEOUT_MS,
        callTimeoutMs: 5_000,
      });
    } catch (error) {
      say();
      say(red("  The MCP server could not start, so this part of the lesson cannot run:"));
      block((error as Error).message, 4);
      say();
      say(yellow("  Check that the dependencies are installed (npm install) and that the server script exists."));
      return 1;
    }
    say(`  connected in ${Date.now() - started} ms; the server listed ${server.tools.length} tools`);
    const registration = registerMcpTools(registry, server.tools);
    check(`registered ${registration.registered.length} of ${server.tools.length} tools; none skipped`, registration.skipped.length === 0);
    say();
    table([
      ["adapted tool", "readOnly", "concurrencySafe"],
      ...server.tools.slice(0, 6).map((t) => [t.name, String(t.readOnly), String(t.concurrencySafe)]),
      ...(server.tools.length > 6 ? [[dim(`... ${server.tools.length - 6} more`), "", ""]] : []),
    ]);
    check(
      "no MCP tool is read-only: the server's readOnlyHint counts only with trustReadOnlyHint",
      server.tools.every((t) => !t.readOnly && !t.concurrencySafe),
    );

    section("getDefinitions(): built-ins first, then the mcp_ tools, each group sorted");
    const names = registry.getDefinitions().map((d) => d.function.name);
    say(`  ${names.join(", ")}`);
    const firstMcp = names.findIndex((n) => n.startsWith("mcp_"));
    check("read_file and web_fetch come before every mcp_fs_ tool", firstMcp === 2);
    check("the mcp_fs_ tools are sorted", JSON.stringify(names.slice(2)) === JSON.stringify([...names.slice(2)].sort()));

    section('prepareCall("mcp_fs_read_text_file", ...): the same steps as any tool');
    const target = join(dir, "CHANGES.md");
    const traced = await traceCall(registry, "mcp_fs_read_text_file", JSON.stringify({ path: target, head: "1" }));
    if (traced.prepared.error !== null) {
      check("prepareCall accepted the call", false);
      return 1;
    }
    const result = await traced.prepared.tool.execute(traced.prepared.params, { signal: AbortSignal.timeout(5_000) });
    say();
    say(`  execute(...) on the server -> ${JSON.stringify(result)}`);
    check("the server read the file's first line", result === "- add the MCP adapter");

    section("An MCP isError answer becomes a ToolResult error");
    const outside = join(dirname(dir), "outside-the-folder.txt");
    const denied = registry.prepareCall("mcp_fs_read_text_file", { path: outside });
    const deniedResult = denied.error === null ? await denied.tool.execute(denied.params, { signal: AbortSignal.timeout(5_000) }) : denied.error;
    field("path", outside, 12);
    field("result", `ToolResult { isError: ${String(deniedResult instanceof ToolResult && deniedResult.isError)} }`, 12);
    block(String(deniedResult), 14);
    check("isToolErrorResult(result) is true", isToolErrorResult(deniedResult));

    const loop = new ScriptedProvider([
      { content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id: "call_mcp", name: "mcp_fs_read_text_file", arguments: { path: outside } })] },
      { content: "That file is outside the folder I may read.", toolCalls: [], finishReason: "stop" },
    ]);
    const run = await new AgentRunner().run({ provider: loop, model: "scripted", tools: registry, messages: [{ role: "user", content: `Read ${outside}` }] });
    const toolMessage = run.messages.find((m) => m.role === "tool");
    say();
    say(`  through the runner, the model reads (role: "tool", name: ${toolMessage?.name ?? "?"}):`);
    block(toolMessage?.content ?? "", 6);
    field("event", `${run.toolEvents[0]?.status ?? "?"}: ${run.toolEvents[0]?.detail ?? ""}`, 12);
    field("stopReason", run.stopReason, 12);
    check("the error went back to the model and the run completed", run.stopReason === "completed" && run.toolEvents[0]?.status === "error");

    section("Side by side");
    table([
      ["", "what the model gets", "where it runs"],
      ["Tool", "a JSON schema in tools[]", "this process (execute)"],
      ["Skill", "markdown in the messages", "nowhere: it is guidance"],
      ["MCP tool", "a JSON schema in tools[] (mcp_<server>_<tool>)", "the MCP server process"],
    ]);
    say();
    say(`  ${bold("To teach the model how, write a Skill; to let it act, give it a Tool or an MCP tool.")}`);
    say(ok ? green("  All checks passed.") : red("  Some checks failed."));
    return ok ? 0 : 1;
  } finally {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
