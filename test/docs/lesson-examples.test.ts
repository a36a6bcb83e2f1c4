/**
 * Every class and function of the public API (`src/index.ts`) that a lesson names has an example
 * in the reference. The names are the identifiers inside the inline code spans of the lessons'
 * READMEs (`ToolRegistry.prepareCall` names `ToolRegistry`); the exports are read with the
 * TypeScript checker; an example is an `@example` tag on the declaration's doc comment, which
 * `examples.test.ts` then holds to a region of `docs/examples/` that `tsc` checks and the tests run.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { INDEX, indexProgram } from "../structure/index-program.js";

const ROOT = resolve(import.meta.dirname, "../..");
const LESSONS = join(ROOT, "lessons");

/** The identifiers inside the inline code spans of a Markdown text; fenced blocks are left out. */
export function namesInCodeSpans(markdown: string): Set<string> {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  const names = new Set<string>();
  for (const span of prose.matchAll(/`([^`\n]+)`/g)) {
    for (const word of (span[1] ?? "").matchAll(/[a-z_$][\w$]*/gi)) names.add(word[0]);
  }
  return names;
}

/** The names the lessons' READMEs mention, each with the lessons that mention it. */
function lessonNames(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entry of readdirSync(LESSONS, { withFileTypes: true })) {
    if (!entry.isDirectory() || !/^\d\d-/.test(entry.name)) continue;
    const text = readFileSync(join(LESSONS, entry.name, "README.md"), "utf8");
    for (const name of namesInCodeSpans(text)) found.set(name, [...(found.get(name) ?? []), entry.name]);
  }
  return found;
}

/** A class or function that `src/index.ts` exports, and whether its doc comment has an `@example`. */
interface Exported {
  kind: "class" | "function";
  hasExample: boolean;
}

/** The classes and functions `src/index.ts` exports, by their exported names. */
function exportedClassesAndFunctions(): Map<string, Exported> {
  const program = indexProgram();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(INDEX);
  const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error("src/index.ts is not a module in the program");
  const out = new Map<string, Exported>();
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const kind = target.flags & ts.SymbolFlags.Class ? "class" : target.flags & ts.SymbolFlags.Function ? "function" : null;
    if (kind === null) continue;
    const declarations = target.declarations ?? [];
    const hasExample = declarations.some((d) => ts.getJSDocTags(d).some((tag) => tag.tagName.text === "example"));
    out.set(symbol.name, { kind, hasExample });
  }
  return out;
}

const named = lessonNames();
const exported = exportedClassesAndFunctions();

describe("the lessons' classes and functions in the reference", () => {
  it("are found: the scan reads the lessons and the public API", () => {
    expect(named.size).toBeGreaterThan(50);
    expect(exported.size).toBeGreaterThan(50);
    for (const name of ["ToolRegistry", "ToolResult", "AgentRunner", "buildToolMessage"]) {
      expect(named.has(name), `no lesson names ${name}`).toBe(true);
      expect(exported.has(name), `${name} is not an exported class or function`).toBe(true);
    }
  });

  it("reads names in code spans, not in fenced blocks", () => {
    const text = "Call `ToolRegistry.prepareCall(name)` or `castValue`.\n\n```ts\nconst hidden = truncateText(a, 1);\n```\n";
    expect([...namesInCodeSpans(text)].sort()).toEqual(["ToolRegistry", "castValue", "name", "prepareCall"]);
  });

  it("each have an @example", () => {
    const missing: string[] = [];
    for (const [name, lessons] of named) {
      const found = exported.get(name);
      if (found !== undefined && !found.hasExample) missing.push(`${found.kind} ${name} (named in ${lessons.join(", ")})`);
    }
    expect(missing).toEqual([]);
  });
});
