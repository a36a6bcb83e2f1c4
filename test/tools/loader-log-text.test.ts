/**
 * The loader's log lines quote what plugins and modules chose: entry names, class names, module
 * paths, package folders, the messages they throw. None of their control, bidi or line-separating
 * characters reaches the logger raw: each line arrives through `logText`, escapes shown as
 * `\uXXXX`, and a line over 2,000 characters is cut with a note.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Tool, type ToolClass, type ToolContext } from "../../src/tools/base.js";
import { ToolLoader } from "../../src/tools/loader.js";
import { ToolRegistry } from "../../src/tools/registry.js";

// eslint-disable-next-line no-control-regex -- matching the control characters a terminal would obey is the point
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const baseUrl = pathToFileURL(resolve(import.meta.dirname, "../../src/tools/base.ts")).href;
const ctx: ToolContext = { workspace: tmpdir() };
let temp = "";

function collect(): { lines: string[]; logger: { warn(m: string): void; error(m: string): void } } {
  const lines: string[] = [];
  return { lines, logger: { warn: (m) => void lines.push(m), error: (m) => void lines.push(m) } };
}

/** A tool class whose `create` throws `message`, named `className`. */
function throwing(className: string, message: string): ToolClass {
  const cls = class extends Tool {
    readonly name = "t";
    readonly description = "d";
    readonly parameters = { type: "object" };
    static override create(): Tool {
      throw new Error(message);
    }
    async execute(): Promise<unknown> {
      return "";
    }
  };
  Object.defineProperty(cls, "name", { value: className });
  return cls;
}

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "loader-log-"));
  const builtin = join(temp, "builtin");
  await mkdir(builtin);
  await writeFile(join(builtin, "e\u001b[2Jvil.mjs"), `throw new Error("import failed\\u2028[tool loader] all good\\u001b]0;owned\\u0007");\n`);
  const pkg = join(temp, "app", "node_modules", "p\u001b[31mkg");
  await mkdir(pkg, { recursive: true });
  await writeFile(
    join(pkg, "package.json"),
    JSON.stringify({ name: "pkg", type: "module", nanobot: { tools: { "entry\r\u202e": "./missing.mjs#X", ok: "./tools.mjs#Nope" } } }),
  );
  await writeFile(join(pkg, "tools.mjs"), `import { Tool } from ${JSON.stringify(baseUrl)};\nexport const Nope = 1;\n`);
});

afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("the loader's log lines show untrusted text escaped", () => {
  it("a module path and its thrown message", async () => {
    const log = collect();
    await new ToolLoader({ builtinDir: join(temp, "builtin"), pluginRoots: [], logger: log.logger }).discover();
    expect(log.lines).toEqual(["skipped module e\\u001b[2Jvil.mjs: it failed to import (import failed\\u2028[tool loader] all good\\u001b]0;owned\\u0007)"]);
  });

  it("plugin entry names and package folders from a manifest", async () => {
    const log = collect();
    await new ToolLoader({ pluginRoots: [join(temp, "app")], logger: log.logger }).discoverPlugins();
    expect(log.lines).toHaveLength(2);
    for (const line of log.lines) {
      expect(line).not.toMatch(RAW_CONTROL);
      expect(line).toContain("p\\u001b[31mkg");
    }
    expect(log.lines.some((line) => line.startsWith("skipped plugin 'entry\\u000d\\u202e' in "))).toBe(true);
  });

  it("plugin names, class names and thrown messages when a plugin fails to load", async () => {
    const log = collect();
    const loader = new ToolLoader({
      classes: [throwing("Built\u001b[1AIn", "create failed\r\u001b[K")],
      plugins: { "name\u0085x": throwing("Plug\u2066in", "no\u2029way") },
      logger: log.logger,
    });
    await loader.load(ctx, new ToolRegistry());
    expect(log.lines).toEqual([
      "Failed to register tool Built\\u001b[1AIn: Error: create failed\\u000d\\u001b[K",
      "Failed to register tool Plug\\u2066in: Error: no\\u2029way",
    ]);
  });

  it("a very long thrown message is cut with a note", async () => {
    const log = collect();
    await new ToolLoader({ classes: [throwing("Long", "x".repeat(5_000))], logger: log.logger }).load(ctx, new ToolRegistry());
    expect(log.lines).toHaveLength(1);
    const line = log.lines[0] as string;
    expect(line.startsWith("Failed to register tool Long: Error: xxx")).toBe(true);
    expect(line.endsWith(`… (${"Failed to register tool Long: Error: ".length + 5_000 - 2_000} more characters not shown)`)).toBe(true);
  });
});
