/**
 * Importing the workbook does not load the MCP SDK: a lesson or an exercise's tests that never
 * start a server never pay for it (about 0.4 s of start-up on this machine). The SDK is loaded
 * by the first call that needs it (`connectStdioMcpServer`, `listMcpTools`, a transport's `start`).
 */
import { describe, expect, it } from "vitest";
import { modulesLoadedBy } from "../structure/import-recorder/record.js";

describe("the MCP SDK is loaded only when a server is used", () => {
  it("importing src/index.ts loads the core and no module of the SDK", () => {
    const loaded = modulesLoadedBy(`await import("./src/index.ts");`);
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
    );
    expect(loaded.some((url) => url.includes("@modelcontextprotocol/sdk"))).toBe(true);
  });
});
