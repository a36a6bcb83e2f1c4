/**
 * How a plugin's tool is registered: wrapped, so a plain string result that starts with `"Error:"`
 * (how older plugins signalled failure) becomes a `ToolResult` error. Everything else is the
 * plugin's own.
 *
 * @module
 */
import { Tool, ToolResult, type ExecuteOptions, type JsonSchema, type ToolDefinition } from "./base.js";

/** The plugin class's `configKey`, or `""` when it has none or reading it throws. */
function pluginConfigKey(tool: Tool): string {
  try {
    const key: unknown = (tool.constructor as { configKey?: unknown }).configKey;
    return typeof key === "string" ? key : "";
  } catch {
    return "";
  }
}

/**
 * Wraps a plugin's tool so a plain string result that starts with `"Error:"` becomes a
 * `ToolResult` error, as older plugins signalled failure. Everything else passes through,
 * and the wrapper shows the plugin's own name, schema, flags, casting and validation. Its class
 * carries the plugin class's `configKey`, so `wrapped.constructor.configKey` is the plugin's.
 *
 * @example
 * {@includeCode ../../docs/examples/loader.ts#wrap-plugin-tool}
 */
export function wrapPluginTool(tool: Tool): Tool {
  const configKey = pluginConfigKey(tool);
  const Wrapper = class extends PluginToolWrapper {
    static override configKey = configKey;
  };
  Object.defineProperty(Wrapper, "name", { value: "PluginToolWrapper" });
  return new Wrapper(tool);
}

/** The tool a plugin's tool is registered as: the plugin's tool, with old-style errors recognised. */
class PluginToolWrapper extends Tool {
  static override discoverable = false;
  readonly #inner: Tool;
  constructor(inner: Tool) {
    super();
    this.#inner = inner;
  }
  get name(): string {
    return this.#inner.name;
  }
  get description(): string {
    return this.#inner.description;
  }
  get parameters(): JsonSchema {
    return this.#inner.parameters;
  }
  override get readOnly(): boolean {
    return this.#inner.readOnly;
  }
  override get exclusive(): boolean {
    return this.#inner.exclusive;
  }
  override get concurrencySafe(): boolean {
    return this.#inner.concurrencySafe;
  }
  override castParams(params: Record<string, unknown>): Record<string, unknown> {
    return this.#inner.castParams(params);
  }
  override validateParams(params: Record<string, unknown>): string[] {
    return this.#inner.validateParams(params);
  }
  override toSchema(): ToolDefinition {
    return this.#inner.toSchema();
  }
  async execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const result = await this.#inner.execute(params, options);
    if (typeof result === "string" && result.startsWith("Error:")) return ToolResult.error(result);
    return result;
  }
}
