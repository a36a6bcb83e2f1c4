/**
 * Result-to-text on the values that once broke it: shared references that made the conversion
 * exponential, hostile values that made it throw, a `__proto__` key that vanished from the text,
 * and a huge BigInt whose conversion to decimal text costs more than linear time. Work is counted
 * (values read, through a counting Proxy; characters produced, those taken back included), never
 * timed.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../../src/agent/runner.js";
import { buildToolMessage } from "../../../src/agent/results/tool-message.js";
import { charactersProduced } from "../../../src/agent/results/text-sink.js";
import { RESULT_TEXT_CUT_NOTE, RESULT_TEXT_MAX_CHARS, RESULT_TEXT_MAX_NODES, toolResultToText } from "../../../src/agent/results/result-text.js";
import { ToolCallRequest } from "../../../src/providers/base.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { FakeTool, ScriptedProvider } from "../../../src/testing/index.js";

/** `levels` objects, each holding the next one twice: no cycle, 2^levels paths. Reads of it are counted in `reads`. */
function dag(levels: number, reads = { count: 0 }): Record<string, unknown> {
  const counting: ProxyHandler<object> = { get: (target, key) => (reads.count++, Reflect.get(target, key) as unknown) };
  let node: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < levels; i++) node = new Proxy({ left: node, right: node, level: i }, counting) as Record<string, unknown>;
  return node;
}

describe("hostile input: result-to-text is bounded", () => {
  it("a 21-level DAG converts within the limit, ended by the cut note, reading about as many values as the budget allows", () => {
    const reads = { count: 0 };
    const text = toolResultToText(dag(21, reads));
    expect(text.length).toBeLessThanOrEqual(RESULT_TEXT_MAX_CHARS);
    expect(text.endsWith(RESULT_TEXT_CUT_NOTE)).toBe(true);
    // Each object visited is read a few times (prototype checks, toJSON, its keys), never 2^21 times.
    expect(reads.count).toBeLessThanOrEqual(10 * RESULT_TEXT_MAX_NODES);
  });

  it("a 40-level DAG (2^40 paths) stops at the character budget, having read few values", () => {
    const reads = { count: 0 };
    const text = toolResultToText(dag(40, reads), { maxChars: 5_000 });
    expect(text.length).toBeLessThanOrEqual(5_000);
    expect(text.startsWith('{"left":{"left":')).toBe(true);
    expect(reads.count).toBeLessThanOrEqual(10 * 5_000);
  });

  it("a BigInt of more than 1,000 digits is described, whatever its size; up to 1,000 digits it is written out", () => {
    const huge = 1n << 6_000_000n; // about 1.8 million digits: converting it would take minutes
    expect(toolResultToText(huge)).toBe("[BigInt of more than 1000 digits]");
    expect(toolResultToText({ n: -huge })).toBe('{"n":"[BigInt of more than 1000 digits]"}');
    const largest = 10n ** 1_000n - 1n;
    expect(toolResultToText(largest)).toBe("9".repeat(1_000));
    expect(toolResultToText(-largest)).toBe("-" + "9".repeat(1_000));
    expect(toolResultToText(10n ** 1_000n)).toBe("[BigInt of more than 1000 digits]");
  });

  it("a part that writes a long text and then throws, met many times, costs at most about four times the character budget", () => {
    // A Set whose iteration gives one long string and then throws: its text is written, then
    // taken back and replaced by "[unreadable: …]". Met over and over, the text taken back used
    // to count against nothing, so the work grew with the number of parts times the budget.
    class Breaks extends Set<string> {
      constructor(readonly long: string) {
        super();
      }
      override *[Symbol.iterator](): SetIterator<string> {
        yield this.long;
        throw new Error("iteration broke");
      }
    }
    for (const [parts, maxChars, size] of [
      [3, 1_000_000, 900_000],
      [2_000, 1_000_000, 900_000],
      [2_000, 10_000, 5_000],
    ] as const) {
      const long = "x".repeat(size);
      const before = charactersProduced();
      const text = toolResultToText(
        Array.from({ length: parts }, () => new Breaks(long)),
        { maxChars },
      );
      const produced = charactersProduced() - before;
      expect(text.length).toBeLessThanOrEqual(maxChars);
      expect(text.startsWith('["[unreadable: Error: iteration broke]","[unreadable: Error: iteration broke]",')).toBe(true);
      expect(produced, `${parts} parts, budget ${maxChars}`).toBeLessThanOrEqual(4 * maxChars + 100);
      // Three parts fit the work budget and give the whole text; 2,000 do not, and the text says it was cut.
      expect(text.endsWith(RESULT_TEXT_CUT_NOTE)).toBe(parts > 3);
    }
  });

  it("taking back a part that spans several chunks of text leaves exactly the text before it", () => {
    class BreaksLate extends Set<string> {
      override *[Symbol.iterator](): SetIterator<string> {
        for (let i = 0; i < 5; i++) yield `${i}`.padEnd(700, "y");
        throw new Error("broke late");
      }
    }
    const before = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(100, "x"));
    const nested = { list: [new BreaksLate(), { deeper: new BreaksLate() }], after: "kept" };
    const value = [...before, new BreaksLate(), nested, "end"];
    const unreadable = "[unreadable: Error: broke late]";
    const expected = JSON.stringify([...before, unreadable, { list: [unreadable, { deeper: unreadable }], after: "kept" }, "end"]);
    expect(toolResultToText(value)).toBe(expected);
  });

  it("keys of values JSON leaves out are dropped without writing and taking back", () => {
    const value = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, undefined]));
    const before = charactersProduced();
    expect(toolResultToText({ ...value, kept: 1 })).toBe('{"kept":1}');
    // The keys are made, then dropped: about ten characters each, nothing taken back from the text.
    expect(charactersProduced() - before).toBeLessThanOrEqual(12 * 1_001 + 20);
  });

  it("the node budget stops a wide value that writes little per node", () => {
    const wide = Array.from({ length: 50 }, () => Array.from({ length: 5000 }, () => undefined));
    const text = toolResultToText({ wide }, { maxNodes: 1_000 });
    expect(text.endsWith(RESULT_TEXT_CUT_NOTE)).toBe(true);
    expect(text.length).toBeLessThan(10_000);
  });

  it("through the runner: a DAG result does not hold the run, and its message is within the limit", async () => {
    const tools = new ToolRegistry();
    tools.register(new FakeTool({ name: "graph", run: () => dag(24) }));
    const provider = new ScriptedProvider([
      { content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id: "g1", name: "graph", arguments: {} })] },
      { content: "done", finishReason: "stop", toolCalls: [] },
    ]);
    const result = await new AgentRunner().run({ provider, model: "m", tools, messages: [{ role: "user", content: "go" }], toolTimeoutMs: 50, maxToolResultChars: 2_000 });
    expect(result.stopReason).toBe("completed");
    const message = result.messages.find((m) => m.role === "tool");
    expect((message?.content ?? "").length).toBeLessThanOrEqual(2_000 + "\n... (truncated)".length);
  });

  it("hostile values give text, never a throw: throwing Proxy traps, getters, toJSON, revoked proxies", () => {
    const trap = () => {
      throw new Error("trap");
    };
    const hostile = [
      new Proxy({}, { getPrototypeOf: trap }),
      new Proxy({}, { ownKeys: trap }),
      new Proxy({}, { get: trap }),
      new Proxy([], { get: trap }),
      new Proxy({}, { getOwnPropertyDescriptor: trap, ownKeys: () => ["a"] }),
      (() => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      })(),
      {
        get boom(): never {
          throw new TypeError("getter");
        },
      },
      { toJSON: trap },
      new Map([
        [
          {
            get k(): never {
              throw new Error("key");
            },
          },
          1,
        ],
      ]),
    ];
    for (const value of hostile) {
      let text = "";
      expect(() => (text = toolResultToText(value))).not.toThrow();
      expect(typeof text).toBe("string");
      expect(text.length).toBeGreaterThan(0);
    }
    expect(toolResultToText(new Proxy({}, { getPrototypeOf: trap }))).toMatch(/unreadable: Error: trap/);
  });

  it("buildToolMessage never rejects on a hostile value, with or without a workspace", async () => {
    const value = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw new Error("no prototype");
        },
      },
    );
    const call = new ToolCallRequest({ id: "h1", name: "hostile", arguments: {} });
    const message = await buildToolMessage(call, value, { maxToolResultChars: 100 });
    expect(message).toMatchObject({ role: "tool", tool_call_id: "h1", name: "hostile" });
    expect(message.content).toContain("unreadable");
  });
});

describe("hostile input: every own key is kept, __proto__ included", () => {
  it('{"__proto__": {...}, "id": 7} keeps both keys', () => {
    const value = JSON.parse('{"__proto__": {"role": "admin"}, "id": 7}') as unknown;
    expect(toolResultToText(value)).toBe('{"__proto__":{"role":"admin"},"id":7}');
  });

  it("a nested __proto__ key and a Map key __proto__ are kept", () => {
    const nested = JSON.parse('{"user": {"__proto__": [1, 2], "name": "x"}}') as unknown;
    expect(toolResultToText(nested)).toBe('{"user":{"__proto__":[1,2],"name":"x"}}');
    expect(
      toolResultToText(
        new Map<string, unknown>([
          ["__proto__", { a: 1 }],
          ["id", 7],
        ]),
      ),
    ).toBe('{"__proto__":{"a":1},"id":7}');
  });

  it("an object without a prototype keeps its keys too", () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare["__proto__"] = 1;
    bare["constructor"] = 2;
    expect(toolResultToText(bare)).toBe('{"__proto__":1,"constructor":2}');
  });
});
