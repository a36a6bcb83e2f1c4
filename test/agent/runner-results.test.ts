import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "go" }];
let workspace: string;

beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), "runner-results-"));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

const toolContents = (messages: ChatMessage[]): (string | null)[] => messages.filter((m) => m.role === "tool").map((m) => m.content);

describe("result reinsertion through run() (section N)", () => {
  it("an empty result becomes the marker", async () => {
    const tools = registryOf(new FakeTool({ name: "noop", run: () => "" }), new FakeTool({ name: "nil", run: () => null }));
    const provider = new ScriptedProvider([toolReply([toolCall("1", "noop"), toolCall("2", "nil")]), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools, messages: user });
    expect(toolContents(result.messages)).toEqual(["(noop completed with no output)", "(nil completed with no output)"]);
    expect(result.toolsUsed).toEqual(["noop", "nil"]);
  });

  it("non-string results become text (JSON; cycles and BigInt handled)", async () => {
    const cyclic: Record<string, unknown> = { id: 7n };
    cyclic["me"] = cyclic;
    const tools = registryOf(
      new FakeTool({ name: "obj", run: () => ({ k: 1 }) }),
      new FakeTool({ name: "num", run: () => 3 }),
      new FakeTool({ name: "cyc", run: () => cyclic }),
      new FakeTool({ name: "buf", run: () => Buffer.from("abc") }),
    );
    const provider = new ScriptedProvider([toolReply(["obj", "num", "cyc", "buf"].map((n, i) => toolCall(`${i}`, n))), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools, messages: user });
    expect(toolContents(result.messages)).toEqual(['{"k":1}', "3", '{"id":"7","me":"[Circular]"}', "[Buffer 3 bytes]"]);
  });

  it("a large result is persisted under the workspace and the follow-up request carries the reference", async () => {
    const tools = registryOf(new FakeTool({ name: "exec", run: () => "x".repeat(20_000) }));
    const provider = new ScriptedProvider([toolReply([toolCall("call_big", "exec")]), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools, messages: user, workspace, sessionKey: "test:runner", maxToolResultChars: 2048 });
    const file = join(workspace, ".tool-results", "test_runner", "call_big.txt");
    expect(await readFile(file, "utf8")).toBe("x".repeat(20_000));
    const content = toolContents(result.messages)[0] ?? "";
    expect(content).toContain("[tool output persisted]");
    expect(content).toContain(`Full output saved to: ${file}`);
    expect(content).toContain("x".repeat(1200) + "\n...\n");
    expect(provider.requests[1]?.messages.at(-1)?.content).toBe(content);
    expect((await readdir(join(workspace, ".tool-results", "test_runner"))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("the default limit is 16000 characters", async () => {
    const tools = registryOf(new FakeTool({ name: "ok", run: () => "a".repeat(16_000) }), new FakeTool({ name: "big", run: () => "b".repeat(16_001) }));
    const provider = new ScriptedProvider([toolReply([toolCall("1", "ok"), toolCall("2", "big")]), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools, messages: user });
    const [ok, big] = toolContents(result.messages);
    expect(ok).toBe("a".repeat(16_000));
    expect(big).toBe("b".repeat(16_000) + "\n... (truncated)");
  });

  it("read_file is exempt; no file is written", async () => {
    const tools = registryOf(new FakeTool({ name: "read_file", readOnly: true, run: () => "r".repeat(20_000) }));
    const provider = new ScriptedProvider([toolReply([toolCall("call_rf", "read_file")]), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools, messages: user, workspace, maxToolResultChars: 2048 });
    expect(toolContents(result.messages)[0]?.length).toBe(20_000);
    await expect(readdir(join(workspace, ".tool-results"))).rejects.toThrow();
  });

  it("maxToolResultChars <= 0 keeps everything", async () => {
    const tools = registryOf(new FakeTool({ name: "exec", run: () => "e".repeat(40_000) }));
    const provider = new ScriptedProvider([toolReply([toolCall("1", "exec")]), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools, messages: user, workspace, maxToolResultChars: -1 });
    expect(toolContents(result.messages)[0]?.length).toBe(40_000);
  });

  it("error payloads are truncated like any other text", async () => {
    const tools = registryOf(
      new FakeTool({
        name: "t",
        run: () => {
          throw new Error("m".repeat(100));
        },
      }),
    );
    const provider = new ScriptedProvider([toolReply([toolCall("1", "t")]), textReply("done")]);
    const result = await runner.run({ provider, model: "m", tools, messages: user, maxToolResultChars: 20 });
    expect(toolContents(result.messages)[0]).toBe("Error: Error: mmmmmm\n... (truncated)");
  });
});
