/**
 * The `@example`s of `src/` are code that `tsc` checks: each one includes a region of a file in
 * `docs/examples/` (`{@includeCode ../../docs/examples/<file>.ts#<region>}`, which TypeDoc renders
 * as a code block) instead of a code fence inside a comment. This checks that every `@example`
 * names a file and a region that exist, that every region is shown somewhere, and runs every
 * function the example files export. Examples that need the network, a model server or a child
 * process are not exported from their files, so they are type-checked but never run.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");
const EXAMPLES = join(ROOT, "docs", "examples");

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** One `@example` block of a doc comment: where it is and its text up to the next block tag. */
interface ExampleBlock {
  file: string;
  line: number;
  text: string;
}

function exampleBlocks(file: string): ExampleBlock[] {
  const source = readFileSync(file, "utf8");
  const blocks: ExampleBlock[] = [];
  for (const comment of source.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const startLine = source.slice(0, comment.index).split("\n").length;
    const lines = comment[0].split("\n").map((line) => line.replace(/^\s*(?:\/\*\*|\*\/|\*)\s?/, "").replace(/\*\/$/, ""));
    lines.forEach((line, i) => {
      if (!line.trimStart().startsWith("@example")) return;
      const rest: string[] = [line.trimStart().slice("@example".length)];
      for (const next of lines.slice(i + 1)) {
        if (/^\s*@[a-z]/i.test(next)) break;
        rest.push(next);
      }
      blocks.push({ file, line: startLine + i, text: rest.join("\n") });
    });
  }
  return blocks;
}

/** The region names of an example file, each with how often it is opened and closed. */
function regions(text: string): Map<string, { open: number; close: number }> {
  const found = new Map<string, { open: number; close: number }>();
  for (const match of text.matchAll(/\/\/ *#(region|endregion) +(\S+) *$/gm)) {
    const name = match[2] ?? "";
    const entry = found.get(name) ?? { open: 0, close: 0 };
    if (match[1] === "region") entry.open += 1;
    else entry.close += 1;
    found.set(name, entry);
  }
  return found;
}

const INCLUDE = /\{@includeCode\s+([^}#\s]+)#([^}\s]+)\s*\}/g;

const sourceFiles = tsFiles(SRC);
const exampleFiles = tsFiles(EXAMPLES);
const blocks = sourceFiles.flatMap(exampleBlocks);
const checked = blocks;
const exampleModules = await Promise.all(exampleFiles.map(async (file) => [file, (await import(pathToFileURL(file).href)) as Record<string, unknown>] as const));

describe("the @example blocks of src/", () => {
  it("are found (the scan works)", () => {
    expect(checked.length).toBeGreaterThanOrEqual(42);
    expect(exampleFiles.length).toBeGreaterThan(0);
  });

  it("each include a region of a file in docs/examples/ and hold no inline code", () => {
    const problems: string[] = [];
    for (const block of checked) {
      const where = `${relative(ROOT, block.file)}:${block.line}`;
      const includes = [...block.text.matchAll(INCLUDE)];
      if (includes.length === 0) problems.push(`${where}: no {@includeCode <file>#<region>}`);
      if (block.text.includes("```")) problems.push(`${where}: an inline code fence`);
      for (const [, path = "", region = ""] of includes) {
        const target = resolve(dirname(block.file), path);
        if (!target.startsWith(EXAMPLES + sep)) {
          problems.push(`${where}: ${path} is not in docs/examples/`);
        } else if (!existsSync(target)) {
          problems.push(`${where}: ${path} does not exist`);
        } else {
          const count = regions(readFileSync(target, "utf8")).get(region);
          if (count === undefined) problems.push(`${where}: ${path} has no region ${region}`);
          else if (count.open !== 1 || count.close !== 1) problems.push(`${where}: region ${region} of ${path} is not opened and closed exactly once`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("show every region of docs/examples/, none left unused", () => {
    const shown = new Set(
      checked.flatMap((block) => [...block.text.matchAll(INCLUDE)].map(([, path = "", region = ""]) => `${resolve(dirname(block.file), path)}#${region}`)),
    );
    const unused = exampleFiles.flatMap((file) =>
      [...regions(readFileSync(file, "utf8")).keys()].filter((region) => !shown.has(`${file}#${region}`)).map((region) => `${relative(ROOT, file)}#${region}`),
    );
    expect(unused).toEqual([]);
  });
});

describe("the example files of docs/examples/ run", () => {
  // Some examples print what the model would read; keep the test output quiet.
  beforeEach(() => {
    for (const method of ["log", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const [file, module] of exampleModules) {
    const name = relative(ROOT, file);
    const entries = Object.entries(module);

    it(`${name} exports only examples to run, at least one`, () => {
      expect(entries.length).toBeGreaterThan(0);
      for (const [exportName, value] of entries) {
        expect(typeof value, `${name}: ${exportName}`).toBe("function");
        expect((value as () => unknown).length, `${name}: ${exportName} takes no arguments`).toBe(0);
      }
    });

    for (const [exportName, value] of entries) {
      if (typeof value !== "function") continue;
      it(`${name}: ${exportName}() runs`, async () => {
        await (value as () => unknown)();
      }, 30_000);
    }
  }
});
