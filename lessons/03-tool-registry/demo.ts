/**
 * Lesson 3 demo: what the registry keeps and how it lists it — registration order versus the
 * stable `getDefinitions()` order (built-ins sorted, then `mcp_` names sorted), and the
 * definitions cache being reused (`===`) until `register`/`unregister` invalidates it.
 *
 * @module
 */
import { Tool, ToolRegistry, type JsonSchema } from "../../src/index.js";
import { bold, dim, field, green, red, say, section, table } from "../_shared/print.js";
import { FakeListDirTool, FakeMcpTool, FakeReadFileTool, FakeSnapshotTool, FakeWriteFileTool } from "../_shared/sampleTools.js";

function names(registry: ToolRegistry): string {
  return registry
    .getDefinitions()
    .map((def) => def.function.name)
    .join(", ");
}

function yesNo(value: boolean): string {
  return value ? green("true") : red("false");
}

/** A tool whose root schema is an array: a schema bug the registry refuses at registration. */
class BrokenSchemaTool extends Tool {
  readonly name = "broken";
  readonly description = "Declares an array as its root schema.";
  readonly parameters: JsonSchema = { type: "array", items: { type: "string" } };
  async execute(): Promise<unknown> {
    return "never";
  }
}

/** Runs the lesson 3 demo. */
export async function main(): Promise<number> {
  const registry = new ToolRegistry();
  const tools = [new FakeWriteFileTool(), new FakeMcpTool("docs", "search"), new FakeReadFileTool(), new FakeMcpTool("calc", "add"), new FakeListDirTool()];
  for (const tool of tools) registry.register(tool);

  section("Two orders");
  field("registered", registry.toolNames.join(", "), 18);
  field("getDefinitions()", names(registry), 18);
  say(dim("  Built-ins come first, sorted by name; then the mcp_ tools, sorted. The order does not"));
  say(dim("  depend on when a tool was registered, so the tools part of the prompt stays byte-stable."));

  section("The cache");
  const rows: string[][] = [["what happened", "same array as before?", ""]];
  const first = registry.getDefinitions();
  let previous = first;
  const check = (what: string, note: (same: boolean) => string): void => {
    const now = registry.getDefinitions();
    const same = now === previous;
    rows.push([what, same ? "true  (===)" : "false", note(same)]);
    previous = now;
  };
  check("getDefinitions() again", (same) => (same ? "reused, not rebuilt" : "REBUILT"));
  registry.register(new FakeSnapshotTool());
  check("register(snapshot_workspace)", () => `rebuilt: ${names(registry)}`);
  registry.unregister("snapshot_workspace");
  check("unregister(snapshot_workspace)", () => "rebuilt");
  registry.unregister("no_such_tool");
  check("unregister(no_such_tool)", () => "rebuilt: even a no-op invalidates");
  check("getDefinitions() again", (same) => (same ? "reused, not rebuilt" : "REBUILT"));
  table(rows);
  const sameContent = JSON.stringify(registry.getDefinitions()) === JSON.stringify(first);
  field("content equal to the first array?", yesNo(sameContent), 36);

  section("Lookup is exact and own-entries only");
  for (const probe of ["read_file", "constructor", "__proto__", "toString"]) {
    field(`has(${JSON.stringify(probe)})`, yesNo(registry.has(probe)), 22);
  }
  field("size", String(registry.size), 22);

  section("A schema bug is found at registration");
  try {
    registry.register(new BrokenSchemaTool());
    say(red("  register() accepted an array root schema"));
    return 1;
  } catch (error) {
    say(`  register(broken) threw ${bold((error as Error).name)}: ${(error as Error).message}`);
    say(dim("  (upstream only fails when the tool is called; here the tool author hears about it at start-up)"));
  }
  field("size afterwards", String(registry.size), 22);
  return 0;
}
