/**
 * Examples for the loader (`src/tools/loader.ts`): discovering the built-in tools and plugins,
 * loading given classes, which classes are loadable (`src/tools/loadable-class.ts`) and how an
 * old-style plugin's failures are recognised (`src/tools/plugin-tool-wrapper.ts`). The reference shows each region; `tsc` checks this file and
 * `test/docs/examples.test.ts` runs every function it exports (they scan this project's own
 * folders; nothing is fetched or written).
 */
import { isLoadableToolClass, isToolErrorResult, ReadFileTool, Tool, ToolLoader, ToolRegistry, WorkspaceTool, wrapPluginTool, WriteFileTool } from "../../src/index.js";

/** Built-ins from `src/tools/builtin/`, then plugins from this project's `node_modules/`. */
export async function loadBuiltinsAndPlugins(): Promise<string[]> {
  // #region tool-loader
  const registry = new ToolRegistry();
  const loader = new ToolLoader({ pluginRoots: [process.cwd()] });
  const names = await loader.load({ workspace: "/tmp/ws" }, registry);
  // ["list_dir", "read_file", "web_fetch", "write_file", ...plugins]
  // #endregion tool-loader
  return names;
}

/** Given classes instead of a scan, and no plugins. */
export async function loadGivenClasses(): Promise<string[]> {
  const registry = new ToolRegistry();
  // #region load-classes
  const loader = new ToolLoader({ classes: [ReadFileTool, WriteFileTool], plugins: {} });
  await loader.load({ workspace: "/tmp/ws" }, registry, { scope: "core" }); // ["read_file", "write_file"]
  // #endregion load-classes
  return registry.toolNames;
}

/** Which classes the loader may instantiate. */
export async function loadableClasses(): Promise<void> {
  // #region is-loadable-tool-class
  isLoadableToolClass(ReadFileTool); // true
  isLoadableToolClass(Tool); // false: the base class itself
  isLoadableToolClass(WorkspaceTool); // false: an abstract base, marked so
  isLoadableToolClass(class {}); // false: not a Tool
  // #endregion is-loadable-tool-class
  if (!isLoadableToolClass(ReadFileTool) || isLoadableToolClass(WorkspaceTool)) throw new Error("wrong verdict");
}

/** An old-style plugin that reports failure as a string starting with "Error:". */
export async function wrappedPlugin(): Promise<void> {
  // #region wrap-plugin-tool
  class OldPlugin extends Tool {
    readonly name = "old_plugin";
    readonly description = "Fails the old way.";
    readonly parameters = { type: "object", properties: {} };
    async execute() {
      return "Error: the service is down";
    }
  }
  const tool = wrapPluginTool(new OldPlugin());
  tool.name; // "old_plugin"
  await tool.execute({}, { signal: AbortSignal.timeout(10_000) }); // ToolResult.error("Error: the service is down")
  // #endregion wrap-plugin-tool
  if (!isToolErrorResult(await tool.execute({}, { signal: AbortSignal.timeout(10_000) }))) throw new Error("not recognised as a failure");
}
