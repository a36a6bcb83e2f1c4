/**
 * Every time, count and size option goes through one checker (`src/util/options.ts`), where it is
 * given. For each option: fractions, 0, negatives, NaN, ±Infinity, strings and values over
 * 2^31−1, with what each must give — accepted (a time limit over 2^31−1 ms clamped to it), or a
 * TypeError/RangeError that names the option, shows the value and says what is allowed. The runner
 * reports a bad spec as `stopReason: "error"` before the first request (`run` never rejects), and
 * `executeTools` answers every call with the option's error without running a tool.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { connectStdioMcpServer } from "../../src/mcp/stdio-connection.js";
import { OpenAICompatibleProvider } from "../../src/providers/openai-compatible.js";
import { FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";
import { WebFetchTool } from "../../src/tools/builtin/web-fetch.js";
import { durationOption, MAX_TIMER_MS, wholeNumberOption } from "../../src/util/options.js";
import { collectingLogger, HOSTILE_SERVER } from "../mcp/harness.js";

const OVER = 2 ** 31; // one more than a Node timer holds
type Verdict = "ok" | "range" | "type";

/** The values every option is tried with. */
const VALUES: readonly [string, unknown][] = [
  ["a fraction", 60_000 / 7],
  ["0", 0],
  ["a negative", -5],
  ["NaN", Number.NaN],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["-Infinity", Number.NEGATIVE_INFINITY],
  ["a string", "100"],
  ["over 2^31−1", OVER],
  ["Number.MAX_SAFE_INTEGER", Number.MAX_SAFE_INTEGER],
];

/** What an option allows: the verdicts for fractions, 0 and negatives vary; the rest are the same for all. */
function verdicts(varying: { fraction: Verdict; zero: Verdict; negative: Verdict }): Record<string, Verdict> {
  return {
    "a fraction": varying.fraction,
    "0": varying.zero,
    "a negative": varying.negative,
    NaN: "range",
    Infinity: "range",
    "-Infinity": "range",
    "a string": "type",
    "over 2^31−1": "ok",
    "Number.MAX_SAFE_INTEGER": "ok",
  };
}

/** A time limit: a positive, finite number, fractions included (over 2^31−1 clamped). */
const DURATION = verdicts({ fraction: "ok", zero: "range", negative: "range" });

/** A whole number of at least `min` (null: any whole number). */
function whole(min: number | null): Record<string, Verdict> {
  return verdicts({ fraction: "range", zero: min === null || min <= 0 ? "ok" : "range", negative: min === null ? "ok" : "range" });
}

/** A way to give one option a value, and read back what happened. */
interface Guarded {
  option: string;
  verdicts: Record<string, Verdict>;
  /** Resolves with the checked value (or "accepted"), or rejects with the option's error. */
  give(value: unknown): Promise<unknown>;
}

const BASE = "http://model.test/v1";
const echo = new FakeTool({ name: "echo", run: () => "echoed" });

/** Runs a one-call turn with `spec` merged in; a bad option comes back as the run's error, thrown here. */
async function runWith(extra: Record<string, unknown>): Promise<unknown> {
  const provider = new ScriptedProvider([toolReply([toolCall("c1", "echo")]), textReply("done")]);
  const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(echo), messages: [{ role: "user", content: "go" }], ...extra });
  if (result.stopReason === "error") {
    expect(provider.requests).toHaveLength(0);
    const match = /^Error: (TypeError|RangeError): (.*)$/s.exec(result.error ?? "");
    if (match === null) throw new Error(`unexpected error: ${result.error}`);
    throw match[1] === "TypeError" ? new TypeError(match[2]) : new RangeError(match[2]);
  }
  return result.stopReason;
}

/** Spawns nothing: the options are checked before the server starts, and the command does not exist. */
async function connectWith(extra: Record<string, unknown>): Promise<unknown> {
  try {
    await connectStdioMcpServer({ command: "/nonexistent/mcp-server-for-option-tests", serverName: "t", ...extra });
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) throw error;
    return "accepted";
  }
  return "accepted";
}

const GUARDED: Guarded[] = [
  { option: "toolTimeoutMs", verdicts: DURATION, give: (v) => runWith({ toolTimeoutMs: v }) },
  { option: "maxIterations", verdicts: whole(0), give: (v) => runWith({ maxIterations: v }) },
  { option: "maxConcurrency", verdicts: whole(1), give: (v) => runWith({ maxConcurrency: v }) },
  { option: "maxToolResultChars", verdicts: whole(null), give: (v) => runWith({ maxToolResultChars: v }) },
  { option: "timeoutMs", verdicts: DURATION, give: async (v) => new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs: v as number }).timeoutMs },
  { option: "maxRetries", verdicts: whole(0), give: async (v) => new OpenAICompatibleProvider({ baseURL: BASE, maxRetries: v as number }).maxRetries },
  {
    option: "maxResponseBytes",
    verdicts: whole(1),
    give: async (v) => new OpenAICompatibleProvider({ baseURL: BASE, maxResponseBytes: v as number }).maxResponseBytes,
  },
  { option: "maxRetryWaitMs", verdicts: DURATION, give: async (v) => new OpenAICompatibleProvider({ baseURL: BASE, maxRetryWaitMs: v as number }) },
  { option: "timeoutMs", verdicts: DURATION, give: (v) => connectWith({ timeoutMs: v }) },
  { option: "callTimeoutMs", verdicts: DURATION, give: (v) => connectWith({ callTimeoutMs: v }) },
  { option: "closeGraceMs", verdicts: DURATION, give: (v) => connectWith({ closeGraceMs: v }) },
  { option: "maxBytes", verdicts: whole(1), give: async (v) => new WebFetchTool({ maxBytes: v as number }).maxBytes },
  { option: "maxRedirects", verdicts: whole(0), give: async (v) => new WebFetchTool({ maxRedirects: v as number }).maxRedirects },
];

const CASES = GUARDED.flatMap((g, index) => VALUES.map(([label, value]) => [`${index + 1}. ${g.option}, ${label}`, g, label, value] as const));

describe("every option is checked where it is given", () => {
  it.each(CASES)("%s", async (_title, guarded, label, value) => {
    const verdict = guarded.verdicts[label];
    const outcome = guarded.give(value);
    if (verdict === "ok") {
      await expect(outcome).resolves.toBeDefined();
      return;
    }
    const error = await outcome.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error, `${guarded.option} = ${label} should be refused`).toBeInstanceOf(verdict === "type" ? TypeError : RangeError);
    const message = (error as Error).message;
    expect(message.startsWith(`${guarded.option} must be `), message).toBe(true);
    expect(message).toMatch(verdict === "type" ? /; got "100" \(a string\)$/ : /; got (-?\d|NaN|-?Infinity)/);
  });

  it("connectStdioMcpServer with limits of Number.MAX_SAFE_INTEGER ms starts the server and lists its tools: nothing fires at once", async () => {
    const server = await connectStdioMcpServer({
      command: process.execPath,
      args: [HOSTILE_SERVER],
      serverName: "h",
      timeoutMs: Number.MAX_SAFE_INTEGER,
      callTimeoutMs: Number.MAX_SAFE_INTEGER,
      closeGraceMs: 300,
      logger: collectingLogger(),
    });
    try {
      expect(server.tools.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 30_000);

  it("time limits over 2^31−1 ms are clamped to it where they are read", () => {
    expect(new OpenAICompatibleProvider({ baseURL: BASE, timeoutMs: Number.MAX_SAFE_INTEGER }).timeoutMs).toBe(MAX_TIMER_MS);
    expect(durationOption("toolTimeoutMs", OVER, null)).toBe(MAX_TIMER_MS);
    expect(durationOption("toolTimeoutMs", 60_000 / 7, null)).toBe(60_000 / 7);
  });

  it("the message names the option, shows the value and says what is allowed", () => {
    expect(() => durationOption("toolTimeoutMs", Number.NaN, null)).toThrow(
      "toolTimeoutMs must be a positive, finite number of milliseconds (longer than 2147483647 counts as 2147483647); got NaN",
    );
    expect(() => wholeNumberOption("maxConcurrency", 1.5, null, { min: 1 })).toThrow("maxConcurrency must be a whole number of at least 1; got 1.5");
    expect(() => wholeNumberOption("maxToolResultChars", "x".repeat(100), 16_000, { note: "0 or less turns saving and cutting off" })).toThrow(
      `maxToolResultChars must be a whole number (0 or less turns saving and cutting off); got "${"x".repeat(40)}…" (a string)`,
    );
    expect(() => wholeNumberOption("maxRetries", null, 3, { min: 0 })).toThrow("maxRetries must be a whole number of at least 0; got null");
    expect(() => wholeNumberOption("maxRetries", 3n, 3, { min: 0 })).toThrow("got 3n (a bigint)");
  });

  it("undefined means the documented default", () => {
    const provider = new OpenAICompatibleProvider({ baseURL: BASE });
    expect([provider.timeoutMs, provider.maxRetries, provider.maxResponseBytes]).toEqual([120_000, 3, 16 * 1024 * 1024]);
    const fetchTool = new WebFetchTool();
    expect([fetchTool.maxBytes, fetchTool.maxRedirects]).toEqual([200_000, 5]);
  });
});

describe("where the runner reports a bad option", () => {
  it("run: stopReason error before the first request, the option named, the caller's messages untouched", async () => {
    const provider = new ScriptedProvider([textReply("never asked")]);
    const messages = [{ role: "user" as const, content: "go" }];
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(echo), messages, toolTimeoutMs: Number.NaN });
    expect(result.stopReason).toBe("error");
    expect(result.error).toBe("Error: RangeError: toolTimeoutMs must be a positive, finite number of milliseconds (longer than 2147483647 counts as 2147483647); got NaN");
    expect(result.finalContent).toBe(result.error);
    expect(result.messages).toEqual(messages);
    expect(provider.requests).toHaveLength(0);
  });

  it("executeTools: no tool runs, every call answered with the option's error; fatal with failOnToolError", async () => {
    const tool = new FakeTool({ name: "echo", run: () => "echoed" });
    const spec = { provider: new ScriptedProvider([]), model: "m", tools: registryOf(tool), messages: [], maxConcurrency: 0 };
    const calls = [toolCall("a", "echo"), toolCall("b", "echo")];
    const soft = await new AgentRunner().executeTools(spec, calls);
    expect(tool.calls).toHaveLength(0);
    expect(soft.results).toEqual([
      "Error: RangeError: maxConcurrency must be a whole number of at least 1; got 0",
      "Error: RangeError: maxConcurrency must be a whole number of at least 1; got 0",
    ]);
    expect(soft.events.map((e) => e.status)).toEqual(["error", "error"]);
    expect(soft.fatalError).toBeNull();
    const hard = await new AgentRunner().executeTools({ ...spec, failOnToolError: true }, calls);
    expect(hard.fatalError).toBeInstanceOf(RangeError);
  });

  it("toolTimeoutMs of 60000/7 or Number.MAX_SAFE_INTEGER: every call runs and succeeds", async () => {
    for (const toolTimeoutMs of [60_000 / 7, Number.MAX_SAFE_INTEGER, OVER]) {
      const tool = new FakeTool({ name: "slow", readOnly: true, run: () => new Promise((r) => setTimeout(() => r("finished"), 20)) });
      const spec = { provider: new ScriptedProvider([]), model: "m", tools: registryOf(tool), messages: [], toolTimeoutMs, signal: new AbortController().signal };
      const { results, events } = await new AgentRunner().executeTools(spec, [toolCall("a", "slow"), toolCall("b", "slow")]);
      expect(results, `toolTimeoutMs ${toolTimeoutMs}`).toEqual(["finished", "finished"]);
      expect(events.map((e) => e.status)).toEqual(["ok", "ok"]);
    }
  });
});
