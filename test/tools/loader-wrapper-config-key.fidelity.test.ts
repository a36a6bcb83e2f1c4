/**
 * Upstream test `test_loader_entry_point_error_wrapper_preserves_tool_api`
 * (tests/agent/test_tool_loader_entrypoints.py): a plugin loaded by
 * the loader is wrapped, and the wrapper keeps the plugin's whole API — `configKey` included —
 * while turning a plain `"Error:"` string into an error result. The plugin is the upstream test's
 * `_ApiPluginTool`, written in TypeScript; `config_key` is the class's static `configKey` here.
 */
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { isToolErrorResult, Tool, type ToolClass, type ToolDefinition } from "../../src/tools/base.js";
import { ToolLoader } from "../../src/tools/loader.js";
import { ToolRegistry } from "../../src/tools/registry.js";

class ApiPluginTool extends Tool {
  static override configKey = "api_plugin";
  get name(): string {
    return "api_plugin";
  }
  get description(): string {
    return "Entry-point plugin with custom tool API methods.";
  }
  get parameters(): Record<string, unknown> {
    return { type: "object", properties: { value: { type: "string" } } };
  }
  override get readOnly(): boolean {
    return true;
  }
  override get concurrencySafe(): boolean {
    return false;
  }
  override castParams(params: Record<string, unknown>): Record<string, unknown> {
    return { value: String(params["value"]) };
  }
  override validateParams(params: Record<string, unknown>): string[] {
    return JSON.stringify(params) === JSON.stringify({ value: "1" }) ? [] : ["bad value"];
  }
  override toSchema(): ToolDefinition {
    return { name: this.name, custom: true } as unknown as ToolDefinition;
  }
  async execute(): Promise<unknown> {
    return "Error: plugin failed";
  }
}

describe("fidelity to upstream: upstream test_loader_entry_point_error_wrapper_preserves_tool_api", () => {
  it("test_loader_entry_point_error_wrapper_preserves_tool_api: config_key, flags, casting, validation and schema are the plugin's", async () => {
    const registry = new ToolRegistry();
    await new ToolLoader({ classes: [], plugins: { api_plugin: ApiPluginTool as unknown as ToolClass } }).load({ workspace: tmpdir() }, registry);

    const tool = registry.get("api_plugin");
    expect(tool).toBeDefined();
    if (tool === undefined) return;
    expect(tool).not.toBeInstanceOf(ApiPluginTool);
    expect((tool.constructor as ToolClass).configKey).toBe("api_plugin");
    expect(tool.readOnly).toBe(true);
    expect(tool.concurrencySafe).toBe(false);
    expect(tool.castParams({ value: 1 })).toEqual({ value: "1" });
    expect(tool.validateParams({ value: "1" })).toEqual([]);
    expect(tool.toSchema()).toEqual({ name: "api_plugin", custom: true });

    const result = await tool.execute({ value: "1" }, { signal: new AbortController().signal });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe("Error: plugin failed");
  });
});
