/**
 * Property: whatever calls a model makes, executeTools answers each of them exactly once, in call
 * order, and a call of a tool that is not concurrency-safe never overlaps any other call.
 * Overlap is checked with marks from a shared counter (start and end of each execution), not
 * with wall-clock time.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { ScriptedProvider } from "../../src/testing/index.js";
import { parseToolArguments, ToolCallRequest } from "../../src/providers/base.js";
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { runs } from "./runs.js";

type Behaviour = "ok" | "throw" | "error" | "hang";
type Kind = "safe" | "unsafe" | "exclusive";

interface ToolSpec {
  name: string;
  behaviour: Behaviour;
  kind: Kind;
  /** How many times the tool yields before it settles. */
  yields: number;
}

interface Interval {
  call: number;
  safe: boolean;
  start: number;
  end: number | null;
}

/** A tool that records when each execution starts and ends on a shared counter. */
class MarkedTool extends Tool {
  readonly name: string;
  readonly description = "a tool for the property";
  readonly parameters: JsonSchema = { type: "object", properties: {}, additionalProperties: true };

  constructor(
    private readonly spec: ToolSpec,
    private readonly clock: { now: number; intervals: Interval[] },
  ) {
    super();
    this.name = spec.name;
  }

  override get readOnly(): boolean {
    return this.spec.kind !== "unsafe";
  }

  override get exclusive(): boolean {
    return this.spec.kind === "exclusive";
  }

  async execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const interval: Interval = { call: Number(options.callId), safe: this.concurrencySafe, start: ++this.clock.now, end: null };
    this.clock.intervals.push(interval);
    const close = (): void => {
      interval.end ??= ++this.clock.now;
    };
    // A well-behaved tool stops when its signal aborts (a timeout on a loaded machine can catch
    // even a quick tool); its work counts as ended there, whatever its code does afterwards.
    options.signal.addEventListener("abort", close, { once: true });
    if (this.spec.behaviour === "hang") {
      // Never settles by itself; stops (and marks its end) only when its signal aborts.
      return new Promise((_resolve, reject) => {
        options.signal.addEventListener("abort", () => reject(options.signal.reason), { once: true });
      });
    }
    for (let i = 0; i < this.spec.yields; i++) {
      if (i % 3 === 2) await new Promise((r) => setTimeout(r, 0));
      else await Promise.resolve();
    }
    close();
    if (this.spec.behaviour === "throw") throw new Error(`${this.name} failed`);
    if (this.spec.behaviour === "error") return ToolResult.error(`Error: ${this.name} refused`);
    return { tool: this.name, params };
  }
}

const toolSpec = fc.record({
  name: fc.constantFrom("alpha", "beta", "gamma", "delta", "epsilon", "zeta"),
  behaviour: fc.constantFrom<Behaviour>("ok", "ok", "throw", "error", "hang"),
  kind: fc.constantFrom<Kind>("safe", "safe", "unsafe", "exclusive"),
  yields: fc.integer({ min: 0, max: 5 }),
});

const callName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("alpha", "beta", "gamma", "delta", "epsilon", "zeta") },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom("Alpha", "alpha ", "constructor", "__proto__", "web_fetch") },
);

const rawArguments = fc.oneof(
  { weight: 3, arbitrary: fc.json({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constant("{}") },
);

describe("executeTools (property)", () => {
  it("answers every call once, in call order, and never overlaps an unsafe call with another", async () => {
    const runner = new AgentRunner();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(toolSpec, { selector: (t) => t.name, maxLength: 6 }),
        fc.array(fc.record({ name: callName, raw: rawArguments }), { maxLength: 10 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        async (specs, rawCalls, concurrentTools, maxConcurrency) => {
          const clock = { now: 0, intervals: [] as Interval[] };
          const tools = new ToolRegistry();
          for (const spec of specs) tools.register(new MarkedTool(spec, clock));
          const calls = rawCalls.map(
            (c, i) => new ToolCallRequest({ id: String(i), name: c.name, arguments: parseToolArguments(c.raw) }),
          );

          const { results, events } = await runner.executeTools(
            {
              provider: new ScriptedProvider([]),
              model: "m",
              tools,
              messages: [],
              toolTimeoutMs: 5,
              concurrentTools,
              ...(maxConcurrency !== undefined ? { maxConcurrency } : {}),
            },
            calls,
          );

          // One result and one event per call, in call order.
          expect(results).toHaveLength(calls.length);
          expect(events.map((e) => e.name)).toEqual(calls.map((c) => c.name));
          for (let i = 0; i < calls.length; i++) {
            const tool = tools.get(calls[i]?.name ?? "");
            const event = events[i];
            if (tool === undefined) expect(event?.status).toBe("error");
            else {
              const ran = clock.intervals.filter((iv) => iv.call === i);
              expect(ran.length).toBeLessThanOrEqual(1);
              if (event?.status === "ok") expect(ran).toHaveLength(1);
            }
            if (event?.status === "error") expect(typeof results[i]).toBe("string");
          }

          // Every execution has ended by the time executeTools resolves.
          expect(clock.intervals.every((iv) => iv.end !== null)).toBe(true);

          // No interval of an unsafe call overlaps any other interval.
          for (const a of clock.intervals) {
            if (a.safe) continue;
            for (const b of clock.intervals) {
              if (a === b) continue;
              const disjoint = (a.end as number) < b.start || (b.end as number) < a.start;
              expect(disjoint).toBe(true);
            }
          }

          // Without concurrency, nothing overlaps at all.
          if (!concurrentTools) {
            const sorted = [...clock.intervals].sort((x, y) => x.start - y.start);
            for (let i = 1; i < sorted.length; i++) {
              expect((sorted[i - 1]?.end as number) < (sorted[i]?.start as number)).toBe(true);
            }
          }
        },
      ),
      { numRuns: runs(500) },
    );
  }, Math.max(120_000, runs(500) * 10));
});
