/**
 * The quick check's bundler (`exercises/_cli/test-bundle.ts`) reads the paths esbuild reports as
 * paths from the workbook's root, whatever folder the process was in when it first loaded esbuild
 * (esbuild takes that folder as its own for good): a workbook reached from another folder, as a
 * learner's copy or a clone in the temporary folder is, is bundled as the workbook itself is.
 */
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { bundleTests } from "../../exercises/_cli/test-bundle.js";

/** A folder that holds the workbook through links: a root that is not the process's folder. */
let elsewhere: string;

beforeAll(() => {
  elsewhere = mkdtempSync(join(tmpdir(), "workbook-bundle-"));
  for (const entry of ["node_modules", "src", "test", "exercises", "solutions"]) symlinkSync(join(ROOT, entry), join(elsewhere, entry), "junction");
  symlinkSync(join(ROOT, "package.json"), join(elsewhere, "package.json"), "file");
});

afterAll(() => {
  rmSync(elsewhere, { recursive: true, force: true });
});

describe("the quick check's bundle", () => {
  it("is made for a workbook whose root is not the folder the process is in, and names only files that exist", async () => {
    expect(process.cwd()).not.toBe(elsewhere);
    const result = await bundleTests(elsewhere, [join(elsewhere, "test", "exercises", "01-tool-contract.test.ts")], join(elsewhere, "bundle", "quick-check.mjs"));
    expect(result.ok, result.ok ? "" : result.reason).toBe(true);
    const inputs = result.ok ? result.inputs : [];
    expect(inputs.filter((file) => !existsSync(file))).toEqual([]);
    expect(inputs.some((file) => file.endsWith(join("test", "exercises", "01-tool-contract.test.ts")))).toBe(true);
    expect(inputs.some((file) => file.endsWith(join("exercises", "01-tool-contract", "word-count.ts")))).toBe(true);
  });
});
