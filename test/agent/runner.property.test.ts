/**
 * Property: whatever calls a model makes, and whether or not the run is aborted part-way, executeTools
 * answers each of them exactly once, in call order, and a call of a tool that is not
 * concurrency-safe never overlaps any other call.
 * Overlap is checked with marks from a shared counter (start and end of each execution), not
 * with wall-clock time. The abort is deterministic too: the run's signal aborts when the counter
 * reaches a generated mark (0: before the turn starts), so no timer has to fire for it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { ANY_PARAMS, FakeTool, registryOf, ScriptedProvider } from "../../src/testing/index.js";
import { parseToolArguments, ToolCallRequest } from "../../src/providers/base.js";
import { ToolResult } from "../../src/tools/base.js";
import { runs } from "../soak/runs.js";

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

/**
 * A tool that marks when each execution starts and ends on a shared counter. A well-behaved tool
 * stops when its signal aborts (a timeout on a loaded machine can catch even a quick tool); its
 * work counts as ended there. A hanging tool never settles by itself and stops only on its abort.
 */
function markedTool(spec: ToolSpec, clock: { tick(): number }): FakeTool {
  const work = async (params: Record<string, unknown>): Promise<unknown> => {
    for (let i = 0; i < spec.yields; i++) {
      if (i % 3 === 2) await new Promise((r) => setTimeout(r, 0));
      else await Promise.resolve();
    }
    if (spec.behaviour === "throw") throw new Error(`${spec.name} failed`);
    if (spec.behaviour === "error") return ToolResult.error(`Error: ${spec.name} refused`);
    return { tool: spec.name, params };
  };
  return new FakeTool({
    name: spec.name,
    description: "a tool for the property",
    parameters: ANY_PARAMS,
    readOnly: spec.kind !== "unsafe",
    exclusive: spec.kind === "exclusive",
    clock: () => clock.tick(),
    honoursAbort: true,
    ...(spec.behaviour === "hang" ? { delayMs: Number.POSITIVE_INFINITY } : { run: work }),
  });
}

/** Every execution of the given tools, with its call index, its tool's safety and its marks. */
function intervalsOf(tools: readonly FakeTool[]): Interval[] {
  return tools.flatMap((tool) => tool.calls.map((c) => ({ call: Number(c.options.callId), safe: tool.concurrencySafe, start: c.start, end: c.end })));
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

describe("property: executeTools (property)", () => {
  it(
    "answers every call once, in call order, and never overlaps an unsafe call with another",
    async () => {
      const runner = new AgentRunner();
      // The kinds of call the generator produced: each way a call can fail must be reached.
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(toolSpec, { selector: (t) => t.name, maxLength: 6 }),
          fc.array(fc.record({ name: callName, raw: rawArguments }), { maxLength: 10 }),
          fc.boolean(),
          fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
          fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
          async (specs, rawCalls, concurrentTools, maxConcurrency, abortAtMark) => {
            // The run's signal, aborted when the shared counter reaches abortAtMark (a tool starting
            // or ending), or before the turn when it is 0.
            const run = new AbortController();
            const clock = {
              now: 0,
              tick(): number {
                this.now += 1;
                if (this.now === abortAtMark) run.abort(new Error("stopped"));
                return this.now;
              },
            };
            if (abortAtMark === 0) run.abort(new Error("stopped"));
            const marked = specs.map((spec) => markedTool(spec, clock));
            const tools = registryOf(...marked);
            const calls = rawCalls.map((c, i) => new ToolCallRequest({ id: String(i), name: c.name, arguments: parseToolArguments(c.raw) }));

            const { results, events } = await runner.executeTools(
              {
                provider: new ScriptedProvider([]),
                model: "m",
                tools,
                messages: [],
                toolTimeoutMs: 5,
                signal: run.signal,
                concurrentTools,
                ...(maxConcurrency !== undefined ? { maxConcurrency } : {}),
              },
              calls,
            );
            if (run.signal.aborted && calls.length > 0) seen.add("run aborted");
            const intervals = intervalsOf(marked);

            // One result and one event per call, in call order.
            expect(results).toHaveLength(calls.length);
            expect(events.map((e) => e.name)).toEqual(calls.map((c) => c.name));
            for (let i = 0; i < calls.length; i++) {
              const tool = tools.get(calls[i]?.name ?? "");
              const event = events[i];
              const args = calls[i]?.arguments;
              seen.add(
                tool === undefined
                  ? "unknown name"
                  : args === null || typeof args !== "object" || Array.isArray(args)
                    ? "arguments not an object"
                    : (specs.find((spec) => spec.name === tool.name)?.behaviour ?? "?"),
              );
              if (tool === undefined) expect(event?.status).toBe("error");
              else {
                const ran = intervals.filter((iv) => iv.call === i);
                expect(ran.length).toBeLessThanOrEqual(1);
                if (event?.status === "ok") expect(ran).toHaveLength(1);
              }
              if (event?.status === "error") expect(typeof results[i]).toBe("string");
            }

            // Every execution has ended by the time executeTools resolves.
            expect(intervals.every((iv) => iv.end !== null)).toBe(true);

            // No interval of an unsafe call overlaps any other interval.
            for (const a of intervals) {
              if (a.safe) continue;
              for (const b of intervals) {
                if (a === b) continue;
                const disjoint = (a.end as number) < b.start || (b.end as number) < a.start;
                expect(disjoint).toBe(true);
              }
            }

            // Without concurrency, nothing overlaps at all.
            if (!concurrentTools) {
              const sorted = [...intervals].sort((x, y) => x.start - y.start);
              for (let i = 1; i < sorted.length; i++) {
                expect((sorted[i - 1]?.end as number) < (sorted[i]?.start as number)).toBe(true);
              }
            }
          },
        ),
        { numRuns: runs(500) },
      );
      for (const kind of ["unknown name", "arguments not an object", "ok", "throw", "error", "hang", "run aborted"]) expect(seen, kind).toContain(kind);
    },
    Math.max(120_000, runs(500) * 10),
  );
});
