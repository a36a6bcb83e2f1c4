/**
 * Importing the workbook does not load the MCP SDK: a lesson or an exercise's tests that never
 * start a server never pay for it (about 0.4 s of start-up on this machine). The SDK is loaded
 * by the first call that needs it (`connectStdioMcpServer`, `listMcpTools`, a transport's `start`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const recorder = join(root, "test/mcp/import-recorder/register.mjs");
const scratch = mkdtempSync(join(tmpdir(), "lazy-sdk-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The module URLs resolved while running `code` as an ES module in a fresh Node. */
function modulesLoadedBy(code: string, name: string): string[] {
  const record = join(scratch, `${name}.txt`);
  const run = spawnSync(process.execPath, ["--import", "tsx", "--import", recorder, "--input-type=module", "-e", code], {
    cwd: root,
    env: { ...process.env, RECORD_IMPORTS: record },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return readFileSync(record, "utf8").trim().split("\n");
}

describe("the MCP SDK is loaded only when a server is used", () => {
  it("importing src/index.ts loads the core and no module of the SDK", () => {
    const loaded = modulesLoadedBy(`await import("./src/index.ts");`, "index");
    // The recorder sees the workbook's own modules and its other dependencies...
    expect(loaded.some((url) => url.endsWith("/src/tools/registry.ts"))).toBe(true);
    expect(loaded.some((url) => url.includes("/node_modules/jsonrepair/"))).toBe(true);
    // ...and nothing of the SDK.
    expect(loaded.filter((url) => url.includes("@modelcontextprotocol"))).toEqual([]);
  });

  it("listing tools through an SDK client loads it (the recorder would see it)", () => {
    const loaded = modulesLoadedBy(
      `const { listMcpTools } = await import("./src/index.ts");
       await listMcpTools({ listTools: async () => ({ tools: [] }), callTool: async () => ({}) }, "x", { logger: { warn() {} } });`,
      "list",
    );
    expect(loaded.some((url) => url.includes("@modelcontextprotocol/sdk"))).toBe(true);
  });
});
