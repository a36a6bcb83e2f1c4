/**
 * The results the examples of `docs/examples/` state in a comment (`parseToolArguments("[1,2]"); // [1, 2]`,
 * `allow.has("10.0.0.6"); // false`) are what the code gives. Each statement whose trailing
 * comment starts with a literal (a string, a number, `true`, `false`, `null`, or an array or
 * object of those) is rewritten into a check of its value against that literal, in a copy of the
 * example file; the copy's exported functions then run, as `examples.test.ts` runs the originals.
 * Prose after the literal (`// [1, 2] (later rejected: not an object)`) is a note; a `…` inside a
 * string stands for the part left out. A statement inside a function that is not exported (it
 * needs the network or a child process) is only type-checked, never run, so it is not checked.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import ts from "typescript";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const EXAMPLES = join(ROOT, "docs", "examples");

/** One stated result: where it is, the statement's text and the literal's text. */
interface Stated {
  where: string;
  expression: string;
  literal: string;
  /** True when the statement is inside an exported function, which the test runs. */
  runs: boolean;
}

/**
 * The literal at the start of a comment, or null: a quoted string, a number, a keyword, or a
 * balanced `[…]`/`{…}`, followed by nothing, or by a note that starts with ` (`, `,` or ` —`.
 */
function leadingLiteral(comment: string): string | null {
  const text = comment.trim();
  let end = -1;
  const first = text[0];
  if (first === '"' || first === "'") {
    for (let i = 1; i < text.length; i++) {
      if (text[i] === "\\") i++;
      else if (text[i] === first) {
        end = i + 1;
        break;
      }
    }
  } else if (first === "[" || first === "{") {
    let depth = 0;
    let quote: string | null = null;
    for (let i = 0; i < text.length; i++) {
      const c = text[i] as string;
      if (quote !== null) {
        if (c === "\\") i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === "[" || c === "{") depth++;
      else if (c === "]" || c === "}") {
        depth--;
        if (depth === 0) {
          end = i + 1;
          break;
        }
      }
    }
  } else {
    const word = /^(?:-?\d[\d_.e+-]*|true|false|null|undefined)(?![\w"'])/.exec(text);
    if (word !== null) end = word[0].length;
  }
  if (end < 0) return null;
  const rest = text.slice(end);
  if (rest !== "" && !/^(?: \(|,| —)/.test(rest)) return null;
  const literal = text.slice(0, end);
  // Only literals: an identifier outside a string (a variable, a call) is prose, not a value.
  const withoutStrings = literal.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  for (const word of withoutStrings.matchAll(/[a-z_$][\w$]*/gi)) {
    // A key (`path:`) is fine; any other word must be a keyword.
    const after = withoutStrings.slice((word.index ?? 0) + word[0].length).trimStart();
    if (!after.startsWith(":") && !["true", "false", "null", "undefined"].includes(word[0])) return null;
  }
  return literal;
}

/** The stated results of one example file, with the file rewritten so that each is checked. */
function instrument(file: string): { stated: Stated[]; source: string } {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const stated: Stated[] = [];
  const edits: { start: number; end: number; replacement: string }[] = [];
  const visit = (node: ts.Node, exported: boolean): void => {
    let inExported = exported;
    if (ts.isFunctionDeclaration(node)) inExported = (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isExpressionStatement(node)) {
      const comments = ts.getTrailingCommentRanges(text, node.getEnd()) ?? [];
      const comment = comments[0];
      if (comment !== undefined && comment.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
        const literal = leadingLiteral(text.slice(comment.pos + 2, comment.end));
        if (literal !== null) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          const where = `${relative(ROOT, file)}:${line}`;
          const expression = node.expression.getText();
          stated.push({ where, expression, literal, runs: inExported });
          edits.push({
            start: node.getStart(),
            end: node.getEnd(),
            replacement: `__stated((${expression}), (${literal}), ${JSON.stringify(where)});`,
          });
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, inExported));
  };
  visit(source, false);
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.replacement + out.slice(edit.end);
  // The copy lives in a temporary folder: its relative imports are made absolute.
  out = out.replace(
    /(from\s+|import\()(["'])(\.{1,2}\/[^"']+)\2/g,
    (_m, pre: string, q: string, spec: string) => `${pre}${q}${resolve(dirname(file), spec).replace(/\.js$/, ".ts")}${q}`,
  );
  const header = "declare const __stated: (actual: unknown, expected: unknown, where: string) => void;\n";
  return { stated, source: header + out };
}

/** A string with `…` matches a text that holds its parts in order, starting and ending as it does. */
function matches(actual: unknown, expected: unknown): boolean {
  if (typeof expected === "string" && expected.includes("…") && typeof actual === "string") {
    const parts = expected.split("…");
    if (!actual.startsWith(parts[0] as string) || !actual.endsWith(parts[parts.length - 1] as string)) return false;
    let at = 0;
    for (const part of parts) {
      const found = actual.indexOf(part, at);
      if (found < 0) return false;
      at = found + part.length;
    }
    return true;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) return expected.length === actual.length && expected.every((e, i) => matches(actual[i], e));
  if (expected !== null && typeof expected === "object" && actual !== null && typeof actual === "object" && !Array.isArray(expected)) {
    const keys = Object.keys(expected);
    return keys.length === Object.keys(actual).length && keys.every((k) => matches((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k]));
  }
  return isDeepStrictEqual(actual, expected);
}

const files = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith(".ts"))
  .map((name) => join(EXAMPLES, name))
  .sort();
const temp = mkdtempSync(join(tmpdir(), "example-results-"));
const instrumented = files.map((file) => ({ file, ...instrument(file) }));

describe("the results stated in docs/examples/", () => {
  const checked = new Map<string, { actual: unknown; expected: unknown }>();
  (globalThis as { __stated?: unknown }).__stated = (actual: unknown, expected: unknown, where: string): void => {
    checked.set(where, { actual, expected });
  };
  beforeEach(() => {
    for (const method of ["log", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => {
    rmSync(temp, { recursive: true, force: true });
  });

  it("are found (the scan works)", () => {
    expect(instrumented.flatMap((f) => f.stated).filter((s) => s.runs).length).toBeGreaterThanOrEqual(40);
  });

  for (const { file, stated, source } of instrumented) {
    const name = relative(ROOT, file);
    if (!stated.some((s) => s.runs)) continue;
    it(`${name}: every result stated in a comment is what the code gives`, async () => {
      const copy = join(temp, `${name.split("/").join("_")}`);
      writeFileSync(copy, source);
      const module = (await import(pathToFileURL(copy).href)) as Record<string, unknown>;
      for (const value of Object.values(module)) if (typeof value === "function") await (value as () => unknown)();
      const wrong: string[] = [];
      for (const s of stated.filter((x) => x.runs)) {
        const seen = checked.get(s.where);
        if (seen === undefined) wrong.push(`${s.where}: ${s.expression} never ran`);
        else if (!matches(seen.actual, seen.expected)) wrong.push(`${s.where}: ${s.expression} gives ${JSON.stringify(seen.actual)}, the comment says ${s.literal}`);
      }
      expect(wrong).toEqual([]);
    }, 30_000);
  }
});
