/**
 * Runs every lesson demo (01–11) without a terminal, by importing its `main` and capturing what
 * it prints, and checks the lines each lesson is about. Also checks the lesson runner itself.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findLessonFolder, listLessons, readLessonMeta } from "../../lessons/_shared/meta.js";
import { readArgsFile } from "../../lessons/05-argument-processing/demo.js";
import { runLessonCommand } from "../../lessons/run.js";

interface DemoRun {
  code: number;
  out: string;
}

// eslint-disable-next-line no-control-regex -- looks for the ESC that starts an ANSI colour code
const ANSI = /\u001b\[/;

async function capture(fn: () => Promise<number>): Promise<DemoRun> {
  const lines: string[] = [];
  const sink = (...parts: unknown[]): void => {
    lines.push(parts.map(String).join(" "));
  };
  const spies = [
    vi.spyOn(console, "log").mockImplementation(sink),
    vi.spyOn(console, "info").mockImplementation(sink),
    vi.spyOn(console, "warn").mockImplementation(sink),
    vi.spyOn(console, "error").mockImplementation(sink),
  ];
  try {
    const code = await fn();
    return { code, out: lines.join("\n") };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Imports lessons/NN-*\/demo.ts and runs its main; fails with a clear message when it is missing. */
async function runDemo(n: number, args: string[] = []): Promise<DemoRun> {
  const nn = String(n).padStart(2, "0");
  const folder = findLessonFolder(n);
  if (folder === null) throw new Error(`lesson ${nn} is missing: there is no folder lessons/${nn}-*`);
  const demoPath = join(folder, "demo.ts");
  if (!existsSync(demoPath)) throw new Error(`lesson ${nn} has no demo: ${demoPath} does not exist`);
  const mod = (await import(pathToFileURL(demoPath).href)) as { main?: (args: string[]) => Promise<number> };
  if (typeof mod.main !== "function") throw new Error(`${demoPath} does not export main(args)`);
  const main = mod.main;
  return capture(() => main(args));
}

function expectLines(out: string, expected: readonly (string | RegExp)[]): void {
  for (const line of expected) {
    if (typeof line === "string") expect(out, `expected the output to contain: ${line}`).toContain(line);
    else expect(out, `expected the output to match: ${line}`).toMatch(line);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("lesson runner", () => {
  it("every lesson 01-11 has a README with a title and key points", () => {
    for (let n = 1; n <= 11; n++) {
      const folder = findLessonFolder(n);
      expect(folder, `lessons/${String(n).padStart(2, "0")}-* is missing`).not.toBeNull();
      const meta = readLessonMeta(folder ?? "");
      expect(meta.number).toBe(n);
      expect(meta.title.length).toBeGreaterThan(0);
      expect(meta.keyPoints.length, `lesson ${n} has no "## Key points" bullets`).toBeGreaterThan(0);
    }
  });

  it("lists the lessons with no argument", async () => {
    const run = await capture(() => runLessonCommand([]));
    expect(run.code).toBe(0);
    for (const lesson of listLessons()) expect(run.out).toContain(lesson.title);
    expect(run.out).toMatch(/\b5\s+Argument processing/);
  });

  it("prints the list and exits with 2 for an unknown lesson", async () => {
    for (const bad of ["99", "0", "five"]) {
      const run = await capture(() => runLessonCommand([bad]));
      expect(run.code).toBe(2);
      expect(run.out).toContain(`There is no lesson "${bad}"`);
      expect(run.out).toContain("Argument processing");
    }
  });

  it("accepts 05, prints the title and key points, then the demo, and passes arguments on", async () => {
    const run = await capture(() => runLessonCommand(["05", "--name", "read_file", "--args", '{"path": "README.md", "limit": "ten"}']));
    expect(run.code).toBe(0);
    expectLines(run.out, ["Lesson 5. Argument processing", "Key points", "-- your call", "Error: Invalid parameters for tool 'read_file': limit should be integer"]);
    expect(run.out).not.toContain("Call 1 of");
  });

  it("--help lists a lesson's options and runs nothing", async () => {
    const five = await capture(() => runLessonCommand(["5", "--help"]));
    expect(five.code).toBe(0);
    expectLines(five.out, [
      "Usage: npm run lesson 5 [-- <options>]",
      "Options (after --):",
      "--name <tool>",
      "--args <json text>",
      "--args-file <file>",
      "--step",
      "--help, -h",
    ]);
    expect(five.out, "the demo does not run").not.toContain("Key points");
    const eleven = await capture(() => runLessonCommand(["11", "-h"]));
    expect(eleven.out).toContain("--run <N>");
    const runner = await capture(() => runLessonCommand(["--", "--help"]));
    expect(runner.code).toBe(0);
    expect(runner.out).toContain("npm run lesson N -- --help");
    expect(runner.out).toContain("Argument processing");
  });

  it("prints no colour codes when stdout is not a terminal", async () => {
    const run = await capture(() => runLessonCommand(["5"]));
    expect(run.out).not.toMatch(ANSI);
  });
});

describe("lesson demos", () => {
  it("01: the contract of every built-in", async () => {
    const run = await runDemo(1);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      "read_file.toSchema()",
      '"type": "function"',
      /tool\s+readOnly\s+exclusive\s+concurrencySafe\s+scopes\s+configKey/,
      /read_file\s+true\s+false\s+true\s+\[core\]/,
      /list_dir\s+true\s+false\s+true/,
      /write_file\s+false\s+false\s+false/,
      /web_fetch\s+true\s+false\s+true/,
      /snapshot_workspace\s+true\s+true\s+false/,
      "execute(params, { signal })",
      'read_file.execute({ path: "missing.txt" }) resolves, it does not throw, with:',
      /ToolResult \{ isError: true, content: "Error: File not found: missing\.txt"/,
      "isToolErrorResult(result) = true",
    ]);
  });

  it("02: discovery, a plugin manifest, a plugin losing to a built-in, and scope, enabled and create from configuration", async () => {
    const run = await runDemo(2);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      "1. Built-in discovery: the real folder",
      /ReadFileTool\s+kept/,
      /echo\.js\s+EchoTool\s+kept/,
      /echo\.js\s+ECHO_VERSION\s+skipped: not a class/,
      /BaseSearchTool\s+skipped: abstract/,
      /RemoteBridgeTool\s+skipped: discoverable = false/,
      /_scratch\.js\s+-\s+module skipped: name starts with _/,
      /broken\.js/,
      "this module needs a package that is not installed",
      /discoverPlugins\(\) -> .*hello = HelloTool/,
      /load\(\) registered: .*hello/,
    ]);
    const logAfterLoad = run.out.slice(run.out.indexOf("4. A plugin loses"));
    expect(logAfterLoad).toMatch(/(warn|error): .*read_file/);
    expect(logAfterLoad).not.toContain("read_file is: A plugin that tries to take over read_file.");
    expect(logAfterLoad).toMatch(/isError: true/);
    const configured = run.out.slice(run.out.indexOf("5. Scope, enabled(ctx) and create(ctx)"));
    expectLines(configured, [
      /NotesTool\s+core\s+"notes"\s+kept: built by create\(ctx\)/,
      /WebSearchTool\s+core\s+"search"\s+skipped: enabled\(ctx\) is false/,
      /ReportToParentTool\s+subagent\s+""\s+skipped: scopes are \[subagent\], not core\s+kept: built by create\(ctx\)/,
      'load(ctx, registry, { scope: "core" })     -> add_note',
      'load(ctx, registry, { scope: "subagent" }) -> report_to_parent',
      'add_note was built from ctx.config.notes: folder "meeting-notes", maxNotes 20',
    ]);
  });

  it("03: definitions order and the cache", async () => {
    const run = await runDemo(3);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      "registered        write_file, mcp_docs_search, read_file, mcp_calc_add, list_dir",
      "getDefinitions()  list_dir, read_file, write_file, mcp_calc_add, mcp_docs_search",
      /getDefinitions\(\) again\s+true\s+\(===\)\s+reused/,
      /register\(snapshot_workspace\)\s+false\s+rebuilt/,
      /unregister\(no_such_tool\)\s+false\s+rebuilt: even a no-op invalidates/,
      /has\("constructor"\)\s+false/,
      /has\("__proto__"\)\s+false/,
      "threw TypeError",
    ]);
  });

  it("04: near-miss names are suggested in the error and never run", async () => {
    const run = await runDemo(4);
    expect(run.code).toBe(0);
    for (const name of ["ReadFile", "read-file", "READ_FILE"]) {
      expect(run.out).toContain(`Error: Tool '${name}' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file, list_dir, write_file`);
    }
    expectLines(run.out, [
      "Error: Tool 'readfil' not found. Available: read_file, list_dir, write_file",
      "Error: Tool 'ReadFile' not found. Available: read_file, read-file",
      "Near-miss calls: 5; tool.execute calls among them: 0",
    ]);
    expect(run.out).not.toMatch(/tool ran\s+[1-9]/);
  });

  it("05: the prepareCall trace over every kind of call, with the real read_file", async () => {
    const run = await runDemo(5);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      "read_file (the real ReadFileTool)",
      /Call 1 of 13: a valid JSON string/,
      `would execute with {"path":"src/index.ts","offset":1,"limit":20}`,
      /ok\s+unwrap\s+unwrapped one \{"arguments": …\} level/,
      `would execute with {"path":"README.md"}`,
      /FAIL\s+shape\s+got array, not an object/,
      "Error: Tool 'read_file' parameters must be a JSON object, got array.",
      "a scalar: the text 42",
      /ok\s+coerce\s+not JSON object text: kept as a string/,
      "Error: Tool 'read_file' parameters must be a JSON object, got string.",
      "a scalar: the value true",
      /FAIL\s+shape\s+got boolean, not an object/,
      "Error: Tool 'read_file' parameters must be a JSON object, got boolean.",
      /ok\s+coerce\s+malformed JSON: kept as a string, never repaired/,
      "Error: Tool 'read_file' parameters must be a JSON object, got string.",
      /FAIL\s+lookup\s+no tool has exactly this name/,
      "Error: Tool 'ReadFile' not found. Did you mean 'read_file'? Tool names must match exactly.",
      `out {"path":"a.ts","limit":0}`,
      "Error: Invalid parameters for tool 'read_file': limit must be >= 1",
      "[Analyze the error above and try a different approach.]",
      "not reached: cast, validate",
      "tool.execute ran 0 times",
      "an Optional field refusing a string",
      "Error: Invalid parameters for tool 'wait': seconds should be integer or null",
      "an Optional field casting a number string",
      `would execute with {"seconds":30}`,
      "Rejected calls: 9; tool.execute calls among them: 0",
      "Trace your own: npm run lesson 5 -- --name read_file --args-file lessons/05-argument-processing/calls/limit-ten.json",
    ]);
    expect(run.out).not.toContain(`--args '{"path": 3}'`);
    expect(run.out).not.toMatch(ANSI);
  });

  it("05: --name/--args trace one call, --step never waits without a terminal", async () => {
    const run = await runDemo(5, ["--name", "read_file", "--args", '{"path": "README.md", "limit": "ten"}', "--step"]);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      `arguments   '{"path": "README.md", "limit": "ten"}'`,
      /ok\s+cast\s+nothing to cast/,
      "Error: Invalid parameters for tool 'read_file': limit should be integer",
    ]);
    const miss = await runDemo(5, ["--name", "readFile", "--args", "[1]"]);
    expect(miss.out).toContain("Did you mean 'read_file'?");
  });

  it("05: --args-file reads the call's text from a file, in any shell; a missing file or both flags is a clear error", async () => {
    const file = join(import.meta.dirname, "../../lessons/05-argument-processing/calls/limit-ten.json");
    const run = await runDemo(5, ["--name", "read_file", "--args-file", file]);
    expect(run.code).toBe(0);
    expectLines(run.out, [`arguments   '{"path": "README.md", "limit": "ten"}'`, "Error: Invalid parameters for tool 'read_file': limit should be integer"]);
    const missing = await runDemo(5, ["--name", "read_file", "--args-file", "no-such-call.json"]);
    expect(missing.code).toBe(2);
    expect(missing.out).toMatch(/--args-file no-such-call\.json: cannot read .*no-such-call\.json: there is no such file/);
    expect(missing.out).not.toContain("your call");
    const both = await runDemo(5, ["--args", "{}", "--args-file", file]);
    expect(both.code).toBe(2);
    expect(both.out).toContain("not both");
    const bare = await runDemo(5, ["--args-file"]);
    expect(bare.code).toBe(2);
    expect(bare.out).toContain("--args-file needs a file");
  });

  it("05: --args-file takes a relative path from the folder the command was typed in, and drops only one final line break", () => {
    const folder = mkdtempSync(join(tmpdir(), "args-file-"));
    try {
      writeFileSync(join(folder, "call.json"), '{"path": 3}\n\n');
      expect(readArgsFile("call.json", { INIT_CWD: folder })).toBe('{"path": 3}\n');
      writeFileSync(join(folder, "crlf.json"), '{"path": 3}\r\n');
      expect(readArgsFile("crlf.json", { INIT_CWD: folder })).toBe('{"path": 3}');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("05: --args nested 6,000 deep is traced without recursing, and the trace says where it stopped", async () => {
    const deep = `${"[".repeat(6_000)}1${"]".repeat(6_000)}`;
    for (const args of [deep, `{"path": "README.md", "extra": ${deep}}`]) {
      const run = await runDemo(5, ["--name", "read_file", "--args", args]);
      expect(run.code).toBe(0);
      expect(run.out).not.toMatch(/RangeError|Maximum call stack/);
      // The mark shows where the line is wide enough to reach it.
      if (args === deep) expect(run.out).toContain('"[nested deeper than 32 levels]"');
      expect(run.out).toMatch(/outcome\s+(rejected|would execute)/);
    }
  });

  it("06: a timeline of one turn: safe calls together, the unsafe one alone", async () => {
    const run = await runDemo(6);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      "batch 1: read_a + read_b  (run together)",
      "batch 2: write_a  (runs alone)",
      /read_a \(batch 1\)\s+#+/,
      /write_a \(batch 2\)\s+#+/,
      /ok\s+read_a and read_b overlapped: yes/,
      /ok\s+write_a started after read_a and read_b had ended: yes/,
      "The same turn with concurrentTools: false",
      "The timeline matches the batching rule.",
    ]);
    expect(run.out).not.toContain("FAIL");
    expect(run.out).not.toMatch(/^[^\S\r\n\u2028\u2029]*FAIL/m);
  });

  it("07: every error class as the tool message the model receives", { timeout: 60_000 }, async () => {
    const run = await runDemo(7);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      "Did you mean 'read_file'?",
      "parameters must be a JSON object, got array",
      "Error: Invalid parameters for tool 'read_file': missing required path",
      "Error: TypeError: ",
      "Error: the prod environment is locked for a release freeze",
      "Error: Tool 'slow_search' timed out after",
      /outside allowed directory/i,
      "[Analyze the error above and try a different approach.]",
      "What the runner made of it",
      "(only calls that succeeded are listed; every call of this turn failed)",
      "9. The SSRF note, word for word",
      "This is a non-bypassable security boundary. Stop trying to access private/internal URLs. Do not retry with curl, wget, encoded IPs, alternate DNS, redirects, proxies, or another tool. Ask the user for local files, logs, screenshots, or an explicit safe public URL instead. If the user explicitly trusts this private URL, ask them to whitelist the exact IP/CIDR via tools.ssrfWhitelist.",
      'web_fetch("http://127.0.0.1/") -> "dashboard: all services up"',
      /ok\s+ssrfAllowlist: the allowlisted address was fetched/,
      "11. failOnToolError: true stops the run",
      /ok\s+failOnToolError: stopped with tool_error after both tool messages were appended/,
      "Error: repeated external lookup blocked. Use the results you already have to answer, or try a meaningfully different source.",
      /ok\s+throttle: the third identical lookup was blocked/,
      "Error: refusing repeated workspace-bypass attempts.",
      /ok\s+escalation: the third attempt on the same file got upstream's firmer text/,
      "Every failure came back to the model as a tool result.",
    ]);
    expect(run.out).not.toContain("do not show this");
    expect(run.out).not.toMatch(/^[^\S\r\n\u2028\u2029]*FAIL/m);
  });

  it("08: the role: tool messages of one iteration, and the replay boundaries", async () => {
    const run = await runDemo(8);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      '{"role":"tool","tool_call_id":"call_empty","name":"clear_cache", "content":',
      "(clear_cache completed with no output)",
      '{"files":3,"lines":1240',
      "... (truncated)",
      "[tool output persisted]",
      /ok\s+the file holds the full \d+ chars/,
      /ok\s+they are exactly the messages built above, in call order/,
      "4. Replay boundaries",
      'call_b  count_lines "{\\"path\\": \\"src/"',
      /ok\s+the calls are replayed verbatim: same ids, names as written, arguments as the raw text/,
      /ok\s+right after it, one tool message per call id, in call order/,
      /ok\s+the old result is cut in the model's copy only/,
      /ok\s+the history is only appended to/,
      "result.messages.slice(5) = assistant, tool(call_a), tool(call_b), assistant",
      "Every result became one string message per call.",
    ]);
    expect(run.out).not.toMatch(/^[^\S\r\n\u2028\u2029]*FAIL/m);
  });

  it("09: Tool, Skill and a real MCP server side by side", { timeout: 90_000 }, async () => {
    const run = await runDemo(9);
    expect(run.code).toBe(0);
    expectLines(run.out, [
      "1. A Tool: a schema for the model, code in this process",
      "2. A Skill: markdown put into the context, not a tool",
      "3. MCP: tools served by another process, adapted into Tools",
      /read_file, web_fetch, mcp_fs_/,
      'prepareCall("mcp_fs_read_text_file", ...): the same steps as any tool',
      "- add the MCP adapter",
      "ToolResult { isError: true }",
      "All checks passed.",
    ]);
    expect(run.out).not.toMatch(/^[^\S\r\n\u2028\u2029]*FAIL/m);
  });

  it("10: the observation task end to end with the mocked model", { timeout: 60_000 }, async () => {
    const saved = process.env["OPENAI_BASE_URL"];
    delete process.env["OPENAI_BASE_URL"];
    try {
      const run = await runDemo(10);
      expect(run.code).toBe(0);
      expectLines(run.out, [
        "1. ToolRegistry.getDefinitions(): what the model is offered",
        "2. The model's reply: ToolCallRequest.name and .arguments",
        "3. prepareCall() inside the run",
        "4. concurrencySafe: how the runner plans the turn",
        "5. The tool result",
        '6. The role:"tool" message inside the next request',
        "File not found",
        "(only calls that succeeded are listed; read_file ran but failed)",
        "8. Two other endings (scripted model)",
        'reply 1: finish_reason "length" with a read_file call -> read_file ran 0 times',
        /ok\s+finish_reason "length": the cut-off call was not run, and the parts were joined/,
        "The tool-call budget for this turn is exhausted.",
        /ok\s+iteration limit: one more request without tools, and its answer is the final text/,
        "The failed read was one more message for the model, and the run went on.",
      ]);
      expect(run.out).not.toContain("The model answered without calling a tool");
      expect(run.out).not.toMatch(/^[^\S\r\n\u2028\u2029]*FAIL/m);
    } finally {
      if (saved !== undefined) process.env["OPENAI_BASE_URL"] = saved;
    }
  });

  it("10: an unreachable model server is reported as such, never as an answer", { timeout: 60_000 }, async () => {
    const saved = process.env["OPENAI_BASE_URL"];
    process.env["OPENAI_BASE_URL"] = "http://127.0.0.1:9/v1";
    try {
      const run = await runDemo(10);
      expect(run.code).toBe(1);
      expectLines(run.out, ['No tool was called: the run ended with stopReason "error"', "Could not reach the model server"]);
      expect(run.out).not.toContain("The model answered without calling a tool");
      expect(run.out).not.toContain("(no content)");
    } finally {
      if (saved === undefined) delete process.env["OPENAI_BASE_URL"];
      else process.env["OPENAI_BASE_URL"] = saved;
    }
  });

  it("11: asks the five questions, with the learner's answer file and the command that checks it, and no explanation", async () => {
    const run = await runDemo(11);
    expect(run.code).toBe(0);
    for (const [n, file] of [
      [1, "q1-loader-and-registry"],
      [2, "q2-suggestions-only-in-errors"],
      [3, "q3-replay-repair"],
      [4, "q4-concurrency-safe"],
      [5, "q5-errors-return-to-model"],
    ] as const) {
      expect(run.out).toContain(`exercises/self-check/${file}.ts`);
      expect(run.out).toContain(`npm run exercise q${n}`);
    }
    expect(run.out).toContain("Question 5");
    // The explanations are shown by the check once an answer passes, never up front.
    expect(run.out).not.toContain("They answer different questions at different times");
    expect(run.out).not.toContain("npx vitest run");
  });
});
