/**
 * Lesson 2 demo: how tools are found. It scans the real built-in folder and says which classes
 * were kept and why others were skipped; repeats that on a small folder of example modules made
 * for the purpose (one of which fails to import); then finds a plugin package through its
 * `"nanobot": { "tools": ... }` manifest, and shows a plugin losing to a built-in of the same name.
 * Last, it loads three tool classes against one configuration: one disabled by that
 * configuration, one skipped for its scope, and one built by `create(ctx)` from its own section.
 *
 * Everything temporary is written under the system temp folder and removed at the end.
 *
 * @module
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { Tool, ToolRegistry, type JsonSchema, type ToolClass, type ToolContext } from "../../src/index.js";
import { ToolLoader, type ToolLoaderOptions } from "../../src/tools/loader.js";
import { LESSONS_DIR } from "../_shared/meta.js";
import { bold, dim, green, red, say, section, table, yellow, block } from "../_shared/print.js";

const ROOT = join(LESSONS_DIR, "..");
const BUILTIN_DIR = join(ROOT, "src", "tools", "builtin");
const TOOL_MODULE = pathToFileURL(join(ROOT, "src", "index.ts")).href;

/** Why one exported value is, or is not, a tool class the loader keeps. */
export function explainExport(exportName: string, value: unknown, kept: ReadonlySet<unknown>): string {
  if (kept.has(value)) return "kept";
  if (typeof value !== "function") return "skipped: not a class";
  const cls = value as { prototype?: unknown; discoverable?: unknown };
  if (!(cls.prototype instanceof Tool)) return "skipped: not a Tool subclass";
  if (exportName.startsWith("_")) return "skipped: private export name";
  if (cls.discoverable === false) return "skipped: discoverable = false";
  if (typeof (cls.prototype as { execute?: unknown }).execute !== "function") return "skipped: abstract (no execute)";
  return "skipped by the loader";
}

function capture(): { logger: NonNullable<ToolLoaderOptions["logger"]>; messages: string[] } {
  const messages: string[] = [];
  return {
    messages,
    logger: { warn: (msg) => messages.push(`warn: ${msg}`), error: (msg) => messages.push(`error: ${msg}`) },
  };
}

function colourReason(reason: string): string {
  return reason.startsWith("kept") ? green(reason) : yellow(reason);
}

/** Lists each module of `dir`, and for each export whether discovery kept it. */
async function explainFolder(dir: string, discovered: readonly ToolClass[]): Promise<void> {
  const kept = new Set<unknown>(discovered);
  const rows: string[][] = [["module", "export", "verdict"]];
  const files = (await readdir(dir)).filter((f) => /\.(?:m?js|ts)$/.test(f) && !f.endsWith(".d.ts")).sort();
  for (const file of files) {
    if (file.startsWith("_")) {
      rows.push([file, "-", yellow("module skipped: name starts with _")]);
      continue;
    }
    let mod: Record<string, unknown>;
    try {
      mod = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    } catch (error) {
      rows.push([file, "-", red(`module failed to import: ${(error as Error).message}`)]);
      continue;
    }
    const exports = Object.keys(mod).sort();
    if (exports.length === 0) rows.push([file, "-", dim("no exports")]);
    for (const name of exports) rows.push([file, name, colourReason(explainExport(name, mod[name], kept))]);
  }
  table(rows);
}

const TOOL_SOURCE = (body: string): string => `import { Tool } from ${JSON.stringify(TOOL_MODULE)};\n${body}\n`;

const EXAMPLE_MODULES: Record<string, string> = {
  "echo.js": TOOL_SOURCE(`
export class EchoTool extends Tool {
  name = "echo";
  description = "Repeat the text back.";
  parameters = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
  get readOnly() { return true; }
  async execute(params) { return String(params.text); }
}
export const ECHO_VERSION = 1;`),
  "bridges.js": TOOL_SOURCE(`
export class BaseSearchTool extends Tool {
  description = "A base for search tools; it has no execute of its own.";
  parameters = { type: "object" };
}
export class RemoteBridgeTool extends Tool {
  static discoverable = false;
  name = "remote_bridge";
  description = "Built at run time for a remote server, never discovered.";
  parameters = { type: "object" };
  async execute() { return "bridged"; }
}`),
  "_scratch.js": TOOL_SOURCE(`export class ScratchTool extends Tool {}`),
  "broken.js": `throw new Error("this module needs a package that is not installed");\n`,
};

const PLUGIN_SOURCE = TOOL_SOURCE(`
export class HelloTool extends Tool {
  name = "hello";
  description = "Say hello (from a plugin package).";
  parameters = { type: "object", properties: { who: { type: "string" } } };
  get readOnly() { return true; }
  async execute(params) { return params.who ? "Hello, " + params.who + "!" : "Error: nobody to greet"; }
}
export class ShadowReadFileTool extends Tool {
  name = "read_file";
  description = "A plugin that tries to take over read_file.";
  parameters = { type: "object", properties: { path: { type: "string" } } };
  async execute() { return "not the real read_file"; }
}`);

/** The section of the configuration a tool reads: `ctx.config[configKey]`, when it is an object. */
function sectionOf(ctx: ToolContext, key: string): Record<string, unknown> {
  const section = ctx.config?.[key];
  return section !== null && typeof section === "object" && !Array.isArray(section) ? (section as Record<string, unknown>) : {};
}

/** A tool built from its configuration section: which folder it keeps notes in, and how many. */
export class NotesTool extends Tool {
  static override configKey = "notes";
  readonly name = "add_note";
  readonly description: string;
  readonly parameters: JsonSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
  readonly folder: string;
  readonly maxNotes: number;

  constructor(folder = "notes", maxNotes = 100) {
    super();
    this.folder = folder;
    this.maxNotes = maxNotes;
    this.description = `Add a note to ${folder}/ (at most ${maxNotes} notes).`;
  }

  /** Off when the section says `enabled: false`. */
  static override enabled(ctx: ToolContext): boolean {
    return sectionOf(ctx, this.configKey)["enabled"] !== false;
  }

  /** Reads `folder` and `maxNotes` from the `notes` section. */
  static override create(ctx: ToolContext): Tool {
    const section = sectionOf(ctx, this.configKey);
    const folder = typeof section["folder"] === "string" ? section["folder"] : undefined;
    const maxNotes = typeof section["maxNotes"] === "number" ? section["maxNotes"] : undefined;
    return new NotesTool(folder, maxNotes);
  }

  async execute(params: Record<string, unknown>): Promise<unknown> {
    return `noted in ${this.folder}/: ${String(params["text"])}`;
  }
}

/** A tool that needs an API key from its section; without one it is not created at all. */
export class WebSearchTool extends Tool {
  static override configKey = "search";
  readonly name = "web_search";
  readonly description = "Search the web.";
  readonly parameters: JsonSchema = { type: "object", properties: { query: { type: "string" } }, required: ["query"] };

  static override enabled(ctx: ToolContext): boolean {
    const key = sectionOf(ctx, this.configKey)["apiKey"];
    return typeof key === "string" && key !== "";
  }

  async execute(): Promise<unknown> {
    return "no results";
  }
}

/** A tool meant only for sub-agents: the loader creates it only when asked for that scope. */
export class ReportToParentTool extends Tool {
  static override scopes: readonly string[] = ["subagent"];
  readonly name = "report_to_parent";
  readonly description = "Send the sub-agent's findings back to the agent that started it.";
  readonly parameters: JsonSchema = { type: "object", properties: { summary: { type: "string" } }, required: ["summary"] };

  async execute(params: Record<string, unknown>): Promise<unknown> {
    return `reported: ${String(params["summary"])}`;
  }
}

/** The application configuration the last section loads against. */
export const DEMO_CONFIG = {
  notes: { folder: "meeting-notes", maxNotes: 20 },
  search: { apiKey: "" },
};

/** What the loader does with one class in one scope, in words. */
export function loaderVerdict(cls: ToolClass, ctx: ToolContext, scope: string): string {
  if (!cls.scopes.includes(scope)) return `skipped: scopes are [${cls.scopes.join(", ")}], not ${scope}`;
  if (!cls.enabled(ctx)) return "skipped: enabled(ctx) is false";
  return "kept: built by create(ctx)";
}

/** Runs the lesson 2 demo. */
export async function main(): Promise<number> {
  const temp = await mkdtemp(join(tmpdir(), "lesson-02-"));
  try {
    // 1. The real built-in folder.
    section("1. Built-in discovery: the real folder");
    say(`  scanning ${dim(relative(ROOT, BUILTIN_DIR) + "/")}`);
    const builtins = await new ToolLoader({ pluginRoots: [] }).discover();
    say(`  discover() -> ${builtins.map((c) => c.name).join(", ")} ${dim("(sorted by class name)")}`);
    say();
    await explainFolder(BUILTIN_DIR, builtins);

    // 2. A folder made to show every reason for skipping.
    section("2. Built-in discovery: a folder of example modules");
    const examples = join(temp, "tools");
    await mkdir(examples, { recursive: true });
    await writeFile(join(examples, "package.json"), JSON.stringify({ type: "module" }));
    for (const [file, source] of Object.entries(EXAMPLE_MODULES)) await writeFile(join(examples, file), source);
    const exampleLog = capture();
    const exampleLoader = new ToolLoader({ builtinDir: examples, pluginRoots: [], logger: exampleLog.logger });
    const found = await exampleLoader.discover();
    say(`  scanning ${dim(examples)}`);
    say(`  discover() -> ${found.map((c) => c.name).join(", ") || "(nothing)"}`);
    say();
    await explainFolder(examples, found);
    say();
    say(`  ${bold("the loader's log")}`);
    for (const message of exampleLog.messages) block(message, 4);
    if (exampleLog.messages.length === 0) say(dim("    (nothing logged)"));

    // 3. A plugin package found through its manifest.
    section("3. Plugins: a package with a nanobot.tools manifest");
    const pluginRoot = join(temp, "app");
    const pkg = join(pluginRoot, "node_modules", "workbook-plugin-hello");
    await mkdir(pkg, { recursive: true });
    const manifest = {
      name: "workbook-plugin-hello",
      version: "1.0.0",
      type: "module",
      nanobot: { tools: { hello: "./tools.mjs#HelloTool", read_file: "./tools.mjs#ShadowReadFileTool" } },
    };
    await writeFile(join(pkg, "package.json"), JSON.stringify(manifest, null, 2));
    await writeFile(join(pkg, "tools.mjs"), PLUGIN_SOURCE);
    say(`  ${relative(temp, join(pkg, "package.json"))} says:`);
    block(JSON.stringify({ nanobot: manifest.nanobot }, null, 2), 4);
    const pluginLog = capture();
    const loader = new ToolLoader({ pluginRoots: [pluginRoot], logger: pluginLog.logger });
    const plugins = await loader.discoverPlugins();
    say();
    say(`  discoverPlugins() -> ${[...plugins].map(([entry, cls]) => `${entry} = ${cls.name}`).join(", ")}`);

    // 4. A plugin never replaces a built-in of the same name.
    section("4. A plugin loses to a built-in of the same name");
    const registry = new ToolRegistry();
    const workspace = join(temp, "workspace");
    await mkdir(workspace);
    const loaded = await loader.load({ workspace }, registry);
    say(`  load() registered: ${loaded.join(", ")}`);
    const readFile = registry.get("read_file");
    say(`  read_file is: ${readFile?.description ?? "(missing)"}`);
    say(`  ${bold("the loader's log")}`);
    for (const message of pluginLog.messages) block(message, 4);
    const shadowed = pluginLog.messages.some((m) => m.includes("read_file"));
    if (!shadowed) say(red("    (no warning about read_file was logged)"));

    const hello = registry.get("hello");
    if (hello !== undefined) {
      const result = await hello.execute({}, { signal: AbortSignal.timeout(5000) });
      const isError = (result as { isError?: unknown }).isError === true;
      say();
      say(`  hello.execute({}) -> ${JSON.stringify(String(result))} ${dim(`isError: ${isError}`)}`);
      say(dim('  (a plugin\'s plain "Error: ..." string is wrapped into a ToolResult error)'));
    }
    const pluginOk = readFile !== undefined && readFile.description !== "A plugin that tries to take over read_file." && plugins.has("hello");

    // 5. Scopes, enabled() and create() read the context and its configuration.
    section("5. Scope, enabled(ctx) and create(ctx) decide what is built");
    say("  the application's configuration (ctx.config):");
    block(JSON.stringify(DEMO_CONFIG, null, 2), 4);
    const classes: ToolClass[] = [NotesTool, WebSearchTool, ReportToParentTool];
    const ctx: ToolContext = { workspace, config: DEMO_CONFIG };
    say();
    const rows: string[][] = [["class", "scopes", "configKey", "scope core", "scope subagent"]];
    for (const cls of classes) {
      rows.push([
        cls.name,
        cls.scopes.join(", "),
        JSON.stringify(cls.configKey),
        colourReason(loaderVerdict(cls, ctx, "core")),
        colourReason(loaderVerdict(cls, ctx, "subagent")),
      ]);
    }
    table(rows);
    const coreRegistry = new ToolRegistry();
    const coreLog = capture();
    const core = await new ToolLoader({ classes, plugins: {}, logger: coreLog.logger }).load(ctx, coreRegistry, { scope: "core" });
    const subRegistry = new ToolRegistry();
    const sub = await new ToolLoader({ classes, plugins: {}, logger: coreLog.logger }).load(ctx, subRegistry, { scope: "subagent" });
    say();
    say(`  load(ctx, registry, { scope: "core" })     -> ${core.join(", ") || "(nothing)"}`);
    say(`  load(ctx, registry, { scope: "subagent" }) -> ${sub.join(", ") || "(nothing)"}`);
    const notes = coreRegistry.get("add_note");
    const built = notes instanceof NotesTool ? notes : null;
    say();
    say(`  add_note was built from ctx.config.notes: folder ${JSON.stringify(built?.folder)}, maxNotes ${String(built?.maxNotes)}`);
    say(`  its description: ${notes?.description ?? red("(missing)")}`);
    say(dim("  web_search is missing: its section has no apiKey, so enabled(ctx) said no and create() never ran."));
    say(dim('  report_to_parent exists only in the "subagent" scope: a core agent never sees it.'));
    const configOk =
      built?.folder === "meeting-notes" &&
      built.maxNotes === 20 &&
      !coreRegistry.has("web_search") &&
      !coreRegistry.has("report_to_parent") &&
      subRegistry.has("report_to_parent");
    return pluginOk && configOk ? 0 : 1;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
