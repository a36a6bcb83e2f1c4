/**
 * The promise and signal helpers of `src/util/async.ts`: how a call's signal is joined from the
 * run's signal and its time limit, and why the runner joins calls to a follower of the run's
 * signal rather than to the signal itself.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { deadlineSignal, followSignal, raceSignal, runPool } from "../../src/util/async.js";
import { FakeTool, registryOf, ScriptedProvider, tick, toolCall } from "../../src/testing/index.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const never = (): Promise<never> => new Promise<never>(() => undefined);

describe("deadlineSignal", () => {
  it("with a parent and a time limit: the time runs out first, with a TimeoutError", async () => {
    const run = new AbortController();
    const deadline = deadlineSignal(run.signal, 10);
    await expect(raceSignal(never(), deadline.signal)).rejects.toMatchObject({ name: "TimeoutError" });
    expect(deadline.timedOut()).toBe(true);
    expect(run.signal.aborted).toBe(false);
    deadline.release();
  });

  it("with a parent and a time limit: the parent aborts first, with its own reason", async () => {
    const run = new AbortController();
    const deadline = deadlineSignal(run.signal, 5_000);
    const reason = new Error("user pressed stop");
    run.abort(reason);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(reason);
    expect(deadline.timedOut()).toBe(false);
    deadline.release();
    await tick(1);
    expect(deadline.timedOut()).toBe(false);
  });

  it("the signal is the work's own: never the parent itself, never shared between calls", () => {
    const run = new AbortController();
    const a = deadlineSignal(run.signal, null);
    const b = deadlineSignal(run.signal, null);
    const c = deadlineSignal(undefined, null);
    const d = deadlineSignal(undefined, null);
    expect(new Set([run.signal, a.signal, b.signal, c.signal, d.signal]).size).toBe(5);
    expect(c.signal.aborted).toBe(false);
    expect(c.timedOut()).toBe(false);
    run.abort();
    expect([a.signal.aborted, b.signal.aborted, c.signal.aborted]).toEqual([true, true, false]);
  });

  it("without a parent the time limit still applies", async () => {
    const deadline = deadlineSignal(undefined, 5);
    await tick(30);
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe("TimeoutError");
    expect(deadline.timedOut()).toBe(true);
  });

  it("release is safe to call twice", () => {
    const deadline = deadlineSignal(undefined, 1_000);
    deadline.release();
    expect(() => deadline.release()).not.toThrow();
  });
});

describe("followSignal", () => {
  it("aborts with the parent's reason until released, and not after", () => {
    const first = new AbortController();
    const following = followSignal(first.signal);
    first.abort("stop");
    expect(following.signal?.reason).toBe("stop");

    const second = new AbortController();
    const released = followSignal(second.signal);
    released.release();
    second.abort("stop");
    expect(released.signal?.aborted).toBe(false);
  });

  it("an already aborted parent gives an aborted follower; no parent gives no signal", () => {
    expect(followSignal(AbortSignal.abort("gone")).signal?.reason).toBe("gone");
    const none = followSignal(undefined);
    expect(none.signal).toBeUndefined();
    expect(() => none.release()).not.toThrow();
  });
});

/**
 * How many signals Node 20 lists in `signal` as joined to it by `AbortSignal.any` (the list
 * appears with the first join). The first test below proves the probe sees the list.
 */
function joinedCount(signal: AbortSignal): number {
  const key = Object.getOwnPropertySymbols(signal).find((s) => s.description === "kDependantSignals");
  if (key === undefined) return 0;
  return (signal as unknown as Record<symbol, { size: number }>)[key]?.size ?? 0;
}

describe("a long-lived run signal gains nothing per call", () => {
  it("joined directly, AbortSignal.any lists one entry per join in the source (the cost followSignal avoids)", () => {
    const run = new AbortController();
    for (let i = 0; i < 100; i++) AbortSignal.any([run.signal]);
    expect(joinedCount(run.signal), "this Node keeps no kDependantSignals list: re-check the reason followSignal gives").toBe(100);
  });

  it("after 300 calls with a run signal and a time limit, the run's signal lists none of them", async () => {
    const run = new AbortController();
    const tools = registryOf(
      new FakeTool({ name: "safe", readOnly: true, run: () => "ok" }),
      new FakeTool({ name: "unsafe", run: () => "ok" }),
    );
    const spec = { provider: new ScriptedProvider([]), model: "m", tools, messages: [], signal: run.signal, toolTimeoutMs: 30_000 };
    const runner = new AgentRunner();
    for (let turn = 0; turn < 3; turn++) {
      const calls = Array.from({ length: 100 }, (_, i) => toolCall(`c${turn}_${i}`, i % 2 === 0 ? "safe" : "unsafe"));
      const { results } = await runner.executeTools(spec, calls);
      expect(results.every((r) => r === "ok")).toBe(true);
    }
    expect(joinedCount(run.signal)).toBe(0);
  });
});

describe("the time limit keeps Node running", () => {
  it("a script whose only pending work is a tool that never settles still gets the time-out answer", () => {
    const script = `
      import { AgentRunner } from "./src/agent/runner.ts";
      import { FakeTool, registryOf, ScriptedProvider, toolCall } from "./src/testing/index.ts";
      const hang = new FakeTool({ name: "hang", run: () => new Promise(() => {}) });
      const spec = { provider: new ScriptedProvider([]), model: "m", tools: registryOf(hang), messages: [], toolTimeoutMs: 300 };
      const { results } = await new AgentRunner().executeTools(spec, [toolCall("1", "hang")]);
      console.log(results[0]);
    `;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    expect(child.stdout).toMatch(/^Error: Tool 'hang' timed out after 300 ms/);
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
