/**
 * The workbook's own implementation used in place of an answer, flagged for the instructor: a
 * learner file of an exercise that imports, from `src/`, one of the names that stand for that
 * exercise's part (`capstone/reference-names.ts`), directly or through the learner's own helper
 * files (any file of the learner's copy it imports outside `src/`, the tests, the grader and the
 * packages, followed import after import).
 *
 * What counts as using a name: a value import of it (`import { name }`, `import { name as other }`,
 * `export { name } from`), a namespace or default import of a `src/` module read as `ns.name`, an
 * `export * from` a `src/` module that exports it (through that module's own `export *`), and an
 * `import(…)` or `require(…)` of `src/` in a text that names it. A type-only import is not a use:
 * it brings no code. The stubs and the worked answers import other names of `src/` (helpers the
 * lessons teach), never these.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { layoutFreeTokens } from "./copied.js";

/** What one import statement of a text brings in from one module. */
export interface ImportUse {
  /** The module path as written. */
  spec: string;
  /** `named`: the value names imported or re-exported; `namespace`: a binding for the whole module; `all`: `export * from`; `dynamic`: `import(…)` or `require(…)`. */
  kind: "named" | "namespace" | "all" | "dynamic";
  /** The imported names (`named`), or the binding's local name (`namespace`); empty otherwise. */
  names: string[];
}

function literal(token: string | undefined): string | null {
  return token !== undefined && token.length >= 2 && (token.startsWith('"') || token.startsWith("`")) ? token.slice(1, -1) : null;
}

/** The value names of a `{ … }` list starting at `open` (its `{`), type-only specifiers left out, and the index after its `}`. */
function braceNames(tokens: readonly string[], open: number): { names: string[]; end: number } {
  const names: string[] = [];
  let i = open + 1;
  let spec: string[] = [];
  const flush = (): void => {
    if (spec.length > 0 && spec[0] !== "type") names.push(spec[0] ?? "");
    spec = [];
  };
  while (i < tokens.length && tokens[i] !== "}") {
    if (tokens[i] === ",") flush();
    else spec.push(tokens[i] ?? "");
    i++;
  }
  flush();
  return { names: names.filter((name) => name !== ""), end: i + 1 };
}

/** Every import and re-export of a TypeScript or JavaScript text, with what it brings in. */
export function importUses(text: string): ImportUse[] {
  const tokens = layoutFreeTokens(text);
  const uses: ImportUse[] = [];
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at];
    if (tokens[at - 1] === ".") continue;
    if ((token === "import" || token === "require") && tokens[at + 1] === "(") {
      const spec = literal(tokens[at + 2]);
      if (spec !== null) uses.push({ spec, kind: "dynamic", names: [] });
      continue;
    }
    if (token !== "import" && token !== "export") continue;
    let i = at + 1;
    if (tokens[i] === "type") continue; // `import type …` / `export type …`: no code.
    if (token === "export" && tokens[i] === "*") {
      const from = tokens.indexOf("from", i);
      const spec = from < 0 ? null : literal(tokens[from + 1]);
      if (spec !== null) uses.push({ spec, kind: "all", names: [] });
      continue;
    }
    const names: string[] = [];
    let namespace: string | null = null;
    if (token === "import" && literal(tokens[i]) !== null) continue; // `import "…"`: runs it, binds nothing.
    while (i < tokens.length && tokens[i] !== "from" && tokens[i] !== "export" && tokens[i] !== "import") {
      if (tokens[i] === "{") {
        const list = braceNames(tokens, i);
        names.push(...list.names);
        i = list.end;
      } else if (tokens[i] === "*" && tokens[i + 1] === "as") {
        namespace = tokens[i + 2] ?? null;
        i += 3;
      } else if (token === "import" && tokens[i] !== ",") {
        namespace = tokens[i] ?? null; // a default import: read like a namespace
        i++;
      } else if (tokens[i] === ",") i++;
      else break;
    }
    if (tokens[i] !== "from") continue;
    const spec = literal(tokens[i + 1]);
    if (spec === null) continue;
    if (names.length > 0) uses.push({ spec, kind: "named", names });
    if (namespace !== null) uses.push({ spec, kind: "namespace", names: [namespace] });
  }
  return uses;
}

/** Reads a file, or null when it cannot be read. */
export type ReadText = (path: string) => string | null;

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** The file a relative module path from `from` names (`.js` read as `.ts`, a folder as its `index`), or null (a package, or nothing there). */
export function resolveModule(from: string, spec: string, read: ReadText): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec.replaceAll("\\", "/"));
  const candidates = [
    base,
    base.replace(/\.js$/, ".ts"),
    base.replace(/\.mjs$/, ".mts"),
    base.replace(/\.cjs$/, ".cts"),
    `${base}.ts`,
    `${base}.js`,
    join(base, "index.ts"),
    join(base, "index.js"),
  ];
  return candidates.find((path) => /\.(?:[cm]?ts|[cm]?js|tsx|jsx)$/.test(path) && read(path) !== null) ?? null;
}

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== "" && !rel.startsWith("..") && !rel.startsWith(sep) && !/^[a-z]:/i.test(rel);
}

/** True when the module `target` of `src/`, or a module it re-exports with `export *`, names one of `names`. */
function exportsOneOf(target: string, names: readonly string[], read: ReadText, seen = new Set<string>()): boolean {
  if (seen.has(target)) return false;
  seen.add(target);
  const text = read(target);
  if (text === null) return false;
  if (layoutFreeTokens(text).some((token) => names.includes(token))) return true;
  return importUses(text)
    .filter((use) => use.kind === "all")
    .some((use) => {
      const next = resolveModule(target, use.spec, read);
      return next !== null && exportsOneOf(next, names, read, seen);
    });
}

/** True when a text's import `use` of a `src/` module brings in one of `names`. */
function bringsIn(use: ImportUse, text: string, target: string, names: readonly string[], read: ReadText): boolean {
  if (use.kind === "named") return use.names.some((name) => names.includes(name));
  if (use.kind === "all") return exportsOneOf(target, names, read);
  const tokens = layoutFreeTokens(text);
  if (use.kind === "namespace") return tokens.some((token, at) => names.includes(token) && tokens[at - 1] === "." && tokens[at - 2] === use.names[0]);
  return tokens.some((token) => names.includes(token));
}

/**
 * The folders of a learner's copy that are not the learner's own files: the code under test, the
 * packages, the tests and the grader (protected in a Classroom assignment), the worked answers
 * (flagged on their own). An import into one of them is not followed.
 */
export const NOT_LEARNERS = ["src", "node_modules", "test", join("exercises", "_cli"), "solutions"] as const;

/**
 * True when one of the learner's `scripts` (absolute paths), or a file of the learner's own at
 * `root` they import (outside `NOT_LEARNERS`, followed import after import), imports one of
 * `names` from `root/src/`.
 */
export function usesReference(scripts: readonly string[], names: readonly string[], root: string, read: ReadText = readOrNull): boolean {
  if (names.length === 0) return false;
  const src = join(root, "src");
  const notLearners = NOT_LEARNERS.map((folder) => join(root, folder));
  const queue = [...scripts];
  const seen = new Set<string>(queue);
  while (queue.length > 0) {
    const path = queue.shift() ?? "";
    const text = read(path);
    if (text === null) continue;
    for (const use of importUses(text)) {
      const target = resolveModule(path, use.spec, read);
      if (target === null) continue;
      if (inside(src, target)) {
        if (bringsIn(use, text, target, names, read)) return true;
      } else if (inside(root, target) && !notLearners.some((folder) => inside(folder, target)) && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return false;
}
