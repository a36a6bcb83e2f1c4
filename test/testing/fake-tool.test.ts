/**
 * The configurable fake tool of src/testing: its defaults, its flags, each behaviour (result,
 * run, throw, delay, abort, synchronous) and the record of its calls with start and end marks.
 */
import { describe, expect, it, vi } from "vitest";
import { Tool, ToolResult, type ExecuteOptions } from "../../src/tools/base.js";
import { ANY_PARAMS, FakeTool, NO_PARAMS, deferred, registryOf, textReply, tick, toolCall, toolReply } from "../../src/testing/index.js";

const options = (): ExecuteOptions => ({ signal: new AbortController().signal });

describe("FakeTool: name, schema and flags", () => {
  it("defaults: a described tool without parameters that only writes", () => {
    const tool = new FakeTool({ name: "echo" });
    expect(tool).toBeInstanceOf(Tool);
    expect(tool.toSchema()).toEqual({ type: "function", function: { name: "echo", description: "fake tool echo", parameters: NO_PARAMS } });
    expect(tool.readOnly).toBe(false);
    expect(tool.exclusive).toBe(false);
    expect(tool.concurrencySafe).toBe(false);
    expect(tool.parameters).not.toBe(new FakeTool({ name: "other" }).parameters);
  });

  it("takes the description, the schema and the flags from its options", () => {
    const tool = new FakeTool({ name: "t", description: "d", parameters: ANY_PARAMS, readOnly: true, exclusive: true });
    expect(tool.description).toBe("d");
    expect(tool.parameters).toBe(ANY_PARAMS);
    expect(tool.readOnly).toBe(true);
    expect(tool.exclusive).toBe(true);
    expect(tool.concurrencySafe).toBe(false);
    expect(new FakeTool({ name: "r", readOnly: true }).concurrencySafe).toBe(true);
    expect(new FakeTool({ name: "w", concurrencySafe: true }).concurrencySafe).toBe(true);
    expect(new FakeTool({ name: "r", readOnly: true, concurrencySafe: false }).concurrencySafe).toBe(false);
  });
});

describe("FakeTool: what a call does", () => {
  it("answers `<name> ok` by default, or the fixed result, even undefined", async () => {
    await expect(new FakeTool({ name: "a" }).execute({}, options())).resolves.toBe("a ok");
    const value = { files: 3 };
    await expect(new FakeTool({ name: "b", result: value }).execute({}, options())).resolves.toBe(value);
    await expect(new FakeTool({ name: "c", result: undefined }).execute({}, options())).resolves.toBeUndefined();
  });

  it("run computes the result from the params and options, and wins over result", async () => {
    const tool = new FakeTool({ name: "echo", result: "unused", run: (params, o) => `${String(params["text"])} ${o.callId ?? "-"}` });
    await expect(tool.execute({ text: "hi" }, { ...options(), callId: "c1" })).resolves.toBe("hi c1");
    const later = new FakeTool({ name: "later", run: async () => ToolResult.error("Error: no") });
    await expect(later.execute({}, options())).resolves.toEqual(ToolResult.error("Error: no"));
  });

  it("throws rejects with the given value, whatever it is; a throw in run rejects too", async () => {
    const error = new Error("boom");
    await expect(new FakeTool({ name: "e", throws: error }).execute({}, options())).rejects.toBe(error);
    await expect(new FakeTool({ name: "s", throws: "text" }).execute({}, options())).rejects.toBe("text");
    await expect(new FakeTool({ name: "u", throws: undefined }).execute({}, options())).rejects.toBeUndefined();
    const inRun = new FakeTool({
      name: "r",
      run: () => {
        throw new TypeError("sync in run");
      },
    });
    const pending = inRun.execute({}, options());
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).rejects.toThrow("sync in run");
  });

  it("delayMs waits before answering", async () => {
    // A clock of the test's own, so a busy machine cannot make 5 ms reach 30.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const tool = new FakeTool({ name: "slow", delayMs: 30, result: "late" });
      let settled = false;
      const pending = tool.execute({}, options()).then((v) => ((settled = true), v));
      await vi.advanceTimersByTimeAsync(29);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toBe("late");
    } finally {
      vi.useRealTimers();
    }
  });

  it("without honoursAbort, an abort changes nothing", async () => {
    const controller = new AbortController();
    const tool = new FakeTool({ name: "deaf", delayMs: 20 });
    const pending = tool.execute({}, { signal: controller.signal });
    controller.abort(new Error("stop"));
    await expect(pending).resolves.toBe("deaf ok");
  });

  it("with honoursAbort, a call stops on its signal with the signal's reason and its end is marked then", async () => {
    const controller = new AbortController();
    const reason = new Error("stop");
    const tool = new FakeTool({ name: "hang", delayMs: Number.POSITIVE_INFINITY, honoursAbort: true });
    const pending = tool.execute({}, { signal: controller.signal });
    await tick(5);
    expect(tool.calls[0]?.end).toBeNull();
    controller.abort(reason);
    expect(tool.calls[0]?.end).not.toBeNull();
    await expect(pending).rejects.toBe(reason);
  });

  it("with honoursAbort, an already aborted signal stops the call before it runs", async () => {
    let ran = false;
    const tool = new FakeTool({ name: "t", honoursAbort: true, run: () => (ran = true) });
    await expect(tool.execute({}, { signal: AbortSignal.abort("gone") })).rejects.toBe("gone");
    expect(ran).toBe(false);
    expect(tool.calls).toHaveLength(1);
    expect(tool.calls[0]?.end).not.toBeNull();
  });

  it("with honoursAbort, a call that settles first is not changed by a later abort", async () => {
    const controller = new AbortController();
    const ok = new FakeTool({ name: "ok", honoursAbort: true });
    await expect(ok.execute({}, { signal: controller.signal })).resolves.toBe("ok ok");
    const failing = new FakeTool({ name: "bad", honoursAbort: true, throws: "bad" });
    await expect(failing.execute({}, { signal: controller.signal })).rejects.toBe("bad");
    controller.abort();
    expect(ok.calls[0]?.end).toBeLessThan(failing.calls[0]?.start ?? 0);
  });

  it("synchronous: execute returns run's value unwrapped, and a throw escapes at once", () => {
    const plain = new FakeTool({ name: "plain", synchronous: true, run: () => 42 });
    expect(plain.execute({}, options())).toBe(42);
    const thrower = new FakeTool({
      name: "thrower",
      synchronous: true,
      run: () => {
        throw new RangeError("now");
      },
    });
    expect(() => thrower.execute({}, options())).toThrow(RangeError);
    expect(() => new FakeTool({ name: "t", synchronous: true, throws: "x" }).execute({}, options())).toThrow();
    expect(new FakeTool({ name: "d", synchronous: true }).execute({}, options())).toBe("d ok");
    expect(thrower.calls).toHaveLength(1);
    expect(thrower.calls[0]?.end).not.toBeNull();
  });
});

describe("FakeTool: the record of calls", () => {
  it("keeps params and options of every call, in order, and can be emptied", async () => {
    const tool = new FakeTool({ name: "t", parameters: ANY_PARAMS });
    const first = options();
    await tool.execute({ a: 1 }, first);
    await tool.execute({ a: 2 }, options());
    expect(tool.calls.map((c) => c.params)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(tool.calls[0]?.options).toBe(first);
    tool.calls.length = 0;
    expect(tool.calls).toEqual([]);
  });

  it("marks start and end on one counter shared by all fake tools, so overlaps show", async () => {
    const gate = deferred();
    const slow = new FakeTool({ name: "slow", run: () => gate.promise });
    const quick = new FakeTool({ name: "quick" });
    const pending = slow.execute({}, options());
    await quick.execute({}, options());
    gate.resolve();
    await pending;
    const [s, q] = [slow.calls[0], quick.calls[0]];
    expect(s?.start).toBeLessThan(q?.start ?? 0);
    expect(q?.end).toBeLessThan(s?.end ?? 0);
  });

  it("a clock of the test's own gives the marks", async () => {
    let now = 100;
    const tool = new FakeTool({ name: "t", clock: () => (now += 1) });
    await tool.execute({}, options());
    expect(tool.calls[0]).toMatchObject({ start: 101, end: 102 });
  });

  it("a failing call is recorded and marked as ended too", async () => {
    const tool = new FakeTool({ name: "t", throws: new Error("x") });
    await expect(tool.execute({}, options())).rejects.toThrow("x");
    expect(tool.calls[0]?.end).toBeGreaterThan(tool.calls[0]?.start ?? Number.POSITIVE_INFINITY);
  });
});

describe("the builders", () => {
  it("toolCall, toolReply and textReply build what a provider returns", () => {
    const call = toolCall("c1", "read_file", { path: "a" });
    expect(call).toMatchObject({ id: "c1", name: "read_file", arguments: { path: "a" } });
    expect(toolCall("c2", "t").arguments).toEqual({});
    expect(toolReply([call])).toEqual({ content: null, toolCalls: [call], finishReason: "tool_calls" });
    expect(toolReply([call], "thinking", "stop")).toEqual({ content: "thinking", toolCalls: [call], finishReason: "stop" });
    expect(textReply("done")).toEqual({ content: "done", toolCalls: [], finishReason: "stop" });
  });

  it("registryOf registers the tools in the order given", () => {
    const registry = registryOf(new FakeTool({ name: "b" }), new FakeTool({ name: "a" }));
    expect(registry.toolNames).toEqual(["b", "a"]);
    expect(registryOf().size).toBe(0);
  });

  it("deferred resolves by hand; tick waits on a timer", async () => {
    const gate = deferred<number>();
    let seen = 0;
    void gate.promise.then((v) => (seen = v));
    await tick();
    expect(seen).toBe(0);
    gate.resolve(7);
    await tick(1);
    expect(seen).toBe(7);
  });
});
