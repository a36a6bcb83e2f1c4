/**
 * The single-tool contract: what every tool declares (name, description, parameter schema,
 * policy flags) and how its arguments are cast and validated before it runs.
 *
 * Lesson 1 teaches this file. The registry (lesson 3–5) and the runner (lesson 6–8) only ever
 * talk to tools through the members defined here.
 *
 * @module
 */
import { safeJsonStringify, type JsonSchema } from "../util/json.js";
import { compileCaster, type Caster } from "../schema/cast.js";
import { jsonCasterOf } from "../schema/json-cast.js";
import { compileObjectValidator, type Validator } from "../schema/validate.js";
import { canCheckBeforeCast } from "../schema/check-first.js";
import { asRefusalCode, hasBrand, type RefusalCode } from "../security/refusal.js";

export type { JsonSchema } from "../util/json.js";
export type { RefusalCode } from "../security/refusal.js";

/** The mark of a {@link ToolResult}, shared by every copy of the workbook (a plugin may bundle its own). */
const TOOL_RESULT_BRAND = Symbol.for("tool-calling-workbook.ToolResult");
/** The mark of a {@link Tool}, shared by every copy of the workbook. */
const TOOL_BRAND = Symbol.for("tool-calling-workbook.Tool");

/**
 * What the loader hands to `enabled()` and `create()`: where the tool may work, and its config.
 * Extra keys are allowed so an application can pass its own services to its tools.
 */
export interface ToolContext {
  /** The folder the file tools are confined to. */
  workspace: string;
  /** The application's configuration; a tool reads its own section under `configKey`. */
  config?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Per-call options the runner passes to `execute`. */
export interface ExecuteOptions {
  /** Aborted when the call times out or the whole run is aborted. Long work should honour it. */
  signal: AbortSignal;
  /** The model's id for this call, when there is one. */
  callId?: string;
}

/**
 * A tool's string result together with a status. Only a `ToolResult` whose `isError` is true is
 * an error: a plain string that happens to start with `"Error:"` is a success. A refusal can say
 * which kind it is in `code`.
 *
 * @example
 * {@includeCode ../../docs/examples/results.ts#tool-result}
 */
export class ToolResult {
  /** The text the model reads. */
  readonly content: string;
  /** True when the tool failed in a way it wants the model to see as a failure. */
  readonly isError: boolean;
  /**
   * The kind of security refusal this error is, when the tool knows it (the file built-ins and
   * `web_fetch` set it); absent otherwise, and then the runner falls back to the text.
   */
  declare readonly code?: RefusalCode;

  /** Wrap `content` with a status; `isError` defaults to false. `code` marks a security refusal. */
  constructor(content: string, isError = false, code?: RefusalCode) {
    this.content = String(content);
    this.isError = isError;
    if (code !== undefined) this.code = code;
    Object.freeze(this);
  }

  /** A failed result: the same as `new ToolResult(content, true, code)`. */
  static error(content: string, code?: RefusalCode): ToolResult {
    return new ToolResult(content, true, code);
  }

  /** The content itself, so a `ToolResult` reads like the string it carries. */
  toString(): string {
    return this.content;
  }

  /** Serialises as its content, so a result inside a larger value stays readable. */
  toJSON(): string {
    return this.content;
  }
}

Object.defineProperty(ToolResult.prototype, TOOL_RESULT_BRAND, { value: true });

/**
 * True for a {@link ToolResult}, from this copy of the workbook or another (a plugin that bundles
 * its own): one of ours by `instanceof`, a foreign one by its mark. Like `instanceof`, it throws
 * when reading the value's prototype throws (a hostile Proxy), so the caller can report that.
 */
export function isToolResult(value: unknown): value is ToolResult {
  return value instanceof ToolResult || hasBrand(value, TOOL_RESULT_BRAND);
}

/** True only for a {@link ToolResult} with `isError` set; never for a plain string. */
export function isToolErrorResult(value: unknown): value is ToolResult {
  return isToolResult(value) && value.isError === true;
}

/** The refusal code a {@link ToolResult} carries, when it is a known one; never throws. */
export function resultRefusalCode(result: ToolResult): RefusalCode | undefined {
  try {
    return asRefusalCode(result.code);
  } catch {
    return undefined;
  }
}

/** True for a {@link Tool} (or a tool class's prototype), from this copy of the workbook or another. */
export function isTool(value: unknown): value is Tool {
  return hasBrand(value, TOOL_BRAND);
}

/**
 * A concrete tool class, as the loader handles it: constructible, with the static plugin hooks.
 * `name` here is the class's own name (used to sort discovered classes), not the tool name.
 */
export interface ToolClass {
  new (...args: never[]): Tool;
  /** The class's own name, used to sort discovered classes. */
  readonly name: string;
  /** The instances' prototype: a `Tool`. */
  readonly prototype: Tool;
  /** The loader scopes the class is loaded in. */
  scopes: readonly string[];
  /** The section of the config the tool reads. */
  configKey: string;
  /** False hides the class from discovery. */
  discoverable: boolean;
  /** Whether to create the tool for this context. */
  enabled(ctx: ToolContext): boolean;
  /** Builds the instance to register. */
  create(ctx: ToolContext): Tool;
}

/** The schema a tool gives to the model: the OpenAI `tools[]` entry. */
export interface ToolDefinition {
  /** Always `"function"`. */
  type: "function";
  /** What the model sees of the tool. */
  function: {
    /** The exact name to call. */
    name: string;
    /** What the tool does. */
    description: string;
    /** The JSON Schema of the arguments. */
    parameters: JsonSchema;
  };
}

/**
 * Reads the root `type` of a parameter schema and says whether it is an object schema.
 * A missing `type` counts as an object, as upstream does.
 */
export function isObjectRootSchema(schema: unknown): boolean {
  if (schema === undefined || schema === null) return true;
  if (typeof schema !== "object" || Array.isArray(schema)) return false;
  const type = (schema as JsonSchema)["type"];
  return type === undefined || type === "object";
}

/** Throws a `TypeError` naming the tool when its root schema is not an object schema. */
export function assertObjectRootSchema(toolName: string, schema: unknown): void {
  if (!isObjectRootSchema(schema)) {
    const type =
      schema !== null && typeof schema === "object" && !Array.isArray(schema)
        ? safeJsonStringify((schema as JsonSchema)["type"])
        : Array.isArray(schema)
          ? "an array"
          : typeof schema;
    throw new TypeError(`Tool '${toolName}': the parameters schema must have type "object" at its root, got ${type}`);
  }
}

/** The schema work done once per tool instance: the schema read once, a caster and a validator. */
export interface CompiledSchema {
  /** The parameters schema as it was when compiled. */
  schema: JsonSchema;
  /** Applies the safe casts to a call's arguments. */
  cast: Caster;
  /** `cast` for arguments known to be JSON data (read from argument text): equal results, less work. */
  castJson: Caster;
  /** Lists the problems of a call's (cast) arguments; `[]` when they are valid. */
  validate: Validator;
  /** `validate` for arguments known to be a plain object: `null` when they are valid. */
  objectProblems: (value: Record<string, unknown>) => string[] | null;
  /** The verdict alone on arguments known to be a plain object: true when they are valid. */
  acceptsObject: (value: Record<string, unknown>) => boolean;
  /**
   * True when argument text may be checked before its cast (`canCheckBeforeCast`): a valid call
   * is then never cast, since a value the schema accepts is never changed by the cast.
   */
  checkFirst: boolean;
}

const compiledSchemas = new WeakMap<Tool, CompiledSchema>();

/**
 * Compiles (once) and returns the caster and validator of a tool. The registry calls this when a
 * tool is registered, so no call ever pays for compilation.
 */
export function compiledSchemaOf(tool: Tool): CompiledSchema {
  let compiled = compiledSchemas.get(tool);
  if (compiled === undefined) {
    const schema: JsonSchema = tool.parameters ?? {};
    assertObjectRootSchema(tool.name, schema);
    const cast = compileCaster(schema);
    const { validate, objectProblems, acceptsObject } = compileObjectValidator(schema);
    compiled = { schema, cast, castJson: jsonCasterOf(cast), validate, objectProblems, acceptsObject, checkFirst: canCheckBeforeCast(schema) };
    compiledSchemas.set(tool, compiled);
  }
  return compiled;
}

/**
 * The base class of every tool. A subclass declares `name`, `description`, `parameters` and
 * `execute`; it may override the policy flags and the static plugin hooks.
 *
 * `P` is the type of the arguments `execute` receives. It defaults to `Record<string, unknown>`;
 * a tool may name its own (an object type, written with `type`, not `interface`), and then type
 * its schema from it with {@link ParametersSchema}. The registry only calls `execute` with
 * arguments its schema accepted, so the schema is what makes `P` true: keep the two in step.
 *
 * @typeParam P - the arguments `execute` receives, once cast and validated.
 *
 * @example
 * {@includeCode ../../docs/examples/tool.ts#tool-subclass}
 */
export abstract class Tool<P extends Record<string, unknown> = Record<string, unknown>> {
  /** The exact name the model must call. */
  abstract readonly name: string;
  /** Tells the model what the tool does and when to use it. */
  abstract readonly description: string;
  /** JSON Schema of the arguments; its root must be `{ type: "object", ... }`. */
  abstract readonly parameters: JsonSchema;

  /** True when the tool changes nothing outside itself. Default false. */
  get readOnly(): boolean {
    return false;
  }

  /** True when the tool must run alone, even if read-only. Default false. */
  get exclusive(): boolean {
    return false;
  }

  /** May run in a batch with other safe calls. Default `readOnly && !exclusive`. */
  get concurrencySafe(): boolean {
    return this.readOnly && !this.exclusive;
  }

  /** The loader scopes this class is loaded in. Default `["core"]`. */
  static scopes: readonly string[] = ["core"];
  /** The section of `ctx.config` this tool reads. Default `""`. */
  static configKey = "";
  /** False hides the class from the loader's discovery (adapters, bases). Default true. */
  static discoverable = true;

  /** Whether the loader should create this tool for `ctx`. Default true. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the signature subclasses override; the default needs no context
  static enabled(_ctx: ToolContext): boolean {
    return true;
  }

  /** Builds the instance the loader registers. Default: `new this()`. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the signature subclasses override; the default needs no context
  static create(_ctx: ToolContext): Tool {
    return new (this as unknown as new () => Tool)();
  }

  /** Builds a failed result: the same as `ToolResult.error(content)`. */
  static error(content: string): ToolResult {
    return ToolResult.error(content);
  }

  /** Does the tool's work. Resolve with a string, a `ToolResult` or any value the runner can turn into text. */
  abstract execute(params: P, options: ExecuteOptions): Promise<unknown>;

  /**
   * Applies the safe, schema-driven casts (`"42"` to 42 for an integer, `"true"` to true for a
   * boolean, numbers to strings for a string). Never mutates its input; returns it unchanged when
   * nothing needed casting. A value that cannot be cast is kept for validation to report.
   */
  castParams(params: Record<string, unknown>): Record<string, unknown> {
    return compiledSchemaOf(this).cast(params) as Record<string, unknown>;
  }

  /** Checks params against the schema; `[]` means valid, otherwise one message per problem. */
  validateParams(params: Record<string, unknown>): string[] {
    return compiledSchemaOf(this).validate(params);
  }

  /** The definition the model sees in its `tools` list. */
  toSchema(): ToolDefinition {
    return {
      type: "function",
      function: { name: this.name, description: this.description, parameters: this.parameters },
    };
  }
}

Object.defineProperty(Tool.prototype, TOOL_BRAND, { value: true });
