/**
 * The learner install, `npm ci --omit=dev`, holds everything the learners' commands and the
 * Classroom workflow need, and leaves the authors' tools out: checked from `package-lock.json` and
 * the workbook's imports (`learner-install.ts`), installing nothing. The lockfile holds every
 * platform's binaries (esbuild's and Rollup's), so the check covers Windows, macOS and
 * Linux at once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROOT } from "../docs/root.js";
import { binOwner, commandsOf, learnerPackages, missingFromLearnerInstall, packageOf, resolveInLock, USED_WHERE_INSTALLED, type Lockfile } from "./learner-install.js";

interface PackageJson {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as PackageJson;
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as Lockfile;

/** The command that installs what learners and Classroom need. */
const LEARNER_INSTALL = "npm ci --omit=dev";

/** The authors' tools: lint, format, mutation, the peer SDKs, the browser audit. `npm ci --omit=dev` installs none of them. */
const AUTHOR_TOOLS = [
  "eslint",
  "@eslint/js",
  "typescript-eslint",
  "eslint-plugin-regexp",
  "prettier",
  "@stryker-mutator/core",
  "@stryker-mutator/vitest-runner",
  "ai",
  "@openai/agents-core",
  "axe-core",
  "playwright-core",
];

/**
 * Authors' packages that are not learner dependencies but that the learner install still holds:
 * zod and yaml are dependencies of learner packages (the MCP SDK; TypeDoc and Vite), and vitest's
 * coverage provider is an optional peer of vitest, which npm keeps unless optional packages are
 * left out too (and that would drop the platform binaries).
 */
const NOT_LEARNER_DEPENDENCIES = ["@vitest/coverage-v8", "zod", "yaml"];

describe("the learner install (npm ci --omit=dev)", () => {
  const reached = learnerPackages(ROOT, pkg.scripts, lock);

  it("keeps every package the learners' commands reach, with all they need, on every platform", () => {
    // The commands reach at least these (a check that the import graph was read at all).
    for (const name of ["vitest", "tsx", "typedoc", "typescript", "fast-check", "msw", "@modelcontextprotocol/sdk", "@mermaid-js/tiny"]) {
      expect([...reached.keys()], name).toContain(name);
    }
    const missing = missingFromLearnerInstall(lock, reached.keys());
    expect(missing.map(({ path, problem }) => `${path} ${problem}`)).toEqual([]);
  });

  it("has every package reached as a dependency of the workbook or of one, never a devDependency only", () => {
    for (const [name, from] of reached) {
      expect(Object.hasOwn(pkg.devDependencies, name), `${name} (imported by ${from}) is a devDependency`).toBe(false);
    }
  });

  it("keeps Rollup's platform binary, which Vite builds the playground with, for Windows, macOS and Linux", () => {
    const rollup = resolveInLock(lock, "node_modules/vite", "rollup");
    expect(rollup).not.toBeNull();
    for (const wanted of ["@rollup/rollup-win32-x64-msvc", "@rollup/rollup-darwin-arm64", "@rollup/rollup-darwin-x64", "@rollup/rollup-linux-x64-gnu"]) {
      const entry = lock.packages[resolveInLock(lock, rollup ?? "", wanted) ?? ""];
      expect(entry?.optional, wanted).toBe(true);
      expect(entry?.dev, wanted).toBeUndefined();
    }
  });

  it("keeps esbuild's platform binary for Windows, macOS and Linux (--omit=optional would not)", () => {
    const esbuild = resolveInLock(lock, "node_modules/tsx", "esbuild");
    expect(esbuild).not.toBeNull();
    const platforms = Object.keys(lock.packages[esbuild ?? ""]?.optionalDependencies ?? {});
    for (const wanted of ["@esbuild/win32-x64", "@esbuild/darwin-arm64", "@esbuild/darwin-x64", "@esbuild/linux-x64"]) {
      expect(platforms).toContain(wanted);
      const entry = lock.packages[resolveInLock(lock, esbuild ?? "", wanted) ?? ""];
      expect(entry?.optional, wanted).toBe(true);
      expect(entry?.dev, wanted).toBeUndefined();
    }
  });

  it("leaves the authors' tools out", () => {
    for (const name of [...AUTHOR_TOOLS, ...NOT_LEARNER_DEPENDENCIES]) {
      expect(Object.hasOwn(pkg.dependencies, name), `${name} is a learner dependency`).toBe(false);
    }
    for (const name of AUTHOR_TOOLS) {
      expect(lock.packages[`node_modules/${name}`]?.dev, `${name} would be installed by ${LEARNER_INSTALL}`).toBe(true);
    }
    // The full mermaid package (85 MB with its dependencies) is not installed at all: the site
    // ships the one-file tiny build.
    expect(lock.packages["node_modules/mermaid"]).toBeUndefined();
  });

  it("leaves out TypeScript 7's native compiler, which the type check uses only where it is installed, and keeps TypeScript 5", () => {
    for (const name of Object.keys(USED_WHERE_INSTALLED)) {
      expect(Object.hasOwn(pkg.devDependencies, name), `${name} is a devDependency`).toBe(true);
      expect(lock.packages[`node_modules/${name}`]?.dev, `${name} would be installed by ${LEARNER_INSTALL}`).toBe(true);
    }
    expect(Object.hasOwn(pkg.dependencies, "typescript")).toBe(true);
  });

  it("is the install the Classroom workflow runs, and the README and the guide name it", () => {
    const workflow = readFileSync(join(ROOT, ".github/workflows/classroom.yml"), "utf8");
    const runs = workflow.split("\n").filter((line) => line.trimStart().startsWith("run: "));
    expect(runs.some((line) => line.includes("npm ci --omit=dev "))).toBe(true);
    for (const file of ["README.md", "docs/instructor-guide.md"]) {
      expect(readFileSync(join(ROOT, file), "utf8"), file).toContain(LEARNER_INSTALL);
    }
  });

  it("finds a dev-only package reached, and a dev-only package one of them needs", () => {
    const made: Lockfile = {
      packages: {
        "": {},
        "node_modules/kept": { dependencies: { needed: "1" }, optionalDependencies: { "kept-linux": "1", "never-resolved": "1" } },
        "node_modules/needed": { dev: true },
        "node_modules/kept-linux": { optional: true, dev: true },
        "node_modules/tool": { dev: true },
        "node_modules/shared": { devOptional: true },
      },
    };
    const found = missingFromLearnerInstall(made, ["kept", "tool", "shared", "absent"]).map((m) => m.path);
    expect(found.sort()).toEqual(["absent", "node_modules/kept-linux", "node_modules/needed", "node_modules/tool"]);
  });
});

describe("the helpers of the learner-install check", () => {
  it("names the package of any bare specifier: the scope and name, never the subpath", () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
    fc.assert(
      fc.property(fc.option(word, { nil: undefined }), word, fc.array(word, { maxLength: 3 }), (scope, name, rest) => {
        const full = scope === undefined ? name : `@${scope}/${name}`;
        expect(packageOf([full, ...rest].join("/"))).toBe(full);
      }),
    );
  });

  it("resolves a package from the nearest node_modules up, as Node does", () => {
    const made: Lockfile = { packages: { "": {}, "node_modules/a": {}, "node_modules/b/node_modules/a": {}, "node_modules/b": {} } };
    expect(resolveInLock(made, "node_modules/b", "a")).toBe("node_modules/b/node_modules/a");
    expect(resolveInLock(made, "node_modules/c", "a")).toBe("node_modules/a");
    expect(resolveInLock(made, "", "z")).toBeNull();
  });

  it("splits a script into its commands and finds the package behind an executable", () => {
    expect(commandsOf("tsx playground/build.ts && typedoc")).toEqual([["tsx", "playground/build.ts"], ["typedoc"]]);
    expect(binOwner(lock, "typedoc")).toBe("typedoc");
    expect(binOwner(lock, "no-such-executable")).toBeNull();
  });
});
