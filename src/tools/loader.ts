/**
 * The loader (lesson 2): finds tool classes — the built-ins in a folder, and plugins that installed
 * packages declare in their `package.json` — then creates and registers the ones that apply.
 *
 * It is kept apart from the registry on purpose: the loader decides *which* tools exist for a
 * context (scope, `enabled`, `create`, collisions); the registry only holds instances and
 * prepares calls. A failing module or class is logged and skipped; loading goes on. Plugin
 * manifests are read in `./plugin-manifest.js`, and each plugin tool is registered wrapped
 * (`./plugin-tool-wrapper.js`).
 *
 * @module
 */
import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isTool, Tool, type ToolClass, type ToolContext } from "./base.js";
import { isLoadableToolClass } from "./loadable-class.js";
import { readPluginRoot } from "./plugin-manifest.js";
import { wrapPluginTool } from "./plugin-tool-wrapper.js";
import type { ToolRegistry } from "./registry.js";
import { describeThrown } from "../util/thrown.js";
import { logText } from "../util/log-text.js";

export { isLoadableToolClass } from "./loadable-class.js";
export { wrapPluginTool } from "./plugin-tool-wrapper.js";

/** Where log lines of the loader go. */
export interface LoaderLogger {
  /** A class or module was skipped. */
  warn(msg: string): void;
  /** Something failed unexpectedly. */
  error(msg: string): void;
}

/** Options of {@link ToolLoader}; all optional. */
export interface ToolLoaderOptions {
  /** Folder of built-in tool modules to scan (default: `src/tools/builtin`). */
  builtinDir?: string;
  /**
   * Folders to search for plugin packages (default: the current directory). Each is either a
   * project folder (its `node_modules/` is searched) or a `node_modules`-style folder itself.
   */
  pluginRoots?: string[];
  /** Given instead of scanning `builtinDir` (tests, lessons). */
  classes?: ToolClass[];
  /** Given instead of searching `pluginRoots`: entry name to class. */
  plugins?: Record<string, ToolClass>;
  /**
   * Where warnings and errors go (default: the console). Each line arrives with its control, bidi
   * and line-separating characters shown as `\uXXXX` escapes, cut after 2,000 characters.
   */
  logger?: LoaderLogger;
}

/** Modules of the built-in folder that are never scanned: infrastructure, not tools. */
const SKIPPED_MODULES: ReadonlySet<string> = new Set(["index", "base", "registry", "loader", "schema", "workspace", "config"]);

const MODULE_FILE = /^(?!_)(?!.*\.(?:test|spec|d)\.[cm]?[jt]s$)([^.]+)\.(?:ts|js|mjs)$/;

const consoleLogger: LoaderLogger = {
  warn: (msg) => console.warn(`[tool loader] ${msg}`),
  error: (msg) => console.error(`[tool loader] ${msg}`),
};

/** Most characters of one log line of the loader (before its escapes). */
const LOADER_LOG_LINE_CHARS = 2_000;

/**
 * `logger` with every line passed through `logText`: a line quotes what plugins and modules
 * chose (entry and class names, paths, thrown messages), and none of their control characters may
 * reach the terminal raw; a longer line is cut with a note.
 */
function safeLogger(logger: LoaderLogger): LoaderLogger {
  return {
    warn: (msg) => logger.warn(logText(msg, LOADER_LOG_LINE_CHARS)),
    error: (msg) => logger.error(logText(msg, LOADER_LOG_LINE_CHARS)),
  };
}

function className(cls: ToolClass): string {
  try {
    return typeof cls.name === "string" && cls.name !== "" ? cls.name : "(anonymous class)";
  } catch {
    return "(a class whose name cannot be read)";
  }
}

/**
 * Discovers tool classes and registers instances of the ones that apply to a context.
 *
 * @example
 * {@includeCode ../../docs/examples/loader.ts#tool-loader}
 */
export class ToolLoader {
  readonly #options: ToolLoaderOptions;
  readonly #logger: LoaderLogger;
  #discovered: ToolClass[] | null = null;
  #plugins: Map<string, ToolClass> | null = null;

  /** Creates a loader; nothing is scanned until `discover`, `discoverPlugins` or `load`. */
  constructor(options: ToolLoaderOptions = {}) {
    this.#options = options;
    this.#logger = safeLogger(options.logger ?? consoleLogger);
  }

  /**
   * The built-in tool classes, sorted by class name: every loadable class exported by a module of
   * the built-in folder (modules starting with `_`, tests and infrastructure modules are skipped;
   * a module that fails to import is logged and skipped). Cached after the first scan.
   */
  async discover(): Promise<ToolClass[]> {
    if (this.#options.classes !== undefined) return [...this.#options.classes];
    if (this.#discovered !== null) return [...this.#discovered];
    const dir = this.#options.builtinDir ?? join(dirname(fileURLToPath(import.meta.url)), "builtin");
    let files: string[];
    try {
      files = (await readdir(dir)).sort();
    } catch (error) {
      this.#logger.warn(`cannot read the built-in folder ${dir}: ${describeThrown(error).message}`);
      files = [];
    }
    const seen = new Set<unknown>();
    const found: ToolClass[] = [];
    for (const file of files) {
      const match = MODULE_FILE.exec(file);
      if (match === null || SKIPPED_MODULES.has(match[1] ?? "")) continue;
      let mod: Record<string, unknown>;
      try {
        mod = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
      } catch (error) {
        this.#logger.warn(`skipped module ${file}: it failed to import (${describeThrown(error).message})`);
        continue;
      }
      for (const [exportName, value] of Object.entries(mod)) {
        if (exportName.startsWith("_") || seen.has(value) || !isLoadableToolClass(value)) continue;
        seen.add(value);
        found.push(value);
      }
    }
    found.sort((a, b) => (className(a) < className(b) ? -1 : className(a) > className(b) ? 1 : 0));
    this.#discovered = found;
    return [...found];
  }

  /**
   * The plugin classes, by entry name, from the `"nanobot": {"tools": {...}}` manifests of the
   * packages installed under each plugin root (scoped packages too). An entry is
   * `"./path/module.js#ExportName"` (`default` when no `#`). Failures are logged and skipped.
   */
  async discoverPlugins(): Promise<Map<string, ToolClass>> {
    if (this.#options.plugins !== undefined) return new Map(Object.entries(this.#options.plugins));
    if (this.#plugins !== null) return new Map(this.#plugins);
    const plugins = new Map<string, ToolClass>();
    const warn = (msg: string): void => this.#logger.warn(msg);
    for (const root of this.#options.pluginRoots ?? [process.cwd()]) await readPluginRoot(root, plugins, warn);
    this.#plugins = plugins;
    return new Map(plugins);
  }

  /**
   * Creates and registers the tools for `ctx`: built-ins first, then plugins. A class is skipped
   * when `scope` is not in its `scopes` or `enabled(ctx)` is false. A plugin never replaces a
   * built-in registered in the same load. Returns the names registered, one per registration.
   *
   * @example
   * {@includeCode ../../docs/examples/loader.ts#load-classes}
   */
  async load(ctx: ToolContext, registry: ToolRegistry, options: { scope?: string } = {}): Promise<string[]> {
    const scope = options.scope ?? "core";
    const registered: string[] = [];
    const builtinNames = new Set<string>();
    const pluginNames = new Set<string>();
    for (const cls of await this.discover()) {
      const tool = this.#instantiate(cls, ctx, scope);
      if (tool === null) continue;
      const name = this.#toolName(tool, cls);
      if (name === null) continue;
      if (builtinNames.has(name)) this.#logger.warn(`built-in ${className(cls)} replaces the earlier built-in '${name}'`);
      if (this.#register(registry, tool, className(cls))) {
        builtinNames.add(name);
        registered.push(name);
      }
    }
    for (const [entry, cls] of await this.discoverPlugins()) {
      const tool = this.#instantiate(cls, ctx, scope);
      if (tool === null) continue;
      const name = this.#toolName(tool, cls);
      if (name === null) continue;
      if (builtinNames.has(name)) {
        this.#logger.warn(`skipped plugin '${entry}' (${className(cls)}): its name '${name}' conflicts with built-in`);
        continue;
      }
      if (pluginNames.has(name)) {
        this.#logger.warn(`plugin '${entry}' (${className(cls)}) replaces the earlier plugin tool '${name}'`);
      }
      if (this.#register(registry, wrapPluginTool(tool), className(cls))) {
        pluginNames.add(name);
        registered.push(name);
      }
    }
    return registered;
  }

  /** The tool's name, or null (logged) when reading it throws or gives no string: that class is skipped. */
  #toolName(tool: Tool, cls: ToolClass): string | null {
    try {
      const name: unknown = tool.name;
      if (typeof name === "string") return name;
      this.#logger.warn(`Failed to register tool ${className(cls)}: its name is ${typeof name}, not a string`);
    } catch (error) {
      this.#logger.warn(`Failed to register tool ${className(cls)}: reading its name threw ${describeThrown(error).name}: ${describeThrown(error).message}`);
    }
    return null;
  }

  #instantiate(cls: ToolClass, ctx: ToolContext, scope: string): Tool | null {
    try {
      const scopes: unknown = cls.scopes;
      if (!Array.isArray(scopes) || !scopes.includes(scope)) return null;
      if (!cls.enabled(ctx)) return null;
      const tool = cls.create(ctx);
      if (!isTool(tool)) throw new TypeError(`create() returned ${typeof tool}, not a Tool`);
      return tool;
    } catch (error) {
      this.#logger.warn(`Failed to register tool ${className(cls)}: ${describeThrown(error).name}: ${describeThrown(error).message}`);
      return null;
    }
  }

  #register(registry: ToolRegistry, tool: Tool, label: string): boolean {
    try {
      registry.register(tool);
      return true;
    } catch (error) {
      this.#logger.warn(`Failed to register tool ${label}: ${describeThrown(error).message}`);
      return false;
    }
  }
}
