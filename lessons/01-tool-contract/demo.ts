/**
 * Lesson 1 demo: the contract of each built-in tool, as the loader builds them — the definition
 * the model sees (`toSchema()`), and the policy the runtime reads (`readOnly`, `exclusive`,
 * `concurrencySafe`, `scopes`, `configKey`).
 *
 * @module
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isToolErrorResult, ToolRegistry, ToolResult, type Tool, type ToolClass } from "../../src/index.js";
import { ToolLoader } from "../../src/tools/loader.js";
import { bold, compact, dim, green, red, say, section, table, block } from "../_shared/print.js";
import { FakeSnapshotTool } from "../_shared/sampleTools.js";

function flag(value: boolean): string {
  return value ? green("true") : dim("false");
}

function policyRow(tool: Tool): string[] {
  const cls = tool.constructor as unknown as ToolClass;
  return [
    tool.name,
    String(tool.readOnly),
    String(tool.exclusive),
    String(tool.concurrencySafe),
    `[${(cls.scopes ?? []).join(", ")}]`,
    cls.configKey === "" ? '""' : JSON.stringify(cls.configKey),
  ];
}

function paramsSummary(tool: Tool): string {
  const schema = tool.toSchema().function.parameters;
  const properties = (schema["properties"] ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((schema["required"] as string[] | undefined) ?? []);
  return Object.entries(properties)
    .map(([key, prop]) => `${key}${required.has(key) ? "*" : ""}: ${(prop["type"] as string | undefined) ?? "any"}`)
    .join(", ");
}

/** A result as the runtime sees it: a `ToolResult` with its flag and text, anything else as a value. */
export function describeResult(result: unknown): string {
  if (result instanceof ToolResult) {
    const code = result.code === undefined ? "" : `, code: ${JSON.stringify(result.code)}`;
    return `ToolResult { isError: ${result.isError}, content: ${JSON.stringify(result.content)}${code} }`;
  }
  return `${typeof result} ${compact(String(result), 70, 70)}`;
}

/** Runs the lesson 1 demo. */
export async function main(): Promise<number> {
  const workspace = await mkdtemp(join(tmpdir(), "lesson-01-"));
  const warnings: string[] = [];
  try {
    const loader = new ToolLoader({
      pluginRoots: [],
      logger: { warn: (msg) => warnings.push(msg), error: (msg) => warnings.push(msg) },
    });
    const registry = new ToolRegistry();
    const loaded = await loader.load({ workspace }, registry);
    say(`The loader built ${loaded.length} built-in tools for workspace ${dim(workspace)}:`);
    say(`  ${loaded.join(", ")}`);
    for (const warning of warnings) say(`  ${red("warning")} ${warning}`);

    const tools = registry
      .getDefinitions()
      .map((def) => registry.get(def.function.name))
      .filter((t): t is Tool => t !== undefined);

    section("What the model sees: toSchema()");
    const readFile = registry.get("read_file");
    if (readFile !== undefined) {
      say(`  read_file.toSchema() ${dim("(in full)")}`);
      block(JSON.stringify(readFile.toSchema(), null, 2), 4);
    }
    say();
    for (const tool of tools) {
      if (tool.name === "read_file") continue;
      say(`  ${bold(tool.name.padEnd(11))} ${compact(tool.description, 70, 70).replace(/^"|"$/g, "")}`);
      say(`  ${"".padEnd(11)} ${dim(`params: ${paramsSummary(tool) || "(none)"}   (* required)`)}`);
    }

    section("What the runtime reads: the policy flags");
    const sample = new FakeSnapshotTool();
    table([["tool", "readOnly", "exclusive", "concurrencySafe", "scopes", "configKey"], ...tools.map(policyRow), [...policyRow(sample).slice(0, 6)]]);
    say(dim(`  (${sample.name} is a sample, not a built-in: read-only but exclusive, so it still runs alone)`));
    say();
    say(`  concurrencySafe defaults to readOnly && !exclusive:`);
    for (const tool of [...tools, sample]) {
      say(`    ${tool.name.padEnd(20)} ${flag(tool.readOnly)} && !${flag(tool.exclusive)} = ${flag(tool.concurrencySafe)}`);
    }

    section("How a tool is called");
    say("  execute(params, { signal }) — the params are already cast and validated (lesson 5),");
    say("  and the signal aborts on a timeout or when the run is stopped. Upstream calls execute(**kwargs).");
    if (readFile !== undefined) {
      const result = await readFile.execute({ path: "missing.txt" }, { signal: AbortSignal.timeout(5000) });
      say(`  read_file.execute({ path: "missing.txt" }) resolves, it does not throw, with:`);
      say(`    ${describeResult(result)}`);
      say(`    isToolErrorResult(result) = ${flag(isToolErrorResult(result))}  ${dim("— an error result: the model reads the text and the call counts as failed")}`);
    }
    return tools.length > 0 ? 0 : 1;
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
