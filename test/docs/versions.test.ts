/**
 * The version a course pins, and the credits: `package.json`'s version is the newest release of
 * `CHANGELOG.md` (an Unreleased section above it lists what is new since), `npm run
 * workbook-version` prints it, the guide names its tag, the lock file and the MCP client say the
 * same version; the README and the site's landing page name the source
 * lesson and credit nanobot (HKUDS, MIT) with a link; the licence is MIT everywhere.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./root.js";

const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");
const pkg = JSON.parse(read("package.json")) as { version: string; license: string; scripts: Record<string, string> };

describe("the version a course pins", () => {
  it("is package.json's version, the newest release of CHANGELOG.md, with its date, under what is new since (Unreleased)", () => {
    const headings = [...read("CHANGELOG.md").matchAll(/^## (.+)$/gm)].map((m) => m[1] ?? "");
    const releases = headings.filter((h) => h !== "Unreleased");
    expect(headings.indexOf("Unreleased"), "Unreleased, when there, is the first section").toBeLessThanOrEqual(0);
    expect(
      releases.every((h) => /^\d+\.\d+\.\d+ — \d{4}-\d\d-\d\d$/.test(h)),
      `every other section is a version and its date: ${releases.join(" / ")}`,
    ).toBe(true);
    expect(releases[0]?.split(" — ")[0]).toBe(pkg.version);
  });

  it("npm run workbook-version prints it", () => {
    const run = spawnSync(pkg.scripts["workbook-version"] ?? "false", { cwd: ROOT, shell: true, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.version);
  });

  it("the instructor guide and the README say how to pin it: its tag and the command", () => {
    expect(read("docs/instructor-guide.md")).toContain(`\`v${pkg.version}\``);
    expect(read("docs/instructor-guide.md")).toContain("`npm run workbook-version`");
    expect(read("README.md")).toContain("`npm run workbook-version`");
  });

  it("the lock file and the MCP client give the same version", () => {
    const lock = JSON.parse(read("package-lock.json")) as { version: string; packages: Record<string, { version?: string }> };
    expect(lock.version).toBe(pkg.version);
    expect(lock.packages[""]?.version).toBe(pkg.version);
    expect(read("src/mcp/stdio-connection.ts")).toContain(`{ name: "tool-calling-workbook", version: "${pkg.version}" }`);
  });
});

describe("credits and licence", () => {
  it.each(["README.md", "docs/landing.md"])("%s names the source lesson and links nanobot with its licence", (file) => {
    const text = read(file).replace(/\s+/g, " ");
    expect(text).toContain("*Tool registration, validation, and execution*");
    expect(text).toContain("[nanobot](https://github.com/HKUDS/nanobot)");
    expect(text).toMatch(/MIT licence, copyright Xubin Ren and the nanobot contributors/);
  });

  it("the workbook is under the MIT licence: LICENSE, package.json and the README agree", () => {
    expect(read("LICENSE")).toMatch(/^MIT License\n/);
    expect(pkg.license).toBe("MIT");
    expect(read("README.md")).toContain("The workbook is under the MIT licence ([`LICENSE`](LICENSE))");
  });
});
