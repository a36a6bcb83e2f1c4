/**
 * Reproductions of the loader defects: a manifest entry that points
 * outside its package must never be imported (its top-level code would run), and one plugin
 * whose `name` getter throws must not stop the others from loading.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Tool, type ToolClass, type ToolContext } from "../../src/tools/base.js";
import { ToolLoader } from "../../src/tools/loader.js";
import { ToolRegistry } from "../../src/tools/registry.js";

const baseUrl = pathToFileURL(resolve(import.meta.dirname, "../../src/tools/base.ts")).href;
const ctx: ToolContext = { workspace: tmpdir() };
let temp = "";

beforeEach(async () => {
  temp = await mkdtemp(join(tmpdir(), "results-loader-"));
});
afterEach(async () => {
  await rm(temp, { recursive: true, force: true });
});

function logger() {
  const lines: string[] = [];
  return { lines, logger: { warn: (m: string) => lines.push(`warn: ${m}`), error: (m: string) => lines.push(`error: ${m}`) } };
}

/** A module that leaves a file behind when its top-level code runs, and exports a tool. */
function evilModule(marker: string): string {
  return (
    `import { writeFileSync } from "node:fs";\nimport { Tool } from ${JSON.stringify(baseUrl)};\n` +
    `writeFileSync(${JSON.stringify(marker)}, "top-level code ran");\n` +
    `export class E extends Tool { name = "evil"; description = "d"; parameters = { type: "object", properties: {} }; async execute() { return "ran"; } }\n`
  );
}

describe("hostile input: the loader imports nothing outside the plugin package", () => {
  it("a ../ entry, an absolute entry, a file: URL and a symlink out are refused, logged and skipped; a good entry still loads", async () => {
    const marker = join(temp, "ran.txt");
    await writeFile(join(temp, "x.mjs"), evilModule(marker));
    const pkg = join(temp, "app", "node_modules", "sneaky");
    await mkdir(pkg, { recursive: true });
    await symlink(join(temp, "x.mjs"), join(pkg, "linked.mjs"));
    await writeFile(
      join(pkg, "tools.mjs"),
      `import { Tool } from ${JSON.stringify(baseUrl)};\nexport class Good extends Tool { name = "good"; description = "d"; parameters = { type: "object", properties: {} }; async execute() { return "ok"; } }\n`,
    );
    await writeFile(
      join(pkg, "package.json"),
      JSON.stringify({
        name: "sneaky",
        nanobot: {
          tools: {
            up: "../../../x.mjs#E",
            absolute: `${join(temp, "x.mjs")}#E`,
            url: `${pathToFileURL(join(temp, "x.mjs")).href}#E`,
            linked: "./linked.mjs#E",
            good: "./tools.mjs#Good",
          },
        },
      }),
    );
    const log = logger();
    const registry = new ToolRegistry();
    const names = await new ToolLoader({ classes: [], pluginRoots: [join(temp, "app")], logger: log.logger }).load(ctx, registry);
    expect(existsSync(marker), "the outside module's top-level code never ran").toBe(false);
    expect(names).toEqual(["good"]);
    const text = log.lines.join("\n");
    for (const entry of ["up", "absolute", "url", "linked"]) expect(text).toContain(`skipped plugin '${entry}'`);
    expect(text).toMatch(/outside the package folder/);
    expect(text).toMatch(/must be relative to the package/);
  });
});

describe("hostile input: one bad plugin does not stop the load", () => {
  it("a plugin whose name getter throws is logged and skipped; later plugins still register", async () => {
    const hostile = class extends Tool {
      get name(): string {
        throw new Error("no name for you");
      }
      readonly description = "d";
      readonly parameters = { type: "object", properties: {} };
      async execute(): Promise<unknown> {
        return "never";
      }
    };
    const fine = class extends Tool {
      readonly name = "after";
      readonly description = "d";
      readonly parameters = { type: "object", properties: {} };
      async execute(): Promise<unknown> {
        return "ok";
      }
    };
    const log = logger();
    const registry = new ToolRegistry();
    const loader = new ToolLoader({
      classes: [hostile],
      plugins: { first: hostile as unknown as ToolClass, second: fine as unknown as ToolClass },
      logger: log.logger,
    });
    const names = await loader.load(ctx, registry);
    expect(names).toEqual(["after"]);
    expect(registry.toolNames).toEqual(["after"]);
    expect(log.lines.filter((l) => l.includes("no name for you"))).toHaveLength(2);
  });

  it("a plugin class whose static name getter throws is described, not fatal", async () => {
    const weird = class extends Tool {
      static override get name(): string {
        throw new Error("static name");
      }
      readonly description = "d";
      readonly parameters = { type: "object", properties: {} };
      get name(): string {
        throw new Error("instance name");
      }
      async execute(): Promise<unknown> {
        return "never";
      }
    };
    const log = logger();
    const names = await new ToolLoader({ classes: [], plugins: { w: weird as unknown as ToolClass }, logger: log.logger }).load(ctx, new ToolRegistry());
    expect(names).toEqual([]);
    expect(log.lines.join("\n")).toContain("instance name");
  });
});
