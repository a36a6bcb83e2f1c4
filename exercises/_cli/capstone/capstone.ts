/**
 * The capstone run: every scenario twice against the mocked model — once with the reference
 * parts, once with the learner's parts assembled — and every request compared. When a scenario
 * differs, each of the learner's parts is tried alone among reference parts to find the one that
 * makes the difference. It passes only when all nine parts are the learner's and every scenario
 * matches.
 *
 * @module
 */
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { join } from "node:path";
import { mcpToolClient } from "../../../src/mcp/tool-client.js";
import { connectStdioMcpServer, type StdioMcpConnection } from "../../../src/mcp/stdio-connection.js";
import { OpenAICompatibleProvider } from "../../../src/providers/openai-compatible.js";
import { describeThrown } from "../../../src/util/thrown.js";
import { ROOT } from "../catalog.js";
import { runAgent, type McpSource, type TraceStep } from "./agent.js";
import { assemble, findParts, referenceAssembly, type FoundParts, type PartState } from "./assemble.js";
import { firstDifference, normalizeBody, type FirstDifference } from "./compare.js";
import { MOCK_BASE_URL, startMockModel, type MockModel } from "./mock-model.js";
import { PART_NUMBERS, type Assembly, type PartNumber } from "./parts.js";
import { MAX_TOOL_RESULT_CHARS, SCENARIOS, seedMcpFolder, seedWorkspace, type Scenario } from "./scenarios.js";
import { capstoneTempDir } from "./temp.js";

/** The filesystem MCP server the workbook already uses (lesson 9). */
export const FILESYSTEM_SERVER = join(ROOT, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js");

/** One run of one scenario. */
export interface ScenarioRun {
  /** The request bodies, normalised for comparison. */
  requests: string[];
  /** Every step, with whose code took it. */
  trace: TraceStep[];
  /** Why the run stopped early, when it did. */
  error: string | null;
}

/** How one scenario compared. */
export interface ScenarioVerdict {
  /** The scenario. */
  scenario: Scenario;
  /** The run with the reference parts. */
  reference: ScenarioRun;
  /** The run with the assembled parts. */
  assembled: ScenarioRun;
  /** Where they first differ; null when every request is the same. */
  difference: FirstDifference | null;
  /** The learner's parts that, each alone among reference parts, make the difference (empty when none alone does). */
  culprits: PartNumber[];
  /** Could not run at all (the MCP server did not start): why. */
  skipped: string | null;
}

/** What the capstone found. */
export interface CapstoneReport {
  /** Each part's state. */
  parts: Record<PartNumber, PartState>;
  /** Each scenario's verdict, in order. */
  scenarios: ScenarioVerdict[];
  /** Every part is the learner's and every scenario matches. */
  passed: boolean;
}

/** What the capstone needs to run. */
export interface CapstoneOptions {
  /** The folder laid out as `exercises/` whose answers are assembled. */
  dir: string;
  /** Which scenarios to run (default: all). */
  scenarios?: readonly Scenario[];
}

/** Shared by every run: the mocked model, the MCP server and a folder for the runs' workspaces. */
interface Shared {
  mock: MockModel;
  base: string;
  mcp: Promise<{ source: McpSource; folder: string } | { failed: string }>;
  runs: number;
}

/** Runs `scenario` once with `assembly`. Never rejects: a failure is the run's `error`. */
async function runScenario(shared: Shared, scenario: Scenario, assembly: Assembly): Promise<ScenarioRun> {
  const key = `${scenario.id}-${++shared.runs}`;
  const workspace = await realpath(await mkdtemp(join(shared.base, `${key}-`)));
  const trace: TraceStep[] = [];
  let error: string | null = null;
  let placeholders: Array<readonly [string, string]> = [[workspace, "<workspace>"]];
  let bodies: unknown[] = [];
  try {
    await seedWorkspace(workspace, scenario.archive === true);
    let mcp: McpSource | undefined;
    let folder = "";
    if (scenario.mcpTools.length > 0) {
      const started = await shared.mcp;
      if ("failed" in started) throw new Error(started.failed);
      mcp = { ...started.source, keep: scenario.mcpTools };
      folder = started.folder;
      placeholders = [...placeholders, [folder, "<mcp-folder>"]];
    }
    bodies = shared.mock.script(key, scenario.replies({ workspace, mcpFolder: folder }));
    await runAgent(
      {
        assembly,
        workspace,
        saveTo: scenario.saves ? workspace : undefined,
        provider: new OpenAICompatibleProvider({ baseURL: MOCK_BASE_URL, apiKey: "not-a-real-key", maxRetries: 0 }),
        model: key,
        mcp,
        maxToolResultChars: MAX_TOOL_RESULT_CHARS,
        maxIterations: 4,
        trace: (step) => trace.push(step),
      },
      [{ role: "user", content: scenario.prompt }],
    );
  } catch (thrown) {
    const { name, message } = describeThrown(thrown);
    error = `${name}: ${message.split("\n")[0] ?? ""}`;
  } finally {
    await rm(workspace, { recursive: true, force: true }).catch(() => undefined);
  }
  return { requests: bodies.map((body) => normalizeBody(body, placeholders)), trace, error };
}

/** The difference between two runs, the run's error counting as a difference of its own. */
function differenceOf(reference: ScenarioRun, other: ScenarioRun): FirstDifference | null {
  const found = firstDifference(reference.requests, other.requests);
  if (found !== null || other.error === reference.error) return found;
  const request = other.requests.length + 1;
  return { request, counts: [reference.requests.length, other.requests.length], diff: `-${reference.error ?? "(the run went on)"}\n+${other.error ?? "(the run went on)"}` };
}

/** Compares one scenario's two runs, and finds the culprits when they differ. */
async function judge(shared: Shared, scenario: Scenario, found: FoundParts, learnerParts: readonly PartNumber[]): Promise<ScenarioVerdict> {
  if (scenario.mcpTools.length > 0) {
    const started = await shared.mcp;
    if ("failed" in started) {
      const empty: ScenarioRun = { requests: [], trace: [], error: started.failed };
      return { scenario, reference: empty, assembled: empty, difference: null, culprits: [], skipped: started.failed };
    }
  }
  // With no part of the learner's, the assembled agent is the reference's agent: one run serves both.
  const [reference, assembled] =
    learnerParts.length === 0
      ? await runScenario(shared, scenario, referenceAssembly()).then((run) => [run, run] as const)
      : await Promise.all([runScenario(shared, scenario, referenceAssembly()), runScenario(shared, scenario, assemble(found))]);
  const difference = differenceOf(reference, assembled);
  const culprits: PartNumber[] = [];
  if (difference !== null) {
    for (const part of learnerParts) {
      const alone = await runScenario(shared, scenario, assemble(found, [part]));
      if (differenceOf(reference, alone) !== null) culprits.push(part);
    }
  }
  return { scenario, reference, assembled, difference, culprits, skipped: null };
}

/** Starts the filesystem MCP server on a folder of its own, with the file the MCP scenario reads. */
async function startMcp(base: string): Promise<{ connection: StdioMcpConnection; source: McpSource; folder: string }> {
  const folder = await realpath(await mkdtemp(join(base, "mcp-")));
  await seedMcpFolder(folder);
  const connection = await connectStdioMcpServer({
    command: process.execPath,
    args: [FILESYSTEM_SERVER, folder],
    serverName: "fs",
    timeoutMs: 30_000,
    callTimeoutMs: 30_000,
    logger: { warn: () => undefined },
  });
  return { connection, source: { client: mcpToolClient(connection.client), server: "fs", keep: [] }, folder };
}

/** Runs the capstone on the answers in `options.dir`. */
export async function runCapstone(options: CapstoneOptions): Promise<CapstoneReport> {
  const scenarios = options.scenarios ?? SCENARIOS;
  const base = await realpath(await mkdtemp(join(capstoneTempDir(), "workbook-capstone-")));
  const needsMcp = scenarios.some((s) => s.mcpTools.length > 0);
  // The server takes the longest to start: it starts first, while the other scenarios run.
  const starting = needsMcp ? startMcp(base) : null;
  const mock = startMockModel();
  const shared: Shared = {
    mock,
    base,
    runs: 0,
    mcp: (starting ?? Promise.reject(new Error("no MCP scenario"))).then(
      ({ source, folder }) => ({ source, folder }),
      (error: unknown) => ({ failed: `the filesystem MCP server did not start: ${describeThrown(error).message.split("\n")[0] ?? ""}` }),
    ),
  };
  try {
    const found = await findParts(options.dir);
    const learnerParts = PART_NUMBERS.filter((n) => found.states[n].kind === "learner");
    const verdicts = await Promise.all(scenarios.map((scenario) => judge(shared, scenario, found, learnerParts)));
    const allMine = PART_NUMBERS.every((n) => found.states[n].kind === "learner");
    const passed = allMine && verdicts.every((v) => v.difference === null && v.skipped === null);
    return { parts: found.states, scenarios: verdicts, passed };
  } finally {
    mock.close();
    await starting?.then(({ connection }) => connection.close()).catch(() => undefined);
    await rm(base, { recursive: true, force: true }).catch(() => undefined);
  }
}
