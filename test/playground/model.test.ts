/**
 * The playground's logic, without a browser: panel 1's trace and verdict, panel 2's measured turn,
 * the presets and the URL state. The page only draws what these return.
 */
import { describe, expect, it } from "vitest";
import { TOUR } from "../../lessons/05-argument-processing/tour.js";
import { ReadFileTool } from "../../src/tools/builtin/read-file.js";
import { notAnObjectMessage, RETRY_HINT } from "../../src/tools/messages.js";
import { flowchartMarks } from "../../playground/flowchart.js";
import { preparePlayground, runTurn, unsafeOverlap } from "../../playground/model.js";
import { CALL_PRESETS, TURN_PRESETS } from "../../playground/presets.js";
import { decodeState, defaultState, encodeState, schemaText } from "../../playground/url-state.js";

const turn = (id: string) => (TURN_PRESETS.find((p) => p.id === id)?.calls ?? []).map((c) => ({ ...c }));
const options = { concurrentTools: true, maxConcurrency: 0, failOnToolError: false, toolTimeoutMs: 0 };

describe("panel 1: prepareCall, live", () => {
  it("stops malformed JSON at the shape step with the exact text the model reads", () => {
    const view = preparePlayground({ tool: "read_file", schema: schemaText("read_file"), name: "read_file", args: '{"path": 3' });
    expect(view.kind).toBe("prepared");
    if (view.kind !== "prepared") return;
    expect(view.steps.map((s) => `${s.step}:${s.ok}`)).toEqual(["lookup:true", "coerce:true", "unwrap:true", "shape:false"]);
    expect(view.failedAt).toBe("shape");
    expect(view.modelReads).toBe(notAnObjectMessage("read_file", "string") + RETRY_HINT);
    expect(view.params).toBeNull();
    expect([...flowchartMarks(view)]).toEqual([
      ["input", "ok"],
      ["step-lookup", "ok"],
      ["step-coerce", "ok"],
      ["step-unwrap", "ok"],
      ["step-shape", "failed"],
      ["outcome-shape", "reached"],
    ]);
  });

  it("lets a valid call through with its cast arguments and lights the execute box", () => {
    const view = preparePlayground({ tool: "read_file", schema: schemaText("read_file"), name: "read_file", args: '{"path": "a.md", "limit": "5"}' });
    expect(view).toMatchObject({ kind: "prepared", failedAt: null, modelReads: null, params: { path: "a.md", limit: 5 } });
    if (view.kind === "prepared") expect(flowchartMarks(view).get("outcome-execute")).toBe("reached");
  });

  it("uses an edited schema, and reports a schema that cannot be registered instead of throwing", () => {
    const edited = preparePlayground({
      tool: "read_file",
      schema: '{"type": "object", "properties": {"path": {"type": "integer"}}}',
      name: "read_file",
      args: '{"path": "7"}',
    });
    expect(edited).toMatchObject({ kind: "prepared", failedAt: null, params: { path: 7 } });
    for (const schema of ["{", "[]", '{"type": "array"}', "null"]) {
      expect(preparePlayground({ tool: "read_file", schema, name: "read_file", args: "{}" }).kind, schema).toBe("schema-error");
    }
  });

  it("offers every call of lesson 5's tour, the lesson's hostile cases among them, as a preset", () => {
    expect(CALL_PRESETS.map((p) => p.name)).toEqual(TOUR.map((c) => c.name));
    expect(CALL_PRESETS.map((p) => p.args)).toEqual(TOUR.map((c) => (typeof c.args === "string" ? c.args : JSON.stringify(c.args))));
    for (const id of ["malformed", "array", "scalar", "near-miss", "optional-string"])
      expect(
        CALL_PRESETS.map((p) => p.id),
        id,
      ).toContain(id);
    const optional = CALL_PRESETS.find((p) => p.id === "optional-string");
    const view = preparePlayground({ tool: optional?.tool ?? "", schema: schemaText(optional?.tool ?? ""), name: optional?.name ?? "", args: optional?.args ?? "" });
    expect(view).toMatchObject({
      kind: "prepared",
      failedAt: "validate",
      modelReads: "Error: Invalid parameters for tool 'wait': seconds should be integer or null" + RETRY_HINT,
    });
  });

  it("shows the real read_file's schema", () => {
    expect(JSON.parse(schemaText("read_file"))).toEqual(new ReadFileTool({ workspace: "." }).parameters);
  });
});

describe("panel 2: one model turn", () => {
  it("runs the mixed turn in three batches, the write alone, with messages in call order", async () => {
    const view = await runTurn(turn("mixed"), options);
    expect(view.batches).toEqual([["r1", "r2"], ["w1"], ["r3", "r4"]]);
    expect(unsafeOverlap(view.marks)).toBe(false);
    const write = view.marks.find((m) => m.id === "w1");
    for (const read of view.marks.filter((m) => m.id !== "w1")) {
      const before = (read.end ?? Infinity) <= (write?.start ?? 0);
      const after = read.start >= (write?.end ?? Infinity);
      expect(before || after, read.id).toBe(true);
    }
    expect(view.toolMessages.map((m) => m.tool_call_id)).toEqual(["r1", "r2", "w1", "r3", "r4"]);
    expect(view.toolMessages[4]?.content).toBe("Error: File not found: r4.txt" + RETRY_HINT);
    expect(view.stopReason).toBe("completed");
  });

  it("runs every call alone with concurrentTools off", async () => {
    const view = await runTurn(
      turn("mixed").map((c) => ({ ...c, ms: 5 })),
      { ...options, concurrentTools: false },
    );
    expect(view.batches).toEqual([["r1"], ["r2"], ["w1"], ["r3"], ["r4"]]);
  });

  it("answers a throw, a time-out and an error result, and stops with tool_error when asked", async () => {
    const calls = turn("failures").map((c) => ({ ...c, ms: Math.min(c.ms, 20) }));
    const soft = await runTurn(calls, { ...options, toolTimeoutMs: 100 });
    expect(soft.stopReason).toBe("completed");
    expect(soft.toolMessages).toHaveLength(calls.length);
    expect(soft.toolMessages.find((m) => m.tool_call_id === "r3")?.content).toMatch(/timed out after 100 ms/);
    const hard = await runTurn(calls, { ...options, toolTimeoutMs: 100, failOnToolError: true });
    expect(hard.stopReason).toBe("tool_error");
    expect(hard.toolMessages).toHaveLength(calls.length);
  });

  it("reports an unsafe call that overlaps another", () => {
    expect(
      unsafeOverlap([
        { id: "a", name: "read_file", start: 0, end: 10 },
        { id: "b", name: "write_file", start: 5, end: 12 },
      ]),
    ).toBe(true);
    expect(
      unsafeOverlap([
        { id: "a", name: "read_file", start: 0, end: 10 },
        { id: "b", name: "write_file", start: 10, end: 12 },
      ]),
    ).toBe(false);
    expect(
      unsafeOverlap([
        { id: "a", name: "read_file", start: 0, end: 10 },
        { id: "b", name: "read_file", start: 5, end: 12 },
      ]),
    ).toBe(false);
  });
});

describe("URL state", () => {
  it("round-trips what is on the screen", () => {
    const state = defaultState();
    state.prepare = { tool: "wait", schema: '{"type":"object"}', name: "WaitFor", args: "[1]" };
    state.options = { concurrentTools: false, maxConcurrency: 2, failOnToolError: true, toolTimeoutMs: 250 };
    state.calls = [{ id: "x", tool: "write_file", ms: 40, outcome: "throw" }];
    expect(decodeState(`#${encodeState(state)}`)).toEqual(state);
  });

  it("leaves the lesson tool's own schema out of the link", () => {
    expect(encodeState(defaultState())).not.toContain("schema=");
  });

  it("falls back to the defaults, field by field, on a damaged link", () => {
    const fallback = defaultState();
    for (const hash of ["", "#%%%", "#calls=a:b:-1:ok", "#max=-3&timeout=abc", "#calls=" + "x:read_file:1:ok,".repeat(50)]) {
      const state = decodeState(hash);
      expect(state.calls, hash).toEqual(fallback.calls);
      expect(state.options.maxConcurrency, hash).toBe(fallback.options.maxConcurrency);
      expect(state.options.toolTimeoutMs, hash).toBe(fallback.options.toolTimeoutMs);
    }
  });
});
