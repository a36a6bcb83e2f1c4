/**
 * No export of `src/` that nothing uses: every name a module of `src/` exports is imported by
 * another module (in `src/`, the tests, the lessons, the exercises and their solutions, the
 * playground, the benchmarks or the documentation's examples) or re-exported by a public entry
 * point (`src/index.ts`, `src/testing/index.ts`). A name used only inside its own module is not
 * exported. Read with the TypeScript parser: named imports, `export … from`, `import * as`
 * (every name then counts as used), and `const { a, b } = await import("…")`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");
/** The public entry points: what they export is the API, used or not. */
const ENTRY_POINTS = new Set(["src/index.ts", "src/testing/index.ts"]);
/** The folders whose files may use an export of `src/`. */
const USERS = ["src", "test", "lessons", "exercises", "solutions", "playground", "bench", "docs/examples"];
const CODE = /\.(?:ts|mts|tsx|mjs|js)$/;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => CODE.test(name) && !name.split(/[\\/]/).includes("node_modules"))
    .map((name) => join(dir, name));
}

/** The `src/` file a specifier names from `from`, or null. */
function target(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const path = resolve(dirname(from), specifier.replace(/\.js$/, ".ts"));
  return path.startsWith(SRC) && existsSync(path) ? relative(ROOT, path) : null;
}

/** What one file uses of `src/`: names per module, or `*` for a namespace import. */
function usesOf(file: string, into: Map<string, Set<string>>): void {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const use = (module: string | null, name: string): void => {
    if (module === null) return;
    let names = into.get(module);
    if (names === undefined) into.set(module, (names = new Set()));
    names.add(name);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const module = target(file, node.moduleSpecifier.text);
      const clause = node.importClause;
      if (clause?.name !== undefined) use(module, "default");
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) use(module, "*");
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) use(module, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const module = target(file, node.moduleSpecifier.text);
      if (node.exportClause === undefined || !ts.isNamedExports(node.exportClause)) use(module, "*");
      else for (const element of node.exportClause.elements) use(module, (element.propertyName ?? element.name).text);
    } else if (ts.isVariableDeclaration(node) && node.initializer !== undefined) {
      // const { a, b } = await import("./x.js")
      let init: ts.Expression = node.initializer;
      if (ts.isAwaitExpression(init)) init = init.expression;
      if (ts.isCallExpression(init) && init.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = init.arguments;
        const module = arg !== undefined && ts.isStringLiteral(arg) ? target(file, arg.text) : null;
        if (ts.isObjectBindingPattern(node.name)) {
          for (const element of node.name.elements) {
            const key = element.propertyName ?? element.name;
            if (ts.isIdentifier(key)) use(module, key.text);
          }
        } else use(module, "*");
        return;
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg !== undefined && ts.isStringLiteral(arg)) use(target(file, arg.text), "*");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/**
 * The names a module of `src/` exports by its own declarations or `export { … }` lists. A type
 * (an interface or a type alias) named in another exported declaration of the same module is left
 * out: it is part of that declaration's signature, and a reader of the signature needs its name.
 */
function exportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const types: { name: string; node: ts.Node }[] = [];
  const exportedNodes: ts.Node[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported) exportedNodes.push(statement);
    if (ts.isExportDeclaration(statement) && statement.exportClause !== undefined && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    } else if (exported && ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    } else if (exported && (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))) {
      types.push({ name: statement.name.text, node: statement });
    } else if (exported && (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement))) {
      if (statement.name !== undefined) names.push(statement.name.text);
    }
  }
  const namedIn = (name: string, own: ts.Node): boolean => {
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isIdentifier(node) && node.text === name) found = true;
      else ts.forEachChild(node, visit);
    };
    for (const node of exportedNodes) if (node !== own) visit(node);
    return found;
  };
  for (const { name, node } of types) if (!namedIn(name, node)) names.push(name);
  return names;
}

describe("the exports of src/", () => {
  const uses = new Map<string, Set<string>>();
  for (const folder of USERS) for (const file of filesUnder(join(ROOT, folder))) usesOf(file, uses);

  it("every export outside the public entry points is used by another module", () => {
    const unused: string[] = [];
    for (const file of filesUnder(SRC)) {
      const module = relative(ROOT, file);
      if (ENTRY_POINTS.has(module)) continue;
      const used = uses.get(module) ?? new Set<string>();
      if (used.has("*")) continue;
      for (const name of exportsOf(file)) if (!used.has(name)) unused.push(`${module}: ${name}`);
    }
    expect(unused).toEqual([]);
  });
});
