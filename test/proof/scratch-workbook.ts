/**
 * A scratch copy of the workbook for the authoring tests: what an author edits and what
 * `sync-pristine` writes are copies (`exercises/`, `solutions/`, `test/`, `docs/` without the built
 * site, `.github/`, `package.json`, `tsconfig.json`), while `src/`, `lessons/` and `node_modules/`
 * are links. The learner commands run there as `npm run exercise` runs them for a learner: the
 * copy's own `exercises/_cli/` compiled to plain JavaScript with esbuild, as `launch.mjs` compiles
 * it, with `WORKBOOK_ROOT` set to the copy. They are compiled once per copy, on the first command,
 * into a folder of the copy's own (never the launcher's cache in the shared `node_modules/`), and
 * every command after that starts without a TypeScript loader.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ROOT } from "../docs/root.js";
import type { ChildOutput } from "../setup/node-child.js";

/** The commands of `exercises/_cli/` the tests run, and the workers the type checker, the quick check and the capstone start beside them. */
const ENTRIES = ["exercise", "progress", "grade", "sync-pristine", "typecheck-worker", "quick-worker", "capstone-worker"] as const;

/** The part of esbuild's API used here (esbuild comes with tsx). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<unknown>;
}

/**
 * Compiles the copy's `exercises/_cli/` commands into `outDir` with the options `launch.mjs` uses:
 * one bundle per command, the packages left to `node_modules/`, `.mjs` files for Node 20.
 */
async function compileCli(root: string, outDir: string): Promise<void> {
  const esbuild = createRequire(join(ROOT, "node_modules", "tsx", "package.json"))("esbuild") as Esbuild;
  await esbuild.build({
    entryPoints: Object.fromEntries(ENTRIES.map((entry) => [entry, join(root, "exercises", "_cli", `${entry}.ts`)])),
    outdir: outDir,
    // esbuild's service keeps the folder this process was in when it started, which an earlier test
    // file may have deleted since; inside it nothing resolves, so every build names its own.
    absWorkingDir: root,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "silent",
  });
}

/** A scratch copy, and how to run a command of the learner CLI in it. */
export interface ScratchWorkbook {
  /** The copy's root. */
  root: string;
  /** Runs `exercises/_cli/<script>.ts` of the copy (compiled) with `args`, in the copy, uncoloured; resolves when it has ended. */
  run(script: string, args?: readonly string[]): Promise<ChildOutput>;
  /** Deletes the copy. */
  dispose(): void;
}

/** Makes a scratch copy of the workbook under the temp folder. */
export function scratchWorkbook(): ScratchWorkbook {
  const root = mkdtempSync(join(tmpdir(), "workbook-authoring-"));
  for (const name of ["exercises", "solutions", "test", "docs", ".github", "package.json", "tsconfig.json"]) {
    cpSync(join(ROOT, name), join(root, name), {
      recursive: true,
      filter: (from) => !relative(ROOT, from).split("\\").join("/").startsWith("docs/api"),
    });
  }
  for (const name of ["src", "lessons", "node_modules"]) symlinkSync(join(ROOT, name), join(root, name), "junction");
  // Inside the copy, so that the compiled commands find its node_modules/; no command of the CLI reads this folder.
  const cli = join(root, ".scratch-cli");
  let compiled: Promise<void> | undefined;
  return {
    root,
    run: async (script, args = []) => {
      if (!(ENTRIES as readonly string[]).includes(script)) throw new Error(`the scratch workbook compiles only ${ENTRIES.join(", ")}, not ${script}`);
      compiled ??= compileCli(root, cli);
      await compiled;
      const child = spawn(process.execPath, [join(cli, `${script}.mjs`), ...args], {
        cwd: root,
        env: { ...process.env, WORKBOOK_ROOT: root, NO_COLOR: "1", FORCE_COLOR: "0", CI: "", GITHUB_ACTIONS: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const status = await new Promise<number | null>((resolve, reject) => {
        child.on("error", reject);
        child.on("close", resolve);
      });
      return { status, stdout, stderr };
    },
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
