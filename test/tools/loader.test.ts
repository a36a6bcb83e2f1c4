import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isToolErrorResult, Tool, ToolResult, type ToolClass, type ToolContext } from "../../src/tools/base.js";
import { isLoadableToolClass, ToolLoader, wrapPluginTool } from "../../src/tools/loader.js";
import { ToolRegistry } from "../../src/tools/registry.js";

const baseUrl = pathToFileURL(resolve(import.meta.dirname, "../../src/tools/base.ts")).href;
const ctx: ToolContext = { workspace: tmpdir() };
let temp = "";

function logger() {
  const lines: string[] = [];
  return { lines, logger: { warn: (m: string) => lines.push(`warn: ${m}`), error: (m: string) => lines.push(`error: ${m}`) } };
}

function toolSource(className: string, toolName: string, extra = ""): string {
  return `export class ${className} extends Tool {
  name = ${JSON.stringify(toolName)}; description = "d"; parameters = { type: "object", properties: {} };
  ${extra}
  async execute() { return ${JSON.stringify(`${toolName} ran`)}; }
}\n`;
}

function named(name: string, opts: { scopes?: string[]; enabled?: () => boolean; create?: () => Tool; result?: unknown } = {}): ToolClass {
  const cls = class extends Tool {
    readonly name = name;
    readonly description = `the ${name} tool`;
    readonly parameters = { type: "object", properties: { value: { type: "string" } } };
    async execute(): Promise<unknown> {
      return opts.result ?? `${name} ran`;
    }
  };
  Object.defineProperty(cls, "name", { value: `${name}Class` });
  if (opts.scopes) (cls as unknown as { scopes: string[] }).scopes = opts.scopes;
  if (opts.enabled) (cls as unknown as { enabled: () => boolean }).enabled = opts.enabled;
  if (opts.create) (cls as unknown as { create: () => Tool }).create = opts.create;
  return cls;
}

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "loader-test-"));
  const dir = join(temp, "builtin");
  await mkdir(dir);
  const head = `import { Tool } from ${JSON.stringify(baseUrl)};\n`;
  await writeFile(join(dir, "zeta.mjs"), head + toolSource("ZetaTool", "zeta") + toolSource("_PrivateTool", "private"));
  await writeFile(
    join(dir, "alpha.mjs"),
    head +
      toolSource("AlphaTool", "alpha") +
      `export class BaseTool extends Tool {}\n` +
      `export class HiddenTool extends Tool { static discoverable = false; name = "hidden"; description = ""; parameters = {type:"object"}; async execute() { return ""; } }\n` +
      `export class MarkedAbstract extends Tool { static abstract = true; name = "m"; description = ""; parameters = {type:"object"}; async execute() { return ""; } }\n` +
      `export const NOT_A_CLASS = 3;\n`,
  );
  await writeFile(join(dir, "broken.mjs"), `throw new Error("cannot import me");\n`);
  await writeFile(join(dir, "_scratch.mjs"), head + toolSource("ScratchTool", "scratch"));
  await writeFile(join(dir, "registry.mjs"), head + toolSource("InfraTool", "infra"));

  const nm = join(temp, "app", "node_modules");
  const plain = join(nm, "plain-plugin");
  const scoped = join(nm, "@acme", "tools");
  await mkdir(plain, { recursive: true });
  await mkdir(scoped, { recursive: true });
  await writeFile(
    join(plain, "package.json"),
    JSON.stringify({
      name: "plain-plugin",
      type: "module",
      nanobot: { tools: { greet: "./tools.mjs#GreetTool", shadow: "./tools.mjs#ShadowAlpha", abstract: "./tools.mjs#BaseTool", broken: "./broken.mjs#X" } },
    }),
  );
  await writeFile(join(plain, "tools.mjs"), head + toolSource("GreetTool", "greet") + toolSource("ShadowAlpha", "alpha") + `export class BaseTool extends Tool {}\n`);
  await writeFile(join(plain, "broken.mjs"), `throw new Error("plugin import failed");\n`);
  await writeFile(join(scoped, "package.json"), JSON.stringify({ name: "@acme/tools", type: "module", nanobot: { tools: { legacy: "./index.mjs" } } }));
  await writeFile(
    join(scoped, "index.mjs"),
    head +
      `export default class LegacyTool extends Tool {
  name = "legacy"; description = "d"; parameters = { type: "object" };
  async execute() { return "Error: legacy failure"; }
}\n`,
  );
  await mkdir(join(nm, "no-manifest"));
  await writeFile(join(nm, "no-manifest", "package.json"), JSON.stringify({ name: "no-manifest" }));
});

afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("discover()", () => {
  it("keeps exported, concrete, discoverable Tool subclasses, sorted by class name", async () => {
    const log = logger();
    const found = await new ToolLoader({ builtinDir: join(temp, "builtin"), pluginRoots: [], logger: log.logger }).discover();
    expect(found.map((c) => c.name)).toEqual(["AlphaTool", "ZetaTool"]);
    expect(log.lines).toEqual([expect.stringContaining("skipped module broken.mjs: it failed to import (cannot import me)")]);
  });

  it("returns a fresh copy of given classes without scanning", async () => {
    const classes = [named("a")];
    const loader = new ToolLoader({ classes });
    const first = await loader.discover();
    expect(first).toEqual(classes);
    expect(first).not.toBe(classes);
  });

  it("finds the real built-ins", async () => {
    const found = await new ToolLoader({ pluginRoots: [] }).discover();
    expect(found.map((c) => c.name)).toEqual(["ListDirTool", "ReadFileTool", "WebFetchTool", "WriteFileTool"]);
  });

  it("recognises loadable classes", () => {
    abstract class Abstract extends Tool {}
    expect(isLoadableToolClass(Tool)).toBe(false);
    expect(isLoadableToolClass(Abstract)).toBe(false);
    expect(isLoadableToolClass(named("x"))).toBe(true);
    expect(isLoadableToolClass(() => 1)).toBe(false);
    expect(isLoadableToolClass({})).toBe(false);
  });
});

describe("discoverPlugins()", () => {
  it("reads manifests of plain and scoped packages and skips abstract or broken entries", async () => {
    const log = logger();
    const plugins = await new ToolLoader({ pluginRoots: [join(temp, "app")], logger: log.logger }).discoverPlugins();
    expect([...plugins.keys()].sort()).toEqual(["greet", "legacy", "shadow"]);
    expect(plugins.get("greet")?.name).toBe("GreetTool");
    expect(log.lines.join("\n")).toContain("skipped plugin 'abstract'");
    expect(log.lines.join("\n")).toContain("plugin import failed");
  });

  it("accepts a node_modules folder itself as a root", async () => {
    const plugins = await new ToolLoader({ pluginRoots: [join(temp, "app", "node_modules")], logger: logger().logger }).discoverPlugins();
    expect(plugins.has("legacy")).toBe(true);
  });
});

describe("load()", () => {
  it("registers built-ins then plugins; a plugin never replaces a built-in of the same load", async () => {
    const log = logger();
    const registry = new ToolRegistry();
    const loader = new ToolLoader({ builtinDir: join(temp, "builtin"), pluginRoots: [join(temp, "app")], logger: log.logger });
    const names = await loader.load(ctx, registry);
    expect(names).toEqual(["alpha", "zeta", "legacy", "greet"]);
    expect(log.lines.join("\n")).toContain("its name 'alpha' conflicts with built-in");
    expect(await registry.get("alpha")?.execute({}, { signal: new AbortController().signal })).toBe("alpha ran");
  });

  it("filters by scope", async () => {
    const registry = new ToolRegistry();
    const loader = new ToolLoader({
      classes: [named("core_only"), named("universal", { scopes: ["core", "subagent", "memory"] }), named("sub_only", { scopes: ["subagent"] })],
      plugins: {},
    });
    expect(await loader.load(ctx, registry)).toEqual(["core_only", "universal"]);
    expect(await loader.load(ctx, new ToolRegistry(), { scope: "subagent" })).toEqual(["universal", "sub_only"]);
  });

  it("skips disabled classes and isolates classes that throw in enabled or create", async () => {
    const log = logger();
    const loader = new ToolLoader({
      classes: [
        named("off", { enabled: () => false }),
        named("bad_enabled", {
          enabled: () => {
            throw new Error("no config");
          },
        }),
        named("bad_create", {
          create: () => {
            throw new RangeError("create failed");
          },
        }),
        named("fine"),
      ],
      plugins: {},
      logger: log.logger,
    });
    expect(await loader.load(ctx, new ToolRegistry())).toEqual(["fine"]);
    expect(log.lines).toEqual([expect.stringContaining("bad_enabledClass: Error: no config"), expect.stringContaining("bad_createClass: RangeError: create failed")]);
  });

  it("lets a later built-in overwrite an earlier one, and a later plugin another plugin", async () => {
    const log = logger();
    const registry = new ToolRegistry();
    const first = named("dup", { result: "first" });
    const second = named("dup", { result: "second" });
    const loader = new ToolLoader({ classes: [first, second], plugins: { p1: named("pl", { result: "p1" }), p2: named("pl", { result: "p2" }) }, logger: log.logger });
    expect(await loader.load(ctx, registry)).toEqual(["dup", "dup", "pl", "pl"]);
    const signal = new AbortController().signal;
    expect(await registry.get("dup")?.execute({}, { signal })).toBe("second");
    expect(await registry.get("pl")?.execute({}, { signal })).toBe("p2");
    expect(log.lines.join("\n")).toContain("replaces the earlier built-in 'dup'");
  });

  it("logs a tool whose schema cannot be registered and goes on", async () => {
    const log = logger();
    const broken = class extends Tool {
      readonly name = "arr";
      readonly description = "";
      readonly parameters = { type: "array" };
      async execute(): Promise<unknown> {
        return "";
      }
    };
    const names = await new ToolLoader({ classes: [broken, named("ok")], plugins: {}, logger: log.logger }).load(ctx, new ToolRegistry());
    expect(names).toEqual(["ok"]);
    expect(log.lines.join("\n")).toContain('must have type "object"');
  });
});

describe("the plugin wrapper", () => {
  const signal = new AbortController().signal;
  it("turns a plain 'Error:' string into a ToolResult error and passes everything else", async () => {
    const wrapped = wrapPluginTool(new (named("legacy", { result: "Error: plugin failed" }))());
    const result = await wrapped.execute({}, { signal });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe("Error: plugin failed");
    for (const value of [" Error: leading space", "error: lower case", "fine", 42, new ToolResult("Error: structured success")]) {
      const out = await wrapPluginTool(new (named("p", { result: value }))()).execute({}, { signal });
      expect(isToolErrorResult(out)).toBe(false);
      expect(out).toBe(value);
    }
  });

  it("keeps the plugin's API: name, schema, flags, casting, validation", () => {
    class Custom extends Tool {
      readonly name = "api_plugin";
      readonly description = "custom";
      readonly parameters = { type: "object", properties: { value: { type: "string" } } };
      override get readOnly(): boolean {
        return true;
      }
      override get concurrencySafe(): boolean {
        return false;
      }
      override castParams(p: Record<string, unknown>): Record<string, unknown> {
        return { value: String(p["value"]) };
      }
      override validateParams(): string[] {
        return [];
      }
      async execute(): Promise<unknown> {
        return "";
      }
    }
    const wrapped = wrapPluginTool(new Custom());
    expect(wrapped.name).toBe("api_plugin");
    expect(wrapped.readOnly).toBe(true);
    expect(wrapped.concurrencySafe).toBe(false);
    expect(wrapped.castParams({ value: 1 })).toEqual({ value: "1" });
    expect(wrapped.validateParams({ value: "1" })).toEqual([]);
    expect(wrapped.toSchema().function.name).toBe("api_plugin");
  });
});
