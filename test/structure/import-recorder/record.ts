/**
 * What a module really loads: runs a snippet in a fresh Node (through tsx) with `hooks.mjs`
 * installed, and returns every module URL that was resolved. Used to show that importing the
 * workbook loads neither the MCP SDK nor the runner's Node-only parts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const root = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const register = fileURLToPath(new URL("./register.mjs", import.meta.url));

/** The module URLs resolved while `code` runs as an ES module in a fresh Node, from the project root. */
export function modulesLoadedBy(code: string): string[] {
  const scratch = mkdtempSync(join(tmpdir(), "import-record-"));
  try {
    const record = join(scratch, "loaded.txt");
    const run = spawnSync(process.execPath, ["--import", "tsx", "--import", register, "--input-type=module", "-e", code], {
      cwd: root,
      env: { ...process.env, RECORD_IMPORTS: record },
      encoding: "utf8",
      // A hang guard, not a speed limit: a busy machine starts Node slowly.
      timeout: 600_000,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    return readFileSync(record, "utf8").trim().split("\n");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
