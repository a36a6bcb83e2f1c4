/**
 * Lesson 4 demo: near-miss tool names. Each one is rejected with the exact text the model reads —
 * with a "Did you mean" only when exactly one registered name matches loosely — and no tool runs.
 *
 * @module
 */
import { nameKey, ToolRegistry, type ToolDefinition } from "../../src/index.js";
import { bold, dim, field, green, red, say, section, table, block } from "../_shared/print.js";
import { FakeListDirTool, FakeReadFileTool, FakeWriteFileTool, totalExecutions, type CountingTool } from "../_shared/sampleTools.js";

/** The names the demo tries, and why each is interesting. */
export const NEAR_MISSES: readonly { name: string; why: string }[] = [
  { name: "ReadFile", why: "camel case" },
  { name: "read-file", why: "dash instead of underscore" },
  { name: "READ_FILE", why: "upper case" },
  { name: "readfil", why: "a typo: its key differs, so no suggestion" },
  { name: "read_file ", why: "a trailing space" },
];

function sample(): { registry: ToolRegistry; tools: CountingTool[] } {
  const tools: CountingTool[] = [new FakeReadFileTool(), new FakeListDirTool(), new FakeWriteFileTool()];
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  return { registry, tools };
}

/** Runs the lesson 4 demo; exits 1 if any near-miss name ever reached a tool. */
export async function main(): Promise<number> {
  const { registry, tools } = sample();
  const args = '{"path": "README.md"}';
  say(`Registered: ${registry.toolNames.join(", ")}. Every call below sends ${args}.`);
  const rows: string[][] = [["name sent", "key", "suggestion", "tool ran"]];
  let leaked = 0;

  for (const { name, why } of NEAR_MISSES) {
    section(`${JSON.stringify(name)}: ${why}`);
    const prepared = registry.prepareCall(name, args);
    const before = totalExecutions(tools);
    const result = await registry.execute(name, args);
    const ran = totalExecutions(tools) - before;
    leaked += ran;
    const suggestion = registry.suggestName(name);
    field("key", `${JSON.stringify(nameKey(name))}  ${dim(`(read_file has key ${JSON.stringify(nameKey("read_file"))})`)}`);
    field("suggestion", suggestion === null ? dim("none") : bold(suggestion));
    field("prepared", prepared.error === null ? red("would execute!") : green("error, tool: null"));
    say(`  ${dim("the model reads:")}`);
    block(String(result), 4);
    field("tool ran", ran === 0 ? green("0 times") : red(`${ran} times`));
    rows.push([JSON.stringify(name), JSON.stringify(nameKey(name)), suggestion ?? "-", String(ran)]);
  }

  section("An ambiguous near miss gets no suggestion");
  const ambiguous = new ToolRegistry();
  const readDash = new (class extends FakeReadFileTool {
    override readonly name: string = "read-file";
  })();
  ambiguous.register(new FakeReadFileTool());
  ambiguous.register(readDash);
  const probe = "ReadFile";
  say(`  Registered: ${ambiguous.toolNames.join(", ")} (both have key "readfile")`);
  field('suggestName("ReadFile")', String(ambiguous.suggestName(probe)), 26);
  block(ambiguous.prepareCall(probe, args).error?.content ?? "", 4);
  say(dim("  Two candidates: guessing between them would be worse than saying nothing."));

  section("Summary");
  table(rows);
  const definitions: ToolDefinition[] = registry.getDefinitions();
  say();
  say(`Near-miss calls: ${NEAR_MISSES.length}; tool.execute calls among them: ${leaked === 0 ? green("0") : red(String(leaked))}`);
  say(dim(`The model was offered exactly: ${definitions.map((d) => d.function.name).join(", ")}`));
  return leaked === 0 ? 0 : 1;
}
