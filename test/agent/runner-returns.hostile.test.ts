/**
 * Whatever a tool returns becomes text or an error result; `run` and
 * `executeTools` never hang and never reject. The values below used to leave `run()` unsettled
 * (a Proxy whose `getPrototypeOf` trap throws, so `instanceof` throws inside a promise callback)
 * or make `executeTools` reject (an object dressed as a `ToolResult` without fields).
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { ScriptedProvider, type FakeTool } from "../../src/testing/index.js";
import { ToolCallRequest, type ChatMessage } from "../../src/providers/base.js";
import { ToolResult } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { CrashWatch, hostileTool } from "./hostile-harness.js";
import { propertyConfig } from "../soak/runs.js";

const watch = new CrashWatch();
beforeEach(() => watch.install());
afterEach(() => {
  watch.assertNone();
  watch.uninstall();
});

const user: ChatMessage[] = [{ role: "user", content: "go" }];

const throwing = (): never => {
  throw new Error("trap");
};

/** Values that break naive inspection, each built fresh. */
const HOSTILE: Record<string, () => unknown> = {
  "a Proxy whose getPrototypeOf throws": () => new Proxy({}, { getPrototypeOf: throwing }),
  "an object with ToolResult.prototype and no fields": () => Object.create(ToolResult.prototype) as unknown,
  "a ToolResult-like error whose content is not a string": () => Object.assign(Object.create(ToolResult.prototype) as object, { isError: true, content: { nested: 1 } }),
  "a Proxy whose every trap throws": () => new Proxy({}, { get: throwing, getPrototypeOf: throwing, ownKeys: throwing, has: throwing, getOwnPropertyDescriptor: throwing }),
  "a revoked Proxy": () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  },
  "an object whose isError getter throws": () => Object.create(ToolResult.prototype, { isError: { get: throwing }, content: { value: "x" } }) as unknown,
  "an array Proxy whose length getter throws": () => new Proxy([], { get: (t, k) => (k === "length" ? throwing() : (Reflect.get(t, k) as unknown)) }),
};

function registryWith(value: () => unknown): { tools: ToolRegistry; tool: FakeTool } {
  const tool = hostileTool("odd", async () => value());
  const tools = new ToolRegistry();
  tools.register(tool);
  return { tools, tool };
}

describe("hostile input: hostile return values", () => {
  it.each(Object.keys(HOSTILE))("run() settles for %s: one string tool message, then the model's answer", async (label) => {
    const { tools } = registryWith(HOSTILE[label] as () => unknown);
    const provider = new ScriptedProvider([
      { content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id: "c1", name: "odd", arguments: {} })] },
      { content: "done", finishReason: "stop", toolCalls: [] },
    ]);
    const result = await new AgentRunner().run({ provider, model: "m", tools, messages: user });
    expect(result.stopReason).toBe("completed");
    const toolMessages = result.messages.filter((m) => m.role === "tool");
    expect(toolMessages).toHaveLength(1);
    expect(typeof toolMessages[0]?.content).toBe("string");
    expect(toolMessages[0]?.content).not.toBe("");
    expect(result.toolEvents).toHaveLength(1);
    expect(typeof result.toolEvents[0]?.detail).toBe("string");
  });

  it.each(Object.keys(HOSTILE))("executeTools() resolves for %s, with one result and one event", async (label) => {
    const { tools } = registryWith(HOSTILE[label] as () => unknown);
    const out = await new AgentRunner().executeTools({ provider: new ScriptedProvider([]), model: "m", tools, messages: user }, [
      new ToolCallRequest({ id: "c1", name: "odd", arguments: {} }),
      new ToolCallRequest({ id: "c2", name: "odd", arguments: {} }),
    ]);
    expect(out.results).toHaveLength(2);
    expect(out.events.map((e) => e.name)).toEqual(["odd", "odd"]);
  });

  it("an object dressed as a ToolResult without fields is a success whose text says it cannot be shown", async () => {
    const { tools } = registryWith(() => Object.create(ToolResult.prototype) as unknown);
    const provider = new ScriptedProvider([
      { content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id: "c1", name: "odd", arguments: {} })] },
      { content: "done", finishReason: "stop", toolCalls: [] },
    ]);
    const result = await new AgentRunner().run({ provider, model: "m", tools, messages: user });
    expect(result.messages[2]).toMatchObject({ role: "tool", tool_call_id: "c1", name: "odd" });
    expect(result.messages[2]?.content).toMatch(/cannot be shown as text|completed with no output/);
  });

  it("a value whose inspection throws becomes an error result naming the problem", async () => {
    const { tools } = registryWith(HOSTILE["a Proxy whose getPrototypeOf throws"] as () => unknown);
    const { results, events } = await new AgentRunner().executeTools({ provider: new ScriptedProvider([]), model: "m", tools, messages: user }, [
      new ToolCallRequest({ id: "c1", name: "odd", arguments: {} }),
    ]);
    expect(events[0]?.status).toBe("error");
    expect(String(results[0])).toBe("Error: TypeError: the tool returned a value that cannot be inspected (Error: trap)");
    // A revoked Proxy already fails when the tool's promise resolves (its `then` cannot be read):
    // that is a thrown error, reported as such.
    const revoked = registryWith(HOSTILE["a revoked Proxy"] as () => unknown);
    const again = await new AgentRunner().executeTools({ provider: new ScriptedProvider([]), model: "m", tools: revoked.tools, messages: user }, [
      new ToolCallRequest({ id: "c1", name: "odd", arguments: {} }),
    ]);
    expect(String(again.results[0])).toBe("Error: TypeError: Cannot perform 'get' on a proxy that has been revoked");
  });

  it("property: for any mix of hostile and ordinary returns, run() resolves with one string message per call", async () => {
    const kinds = Object.keys(HOSTILE);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom(...kinds), fc.constant("plain"), fc.constant("error")), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (picks, concurrent) => {
          const tools = new ToolRegistry();
          picks.forEach((pick, i) => {
            const make = pick === "plain" ? () => ({ ok: i }) : pick === "error" ? () => ToolResult.error(`Error: no ${i}`) : (HOSTILE[pick] as () => unknown);
            tools.register(hostileTool(`t${i}`, async () => make(), undefined, true));
          });
          const calls = picks.map((_, i) => new ToolCallRequest({ id: `c${i}`, name: `t${i}`, arguments: {} }));
          const provider = new ScriptedProvider([
            { content: null, finishReason: "tool_calls", toolCalls: calls },
            { content: "done", finishReason: "stop", toolCalls: [] },
          ]);
          const result = await new AgentRunner().run({ provider, model: "m", tools, messages: user, concurrentTools: concurrent });
          const toolMessages = result.messages.filter((m) => m.role === "tool");
          expect(toolMessages.map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
          expect(toolMessages.every((m) => typeof m.content === "string" && m.content !== "")).toBe(true);
          expect(result.stopReason).toBe("completed");
        },
      ),
      propertyConfig("hostile returns in one batch", 200),
    );
  });
});
