/**
 * The promise and signal helpers of `src/util/async.ts`: the stops a turn's calls share (the run's
 * signal and a time limit per call, with one listener and one timer for all of them), the race,
 * and the pool. Everything here is checked by what can be observed from outside: the values the
 * races settle with, the calls' signals, the listeners added to and removed from the run's signal
 * (counted by wrapping that one signal's methods), and whether Node stays alive.
 */
import { describe, expect, it, vi } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { deadlineSignal, raceSignal, runPool, sleep, StopGroup } from "../../src/util/async.js";
import { MAX_TIMER_MS } from "../../src/util/options.js";
import { deferred, FakeTool, registryOf, ScriptedProvider, tick, toolCall } from "../../src/testing/index.js";
import { runModuleScript } from "../setup/node-child.js";

const never = (): Promise<never> => new Promise<never>(() => undefined);

/** Counts the listeners added to and removed from one signal, by wrapping that signal's own methods. */
function countListeners(signal: AbortSignal): { live: () => number; peak: () => number; added: () => number } {
  let live = 0;
  let peak = 0;
  let added = 0;
  type Method = (type: string, listener: unknown, options?: unknown) => void;
  const add = signal.addEventListener.bind(signal) as Method;
  const remove = signal.removeEventListener.bind(signal) as Method;
  const listeners = new Set<unknown>();
  signal.addEventListener = (type: string, listener: unknown, options?: unknown) => {
    if (type === "abort" && listener !== null && !listeners.has(listener)) {
      listeners.add(listener);
      live++;
      added++;
      peak = Math.max(peak, live);
    }
    add(type, listener, options);
  };
  signal.removeEventListener = (type: string, listener: unknown, options?: unknown) => {
    if (type === "abort" && listeners.delete(listener)) live--;
    remove(type, listener, options);
  };
  return { live: () => live, peak: () => peak, added: () => added };
}

describe("StopGroup", () => {
  it("the time runs out first: the race gives the time-out value and the work's signal aborts with a TimeoutError", async () => {
    const run = new AbortController();
    const stops = new StopGroup(run.signal, 10);
    let seen: AbortSignal | undefined;
    const outcome = await stops.race((signal) => ((seen = signal), never()), "timeout", "aborted");
    expect(outcome).toBe("timeout");
    expect(seen?.aborted).toBe(true);
    expect((seen?.reason as DOMException).name).toBe("TimeoutError");
    expect(run.signal.aborted).toBe(false);
    stops.release();
  });

  it("the parent aborts first: every running piece gives the abort value and its signal carries the parent's reason", async () => {
    const run = new AbortController();
    const stops = new StopGroup(run.signal, 60_000);
    const signals: AbortSignal[] = [];
    const races = [1, 2, 3].map(() => stops.race((signal) => (signals.push(signal), never()), "timeout", "aborted"));
    const reason = new Error("user pressed stop");
    run.abort(reason);
    expect(await Promise.all(races)).toEqual(["aborted", "aborted", "aborted"]);
    expect(signals.map((s) => s.reason as unknown)).toEqual([reason, reason, reason]);
    stops.release();
  });

  it("each piece of work gets a signal of its own, never the parent's, never shared", async () => {
    const run = new AbortController();
    for (const [parent, ms] of [
      [run.signal, 1_000],
      [run.signal, null],
      [undefined, 1_000],
      [undefined, null],
    ] as const) {
      const stops = new StopGroup(parent, ms);
      const signals: AbortSignal[] = [];
      await Promise.all([1, 2].map(() => stops.race(async (signal) => void signals.push(signal), undefined, undefined)));
      expect(new Set([run.signal, ...signals]).size).toBe(3);
      expect(signals.every((s) => !s.aborted)).toBe(true);
      stops.release();
    }
  });

  it("a parent that has already aborted answers at once, without starting the work", async () => {
    const stops = new StopGroup(AbortSignal.abort("gone"), 1_000);
    let started = false;
    expect(await stops.race(async () => ((started = true), "ran"), "timeout", "aborted")).toBe("aborted");
    expect(started).toBe(false);
    stops.release();
  });

  it("the work's own value or rejection wins when it settles first", async () => {
    const stops = new StopGroup(new AbortController().signal, 60_000);
    expect(await stops.race(async () => "done", "timeout", "aborted")).toBe("done");
    await expect(stops.race(() => Promise.reject(new Error("broke")), "timeout", "aborted")).rejects.toThrow("broke");
    await expect(
      stops.race(
        () => {
          throw new Error("threw at once");
        },
        "timeout",
        "aborted",
      ),
    ).rejects.toThrow("threw at once");
    stops.release();
  });

  it("whatever a raced-out piece settles with later is ignored", async () => {
    const run = new AbortController();
    const stops = new StopGroup(run.signal, null);
    const late = deferred<string>();
    const race = stops.race(() => late.promise, "timeout", "aborted");
    run.abort();
    late.resolve("too late");
    expect(await race).toBe("aborted");
    stops.release();
  });

  it("each piece gets its whole limit from when it starts, also when it starts after others finished", async () => {
    // A clock of the test's own, so a busy machine cannot stretch 25 ms past 40.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      const stops = new StopGroup(undefined, 40);
      // One at a time: the second starts when the first is done, at 25 ms, so its deadline is at 65 ms, not 40.
      const piece = (name: string): Promise<string> => {
        const raced = stops.race(() => tick(25).then(() => name), "timeout", "aborted");
        return vi.advanceTimersByTimeAsync(25).then(() => raced);
      };
      const first = await piece("first");
      const second = await piece("second");
      const pending = stops.race(() => never(), "timeout", "aborted");
      await vi.advanceTimersByTimeAsync(40);
      expect([first, second, await pending]).toEqual(["first", "second", "timeout"]);
      stops.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("any time limit works: a fraction, Number.MAX_SAFE_INTEGER, a value over 2^31−1, never a throw", async () => {
    for (const ms of [60_000 / 7, Number.MAX_SAFE_INTEGER, MAX_TIMER_MS + 1, 1e300]) {
      const stops = new StopGroup(new AbortController().signal, ms);
      let signal: AbortSignal | undefined;
      expect(await stops.race(async (s) => ((signal = s), "done"), "timeout", "aborted")).toBe("done");
      // A long limit must not fire at once (Node fires an over-long timer after 1 ms).
      const hung = stops.race(() => never(), "timeout", "aborted");
      const first = await Promise.race([hung, tick(20).then(() => "still running")]);
      expect(first, `limit ${ms}`).toBe("still running");
      expect(signal?.aborted).toBe(false);
      stops.release();
    }
    const tiny = new StopGroup(undefined, 0.5);
    expect(await tiny.race(() => never(), "timeout", "aborted")).toBe("timeout");
    tiny.release();
  });

  it("release removes the group's one listener from the parent and is safe to call twice", () => {
    const run = new AbortController();
    const count = countListeners(run.signal);
    const stops = new StopGroup(run.signal, 1_000);
    expect(count.live()).toBe(1);
    stops.release();
    expect(count.live()).toBe(0);
    expect(() => stops.release()).not.toThrow();
  });
});

describe("a long-lived run signal gains nothing per call", () => {
  it("300 calls in 3 turns, safe and unsafe, with a time limit: at most one listener at a time, none left", async () => {
    const run = new AbortController();
    const count = countListeners(run.signal);
    const tools = registryOf(new FakeTool({ name: "safe", readOnly: true, run: () => "ok" }), new FakeTool({ name: "unsafe", run: () => "ok" }));
    const spec = { provider: new ScriptedProvider([]), model: "m", tools, messages: [], signal: run.signal, toolTimeoutMs: 30_000 };
    const runner = new AgentRunner();
    for (let turn = 0; turn < 3; turn++) {
      const calls = Array.from({ length: 100 }, (_, i) => toolCall(`c${turn}_${i}`, i % 2 === 0 ? "safe" : "unsafe"));
      const { results } = await runner.executeTools(spec, calls);
      expect(results.every((r) => r === "ok")).toBe(true);
      expect(count.live()).toBe(0);
    }
    expect(count.peak()).toBe(1);
    expect(count.added()).toBe(3);
  });

  it("the same through run(): a turn adds one listener for its calls, and every listener is gone when the run ends", async () => {
    const run = new AbortController();
    const count = countListeners(run.signal);
    const tool = new FakeTool({ name: "safe", readOnly: true, run: () => "ok" });
    const turn = (n: number) => ({
      content: null,
      finishReason: "tool_calls",
      toolCalls: Array.from({ length: 50 }, (_, i) => toolCall(`t${n}_${i}`, "safe")),
    });
    const provider = new ScriptedProvider([turn(0), turn(1), turn(2), { content: "done", finishReason: "stop", toolCalls: [] }]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(tool), messages: [], signal: run.signal, toolTimeoutMs: 30_000 });
    expect(result.stopReason).toBe("completed");
    expect(tool.calls).toHaveLength(150);
    expect(count.live()).toBe(0);
    // Each model request races the run's signal once, each turn's calls share one listener.
    expect(count.peak()).toBe(1);
  });
});

describe("the time limit keeps Node running", () => {
  it("a script whose only pending work is a tool that never settles still gets the time-out answer", async () => {
    const script = `
      import { AgentRunner } from "./src/agent/runner.ts";
      import { FakeTool, registryOf, ScriptedProvider, toolCall } from "./src/testing/index.ts";
      const hang = new FakeTool({ name: "hang", run: () => new Promise(() => {}) });
      const spec = { provider: new ScriptedProvider([]), model: "m", tools: registryOf(hang), messages: [], toolTimeoutMs: 300 };
      const { results } = await new AgentRunner().executeTools(spec, [toolCall("1", "hang")]);
      console.log(results[0]);
    `;
    // The test's timeout is the backstop if Node were kept waiting for ever.
    const { status, stdout, stderr } = await runModuleScript(script);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Error: Tool 'hang' timed out after 300 ms/);
  });
});

describe("raceSignal", () => {
  it("rejects with the signal's reason when it aborts first, and removes its listener when the promise wins", async () => {
    const controller = new AbortController();
    const count = countListeners(controller.signal);
    expect(await raceSignal(Promise.resolve(1), controller.signal)).toBe(1);
    expect(count.live()).toBe(0);
    const pending = raceSignal(never(), controller.signal);
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });
});

describe("deadlineSignal", () => {
  it("aborts with the time-out reason when the time runs out, and says so", async () => {
    const parent = new AbortController();
    const count = countListeners(parent.signal);
    const deadline = deadlineSignal(parent.signal, 5, () => new Error("late"));
    await expect(raceSignal(never(), deadline.signal)).rejects.toThrow("late");
    expect(deadline.timedOut).toBe(true);
    deadline.release();
    expect(count.live()).toBe(0);
  });

  it("aborts with the parent's reason, or what parentReason makes of it, and never times out after release", async () => {
    const parent = new AbortController();
    const deadline = deadlineSignal(
      parent.signal,
      60_000,
      () => "late",
      (reason) => `wrapped ${String(reason)}`,
    );
    parent.abort("stop");
    expect(deadline.signal.reason).toBe("wrapped stop");
    expect(deadline.timedOut).toBe(false);
    deadline.release();
    const already = deadlineSignal(parent.signal, 5, () => "late");
    expect(already.signal.reason).toBe("stop");
    already.release();
  });

  it("abort() ends it at once with the reason given; a second abort keeps the first reason", () => {
    const deadline = deadlineSignal(undefined, null, () => "late");
    deadline.abort("first");
    deadline.abort("second");
    expect(deadline.signal.reason).toBe("first");
    deadline.release();
  });
});

describe("sleep", () => {
  it("resolves after the time, rejects with the signal's reason when it aborts first, and removes its listener", async () => {
    const controller = new AbortController();
    const count = countListeners(controller.signal);
    await expect(sleep(1, controller.signal)).resolves.toBeUndefined();
    expect(count.live()).toBe(0);
    const waiting = sleep(Number.POSITIVE_INFINITY, controller.signal);
    controller.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    await expect(sleep(1, controller.signal)).rejects.toThrow("stop");
  });
});

describe("runPool", () => {
  it("never runs more than the cap at once, and keeps input order", async () => {
    let running = 0;
    let peak = 0;
    const out = await runPool([30, 10, 20, 5, 15], 2, async (ms) => {
      running++;
      peak = Math.max(peak, running);
      await tick(ms);
      running--;
      return ms * 2;
    });
    expect(out).toEqual([60, 20, 40, 10, 30]);
    expect(peak).toBe(2);
  });
});
