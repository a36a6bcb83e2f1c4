import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { REPEATED_LOOKUP_DETAIL } from "../../src/agent/guards/lookup-throttle.js";
import { SSRF_NOTE } from "../../src/agent/guards/refusal-kind.js";
import type { AgentRunSpec } from "../../src/agent/run-spec.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { ToolResult } from "../../src/tools/base.js";
import type { ToolRegistry } from "../../src/tools/registry.js";
import { ANY_PARAMS, FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "go" }];

function specFor(tools: ToolRegistry, extra: Partial<AgentRunSpec> = {}): AgentRunSpec {
  return { provider: new ScriptedProvider([]), model: "m", tools, messages: user, ...extra };
}

class PermissionError extends Error {
  override name = "PermissionError";
}

const toolMessages = (messages: ChatMessage[]): ChatMessage[] => messages.filter((m) => m.role === "tool");

describe("prepare errors", () => {
  const tools = registryOf(new FakeTool({ name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } }));

  it("unknown name: payload = error + hint, detail after the first ': ', nothing runs", async () => {
    const { results, events } = await runner.executeTools(specFor(tools), [toolCall("1", "readFile", { path: "a" })]);
    const text = "Error: Tool 'readFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file";
    expect(results).toEqual([text + RETRY_HINT]);
    expect(events).toEqual([{ name: "readFile", status: "error", detail: text.slice("Error: ".length) }]);
  });

  it("not an object, invalid parameters", async () => {
    const { results, events } = await runner.executeTools(specFor(tools), [
      toolCall("1", "read_file", "[1,2]"),
      toolCall("2", "read_file", [1, 2]),
      toolCall("3", "read_file", {}),
    ]);
    expect(results[1]).toBe(
      'Error: Tool \'read_file\' parameters must be a JSON object, got array. Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.' +
        RETRY_HINT,
    );
    expect(results[2]).toBe("Error: Invalid parameters for tool 'read_file': missing required path" + RETRY_HINT);
    expect(events[2]?.detail).toBe("Invalid parameters for tool 'read_file': missing required path");
    expect(events[1]?.detail.length).toBe(120);
  });

  it("the detail keeps newlines and is cut to 120 characters", async () => {
    const many = registryOf(...Array.from({ length: 30 }, (_, i) => new FakeTool({ name: `tool_number_${i}` })));
    const { events } = await runner.executeTools(specFor(many), [toolCall("1", "nope")]);
    expect(events[0]?.detail.startsWith("Tool 'nope' not found. Available: tool_number_0, ")).toBe(true);
    expect(events[0]?.detail.length).toBe(120);
  });

  it("the tool gets the prepared (cast) params and its call id", async () => {
    const tool = new FakeTool({ name: "n", parameters: { type: "object", properties: { count: { type: "integer" } } } });
    await runner.executeTools(specFor(registryOf(tool)), [toolCall("call_9", "n", '{"count": "42"}')]);
    expect(tool.calls[0]?.params).toEqual({ count: 42 });
    expect(tool.calls[0]?.options.callId).toBe("call_9");
    expect(tool.calls[0]?.options.signal).toBeInstanceOf(AbortSignal);
  });
});

describe("a tool that throws", () => {
  it("payload `Error: <name>: <message>` without hint; detail the message verbatim", async () => {
    const tools = registryOf(
      new FakeTool({
        name: "list_dir",
        run: () => {
          throw new RangeError("boom\nline two");
        },
      }),
    );
    const { results, events, fatalError } = await runner.executeTools(specFor(tools), [toolCall("1", "list_dir")]);
    expect(results).toEqual(["Error: RangeError: boom\nline two"]);
    expect(events).toEqual([{ name: "list_dir", status: "error", detail: "boom\nline two" }]);
    expect(fatalError).toBeNull();
  });

  it("a thrown non-Error value is described, never dropped", async () => {
    const values: unknown[] = ["plain text", undefined, null, 42, { code: "E1" }, Symbol("s")];
    const tools = registryOf(
      ...values.map(
        (v, i) =>
          new FakeTool({
            name: `t${i}`,
            run: () => {
              throw v;
            },
          }),
      ),
    );
    const { results } = await runner.executeTools(
      specFor(tools),
      values.map((_, i) => toolCall(`${i}`, `t${i}`)),
    );
    expect(results).toEqual([
      "Error: Thrown string: plain text",
      "Error: Thrown undefined: undefined",
      "Error: Thrown null: null",
      "Error: Thrown number: 42",
      'Error: Thrown object: {"code":"E1"}',
      "Error: Thrown symbol: Symbol(s)",
    ]);
  });

  it("an async rejection is the same as a throw", async () => {
    const tools = registryOf(new FakeTool({ name: "t", run: async () => Promise.reject(new TypeError("late")) }));
    const { results } = await runner.executeTools(specFor(tools), [toolCall("1", "t")]);
    expect(results).toEqual(["Error: TypeError: late"]);
  });
});

describe("ToolResult errors and successes", () => {
  it("ToolResult error: payload content + hint; detail one line, trimmed, 120 chars, prefix kept", async () => {
    const long = "Error: " + "x".repeat(200);
    const tools = registryOf(
      new FakeTool({ name: "legacy_plugin", run: () => ToolResult.error("Error: legacy plugin failed") }),
      new FakeTool({ name: "long", run: () => ToolResult.error(`  ${long}\nmore  `) }),
    );
    const { results, events } = await runner.executeTools(specFor(tools), [toolCall("1", "legacy_plugin"), toolCall("2", "long")]);
    expect(results[0]).toBe("Error: legacy plugin failed" + RETRY_HINT);
    expect(events[0]).toEqual({ name: "legacy_plugin", status: "error", detail: "Error: legacy plugin failed" });
    expect(events[1]?.detail).toBe(long.slice(0, 120));
  });

  it("success: the raw result; detail with newlines as spaces, '(empty)', and '...' after 120", async () => {
    const obj = { k: 1 };
    const tools = registryOf(
      new FakeTool({ name: "exec", run: () => "Error: generated report successfully\n\nExit code: 0" }),
      new FakeTool({ name: "empty", run: () => "  " }),
      new FakeTool({ name: "none", run: () => undefined }),
      new FakeTool({ name: "long", run: () => "y".repeat(130) }),
      new FakeTool({ name: "obj", run: () => obj }),
      new FakeTool({ name: "ok_result", run: () => new ToolResult("Error: fine") }),
    );
    const names = ["exec", "empty", "none", "long", "obj", "ok_result"];
    const { results, events, fatalError } = await runner.executeTools(
      specFor(tools, { failOnToolError: true }),
      names.map((n, i) => toolCall(`${i}`, n)),
    );
    expect(results[0]).toBe("Error: generated report successfully\n\nExit code: 0");
    expect(results[4]).toBe(obj);
    expect(events.map((e) => e.status)).toEqual(["ok", "ok", "ok", "ok", "ok", "ok"]);
    expect(events.map((e) => e.detail)).toEqual([
      "Error: generated report successfully  Exit code: 0",
      "(empty)",
      "(empty)",
      "y".repeat(120) + "...",
      '{"k":1}',
      "Error: fine",
    ]);
    expect(fatalError).toBeNull();
  });

  it("a success that starts with 'Error:' is not fatal and the run completes", async () => {
    const tools = registryOf(new FakeTool({ name: "exec", run: () => "Error: generated report successfully" }));
    const provider = new ScriptedProvider([toolReply([toolCall("1", "exec")]), textReply("done")]);
    const result = await runner.run(specFor(tools, { provider, failOnToolError: true }));
    expect(result).toMatchObject({ stopReason: "completed", toolsUsed: ["exec"], error: null });
  });
});

describe("failOnToolError", () => {
  it("every call runs, the first fatal error in call order is reported", async () => {
    const z = new FakeTool({ name: "z", run: () => "Z" });
    const tools = registryOf(
      new FakeTool({
        name: "x",
        run: () => {
          throw new PermissionError("first");
        },
      }),
      new FakeTool({
        name: "y",
        run: () => {
          throw new TypeError("second");
        },
      }),
      z,
    );
    const provider = new ScriptedProvider([toolReply([toolCall("1", "x"), toolCall("2", "y"), toolCall("3", "z")])]);
    const result = await runner.run(specFor(tools, { provider, failOnToolError: true }));
    expect(z.calls).toHaveLength(1);
    expect(result.stopReason).toBe("tool_error");
    expect(result.finalContent).toBe("Error: PermissionError: first");
    expect(result.error).toBe("Error: PermissionError: first");
    expect(result.toolsUsed).toEqual(["z"]);
    expect(toolMessages(result.messages).map((m) => m.content)).toEqual(["Error: PermissionError: first", "Error: TypeError: second", "Z"]);
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "Error: PermissionError: first" });
    expect(result.messages[1]?.role).toBe("assistant");
    expect(provider.requests).toHaveLength(1);
  });

  it("the fatal error of a concurrent batch is the first in call order, not the first to finish", async () => {
    const tools = registryOf(
      new FakeTool({
        name: "slow",
        readOnly: true,
        run: async () => {
          await new Promise((r) => setTimeout(r, 20));
          throw new Error("slow one");
        },
      }),
      new FakeTool({
        name: "fast",
        readOnly: true,
        run: () => {
          throw new Error("fast one");
        },
      }),
    );
    const { fatalError } = await runner.executeTools(specFor(tools, { failOnToolError: true }), [toolCall("1", "slow"), toolCall("2", "fast")]);
    expect(fatalError?.message).toBe("slow one");
  });

  it("errors built from a text are named RuntimeError (ToolResult and prepare errors)", async () => {
    const legacy = registryOf(new FakeTool({ name: "legacy_plugin", run: () => ToolResult.error("Error: legacy plugin failed") }));
    const r1 = await runner.run(specFor(legacy, { provider: new ScriptedProvider([toolReply([toolCall("1", "legacy_plugin")])]), failOnToolError: true }));
    expect(r1.stopReason).toBe("tool_error");
    expect(r1.finalContent).toBe("Error: RuntimeError: Error: legacy plugin failed");
    expect(r1.toolEvents).toEqual([{ name: "legacy_plugin", status: "error", detail: "Error: legacy plugin failed" }]);

    const e = registryOf(new FakeTool({ name: "e" }));
    const r2 = await runner.run(specFor(e, { provider: new ScriptedProvider([toolReply([toolCall("1", "nope")])]), failOnToolError: true }));
    expect(r2.finalContent).toBe("Error: RuntimeError: Error: Tool 'nope' not found. Available: e");
  });

  it("without failOnToolError, errors go back to the model and the run goes on", async () => {
    const tools = registryOf(
      new FakeTool({
        name: "x",
        run: () => {
          throw new Error("boom");
        },
      }),
    );
    const provider = new ScriptedProvider([toolReply([toolCall("1", "x")]), textReply("recovered")]);
    const result = await runner.run(specFor(tools, { provider }));
    expect(result).toMatchObject({ stopReason: "completed", finalContent: "recovered", error: null });
    expect(provider.requests[1]?.messages.at(-1)?.content).toBe("Error: Error: boom");
  });
});

describe("SSRF refusals", () => {
  const ssrfText = "URL validation failed: Blocked: host resolves to private/internal address 192.168.1.2";

  it("thrown: raw message + note, no hint, no ExcType prefix, never fatal", async () => {
    const tools = registryOf(
      new FakeTool({
        name: "web_fetch",
        parameters: ANY_PARAMS,
        run: () => {
          throw new Error(ssrfText);
        },
      }),
    );
    const provider = new ScriptedProvider([toolReply([toolCall("1", "web_fetch", { url: "http://192.168.1.2" })]), textReply("cannot reach it")]);
    const result = await runner.run(specFor(tools, { provider, failOnToolError: true }));
    expect(result).toMatchObject({ stopReason: "completed", error: null, finalContent: "cannot reach it" });
    expect(provider.requests).toHaveLength(2);
    const content = toolMessages(result.messages)[0]?.content ?? "";
    expect(content).toBe(ssrfText + "\n\n" + SSRF_NOTE);
    expect(content).toContain("non-bypassable security boundary");
    expect(content).toContain("Do not retry");
    expect(content).not.toContain(RETRY_HINT);
    expect(result.toolEvents[0]?.detail.startsWith("ssrf_violation: ")).toBe(true);
  });

  it("ToolResult error and prepare error forms; the detail is cut to 160", async () => {
    const long = "Error: Command blocked by safety guard (internal/private URL detected) " + "z".repeat(300);
    const tools = registryOf(new FakeTool({ name: "exec", run: () => ToolResult.error(long) }));
    const { results, events, fatalError } = await runner.executeTools(specFor(tools, { failOnToolError: true }), [toolCall("1", "exec")]);
    expect(results[0]).toBe(long + "\n\n" + SSRF_NOTE);
    expect(events[0]?.detail).toBe(("ssrf_violation: " + long).slice(0, 160));
    expect(fatalError).toBeNull();
  });

  it("a blank refusal gets a stand-in text", async () => {
    const tools = registryOf(
      new FakeTool({
        name: "t",
        run: () => {
          throw new Error("private address");
        },
      }),
    );
    const { results } = await runner.executeTools(specFor(tools), [toolCall("1", "t")]);
    expect(results[0]).toBe("private address\n\n" + SSRF_NOTE);
  });

  it("a success whose text contains a marker stays a success", async () => {
    const text = "Error: Command blocked by safety guard (internal/private URL detected)";
    const tools = registryOf(new FakeTool({ name: "exec", run: () => text }));
    const { results, events } = await runner.executeTools(specFor(tools, { failOnToolError: true }), [toolCall("1", "exec")]);
    expect(results).toEqual([text]);
    expect(events[0]?.status).toBe("ok");
  });
});

describe("workspace refusals", () => {
  const outside = "Path /tmp/outside.md is outside allowed directory /workspace";

  it("thrown: normal payload, detail prefixed, never fatal, the loop goes on", async () => {
    const tools = registryOf(
      new FakeTool({
        name: "read_file",
        parameters: ANY_PARAMS,
        run: () => {
          throw new PermissionError(outside);
        },
      }),
    );
    const provider = new ScriptedProvider([toolReply([toolCall("1", "read_file", { path: "/tmp/outside.md" })]), textReply("second answer")]);
    const result = await runner.run(specFor(tools, { provider, failOnToolError: true }));
    expect(result).toMatchObject({ stopReason: "completed", error: null, finalContent: "second answer" });
    expect(toolMessages(result.messages)[0]?.content).toBe(`Error: PermissionError: ${outside}`);
    expect(result.toolEvents[0]?.detail).toBe(`workspace_violation: ${outside}`);
  });

  it("ToolResult error and prepare error keep the hint", async () => {
    const guard = "Error: Command blocked by safety guard (path outside working dir)";
    const tools = registryOf(new FakeTool({ name: "exec", parameters: ANY_PARAMS, run: () => ToolResult.error(guard) }));
    const { results, events, fatalError } = await runner.executeTools(specFor(tools, { failOnToolError: true }), [toolCall("1", "exec", { command: "cat ../x" })]);
    expect(results[0]).toBe(guard + RETRY_HINT);
    expect(events[0]?.detail).toBe(`workspace_violation: ${guard}`);
    expect(fatalError).toBeNull();
  });

  it("the 3rd and later attempt on one target in a turn escalates (4 exec calls)", async () => {
    const guard = "Error: Command blocked by safety guard (path outside working dir)";
    const tools = registryOf(new FakeTool({ name: "exec", parameters: ANY_PARAMS, run: () => ToolResult.error(guard) }));
    const calls = [1, 2, 3, 4].map((i) => toolCall(`${i}`, "exec", { command: `cat /Users/x/Downloads/01.md  # try ${i}` }));
    const provider = new ScriptedProvider([toolReply(calls), textReply("ok telling user")]);
    const result = await runner.run(specFor(tools, { provider }));
    expect(result.finalContent).toBe("ok telling user");
    expect(result.toolEvents.map((e) => e.detail.split(": ")[0])).toEqual([
      "workspace_violation",
      "workspace_violation",
      "workspace_violation_escalated",
      "workspace_violation_escalated",
    ]);
    const contents = toolMessages(result.messages).map((m) => m.content ?? "");
    expect(contents[1]).toBe(guard + RETRY_HINT);
    expect(contents[2]).toContain("refusing repeated workspace-bypass attempts");
    expect(contents[2]).toContain("/users/x/downloads/01.md");
    expect(contents[2]).toContain("3 times");
    expect(contents[3]).toContain("4 times");
    expect(contents[2]).not.toContain(RETRY_HINT);
  });

  it("counts across iterations and tools, per target; different targets have their own budget", async () => {
    const denied = (p: Record<string, unknown>): ToolResult => ToolResult.error(`Error: ${String(p["path"] ?? p["command"])} is outside allowed directory /ws`);
    const tools = registryOf(
      new FakeTool({ name: "read_file", parameters: ANY_PARAMS, run: denied }),
      new FakeTool({ name: "write_file", parameters: ANY_PARAMS, run: denied }),
      new FakeTool({ name: "exec", parameters: ANY_PARAMS, run: denied }),
    );
    const provider = new ScriptedProvider([
      toolReply([toolCall("1", "read_file", { path: "/Users/x/Downloads/01.md" }), toolCall("2", "read_file", { path: "/other" })]),
      toolReply([toolCall("3", "write_file", { path: "/users/x/downloads/01.md", content: "" })]),
      toolReply([toolCall("4", "exec", { command: `python3 -c "open('/Users/x/Downloads/01.md')"` }), toolCall("5", "read_file", { path: "/other" })]),
      textReply("done"),
    ]);
    const result = await runner.run(specFor(tools, { provider }));
    expect(result.toolEvents.map((e) => e.detail.split(": ")[0])).toEqual([
      "workspace_violation",
      "workspace_violation",
      "workspace_violation",
      "workspace_violation_escalated",
      "workspace_violation",
    ]);
  });

  it("no signature, no escalation; counters start fresh in each run", async () => {
    const tools = registryOf(new FakeTool({ name: "exec", parameters: ANY_PARAMS, run: () => ToolResult.error("Error: path traversal detected") }));
    const calls = [1, 2, 3].map((i) => toolCall(`${i}`, "exec", { command: "echo hello" }));
    const { events } = await runner.executeTools(specFor(tools), calls);
    expect(events.every((e) => e.detail.startsWith("workspace_violation: "))).toBe(true);

    const targeted = registryOf(new FakeTool({ name: "read_file", parameters: ANY_PARAMS, run: () => ToolResult.error("outside allowed directory") }));
    for (let run = 0; run < 2; run++) {
      const provider = new ScriptedProvider([toolReply([toolCall("1", "read_file", { path: "/x" }), toolCall("2", "read_file", { path: "/x" })]), textReply("done")]);
      const result = await runner.run(specFor(targeted, { provider }));
      expect(result.toolEvents.every((e) => e.detail.startsWith("workspace_violation: "))).toBe(true);
    }
  });
});

describe("repeated external lookups", () => {
  it("the 3rd identical web_fetch in a turn is refused before it runs", async () => {
    const fetchTool = new FakeTool({ name: "web_fetch", readOnly: true, parameters: ANY_PARAMS, run: () => "page" });
    const provider = new ScriptedProvider([
      toolReply([toolCall("call_1", "web_fetch", { url: "https://example.com" })]),
      toolReply([toolCall("call_2", "web_fetch", { url: "HTTPS://EXAMPLE.COM " })]),
      toolReply([toolCall("call_3", "web_fetch", { url: "https://example.com" })]),
      textReply("answer"),
    ]);
    const result = await runner.run(specFor(registryOf(fetchTool), { provider }));
    expect(fetchTool.calls).toHaveLength(2);
    const third = toolMessages(result.messages)[2];
    expect(third?.tool_call_id).toBe("call_3");
    expect(third?.content).toContain("repeated external lookup blocked");
    expect(third?.content?.endsWith(RETRY_HINT)).toBe(true);
    expect(result.toolEvents[2]).toEqual({ name: "web_fetch", status: "error", detail: REPEATED_LOOKUP_DETAIL });
    expect(result.toolsUsed).toEqual(["web_fetch", "web_fetch"]);
  });

  it("every attempt counts (failed or unknown ones too); JSON-text arguments count as their object; fatal with failOnToolError", async () => {
    const search = new FakeTool({ name: "web_search", readOnly: true, parameters: ANY_PARAMS, run: () => ToolResult.error("Error: quota") });
    const calls = [
      toolCall("1", "web_search", { query: "cats" }),
      toolCall("2", "web_search", { search_term: "Cats" }),
      toolCall("3", "web_search", '{"query": "cats"}'),
      toolCall("4", "web_search", { query: "cats" }),
    ];
    const { results, events, fatalError } = await runner.executeTools(specFor(registryOf(search), { failOnToolError: true }), calls);
    // Call 3's text is parsed by preparation, so it is the third "cats" lookup and is blocked.
    expect(search.calls).toHaveLength(2);
    expect(events[2]?.detail).toBe(REPEATED_LOOKUP_DETAIL);
    expect(events[3]?.detail).toBe(REPEATED_LOOKUP_DETAIL);
    expect(String(results[3])).toContain("repeated external lookup blocked");
    expect(fatalError?.name).toBe("RuntimeError");
    expect(fatalError?.message).toBe("Error: quota");

    const onlyBlocked = await runner.executeTools(
      specFor(registryOf(new FakeTool({ name: "web_fetch", parameters: ANY_PARAMS })), { failOnToolError: true }),
      [1, 2, 3].map((i) => toolCall(`${i}`, "web_fetch", { url: "u" })),
    );
    expect(onlyBlocked.fatalError?.message).toContain("repeated external lookup blocked");
    expect(onlyBlocked.fatalError?.message).not.toContain(RETRY_HINT);
  });
});

describe("registries without prepareCall and preparation that throws", () => {
  it("falls back to tools.execute with the raw arguments", async () => {
    const seen: unknown[] = [];
    const duck = {
      getDefinitions: () => [],
      get: () => undefined,
      execute: async (name: string, params: unknown) => (seen.push([name, params]), "from execute"),
    } as unknown as ToolRegistry;
    const { results } = await runner.executeTools(specFor(duck), [toolCall("1", "t", { a: 1 })]);
    expect(results).toEqual(["from execute"]);
    expect(seen).toEqual([["t", { a: 1 }]]);
  });

  it("a prepareCall that throws becomes that call's error; run() does not reject", async () => {
    const tools = registryOf(new FakeTool({ name: "t" }));
    tools.prepareCall = () => {
      throw new Error("tool preparation failed");
    };
    const provider = new ScriptedProvider([toolReply([toolCall("1", "t")]), textReply("done")]);
    const result = await runner.run(specFor(tools, { provider }));
    expect(result.stopReason).toBe("completed");
    expect(toolMessages(result.messages)[0]?.content).toBe("Error: Error: tool preparation failed");
  });
});
