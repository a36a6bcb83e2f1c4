/**
 * Hostile inputs and faulty tools, as table tests. Each row sends one hostile call through
 * parseToolArguments, prepareCall and an AgentRunner run (between two ordinary calls) and checks:
 * a correct success or an error that says what was wrong, exactly one tool message per call in
 * call order, unchanged prototypes, and no unhandled rejection or uncaught exception.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Tool, ToolResult, type JsonSchema, type ToolClass, type ToolContext } from "../../src/tools/base.js";
import { ToolLoader } from "../../src/tools/loader.js";
import { RETRY_HINT, ToolRegistry } from "../../src/tools/registry.js";
import { AgentRunner } from "../../src/agent/runner.js";
import { ScriptedProvider } from "../../src/testing/index.js";
import { ToolCallRequest } from "../../src/providers/base.js";
import { CALL_IDS, CrashWatch, drive, hostileTool, OPEN, ordinaryPrototypes, prototypeSnapshot, settle, type Behaviour } from "../agent/hostile-harness.js";

const watch = new CrashWatch();
let baselinePrototypes: string[] = [];

beforeAll(() => {
  watch.install();
  baselinePrototypes = prototypeSnapshot();
});

afterEach(async () => {
  await settle(5);
  watch.assertNone();
  expect(prototypeSnapshot()).toEqual(baselinePrototypes);
  expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
});

afterAll(() => {
  watch.assertNone();
  watch.uninstall();
});

/** Counts what each case ends as, for the summary printed at the end. */
const tally = { cases: 0, ok: 0, error: 0, dropped: 0 };
afterAll(() => {
  console.log(`hostile cases: ${tally.cases} (success ${tally.ok}, error result ${tally.error}, dropped ${tally.dropped})`);
});

function record(content: string | null | undefined): void {
  tally.cases++;
  if (content === undefined) tally.dropped++;
  else if (content !== null && content.startsWith("Error")) tally.error++;
  else tally.ok++;
}

// ---------------------------------------------------------------------------------------------
// Prototype pollution
// ---------------------------------------------------------------------------------------------

const NESTED_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    a: { type: "object", properties: { n: { type: "integer" } }, additionalProperties: true },
    constructor: { type: "integer" },
    list: { type: "array", items: { type: "object", additionalProperties: true } },
  },
  additionalProperties: true,
};

function deepProto(levels: number): string {
  return '{"x":'.repeat(levels) + '{"__proto__":{"polluted":1}}' + "}".repeat(levels);
}

const pollutionRows: { label: string; raw: string; schema?: JsonSchema }[] = [
  { label: "__proto__ at the top", raw: '{"__proto__":{"polluted":1}}' },
  { label: "__proto__ with a typed schema", raw: '{"__proto__":{"polluted":1},"constructor":"7"}', schema: NESTED_SCHEMA },
  { label: "constructor.prototype", raw: '{"constructor":{"prototype":{"polluted":1}}}' },
  { label: "prototype key", raw: '{"prototype":{"polluted":1}}' },
  { label: "__proto__ one level down", raw: '{"a":{"__proto__":{"polluted":1},"n":"5"}}', schema: NESTED_SCHEMA },
  { label: "__proto__ inside an array item", raw: '{"list":[{"__proto__":{"polluted":1}}]}', schema: NESTED_SCHEMA },
  { label: "__proto__ 50 levels down", raw: deepProto(50) },
  { label: "__proto__ inside the arguments wrapper", raw: '{"arguments":{"__proto__":{"polluted":1}}}' },
  { label: "__proto__ in a string arguments wrapper", raw: JSON.stringify({ arguments: '{"__proto__":{"polluted":1}}' }) },
  { label: "constructor.prototype inside the wrapper", raw: '{"arguments":{"constructor":{"prototype":{"polluted":1}}}}' },
  { label: "__proto__ holding an arguments key", raw: '{"__proto__":{"arguments":{"polluted":1}}}' },
  { label: "__proto__ null", raw: '{"__proto__":null}' },
  { label: "__proto__ array", raw: '{"__proto__":[1,2]}' },
  { label: "__proto__ string", raw: '{"__proto__":"polluted"}' },
  { label: "toString/valueOf/hasOwnProperty keys", raw: '{"toString":1,"valueOf":{},"hasOwnProperty":"x"}' },
  { label: "__proto__ with a typed schema, nested cast", raw: '{"a":{"n":"3","constructor":{"prototype":{"polluted":1}}}}', schema: NESTED_SCHEMA },
];

describe("hostile input: prototype pollution", () => {
  it.each(pollutionRows)("$label", async ({ raw, schema }) => {
    const tool = hostileTool(
      "target",
      (params) => {
        // Reading the params the way a careless tool would must find nothing inherited.
        return `polluted=${String((params as { polluted?: unknown }).polluted)} proto=${Object.getPrototypeOf(params) === Object.prototype}`;
      },
      schema ?? OPEN,
    );
    const out = await drive({ tools: [tool], name: "target", raw });
    record(out.hostile?.content);
    expect(out.prepared.error).toBeNull();
    if (out.prepared.error === null) {
      expect(Object.getPrototypeOf(out.prepared.params)).toBe(Object.prototype);
      expect(ordinaryPrototypes(out.prepared.params)).toBe(true);
    }
    expect(tool.calls).toHaveLength(1);
    const params = tool.calls[0]?.params as Record<string, unknown>;
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(ordinaryPrototypes(params)).toBe(true);
    expect((params as { polluted?: unknown }).polluted).toBeUndefined();
    expect(out.hostile?.content).toBe("polluted=undefined proto=true");
    expect(out.result.finalContent).toBe("done");
  });

  it("an argument object with a null prototype is accepted and handed over with the ordinary prototype", async () => {
    const raw = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    const tool = hostileTool("target", (p) => `a=${String(p["a"])}`);
    const out = await drive({ tools: [tool], name: "target", raw });
    record(out.hostile?.content);
    expect(out.hostile?.content).toMatch(/^a=1$|must be a JSON object/);
    if (tool.calls.length === 1) expect(Object.getPrototypeOf(tool.calls[0]?.params)).toBe(Object.prototype);
  });
});

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

const nameRows: { label: string; name: string }[] = [
  { label: "constructor", name: "constructor" },
  { label: "__proto__", name: "__proto__" },
  { label: "toString", name: "toString" },
  { label: "hasOwnProperty", name: "hasOwnProperty" },
  { label: "valueOf", name: "valueOf" },
  { label: "a 10,000-character name", name: "t".repeat(10_000) },
  { label: "multi_tool_use.parallel", name: "multi_tool_use.parallel" },
  { label: "functions.target", name: "functions.target" },
  { label: "a NUL after the name", name: "target\u0000" },
  { label: "a newline in the name", name: "tar\nget" },
  { label: "a bell character", name: "\u0007target" },
  { label: "a right-to-left override", name: "\u202etarget" },
  { label: "a trailing space", name: "target " },
  { label: "a different case", name: "TARGET" },
  { label: "a zero-width space", name: "tar\u200bget" },
];

describe("hostile input: names that are not tools", () => {
  it.each(nameRows)("$label → not found, nothing runs", async ({ name }) => {
    const tool = hostileTool("target", () => "target ran");
    const out = await drive({ tools: [tool], name, raw: "{}" });
    record(out.hostile?.content);
    expect(out.prepared.error?.content).toContain("not found");
    expect(out.hostile?.content).toMatch(/^Error: Tool '[\s\S]*' not found\./);
    expect(out.hostile?.content).toContain(RETRY_HINT.trim());
    expect(tool.calls).toHaveLength(0);
    expect(out.echo.calls).toHaveLength(2);
    expect(out.result.toolsUsed).toEqual(["echo", "echo"]);
    expect(out.result.finalContent).toBe("done");
  });

  it("an empty name is not found by prepareCall and is dropped by the runner; nothing runs", async () => {
    const tool = hostileTool("target", () => "target ran");
    const out = await drive({ tools: [tool], name: "", raw: "{}" });
    record(out.hostile?.content);
    expect(out.prepared.error?.content).toContain("not found");
    expect(out.hostile).toBeUndefined();
    expect(out.expectedIds).toEqual([CALL_IDS[0], CALL_IDS[2]]);
    expect(tool.calls).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Argument text
// ---------------------------------------------------------------------------------------------

const NUMBER_SCHEMA: JsonSchema = { type: "object", properties: { n: { type: "number" } }, required: ["n"] };
const INTEGER_SCHEMA: JsonSchema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
const STRING_SCHEMA: JsonSchema = { type: "object", properties: { s: { type: "string" } }, required: ["s"] };

/** Summarises params: keys, and for each value its type and, for strings, length. */
const summarise: Behaviour = (params) =>
  Object.entries(params)
    .map(([k, v]) => `${k}:${typeof v === "string" ? `string(${v.length})` : typeof v === "number" ? `number(${v})` : Array.isArray(v) ? "array" : typeof v}`)
    .join(",") || "(no params)";

const argumentRows: { label: string; raw: () => unknown; schema?: JsonSchema; expect: RegExp }[] = [
  { label: "100,000 nested arrays", raw: () => '{"a":' + "[".repeat(100_000) + "]".repeat(100_000) + "}", expect: /^a:array$|^Error/ },
  { label: "100,000 nested objects", raw: () => '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000), expect: /^a:object$|^Error/ },
  { label: "100,000 unclosed brackets", raw: () => "[".repeat(100_000), expect: /must be a JSON object, got string/ },
  { label: "a lone high surrogate, escaped", raw: () => '{"s":"\\ud800"}', schema: STRING_SCHEMA, expect: /^s:string\(1\)$/ },
  { label: "a lone low surrogate, raw", raw: () => '{"s":"\udc00x"}', schema: STRING_SCHEMA, expect: /^s:string\(2\)$/ },
  { label: "a lone surrogate outside JSON", raw: () => "\ud800", expect: /must be a JSON object, got string/ },
  // Python's str.strip() keeps a byte-order mark, so the text does not start with "{": refused, as upstream does.
  { label: "a byte-order mark before the JSON", raw: () => '\ufeff{"n":1}', schema: NUMBER_SCHEMA, expect: /must be a JSON object, got string/ },
  { label: "NaN", raw: () => '{"n":NaN}', schema: NUMBER_SCHEMA, expect: /must be a JSON object, got string/ },
  { label: "Infinity", raw: () => '{"n":Infinity}', schema: NUMBER_SCHEMA, expect: /must be a JSON object, got string/ },
  { label: "1e999 for a number", raw: () => '{"n":1e999}', schema: NUMBER_SCHEMA, expect: /Invalid parameters for tool 'target': n must be finite/ },
  { label: "-1e999 for an integer", raw: () => '{"n":-1e999}', schema: INTEGER_SCHEMA, expect: /Invalid parameters for tool 'target': n (must be finite|should be integer)/ },
  {
    label: 'the string "NaN" for a number',
    raw: () => '{"n":"NaN"}',
    schema: NUMBER_SCHEMA,
    expect: /Invalid parameters for tool 'target': n (should be number|must be finite)/,
  },
  {
    label: 'the string "Infinity" for a number',
    raw: () => '{"n":"Infinity"}',
    schema: NUMBER_SCHEMA,
    expect: /Invalid parameters for tool 'target': n (should be number|must be finite)/,
  },
  {
    label: "an integer beyond 2^53",
    raw: () => '{"n":9007199254740993}',
    schema: INTEGER_SCHEMA,
    expect: /n cannot be represented exactly: the integer 9007199254740993 would become 9007199254740992/,
  },
  {
    label: "an integer string beyond 2^53",
    raw: () => '{"n":"90071992547409930000"}',
    schema: INTEGER_SCHEMA,
    expect: /^n:number\(|^Error: Invalid parameters for tool 'target': n/,
  },
  { label: "duplicate keys: the last wins", raw: () => '{"n":1,"n":2}', schema: NUMBER_SCHEMA, expect: /^n:number\(2\)$/ },
  { label: "double-encoded JSON", raw: () => JSON.stringify('{"n":1}'), schema: NUMBER_SCHEMA, expect: /^n:number\(1\)$|must be a JSON object, got string/ },
  { label: "triple-encoded JSON", raw: () => JSON.stringify(JSON.stringify('{"n":1}')), schema: NUMBER_SCHEMA, expect: /must be a JSON object, got string/ },
  { label: "whitespace around the JSON", raw: () => ' \n\t {"n":1} \r\n ', schema: NUMBER_SCHEMA, expect: /^n:number\(1\)$/ },
  { label: "a code fence around the JSON", raw: () => '```json\n{"n":1}\n```', schema: NUMBER_SCHEMA, expect: /must be a JSON object, got string/ },
  { label: "trailing text after the JSON", raw: () => '{"n":1} and more', schema: NUMBER_SCHEMA, expect: /must be a JSON object, got string/ },
  { label: "truncated JSON", raw: () => '{"n":', schema: NUMBER_SCHEMA, expect: /must be a JSON object, got string/ },
  { label: "single quotes", raw: () => "{'n':1}", schema: NUMBER_SCHEMA, expect: /must be a JSON object, got string/ },
  { label: "a JSON array", raw: () => "[1,2,3]", expect: /must be a JSON object, got array/ },
  { label: "a JSON number", raw: () => "42", expect: /must be a JSON object, got (number|string)/ },
  { label: "the text null", raw: () => "null", expect: /must be a JSON object, got (null|string)|^\(no params\)$/ },
  { label: "an empty string: no arguments", raw: () => "", expect: /^\(no params\)$/ },
  { label: "a string of NUL bytes", raw: () => "\u0000".repeat(100), expect: /must be a JSON object, got string/ },
  { label: "a number instead of text", raw: () => 7, expect: /must be a JSON object, got number/ },
  {
    label: "a required parameter named toString, missing",
    raw: () => "{}",
    schema: { type: "object", properties: { toString: { type: "string" } }, required: ["toString"] },
    expect: /missing required toString/,
  },
  {
    label: "an optional parameter named constructor, absent",
    raw: () => '{"n":1}',
    schema: { type: "object", properties: { constructor: { type: "integer" }, n: { type: "number" } } },
    expect: /^n:number\(1\)$/,
  },
  {
    label: "a required parameter named __proto__, given",
    raw: () => '{"__proto__":"x"}',
    schema: { type: "object", properties: { ["__proto__"]: { type: "string" } }, required: ["__proto__"] },
    expect: /^__proto__:string\(1\)$/,
  },
  {
    label: "a required parameter named __proto__, missing",
    raw: () => "{}",
    schema: { type: "object", properties: { ["__proto__"]: { type: "string" } }, required: ["__proto__"] },
    expect: /missing required __proto__/,
  },
  { label: "a 10 MB string value", raw: () => `{"s":"${"x".repeat(10 * 1024 * 1024)}"}`, schema: STRING_SCHEMA, expect: /^s:string\(10485760\)$/ },
];

describe("hostile input: argument text", () => {
  it.each(argumentRows)("$label", async ({ raw, schema, expect: pattern }) => {
    const before = process.memoryUsage().heapUsed;
    const tool = hostileTool("target", summarise, schema ?? OPEN);
    let out: Awaited<ReturnType<typeof drive>> | null = await drive({ tools: [tool], name: "target", raw: raw() });
    record(out.hostile?.content);
    expect(out.hostile?.content).toMatch(pattern);
    if ((out.hostile?.content ?? "").startsWith("Error")) {
      expect(tool.calls).toHaveLength(0);
      expect(out.hostile?.content).toContain(RETRY_HINT.trim());
    } else {
      expect(tool.calls).toHaveLength(1);
    }
    expect(out.result.finalContent).toBe("done");
    out = null;
    tool.calls.length = 0;
    await settle(1);
    (globalThis as { gc?: () => void }).gc?.();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });
});

// ---------------------------------------------------------------------------------------------
// Faulty tools
// ---------------------------------------------------------------------------------------------

function cyclic(): unknown {
  const a: Record<string, unknown> = { name: "a" };
  a["self"] = a;
  return a;
}

const hostileProxy = new Proxy(
  {},
  {
    get() {
      throw new Error("proxy get trap");
    },
    ownKeys() {
      throw new Error("proxy ownKeys trap");
    },
    getPrototypeOf() {
      throw new Error("proxy getPrototypeOf trap");
    },
  },
);

const faultRows: { label: string; run: Behaviour; expect: RegExp; spec?: { toolTimeoutMs?: number }; memory?: boolean }[] = [
  {
    label: "throws synchronously",
    run: () => {
      throw new TypeError("bad input");
    },
    expect: /^Error: TypeError: bad input$/,
  },
  { label: "rejects later", run: () => new Promise((_r, reject) => setTimeout(() => reject(new RangeError("late failure")), 5)), expect: /^Error: RangeError: late failure$/ },
  {
    label: "throws undefined",
    run: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the row pins how a thrown non-Error is reported
      throw undefined;
    },
    expect: /^Error: Thrown undefined/,
  },
  {
    label: "throws null",
    run: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the row pins how a thrown non-Error is reported
      throw null;
    },
    expect: /^Error: Thrown null/,
  },
  {
    label: "throws a string",
    run: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the row pins how a thrown non-Error is reported
      throw "plain words";
    },
    expect: /^Error: Thrown string: plain words$/,
  },
  {
    label: "throws an object",
    run: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the row pins how a thrown non-Error is reported
      throw { code: 42 };
    },
    expect: /^Error: Thrown object: \{"code":42\}$/,
  },
  {
    label: "throws a Symbol",
    run: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the row pins how a thrown non-Error is reported
      throw Symbol("boom");
    },
    expect: /^Error: Thrown symbol: Symbol\(boom\)$/,
  },
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the row pins how a rejection with a non-Error is reported
  { label: "rejects with a Symbol", run: () => Promise.reject(Symbol("later")), expect: /^Error: Thrown symbol: Symbol\(later\)$/ },
  {
    label: "throws a BigInt",
    run: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the row pins how a thrown non-Error is reported
      throw 10n;
    },
    expect: /^Error: Thrown bigint: 10/,
  },
  {
    label: "throws an Error whose message getter throws",
    run: () => {
      const e = new Error("x");
      Object.defineProperty(e, "message", {
        get() {
          throw new Error("no");
        },
      });
      throw e;
    },
    expect: /^Error: /,
  },
  {
    label: "throws a Proxy that traps everything",
    run: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the row pins how a thrown non-Error is reported
      throw hostileProxy;
    },
    expect: /^Error: /,
  },
  {
    label: "throws an Error with an empty message",
    run: () => {
      throw new Error("");
    },
    expect: /^Error: Error$/,
  },
  { label: "returns a ToolResult error", run: () => ToolResult.error("Error: the disk is full"), expect: /^Error: the disk is full\n\n\[Analyze/ },
  { label: "returns undefined", run: () => undefined, expect: /^\(target completed with no output\)$/ },
  { label: "returns null", run: () => null, expect: /^\(target completed with no output\)$/ },
  { label: "returns a blank string", run: () => "   \n ", expect: /^\(target completed with no output\)$/ },
  { label: "returns a cycle", run: () => cyclic(), expect: /^\{"name":"a","self":"\[Circular\]"\}$/ },
  { label: "returns a BigInt", run: () => 12345678901234567890n, expect: /^12345678901234567890$/ },
  { label: "returns a Symbol", run: () => Symbol("s"), expect: /^Symbol\(s\)$/ },
  { label: "returns a function", run: () => function helper(): void {}, expect: /^\[function helper\]$/ },
  { label: "returns a Buffer", run: () => Buffer.from("hello"), expect: /^\[Buffer 5 bytes\]$/ },
  { label: "returns an object holding a BigInt and a function", run: () => ({ n: 1n, f: () => 1 }), expect: /^\{"n":"1","f":"\[function f\]"\}$/ },
  { label: "returns a Proxy that traps everything", run: () => hostileProxy, expect: /./ },
  {
    label: "returns an object whose toJSON throws",
    run: () => ({
      toJSON() {
        throw new Error("no json");
      },
    }),
    expect: /no json/,
  },
  {
    label: "returns a thenable that throws in then",
    run: () => ({
      then() {
        throw new Error("bad thenable");
      },
    }),
    expect: /^Error: Error: bad thenable$/,
  },
  {
    label: "returns 10,000-deep nesting",
    run: () => {
      let v: unknown = 1;
      for (let i = 0; i < 10_000; i++) v = [v];
      return v;
    },
    expect: /Too deep/,
  },
  { label: "returns a 50 MB string", run: () => "y".repeat(50 * 1024 * 1024), expect: /^y{16000}\n\.\.\. \(truncated\)$/, memory: true },
  { label: "never settles (toolTimeoutMs)", run: () => new Promise(() => undefined), expect: /^Error: Tool 'target' timed out after 30 ms/, spec: { toolTimeoutMs: 30 } },
  {
    label: "ignores its signal and settles after the timeout",
    run: () => new Promise((r) => setTimeout(() => r("too late"), 60)),
    expect: /timed out after 20 ms/,
    spec: { toolTimeoutMs: 20 },
  },
  {
    label: "rejects after the timeout",
    run: () => new Promise((_r, reject) => setTimeout(() => reject(new Error("late")), 60)),
    expect: /timed out after 20 ms/,
    spec: { toolTimeoutMs: 20 },
  },
];

describe("hostile input: faulty tools", () => {
  it.each(faultRows)("$label", async ({ run, expect: pattern, spec }) => {
    const before = process.memoryUsage().heapUsed;
    const tool = hostileTool("target", run);
    let out: Awaited<ReturnType<typeof drive>> | null = await drive({ tools: [tool], name: "target", raw: "{}", ...(spec ? { spec } : {}) });
    record(out.hostile?.content);
    expect(tool.calls).toHaveLength(1);
    expect(out.hostile?.content).toMatch(pattern);
    expect(out.result.finalContent).toBe("done");
    expect(out.result.stopReason).toBe("completed");
    expect(out.echo.calls).toHaveLength(2);
    out = null;
    tool.calls.length = 0;
    await settle(80);
    (globalThis as { gc?: () => void }).gc?.();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  const abortRows: { label: string; run: Behaviour }[] = [
    { label: "resolves after the run was aborted", run: () => new Promise((r) => setTimeout(() => r("late value"), 40)) },
    { label: "rejects after the run was aborted", run: () => new Promise((_r, reject) => setTimeout(() => reject(new Error("late")), 40)) },
    {
      label: "rejects with the abort reason when its signal fires",
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a tool that rejects with its signal's abort reason, whatever that is
      run: (_p, o) => new Promise((_r, reject) => o.signal.addEventListener("abort", () => reject(o.signal.reason))),
    },
    { label: "never settles and ignores its signal", run: () => new Promise(() => undefined) },
  ];

  it.each(abortRows)("$label → one aborted message per call, the run stops", async ({ run }) => {
    const controller = new AbortController();
    const tool = hostileTool("target", run, OPEN, true);
    const out = await drive({
      tools: [tool],
      name: "target",
      raw: "{}",
      spec: { signal: controller.signal },
      onStart: () => setTimeout(() => controller.abort(new Error("user pressed stop")), 10),
    });
    record(out.hostile?.content);
    expect(out.result.stopReason).toBe("aborted");
    expect(out.hostile?.content).toMatch(/did not finish because the run was aborted/);
    await settle(80);
  });
});

// ---------------------------------------------------------------------------------------------
// Plugins
// ---------------------------------------------------------------------------------------------

const baseUrl = pathToFileURL(resolve(import.meta.dirname, "../../src/tools/base.ts")).href;
let temp = "";

function pluginSource(className: string, toolName: string, result: string, statics = ""): string {
  return `import { Tool } from ${JSON.stringify(baseUrl)};
export class ${className} extends Tool {
  ${statics}
  name = ${JSON.stringify(toolName)}; description = "d"; parameters = { type: "object", properties: {} };
  async execute() { return ${JSON.stringify(result)}; }
}\n`;
}

async function writePackage(root: string, name: string, tools: Record<string, string>, files: Record<string, string>): Promise<void> {
  const dir = join(root, "node_modules", name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "package.json"), JSON.stringify({ name, type: "module", nanobot: { tools } }));
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
}

function classOf(name: string, statics: { enabled?: () => boolean; create?: () => Tool } = {}): ToolClass {
  const cls = class extends Tool {
    readonly name = name;
    readonly description = "d";
    readonly parameters = { type: "object", properties: {} };
    async execute(): Promise<unknown> {
      return `${name} ran`;
    }
  };
  Object.defineProperty(cls, "name", { value: `${name}Class` });
  if (statics.enabled) (cls as unknown as { enabled: () => boolean }).enabled = statics.enabled;
  if (statics.create) (cls as unknown as { create: () => Tool }).create = statics.create;
  return cls;
}

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "adversarial-plugins-"));
  await writePackage(
    join(temp, "app"),
    "throws-on-import",
    { exploding: "./index.mjs#Exploding" },
    {
      "index.mjs": `throw new Error("import-time explosion");\n`,
    },
  );
  await writePackage(
    join(temp, "app"),
    "rejects-on-import",
    { awaiting: "./index.mjs#Awaiting" },
    {
      "index.mjs": `await Promise.reject(new TypeError("top-level await rejected"));\n`,
    },
  );
  await writePackage(
    join(temp, "app"),
    "good-one",
    { twin: "./index.mjs#TwinA", solo: "./index.mjs#Solo" },
    {
      "index.mjs": pluginSource("TwinA", "twin", "first twin") + pluginSource("Solo", "solo", "solo ran").split("\n").slice(1).join("\n"),
    },
  );
  await writePackage(
    join(temp, "app"),
    "good-two",
    { twin: "./index.mjs#TwinB", twin_alias: "./index.mjs#TwinC" },
    {
      "index.mjs": pluginSource("TwinB", "twin", "second twin") + pluginSource("TwinC", "twin", "third twin").split("\n").slice(1).join("\n"),
    },
  );
  await writePackage(
    join(temp, "app"),
    "bad-statics",
    { bad_enabled: "./index.mjs#BadEnabled", bad_create: "./index.mjs#BadCreate" },
    {
      "index.mjs":
        pluginSource("BadEnabled", "bad_enabled", "x", "static enabled() { throw new Error('enabled exploded'); }") +
        pluginSource("BadCreate", "bad_create", "x", "static create() { throw 'create exploded'; }").split("\n").slice(1).join("\n"),
    },
  );
});

afterAll(async () => {
  if (temp !== "") await rm(temp, { recursive: true, force: true });
});

/** Runs one model turn calling each of `names`, against what `loader` registered. */
async function runLoaded(loader: ToolLoader, names: string[]) {
  const lines: string[] = [];
  const registry = new ToolRegistry();
  const ctx: ToolContext = { workspace: temp };
  const registered = await loader.load(ctx, registry);
  const calls = names.map((name, i) => new ToolCallRequest({ id: `p${i}`, name, arguments: {} }));
  const provider = new ScriptedProvider([
    { content: null, toolCalls: calls, finishReason: "tool_calls" },
    { content: "done", toolCalls: [], finishReason: "stop" },
  ]);
  const result = await new AgentRunner().run({ provider, model: "scripted", tools: registry, messages: [{ role: "user", content: "go" }] });
  const tools = result.messages.filter((m) => m.role === "tool");
  expect(tools.map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
  expect(result.finalContent).toBe("done");
  return { registered, registry, result, tools, lines };
}

describe("hostile input: plugins", () => {
  const rows: {
    label: string;
    loader: (warn: (m: string) => void) => ToolLoader;
    calls: string[];
    registered: string[];
    contents: RegExp[];
    warnings: RegExp[];
  }[] = [
    {
      label: "a plugin module that throws on import",
      loader: (warn) => new ToolLoader({ classes: [], pluginRoots: [join(temp, "app")], logger: { warn, error: warn } }),
      calls: ["exploding", "awaiting", "solo"],
      registered: ["solo", "twin"],
      contents: [/Tool 'exploding' not found/, /Tool 'awaiting' not found/, /^solo ran$/],
      warnings: [/exploding.*import-time explosion/, /awaiting.*top-level await rejected/],
    },
    {
      label: "plugin classes that throw in enabled or create (from packages)",
      loader: (warn) => new ToolLoader({ classes: [], pluginRoots: [join(temp, "app")], logger: { warn, error: warn } }),
      calls: ["bad_enabled", "bad_create"],
      registered: [],
      contents: [/Tool 'bad_enabled' not found/, /Tool 'bad_create' not found/],
      warnings: [/BadEnabled.*enabled exploded/, /BadCreate.*create exploded/],
    },
    {
      label: "classes that throw in enabled or create (given directly)",
      loader: (warn) =>
        new ToolLoader({
          classes: [
            classOf("builtin_ok"),
            classOf("builtin_enabled", {
              enabled: () => {
                throw new Error("no config");
              },
            }),
          ],
          plugins: {
            plugin_create: classOf("plugin_create", {
              create: () => {
                // eslint-disable-next-line @typescript-eslint/only-throw-error -- the loader must survive a create() that throws a non-Error
                throw Symbol("sym");
              },
            }),
            plugin_null: classOf("plugin_null", { create: () => null as unknown as Tool }),
            plugin_ok: classOf("plugin_ok"),
          },
          logger: { warn, error: warn },
        }),
      calls: ["builtin_enabled", "plugin_create", "plugin_null", "builtin_ok", "plugin_ok"],
      registered: ["builtin_ok", "plugin_ok"],
      contents: [/not found/, /not found/, /not found/, /^builtin_ok ran$/, /^plugin_ok ran$/],
      warnings: [/builtin_enabledClass.*no config/, /plugin_createClass.*Symbol\(sym\)/, /plugin_nullClass/],
    },
    {
      label: "two plugins with the same tool name",
      loader: (warn) => new ToolLoader({ classes: [], pluginRoots: [join(temp, "app")], logger: { warn, error: warn } }),
      calls: ["twin", "twin"],
      registered: ["twin"],
      contents: [/^(first|second|third) twin$/, /^(first|second|third) twin$/],
      warnings: [/twin/],
    },
    {
      label: "a plugin with the name of a built-in",
      loader: (warn) => new ToolLoader({ classes: [classOf("twin")], pluginRoots: [join(temp, "app")], logger: { warn, error: warn } }),
      calls: ["twin"],
      registered: ["twin"],
      contents: [/^twin ran$/],
      warnings: [/conflicts with built-in/],
    },
  ];

  it.each(rows)("$label", async (row) => {
    const warnings: string[] = [];
    const out = await runLoaded(
      row.loader((m) => warnings.push(m)),
      row.calls,
    );
    record(out.tools[0]?.content);
    for (const name of row.registered) expect(out.registry.has(name)).toBe(true);
    expect(new Set(out.registered).size).toBeLessThanOrEqual(out.registered.length);
    out.tools.forEach((m, i) => expect(m.content).toMatch(row.contents[i] as RegExp));
    for (const pattern of row.warnings) expect(warnings.join("\n")).toMatch(pattern);
    // Two calls to one name answer the same way: one tool behind a name.
    if (row.calls.length === 2 && row.calls[0] === row.calls[1]) expect(out.tools[0]?.content).toBe(out.tools[1]?.content);
  });
});
