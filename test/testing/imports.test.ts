/**
 * The testing kit runs wherever the core runs, a browser included: its modules import only other
 * modules of src/, never a Node built-in and never a package.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = fileURLToPath(new URL("../../src/testing/", import.meta.url));
const modules = readdirSync(dir).filter((file) => file.endsWith(".ts"));

/** The specifiers of every static and dynamic import and re-export in `source`. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)].map((m) => m[1] ?? "");
}

describe("src/testing imports", () => {
  it("has modules to check", () => {
    expect(modules).toEqual(expect.arrayContaining(["index.ts", "fake-tool.ts", "scripted-provider.ts"]));
  });

  it.each(modules)("%s imports only relative modules of src/", (file) => {
    const found = specifiers(readFileSync(join(dir, file), "utf8"));
    for (const specifier of found) {
      expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\.?\//);
      expect(specifier, `${file} imports ${specifier}`).not.toMatch(/^node:/);
    }
  });
});
