/**
 * A scratch copy of the workbook for the authoring tests: what an author edits and what
 * `sync-pristine` writes are copies (`exercises/`, `solutions/`, `test/`, `docs/` without the built
 * site, `.github/`, `package.json`, `tsconfig.json`), while `src/`, `lessons/` and `node_modules/`
 * are links. The learner commands run there through tsx with `WORKBOOK_ROOT` set to the copy,
 * never through the launcher, whose compiled CLI lives in the shared `node_modules/`.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ROOT } from "../docs/root.js";
import type { ChildOutput } from "../setup/node-child.js";

/** A scratch copy, and how to run a command of the learner CLI in it. */
export interface ScratchWorkbook {
  /** The copy's root. */
  root: string;
  /** Runs `exercises/_cli/<script>.ts` of the copy with `args`, in the copy, uncoloured; resolves when it has ended. */
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
  return {
    root,
    run: async (script, args = []) => {
      const child = spawn(process.execPath, ["--import", "tsx", join(root, "exercises", "_cli", `${script}.ts`), ...args], {
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
