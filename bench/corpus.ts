/**
 * The benchmark corpus: two tools and eight calls, fixed once and for all, so figures can be
 * compared across implementations. Also the "floor" — the least work that can give a verdict on
 * the same calls (`JSON.parse` with stack traces off, as the registry parses, plus a precompiled
 * Ajv validator found by name in a `Map`) — and the
 * outcomes `prepareCall` must give, which `test/bench/corpus.test.ts` checks.
 *
 * @module
 */
import AjvImport, { type ValidateFunction } from "ajv";
import { Tool, type ExecuteOptions, type JsonSchema } from "../src/tools/base.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { AJV_OPTIONS } from "../src/schema/validate.js";

// ajv ships CommonJS with `exports.default`; under NodeNext the default import is the module.
const Ajv = AjvImport.default;

/** The `read_file` schema of the corpus. */
export const READ_FILE_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: { type: "string", minLength: 1 },
    offset: { type: "integer", minimum: 0 },
    limit: { type: "integer", minimum: 1, maximum: 10000 },
    encoding: { type: "string", enum: ["utf-8", "latin-1"] },
  },
  required: ["path"],
};

/** The `search` schema of the corpus. */
export const SEARCH_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string" },
    filters: {
      type: "object",
      properties: { lang: { type: "array", items: { type: "string" } }, since: { type: "integer" } },
    },
    top_k: { type: "integer" },
  },
  required: ["query"],
};

/** What a benchmark tool does when executed. */
export type BenchExecute = (params: Record<string, unknown>, options: ExecuteOptions) => Promise<unknown>;

const answerAtOnce: BenchExecute = () => Promise.resolve("ok");

/** A tool defined by its name, schema and policy, for benchmarks: its `execute` is given. */
export class BenchTool extends Tool {
  /** The exact name. */
  readonly name: string;
  /** A one-line description. */
  readonly description: string;
  /** The parameter schema. */
  readonly parameters: JsonSchema;
  readonly #readOnly: boolean;
  readonly #run: BenchExecute;

  /** `readOnly` (default true) makes the tool concurrency-safe; `execute` defaults to resolving "ok" at once. */
  constructor(name: string, parameters: JsonSchema, options: { readOnly?: boolean; execute?: BenchExecute } = {}) {
    super();
    this.name = name;
    this.description = `Benchmark tool ${name}.`;
    this.parameters = parameters;
    this.#readOnly = options.readOnly ?? true;
    this.#run = options.execute ?? answerAtOnce;
  }

  /** As given to the constructor. */
  override get readOnly(): boolean {
    return this.#readOnly;
  }

  /** Runs the given function. */
  execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    return this.#run(params, options);
  }
}

/** One call of the corpus: the name and the raw params as a model (or provider) hands them over. */
export interface CorpusCall {
  /** 1-based position in the corpus. */
  n: number;
  /** What kind of call it is, in a few words, for the bench's per-call table. */
  label: string;
  name: string;
  raw: unknown;
}

/** The eight calls, in the order. */
export const CORPUS_CALLS: readonly CorpusCall[] = Object.freeze([
  { n: 1, label: "plain valid", name: "read_file", raw: '{"path": "src/a.ts", "offset": 10, "limit": 200, "encoding": "utf-8"}' },
  { n: 2, label: "object, a cast", name: "read_file", raw: { path: "src/a.ts", offset: "10" } },
  { n: 3, label: "wrapped", name: "read_file", raw: '{"arguments": "{\\"path\\": \\"x\\"}"}' },
  { n: 4, label: "an array", name: "read_file", raw: "[1,2,3]" },
  { n: 5, label: "cut short", name: "read_file", raw: '{"path": 3' },
  { n: 6, label: "near-miss name", name: "ReadFile", raw: '{"path": "x"}' },
  { n: 7, label: "nested, a cast", name: "search", raw: '{"query": "tool registry", "filters": {"lang": ["ts", "py"], "since": "2024"}, "top_k": 5}' },
  { n: 8, label: "missing required", name: "search", raw: '{"filters": {}}' },
]);

/** The two corpus tools, in registration order (`read_file`, then `search`). */
export function corpusTools(options: { readOnly?: boolean; execute?: BenchExecute } = {}): Tool[] {
  return [new BenchTool("read_file", READ_FILE_SCHEMA, options), new BenchTool("search", SEARCH_SCHEMA, options)];
}

/** A registry holding the corpus tools (plus any `extra` tools registered after them). */
export function corpusRegistry(extra: readonly Tool[] = []): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of corpusTools()) registry.register(tool);
  for (const tool of extra) registry.register(tool);
  return registry;
}

/** The floor's verdict for one call: true to accept. */
export type FloorCheck = (name: string, raw: unknown) => boolean;

/**
 * Builds the floor for a set of `(name, schema)` pairs: each schema compiled once with a fresh Ajv
 * using the registry's own options, looked up by name in a `Map`; a call is `JSON.parse`d when it
 * is a string, with `Error.stackTraceLimit` at 0 around the parse as the registry's own parse has
 * it (`parseJsonOr`), so a failed parse costs no stack trace on either side, and validated —
 * nothing else (no coercion of blanks, no unwrap, no cast, no message).
 */
export function buildFloor(schemas: Iterable<readonly [string, JsonSchema]>): FloorCheck {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  const validators = new Map<string, ValidateFunction>();
  for (const [name, schema] of schemas) validators.set(name, ajv.compile(schema));
  return (name, raw) => {
    const validate = validators.get(name);
    if (validate === undefined) return false;
    let value: unknown = raw;
    if (typeof raw === "string") {
      // Stack traces off around the parse, as the registry's own parse has them (`parseJsonOr`).
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        value = JSON.parse(raw);
      } catch {
        return false;
      } finally {
        Error.stackTraceLimit = limit;
      }
    }
    return validate(value);
  };
}

/** The floor for the corpus tools. */
export function corpusFloor(): FloorCheck {
  return buildFloor([
    ["read_file", READ_FILE_SCHEMA],
    ["search", SEARCH_SCHEMA],
  ]);
}

/** What `prepareCall` must give for each corpus call (by `n`). */
export const EXPECTED_OUTCOMES: Readonly<Record<number, { ok: true; params: Record<string, unknown> } | { ok: false; error: string }>> = Object.freeze({
  1: { ok: true, params: { path: "src/a.ts", offset: 10, limit: 200, encoding: "utf-8" } },
  2: { ok: true, params: { path: "src/a.ts", offset: 10 } },
  3: { ok: true, params: { path: "x" } },
  4: {
    ok: false,
    error:
      "Error: Tool 'read_file' parameters must be a JSON object, got array. " +
      'Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.',
  },
  5: {
    ok: false,
    error:
      "Error: Tool 'read_file' parameters must be a JSON object, got string. " +
      'Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.',
  },
  6: {
    ok: false,
    error: "Error: Tool 'ReadFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file, search",
  },
  7: { ok: true, params: { query: "tool registry", filters: { lang: ["ts", "py"], since: 2024 }, top_k: 5 } },
  8: { ok: false, error: "Error: Invalid parameters for tool 'search': missing required query" },
});

/**
 * The floor's verdicts (by `n`). It agrees with `prepareCall` wherever no repair is involved
 * (calls 1, 4, 5, 6, 8); it rejects calls 2 (`offset: "10"`), 3 (the `{"arguments": …}` wrapper)
 * and 7 (`since: "2024"`), which `prepareCall` accepts after its safe unwrap and cast — the floor
 * is the cost of parsing and validating only, not a second implementation.
 */
export const FLOOR_VERDICTS: Readonly<Record<number, boolean>> = Object.freeze({
  1: true,
  2: false,
  3: false,
  4: false,
  5: false,
  6: false,
  7: false,
  8: false,
});

/** The calls on which the floor and `prepareCall` must agree (no unwrap or cast involved). */
export const VERDICT_AGREES: readonly number[] = Object.freeze([1, 4, 5, 6, 8]);
