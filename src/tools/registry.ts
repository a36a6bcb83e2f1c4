/**
 * The registry (lessons 3–5): it stores tools under their exact names, lists their definitions in
 * a stable order, and prepares each call (lookup, coerce, unwrap, shape, cast, validate) before it runs.
 *
 * @module
 */
import { assertObjectRootSchema, compiledSchemaOf, isToolErrorResult, Tool, ToolResult, type CompiledSchema, type ToolDefinition } from "./base.js";
import { describeJsonType } from "../util/json.js";
import { inexactIntegerIn } from "./argument-text.js";
import { coerceArgumentValue, coerceStepDetail, unwrapArgumentsPayload } from "./coerce.js";
import { inexactIntegerProblem } from "./integer-literals.js";
import { invalidParametersMessage, notAnObjectMessage, RETRY_HINT, toolNotFoundText } from "./messages.js";
import { assertWithinSchemaBudget } from "../schema/budget.js";
import { nameKey } from "./suggest.js";
import { describeThrown, formatThrown } from "../util/thrown.js";

export { RETRY_HINT } from "./messages.js";

/**
 * What a tool name must match to be registered: 1 to 64 ASCII letters, digits, `_` or `-`. This is
 * what OpenAI-compatible APIs accept; one name outside it makes them refuse every request.
 */
// eslint-disable-next-line regexp/prefer-w, regexp/use-ignore-case -- its source is shown in the error, spelled out as OpenAI documents it; linear as it is
export const TOOL_NAME_RULE = /^[a-zA-Z0-9_-]{1,64}$/;

/** The steps of `prepareCall`, in the order of the lesson's flowchart. */
export type PrepareStepName = "lookup" | "coerce" | "unwrap" | "shape" | "cast" | "validate";

/** One step of `prepareCall` as reported to the `onStep` observer. */
export interface PrepareStep {
  /** Which step. */
  step: PrepareStepName;
  /** What the step received. */
  input: unknown;
  /** What the step produced (for a failed step, what it returns to the caller). */
  output: unknown;
  /** False for the step that stopped the call; no later step is reported. */
  ok: boolean;
  /** A short note on what happened, for the trace. */
  detail?: string;
}

/**
 * The outcome of `prepareCall`. Only the first form, with `error: null`, may be executed.
 * On an error, `tool` is the tool when one was found and `params` is what preparation had reached.
 */
export type PreparedCall =
  | {
      /** The tool to run. */
      tool: Tool;
      /** The cast, validated arguments. */
      params: Record<string, unknown>;
      /** No error: this call may be executed. */
      error: null;
    }
  | {
      /** The tool, when the name was found; `null` for an unknown name. */
      tool: Tool | null;
      /** The arguments as far as preparation got (the raw input for an unknown name). */
      params: unknown;
      /** The error text the model reads; `isError` is always true. */
      error: ToolResult;
    };

/** Sort by UTF-16 code units, like Python's `str` order (`"B" < "_" < "a"`), not by locale. */
function byCodeUnits(a: ToolDefinition, b: ToolDefinition): number {
  const x = definitionName(a);
  const y = definitionName(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The base class's own cast and validate methods: a tool that keeps them can skip the method call. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- kept to compare by identity, never called detached
const baseCastParams = Tool.prototype.castParams;
// eslint-disable-next-line @typescript-eslint/unbound-method -- kept to compare by identity, never called detached
const baseValidateParams = Tool.prototype.validateParams;

/** The key of the registry's method for the runner (not public API, so a symbol, for `agent/call.ts` alone). */
export const prepareForRun = Symbol("prepareForRun");

/** Marks a loose key shared by more than one registered name (no suggestion then). */
const AMBIGUOUS = Symbol("ambiguous");

/** A registered tool with its schema compiled at `register`, so a call finds both with one lookup. */
interface Registered {
  tool: Tool;
  compiled: CompiledSchema;
}

function definitionName(def: ToolDefinition): string {
  const fn = (def as { function?: { name?: unknown } }).function;
  if (typeof fn?.name === "string") return fn.name;
  const flat = (def as unknown as { name?: unknown }).name;
  return typeof flat === "string" ? flat : "";
}

/**
 * Holds the tools an agent may call and prepares every call to one of them.
 *
 * @example
 * {@includeCode ../../docs/examples/registry.ts#registry}
 */
export class ToolRegistry {
  readonly #tools = new Map<string, Registered>();
  #definitions: ToolDefinition[] | null = null;
  /** The registered names joined by ", ", for the not-found message; built on first need. */
  #available: string | null = null;
  /** Loose key to the one registered name with that key (or AMBIGUOUS); built on first need. */
  #keys: Map<string, string | typeof AMBIGUOUS> | null = null;

  /**
   * Adds a tool under its `name`, compiling its schema now so no call pays for it. A tool with the
   * same name is replaced and keeps its place in {@link ToolRegistry.toolNames}. Before anything is
   * compiled, the name must match {@link TOOL_NAME_RULE} and the schema must be within the
   * complexity budget (`SCHEMA_BUDGET` in `schema-budget.ts`); a pattern must run on the linear-time engine.
   * @throws TypeError when the name breaks the rule, the root schema is not an object schema, the
   * schema is over budget, or it cannot be compiled (the message names the tool and the reason).
   */
  register(tool: Tool): void {
    const name: unknown = tool.name;
    if (typeof name !== "string" || name === "") {
      throw new TypeError(`A tool's name must be a non-empty string, got ${describeJsonType(name)}`);
    }
    if (!TOOL_NAME_RULE.test(name)) {
      throw new TypeError(`Tool name ${JSON.stringify(name)} must be 1 to 64 letters, digits, '_' or '-' (${TOOL_NAME_RULE.source}), what OpenAI-compatible APIs accept`);
    }
    let compiled: CompiledSchema;
    try {
      assertObjectRootSchema(name, tool.parameters ?? {});
      assertWithinSchemaBudget(name, tool.parameters ?? {});
      // Compiled now, into the one cache of compiled schemas (`compiledSchemaOf`), so no call pays for it.
      compiled = compiledSchemaOf(tool);
    } catch (error) {
      if (error instanceof TypeError) throw error;
      throw new TypeError(`Tool '${name}': its parameters schema does not compile: ${describeThrown(error).message}`);
    }
    this.#tools.set(name, { tool, compiled });
    this.#invalidate();
  }

  /** Removes a tool. An unknown name is a no-op, but still invalidates the definitions cache. */
  unregister(name: string): void {
    this.#tools.delete(name);
    this.#invalidate();
  }

  /** The tool registered under exactly `name`. Only real entries count: `"constructor"` is no tool. */
  get(name: string): Tool | undefined {
    return this.#tools.get(name)?.tool;
  }

  /** Whether a tool is registered under exactly `name`. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** The registered names, in registration order (the order of the not-found message). */
  get toolNames(): string[] {
    return [...this.#tools.keys()];
  }

  /** How many tools are registered. */
  get size(): number {
    return this.#tools.size;
  }

  /**
   * The definitions for the model's `tools` list: built-in tools sorted by name, then the tools
   * whose names start with `mcp_`, sorted. The same array object is returned until the next
   * `register` or `unregister`, which keeps the prompt prefix byte-stable for caching.
   */
  getDefinitions(): ToolDefinition[] {
    if (this.#definitions === null) {
      const builtins: ToolDefinition[] = [];
      const mcp: ToolDefinition[] = [];
      for (const { tool } of this.#tools.values()) {
        const def = tool.toSchema();
        (definitionName(def).startsWith("mcp_") ? mcp : builtins).push(def);
      }
      this.#definitions = builtins.sort(byCodeUnits).concat(mcp.sort(byCodeUnits));
    }
    return this.#definitions;
  }

  /** The single registered name that loosely matches `name`, for error messages only. */
  suggestName(name: string): string | null {
    // The same answer as `suggestToolName(name, this.toolNames)`, with the registered names'
    // keys worked out once instead of on every unknown call.
    const key = nameKey(name);
    if (key === "") return null;
    const match = this.#keyIndex().get(key);
    return typeof match === "string" ? match : null;
  }

  /**
   * Prepares one call in the flowchart's order: exact lookup, coerce a JSON string, unwrap an
   * `{"arguments": …}` wrapper, require an object, cast, validate. Returns the tool and the cast
   * params, or an error result for the model; nothing is guessed and nothing runs here.
   * `onStep` sees each step reached; steps after a failure are not reported. It never throws:
   * anything thrown while preparing (even a stack overflow on deeply nested arguments) becomes
   * the error result `Error: <error name>: <message>`, as the runner reports a throwing tool.
   *
   * @example
   * {@includeCode ../../docs/examples/registry.ts#prepare-call}
   */
  prepareCall(name: unknown, params: unknown, onStep?: (step: PrepareStep) => void): PreparedCall {
    try {
      return this.#prepare(name, params, onStep, null);
    } catch (thrown) {
      return this.#thrown(name, params, thrown);
    }
  }

  /**
   * For the runner: `prepareCall` without a trace, also giving the arguments as coerce and unwrap left them (its guards key on them).
   * @internal
   */
  [prepareForRun](
    name: unknown,
    params: unknown,
  ): {
    /** The call, prepared as `prepareCall` prepares it. */
    prepared: PreparedCall;
    /** The arguments as coerce and unwrap left them. */
    unwrapped: unknown;
  } {
    const progress = { unwrapped: params };
    try {
      return { prepared: this.#prepare(name, params, undefined, progress), unwrapped: progress.unwrapped };
    } catch (thrown) {
      return { prepared: this.#thrown(name, params, thrown), unwrapped: progress.unwrapped };
    }
  }

  /** Whatever was thrown while preparing (deep nesting, a throwing Proxy, tool or observer): an error result, never an exception. */
  #thrown(name: unknown, params: unknown, thrown: unknown): PreparedCall {
    const tool = typeof name === "string" ? (this.#tools.get(name)?.tool ?? null) : null;
    return { tool, params, error: ToolResult.error(`Error: ${formatThrown(thrown)}`) };
  }

  #prepare(name: unknown, params: unknown, onStep: ((step: PrepareStep) => void) | undefined, progress: { unwrapped: unknown } | null): PreparedCall {
    const found = typeof name === "string" ? this.#tools.get(name) : undefined;
    if (found === undefined) {
      const shown = typeof name === "string" ? name : nameText(name);
      const error = ToolResult.error(toolNotFoundText(shown, this.suggestName(shown), (this.#available ??= [...this.#tools.keys()].join(", "))));
      onStep?.({ step: "lookup", input: name, output: error.content, ok: false, detail: "no tool has exactly this name" });
      return { tool: null, params, error };
    }
    const { tool, compiled } = found;
    onStep?.({ step: "lookup", input: name, output: tool.name, ok: true, detail: "exact match" });

    const coerced = coerceArgumentValue(params);
    if (progress !== null) progress.unwrapped = coerced;
    onStep?.({ step: "coerce", input: params, output: coerced, ok: true, detail: coerceStepDetail(params, coerced) });
    const fromText = typeof params === "string" && coerced !== params; // Text read by coerce is JSON data, and so is anything unwrapped from it.
    // Read from text, an object or an array: without an `arguments` key there is nothing to unwrap, told without a call.
    const unwrapped = fromText && !Object.hasOwn(coerced as object, "arguments") ? coerced : unwrapArgumentsPayload(compiled.schema, coerced);
    if (progress !== null) progress.unwrapped = unwrapped;
    onStep?.({
      step: "unwrap",
      input: coerced,
      output: unwrapped,
      ok: true,
      detail: unwrapped === coerced ? 'no {"arguments": …} wrapper' : 'unwrapped one {"arguments": …} level',
    });

    // The prototype is read once: `Object.prototype` (an object from JSON) or `null` is a plain object.
    const object = unwrapped as Record<string, unknown>;
    const proto: unknown = object === null || typeof object !== "object" || Array.isArray(object) ? undefined : fromText ? Object.prototype : Object.getPrototypeOf(object);
    if (proto !== Object.prototype && proto !== null) {
      // JSON object text kept as text because an integer in it cannot be held exactly: said so.
      const inexact = inexactIntegerIn(unwrapped);
      if (inexact !== null) {
        const error = ToolResult.error(invalidParametersMessage(tool.name, [inexactIntegerProblem(inexact)]));
        onStep?.({ step: "shape", input: unwrapped, output: error.content, ok: false, detail: `the integer at ${inexact.path} cannot be held exactly` });
        return { tool, params: unwrapped, error };
      }
      const type = describeJsonType(unwrapped);
      const error = ToolResult.error(notAnObjectMessage(tool.name, type));
      onStep?.({ step: "shape", input: unwrapped, output: error.content, ok: false, detail: `got ${type}, not an object` });
      return { tool, params: unwrapped, error };
    }
    // An object without a prototype (possible from a programmatic caller, never from JSON) is
    // copied, own keys only, so the tool always receives an ordinary object.
    const shaped: Record<string, unknown> = proto === null ? Object.defineProperties({}, Object.getOwnPropertyDescriptors(object)) : object;
    onStep?.({ step: "shape", input: unwrapped, output: shaped, ok: true, detail: "an object" });

    const baseCast = tool.castParams === baseCastParams;
    const baseValidate = tool.validateParams === baseValidateParams;
    // Argument text with a plain schema, no trace asked for, is checked first: a valid call is not cast (nothing would change).
    if (fromText && compiled.checkFirst && onStep === undefined && baseCast && baseValidate && compiled.acceptsObject(shaped)) return { tool, params: shaped, error: null };
    const cast = baseCast ? ((fromText ? compiled.castJson(shaped) : compiled.cast(shaped)) as Record<string, unknown>) : tool.castParams(shaped);
    onStep?.({ step: "cast", input: shaped, output: cast, ok: true, detail: cast === shaped ? "nothing to cast" : "cast to the schema's types" });

    const problems = !baseValidate ? tool.validateParams(cast) : cast === shaped ? compiled.objectProblems(shaped) : compiled.validate(cast);
    if (problems !== null && problems.length > 0) {
      const error = ToolResult.error(invalidParametersMessage(tool.name, problems));
      onStep?.({ step: "validate", input: cast, output: error.content, ok: false, detail: `${problems.length} problem(s)` });
      return { tool, params: cast, error };
    }
    onStep?.({ step: "validate", input: cast, output: cast, ok: true, detail: "valid" });
    return { tool, params: cast, error: null };
  }

  /**
   * Prepares and runs one call. Resolves with the tool's result, or with a `ToolResult` error (prepare
   * errors, `ToolResult` errors and thrown values, each with {@link RETRY_HINT}): never rejects because of a tool.
   */
  async execute(name: string, params: unknown): Promise<unknown> {
    try {
      // Inside the try: a tool's own castParams/validateParams may throw too, and is reported
      // here as a failure of this execution.
      const prepared = this.#prepare(name, params, undefined, null);
      if (prepared.error !== null) return ToolResult.error(prepared.error.content + RETRY_HINT);
      const result = await prepared.tool.execute(prepared.params, { signal: new AbortController().signal });
      if (isToolErrorResult(result)) return ToolResult.error(result.content + RETRY_HINT);
      return result;
    } catch (thrown) {
      const shown = typeof name === "string" ? name : nameText(name);
      return ToolResult.error(`Error executing ${shown}: ${describeThrown(thrown).message}${RETRY_HINT}`);
    }
  }

  #keyIndex(): Map<string, string | typeof AMBIGUOUS> {
    if (this.#keys === null) {
      const keys = new Map<string, string | typeof AMBIGUOUS>();
      for (const candidate of this.#tools.keys()) {
        const key = nameKey(candidate);
        if (key !== "") keys.set(key, keys.has(key) ? AMBIGUOUS : candidate);
      }
      this.#keys = keys;
    }
    return this.#keys;
  }

  #invalidate(): void {
    this.#definitions = null;
    this.#available = null;
    this.#keys = null;
  }
}

/** A non-string name as text for the not-found message; never throws (`Object.create(null)`, a throwing `toString`). */
function nameText(name: unknown): string {
  try {
    return String(name);
  } catch {
    return `<${describeJsonType(name)}>`;
  }
}
