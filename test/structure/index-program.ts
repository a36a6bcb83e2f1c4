/**
 * The public entry point, `src/index.ts`, as TypeScript's checker sees it: one program with the
 * workbook's strict options, for the tests that read what the API exports.
 *
 * @module
 */
import { resolve } from "node:path";
import ts from "typescript";
import { ROOT } from "../docs/root.js";

/** `src/index.ts`, absolute. */
export const INDEX = resolve(ROOT, "src/index.ts");

/** A program whose root is `src/index.ts`, with the workbook's module settings and strict checks. */
export function indexProgram(): ts.Program {
  return ts.createProgram([INDEX], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  });
}
