/**
 * Examples for the loader (`src/tools/loader.ts`): discovering the built-in tools and plugins, and
 * loading given classes. The reference shows each region; `tsc` checks this file and
 * `test/docs/examples.test.ts` runs every function it exports (they scan this project's own
 * folders; nothing is fetched or written).
 */
import { ReadFileTool, ToolLoader, ToolRegistry, WriteFileTool } from "../../src/index.js";

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
