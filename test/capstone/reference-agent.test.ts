/**
 * The capstone's reference parts are the workbook's own agent: on every scenario, the capstone
 * agent built from the reference parts alone sends the mocked model exactly the requests that
 * `AgentRunner` sends with a `ToolRegistry` filled by `ToolLoader` (scanning a module of the same
 * exports) and `registerMcpTools`. So "the reference" the learner is compared with is `src/`.
 */
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { mcpToolClient } from "../../src/mcp/tool-client.js";
import { registerMcpTools } from "../../src/mcp/register.js";
import { connectStdioMcpServer, type StdioMcpConnection } from "../../src/mcp/stdio-connection.js";
import { OpenAICompatibleProvider } from "../../src/providers/openai-compatible.js";
import type { ToolClass } from "../../src/tools/base.js";
import { ToolLoader } from "../../src/tools/loader.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { runAgent } from "../../exercises/_cli/capstone/agent.js";
import { referenceAssembly } from "../../exercises/_cli/capstone/assemble.js";
import { FILESYSTEM_SERVER } from "../../exercises/_cli/capstone/capstone.js";
import { normalizeBody } from "../../exercises/_cli/capstone/compare.js";
import { MOCK_BASE_URL, startMockModel, type MockModel } from "../../exercises/_cli/capstone/mock-model.js";
import { MAX_TOOL_RESULT_CHARS, SCENARIOS, seedMcpFolder, seedWorkspace, type Scenario } from "../../exercises/_cli/capstone/scenarios.js";
import { PLUGINS } from "../../exercises/_cli/capstone/toolbox.js";

/** A module with the exports the capstone's loader is given, for `ToolLoader` to scan. */
function toolModuleSource(): string {
  const at = (path: string): string => JSON.stringify(join(ROOT, path));
  return [
    `export { ClockTool, DraftTool, NotesToolBase, _ScratchTool } from ${at("exercises/_cli/capstone/toolbox.ts")};`,
    `export { ListDirTool } from ${at("src/tools/builtin/list-dir.ts")};`,
    `export { ReadFileTool } from ${at("src/tools/builtin/read-file.ts")};`,
    `export { WriteFileTool } from ${at("src/tools/builtin/write-file.ts")};`,
    `export { Tool } from ${at("src/tools/base.ts")};`,
    `export { WordCountTool } from ${at("solutions/01-tool-contract/word-count.ts")};`,
    "export const TOOLBOX_VERSION = 1;",
    "",
  ].join("\n");
}

let base: string;
let moduleDir: string;
let mcpFolder: string;
let server: StdioMcpConnection;
let mock: MockModel;
let runs = 0;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "capstone-reference-")));
  moduleDir = await mkdtemp(join(base, "module-"));
  await writeFile(join(moduleDir, "toolbox.ts"), toolModuleSource());
  mcpFolder = await realpath(await mkdtemp(join(base, "mcp-")));
  await seedMcpFolder(mcpFolder);
  server = await connectStdioMcpServer({ command: process.execPath, args: [FILESYSTEM_SERVER, mcpFolder], serverName: "fs", timeoutMs: 60_000 });
  mock = startMockModel();
});

afterAll(async () => {
  mock.close();
  await server.close();
  await rm(base, { recursive: true, force: true });
});

/** A fresh workspace with the scenario's files, and the model name of a new run. */
async function place(scenario: Scenario): Promise<{ workspace: string; model: string }> {
  const workspace = await realpath(await mkdtemp(join(base, `${scenario.id}-`)));
  await seedWorkspace(workspace, scenario.archive === true);
  return { workspace, model: `${scenario.id}-${++runs}` };
}

const provider = (): OpenAICompatibleProvider => new OpenAICompatibleProvider({ baseURL: MOCK_BASE_URL, apiKey: "not-a-real-key", maxRetries: 0 });

/** The requests of the workbook's own AgentRunner on `scenario`. */
async function withAgentRunner(scenario: Scenario): Promise<string[]> {
  const { workspace, model } = await place(scenario);
  const registry = new ToolRegistry();
  const warnings: string[] = [];
  const loader = new ToolLoader({
    builtinDir: moduleDir,
    plugins: PLUGINS as Record<string, ToolClass>,
    logger: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
  });
  await loader.load({ workspace }, registry);
  registerMcpTools(
    registry,
    server.tools.filter((tool) => scenario.mcpTools.includes(tool.name)),
  );
  const bodies = mock.script(model, scenario.replies({ workspace, mcpFolder }));
  const result = await new AgentRunner().run({
    provider: provider(),
    model,
    tools: registry,
    messages: [{ role: "user", content: scenario.prompt }],
    maxIterations: 4,
    maxToolResultChars: MAX_TOOL_RESULT_CHARS,
    ...(scenario.saves ? { workspace } : {}),
  });
  expect(result.stopReason, scenario.id).toBe("completed");
  // The loader met the plugin that claims read_file, and said it skipped it.
  expect(warnings.some((w) => w.includes("conflicts with built-in"))).toBe(true);
  return bodies.map((body) =>
    normalizeBody(body, [
      [workspace, "<workspace>"],
      [mcpFolder, "<mcp-folder>"],
    ]),
  );
}

/** The requests of the capstone agent made of the reference parts alone. */
async function withReferenceParts(scenario: Scenario): Promise<string[]> {
  const { workspace, model } = await place(scenario);
  const bodies = mock.script(model, scenario.replies({ workspace, mcpFolder }));
  await runAgent(
    {
      assembly: referenceAssembly(),
      workspace,
      saveTo: scenario.saves ? workspace : undefined,
      provider: provider(),
      model,
      mcp: scenario.mcpTools.length > 0 ? { client: mcpToolClient(server.client), server: "fs", keep: scenario.mcpTools } : undefined,
      maxToolResultChars: MAX_TOOL_RESULT_CHARS,
      maxIterations: 4,
    },
    [{ role: "user", content: scenario.prompt }],
  );
  return bodies.map((body) =>
    normalizeBody(body, [
      [workspace, "<workspace>"],
      [mcpFolder, "<mcp-folder>"],
    ]),
  );
}

describe("the capstone's reference parts against the workbook's AgentRunner", () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.id}: every request is the same`, async () => {
      const expected = await withAgentRunner(scenario);
      const actual = await withReferenceParts(scenario);
      expect(expected).toHaveLength(2);
      expect(actual).toEqual(expected);
    });
  }
});
