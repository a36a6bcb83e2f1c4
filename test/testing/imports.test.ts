/**
 * The testing kit runs wherever the core runs, a browser included: its modules import only other
 * modules of src/, never a Node built-in and never a package.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsOf } from "../structure/import-graph.js";

const dir = fileURLToPath(new URL("../../src/testing/", import.meta.url));
const modules = readdirSync(dir).filter((file) => file.endsWith(".ts"));

describe("src/testing imports", () => {
  it("has modules to check", () => {
    expect(modules).toEqual(expect.arrayContaining(["index.ts", "fake-tool.ts", "scripted-provider.ts"]));
  });

  it.each(modules)("%s imports only relative modules of src/", (file) => {
    const found = importsOf(join(dir, file)).map((edge) => edge.specifier);
    for (const specifier of found) {
      expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\.?\//);
      expect(specifier, `${file} imports ${specifier}`).not.toMatch(/^node:/);
    }
  });
});
