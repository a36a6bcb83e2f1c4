/**
 * The imports of `src/`'s modules as written, read with the TypeScript parser: what the structure
 * tests walk to find cycles and Node built-ins.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

/** One import of a module: `import … from`, `export … from`, or `import("…")`. */
export interface ImportEdge {
  /** The module specifier as written. */
  specifier: string;
  /** An `import type` / `export type`: loads nothing at run time. */
  typeOnly: boolean;
  /** An `import()` expression: loads the module only when that line runs. */
  dynamic: boolean;
}

/** Every `.ts` file under `dir`, sorted. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(dir, name))
    .sort();
}

/** The imports of one module, in source order. */
export function importsOf(file: string): ImportEdge[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      edges.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly === true, dynamic: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      edges.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, dynamic: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg !== undefined && ts.isStringLiteral(arg)) edges.push({ specifier: arg.text, typeOnly: false, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The file a relative specifier names (`./x.js` → `x.ts`), or `null` for a package or a built-in. */
export function localTarget(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  return resolve(dirname(from), specifier.replace(/\.js$/, ".ts"));
}
