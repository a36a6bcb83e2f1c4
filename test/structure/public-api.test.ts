/**
 * What `src/index.ts` exports, read with the TypeScript checker: every top-level declaration of
 * API.md's code blocks is there (a class or a function as a value, not as a type only), and the
 * implementation's own limits and plumbing are not.
 *
 * API.md is kept outside this repository, so its names are copied below; when API.md gains a
 * declaration, add it here.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { INDEX, indexProgram } from "./index-program.js";

/** Whether API.md declares a name as a runtime value or as a type only. */
type Kind = "value" | "type";

/** The top-level `class`, `function`, `const`, `type` and `interface` declarations of API.md's code blocks. */
const API_MD_DECLARATIONS: Readonly<Record<string, Kind>> = {
  // Tools — src/tools/base.ts
  JsonSchema: "type",
  ToolContext: "type",
  ExecuteOptions: "type",
  RefusalCode: "type",
  ToolResult: "value",
  isToolErrorResult: "value",
  Tool: "value",
  // Registry — src/tools/registry.ts
  RETRY_HINT: "value",
  PrepareStepName: "type",
  PrepareStep: "type",
  PreparedCall: "type",
  ToolRegistry: "value",
  // Loader — src/tools/loader.ts
  ToolClass: "type",
  ToolLoaderOptions: "type",
  ToolLoader: "value",
  // Provider side — src/providers/
  ToolCallRequest: "value",
  parseToolArguments: "value",
  toolArgumentsObjectForReplay: "value",
  ChatMessage: "type",
  LLMResponse: "type",
  LLMProvider: "type",
  OpenAICompatibleProvider: "value",
  // Runner — src/agent/runner.ts
  AgentRunSpec: "type",
  ToolEvent: "type",
  AgentRunResult: "type",
  AgentRunner: "value",
  // Named in API.md's prose ("`WebFetchTool` takes `ssrfAllowlist?: string[]`").
  WebFetchTool: "value",
};

const program = indexProgram();
const checker = program.getTypeChecker();

/** The exports of one module, each with whether it carries a runtime value. */
function exportsOf(file: string): Map<string, Kind> {
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`${file} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error(`${file} is not a module`);
  const out = new Map<string, Kind>();
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const typeOnlyExport = symbol.declarations?.some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) ?? false;
    out.set(symbol.name, !typeOnlyExport && target.flags & ts.SymbolFlags.Value ? "value" : "type");
  }
  return out;
}

const publicExports = exportsOf(INDEX);

describe("the public API of src/index.ts", () => {
  it("exports every top-level declaration of API.md, values as values", () => {
    const missing = Object.keys(API_MD_DECLARATIONS).filter((name) => !publicExports.has(name));
    expect(missing).toEqual([]);
    const typeOnly = Object.entries(API_MD_DECLARATIONS)
      .filter(([name, kind]) => kind === "value" && publicExports.get(name) !== "value")
      .map(([name]) => name);
    expect(typeOnly).toEqual([]);
  });

  it("leaves the implementation's own limits and plumbing out of the index", () => {
    for (const name of ["SKIPPED_MODULES", "cutNote", "parseJsonOr", "RETRY_DELAYS_MS", "htmlToText", "REDACTED", "MAX_PATTERN_COST", "StopGroup"]) {
      expect(publicExports.has(name), name).toBe(false);
    }
  });
});
