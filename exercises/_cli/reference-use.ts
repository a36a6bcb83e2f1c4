/**
 * The workbook's own implementation used in place of an answer, flagged for the instructor: a
 * learner file of an exercise that imports, from `src/`, one of the names that stand for that
 * exercise's part (`capstone/reference-names.ts`), directly or through the learner's own helper
 * files (any file of the learner's copy it imports outside `src/`, the tests, the grader and the
 * packages, followed import after import).
 *
 * What counts as using a name: a value import of it (`import { name }`, `import { name as other }`,
 * `export { name } from`), an `export * from` a `src/` module that exports it (through that module's
 * own `export *`), and an `import(…)` or `require(…)` of `src/` in a text that names it. A namespace
 * or default import of a `src/` module that exports one of the names (`import * as ns`, `import ns
 * from`, `const ns = await import(…)`, `import ns = require(…)`) counts when `ns` is read as
 * `ns.name`, and also whenever `ns` is used in a way that cannot be shown harmless: anything but a
 * plain `ns.other` or `ns?.other` of another name (a computed `ns[…]`, `ns` passed on, spread,
 * stored, `Object.values(ns)`…). A dynamic import of such a module counts unless its result is read
 * by plain member names (`(await import(…)).other`), destructured into other names
 * (`const { other } = await import(…)`) or bound to a name used as above. A type-only import is not
 * a use: it brings no code. The stubs and the worked answers import other names of `src/` (helpers
 * the lessons teach), never these.
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
  /** Where the statement starts among the text's layout-free tokens (`layoutFreeTokens`): its `import`, `export` or `require`. */
  at: number;
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
      if (spec !== null) uses.push({ spec, kind: "dynamic", names: [], at });
      continue;
    }
    if (token !== "import" && token !== "export") continue;
    let i = at + 1;
    if (tokens[i] === "type") continue; // `import type …` / `export type …`: no code.
    if (token === "export" && tokens[i] === "*") {
      const from = tokens.indexOf("from", i);
      const spec = from < 0 ? null : literal(tokens[from + 1]);
      if (spec !== null) uses.push({ spec, kind: "all", names: [], at });
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
    if (names.length > 0) uses.push({ spec, kind: "named", names, at });
    if (namespace !== null) uses.push({ spec, kind: "namespace", names: [namespace], at });
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

const IDENTIFIER = /^[a-z_$][\w$]*$/i;
const DECLARES = new Set(["const", "let", "var", "import"]);

/** The member name of a plain `.name` or `?.name` read right after the token at `after`, or null. */
function staticMember(tokens: readonly string[], after: number): string | null {
  const dot = tokens[after + 1] === "?" && tokens[after + 2] === "." ? after + 2 : after + 1;
  const name = tokens[dot + 1];
  return tokens[dot] === "." && name !== undefined && IDENTIFIER.test(name) ? name : null;
}

/**
 * How a namespace binding `local` is used in `tokens`: `reads` when it is read as one of `names`,
 * `opaque` when it is used in a way that is not a plain read of another member, else `plain`.
 * A token `local` that is a member of something else (`x.local`, not a spread `...local`) or the binding itself is not a use.
 */
function namespaceUse(tokens: readonly string[], local: string, names: readonly string[]): "reads" | "opaque" | "plain" {
  let opaque = false;
  for (let at = 0; at < tokens.length; at++) {
    if (tokens[at] !== local) continue;
    const before = tokens[at - 1];
    if ((before === "." && tokens[at - 2] !== ".") || (before === "as" && tokens[at - 2] === "*") || (before !== undefined && DECLARES.has(before))) continue; // `import ns`, `const ns`
    const member = staticMember(tokens, at);
    if (member !== null && names.includes(member)) return "reads";
    if (member === null) opaque = true;
  }
  return opaque ? "opaque" : "plain";
}

/** The keys of the destructuring `{ … }` that closes at `close`, `null` when one is a rest (`...rest`) or the list is not one. */
function destructuredKeys(tokens: readonly string[], close: number): { keys: string[]; start: number } | null {
  let depth = 0;
  let open = close;
  for (; open >= 0; open--) {
    if (tokens[open] === "}") depth++;
    else if (tokens[open] === "{" && --depth === 0) break;
  }
  if (open < 0) return null;
  const keys: string[] = [];
  let fresh = true;
  depth = 0;
  for (let i = open + 1; i < close; i++) {
    const token = tokens[i] ?? "";
    if (token === "{" || token === "[" || token === "(") depth++;
    else if (token === "}" || token === "]" || token === ")") depth--;
    else if (depth === 0 && token === ",") fresh = true;
    else if (depth === 0 && fresh) {
      if (token === "." || !IDENTIFIER.test(token)) return null; // a rest element, or a computed key
      keys.push(token);
      fresh = false;
    }
  }
  return { keys, start: open };
}

/**
 * True when the dynamic import (or `require`) whose keyword is at `at` may bring in one of
 * `names`: unless its result is read by plain member names, destructured into named keys, or bound
 * to a name only read by plain member names, none of them one of `names`.
 */
function dynamicBringsIn(tokens: readonly string[], at: number, names: readonly string[]): boolean {
  if (tokens[at + 3] !== ")") return true;
  const direct = staticMember(tokens, at + 3);
  if (direct === "then") return true; // the module is handed to a callback
  if (direct !== null) return names.includes(direct);
  const start = tokens[at - 1] === "await" ? at - 1 : at;
  if (tokens[start - 1] === "(" && tokens[at + 4] === ")") {
    const wrapped = staticMember(tokens, at + 4);
    if (wrapped !== null) return names.includes(wrapped);
  }
  if (tokens[start - 1] !== "=") return true;
  const target = tokens[start - 2] ?? "";
  if (IDENTIFIER.test(target) && DECLARES.has(tokens[start - 3] ?? "")) return namespaceUse(tokens, target, names) !== "plain";
  if (target !== "}") return true;
  const pattern = destructuredKeys(tokens, start - 2);
  if (pattern === null || !DECLARES.has(tokens[pattern.start - 1] ?? "")) return true;
  return pattern.keys.some((key) => names.includes(key));
}

/** True when a text's import `use` of a `src/` module brings in one of `names`. */
function bringsIn(use: ImportUse, text: string, target: string, names: readonly string[], read: ReadText): boolean {
  if (use.kind === "named") return use.names.some((name) => names.includes(name));
  if (use.kind === "all") return exportsOneOf(target, names, read);
  const tokens = layoutFreeTokens(text);
  if (use.kind === "namespace") {
    const how = namespaceUse(tokens, use.names[0] ?? "", names);
    return how === "reads" || (how === "opaque" && exportsOneOf(target, names, read));
  }
  if (tokens.some((token) => names.includes(token))) return true;
  return dynamicBringsIn(tokens, use.at, names) && exportsOneOf(target, names, read);
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
