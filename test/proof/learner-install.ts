/**
 * What the learner install (`npm ci --omit=dev`) must hold, worked out without installing anything:
 * the packages that the learners' commands (`npm run lesson`, `exercise`, `progress`, `grade`,
 * `docs`) and the exercise tests reach, read from the workbook's files, and what `package-lock.json`
 * says `--omit=dev` keeps of each. `learner-install.test.ts` checks that every package reached is
 * kept, with everything it needs and its platform binaries for every system.
 *
 * The files are read with the TypeScript parser. Besides `import`, `export … from` and `import()`,
 * a file reaches a package by `require("…")` / `require.resolve("…")`, by a path into
 * `node_modules/<package>` (a command the CLI starts, such as vitest's or tsx's), and by
 * `import("…")` written inside a string (code a worker thread evaluates). A string naming an
 * existing file of the workbook (`"test/setup/…ts"`, a setup file a config names) is followed too.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, extname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { instructorOnly } from "../../exercises/_cli/template-plan.js";

/** The npm scripts a learner or the Classroom workflow runs. */
export const LEARNER_SCRIPTS = ["lesson", "exercise", "progress", "grade", "docs"] as const;

/**
 * Files and folders every learner command may load besides what the scripts name: the lessons, the
 * exercises and their CLI, the reference implementation, the site's build and the exercise tests
 * (the CLI runs those with vitest's API, without `vitest.config.ts`, which only the authors' `npm
 * test` loads). Relative to the root.
 */
export const LEARNER_ROOTS = ["lessons", "exercises", "src", "playground", "docs/site", "typedoc.config.mjs", "test/exercises", "test/self-check"] as const;

/** The configuration file a command loads by itself, by the command's name. */
const CONFIG_OF: Readonly<Record<string, string>> = { typedoc: "typedoc.config.mjs", vitest: "vitest.config.ts", vite: "playground/vite.config.ts" };

/**
 * Packages a learner command writes itself, at run time, and imports by name: no install holds them.
 * Each with where it is made.
 */
export const MADE_AT_RUN_TIME: Readonly<Record<string, string>> = {
  "workbook-plugin-hello": "lesson 2's demo writes this plugin package under the temp folder to load it",
};

/**
 * Packages a learner command uses where they are installed and does without where they are not, so
 * the learner install leaves them out. Each with what the command does without it.
 */
export const USED_WHERE_INSTALLED: Readonly<Record<string, string>> = {
  typescript7:
    "the type check of the learner commands runs TypeScript 7's native compiler where it is installed, and TypeScript 5 (which TypeDoc needs anyway) in a worker thread where it is not (exercises/_cli/typecheck.ts)",
};

/** Folders under a learner root that hold no code a learner command runs. */
const SKIPPED_FOLDERS = new Set(["node_modules", "_wrong-answers"]);

const CODE = /\.(?:[cm]?ts|[cm]?js)$/;

/** One package of `package-lock.json`'s `packages`, the fields read here. */
export interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  bin?: Record<string, string> | string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The parts of `package-lock.json` read here. */
export interface Lockfile {
  packages: Record<string, LockEntry>;
}

/** The package a bare specifier names: `vitest/node` → `vitest`, `@scope/pkg/x` → `@scope/pkg`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/** True for a specifier that names a package (not a relative path, a Node built-in, a URL or an alias). */
export function isPackageSpecifier(specifier: string): boolean {
  if (specifier.startsWith("node:") || builtinModules.includes(packageOf(specifier))) return false;
  return /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?$/i.test(specifier);
}

/**
 * True when a string names a file of the workbook to follow: a code file by its path from the root,
 * not inside `node_modules/`, and not a test file (a string naming tests is a list for a test runner,
 * as the browser tests' list in `vitest.config.ts`; the tests learners run are among
 * {@link LEARNER_ROOTS}).
 */
export function namesWorkbookFile(text: string): boolean {
  return (
    !NAMED_NOT_LOADED.has(text) &&
    CODE.test(text) &&
    !text.startsWith(".") &&
    !text.includes("*") &&
    !/(?:^|[\\/])node_modules[\\/]/.test(text) &&
    !/\.test\.[cm]?ts$/.test(text)
  );
}

/**
 * Files the learner commands name without loading them: the test runner's configuration, which only
 * the authors' `npm test` loads (the CLI runs vitest through its API without it), is named by the
 * template's plan as a file to copy.
 */
const NAMED_NOT_LOADED: ReadonlySet<string> = new Set(["vitest.config.ts", "vitest.mutation.config.ts"]);

/** What one file reaches: specifiers as written, and other files of the workbook named in its strings. */
export interface Reach {
  specifiers: string[];
  files: string[];
}

/** The specifiers and workbook files one source file reaches (see the module's comment). */
export function reachOf(file: string, root: string): Reach {
  const text = readFileSync(file, "utf8");
  const kind = /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const specifiers: string[] = [];
  const files: string[] = [];
  const literalArg = (call: ts.CallExpression): string | null => {
    const [arg] = call.arguments;
    return arg !== undefined && ts.isStringLiteralLike(arg) ? arg.text : null;
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      const arg = literalArg(node);
      if (arg !== null && (node.expression.kind === ts.SyntaxKind.ImportKeyword || callee === "require" || callee === "require.resolve" || callee === "import.meta.resolve")) {
        specifiers.push(arg);
      }
      // join(ROOT, "node_modules", "vitest", "vitest.mjs"): a file of that package, started or imported.
      const words = node.arguments.map((a) => (ts.isStringLiteralLike(a) ? a.text : null));
      const at = words.indexOf("node_modules");
      const first = at === -1 ? undefined : words[at + 1];
      if (typeof first === "string") {
        const second = words[at + 2];
        specifiers.push(first.startsWith("@") && typeof second === "string" ? `${first}/${second}` : first);
      }
    }
    if (ts.isStringLiteralLike(node)) {
      // Code in a string: import("tsx/esm/api") that a worker thread evaluates.
      for (const match of node.text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) if (match[1] !== undefined) specifiers.push(match[1]);
      // A workbook file named by its path from the root (a setup file, a config's entry).
      if (namesWorkbookFile(node.text)) {
        const named = resolve(root, node.text);
        if (named.startsWith(root) && existsSync(named) && statSync(named).isFile()) files.push(named);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { specifiers, files };
}

/** The workbook file a relative specifier names (a `.js` specifier may name the `.ts` file), or null when none exists. */
export function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const ext = extname(base);
  const candidates = [base];
  if (ext === ".js") candidates.push(`${base.slice(0, -3)}.ts`);
  if (ext === ".mjs") candidates.push(`${base.slice(0, -4)}.mts`);
  if (ext === "") candidates.push(`${base}.ts`, `${base}.js`, join(base, "index.ts"), join(base, "index.js"));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every code file under a root path (a file or a folder), folders without learner code left out. */
function codeFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return CODE.test(path) ? [path] : [];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)))
    .flatMap((entry) => codeFiles(join(path, entry.name)));
}

/** A command line of a script split into its commands and their words (the scripts use no quoting). */
export function commandsOf(script: string): string[][] {
  return script
    .split(/&&|\|\||;/)
    .map((command) =>
      command
        .trim()
        .split(/\s+/)
        .filter((word) => word !== ""),
    )
    .filter((words) => words.length > 0);
}

/** The package whose executable `bin` is, from the lockfile's top-level packages; null when none. */
export function binOwner(lock: Lockfile, bin: string): string | null {
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!/^node_modules\/(?:@[^/]+\/)?[^/]+$/.test(path) || entry.bin === undefined) continue;
    const name = path.slice("node_modules/".length);
    const bins = typeof entry.bin === "string" ? { [packageOf(name).split("/").pop() ?? name]: entry.bin } : entry.bin;
    if (Object.hasOwn(bins, bin)) return name;
  }
  return null;
}

/** Where the packages come from: each package reached, with one file (relative to the root) that reaches it. */
export type PackageReach = Map<string, string>;

/**
 * The packages the learner scripts reach: the executables their commands run, the files they name
 * (and the configuration file each executable loads), and everything those files and
 * {@link LEARNER_ROOTS} import, followed from file to file.
 */
export function learnerPackages(root: string, scripts: Readonly<Record<string, string>>, lock: Lockfile): PackageReach {
  const reached: PackageReach = new Map();
  // The instructor's commands (making the template, grading a class) are not the learners': no
  // learner's copy holds them, and they run with the full install.
  const queue: string[] = LEARNER_ROOTS.flatMap((path) => codeFiles(join(root, path))).filter((file) => instructorOnly(relative(root, file).split("\\").join("/")) === null);
  for (const name of LEARNER_SCRIPTS) {
    const script = scripts[name];
    if (script === undefined) throw new Error(`package.json has no script "${name}"`);
    for (const [command = "", ...args] of commandsOf(script)) {
      if (command !== "node") {
        const owner = binOwner(lock, command);
        if (owner === null) throw new Error(`the script "${name}" runs "${command}", which no installed package provides`);
        if (!reached.has(owner)) reached.set(owner, `package.json (npm run ${name})`);
        const config = CONFIG_OF[command];
        if (config !== undefined) queue.push(join(root, config));
      }
      for (const arg of args) if (CODE.test(arg) && existsSync(join(root, arg))) queue.push(join(root, arg));
    }
  }
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() ?? "";
    if (seen.has(file)) continue;
    seen.add(file);
    const { specifiers, files } = reachOf(file, root);
    queue.push(...files);
    for (const specifier of specifiers) {
      if (specifier.startsWith(".")) {
        const target = resolveRelative(file, specifier);
        if (target !== null && CODE.test(target)) queue.push(target);
      } else if (isPackageSpecifier(specifier)) {
        const name = packageOf(specifier);
        if (!reached.has(name) && !Object.hasOwn(MADE_AT_RUN_TIME, name) && !Object.hasOwn(USED_WHERE_INSTALLED, name))
          reached.set(name, relative(root, file).split("\\").join("/"));
      }
    }
  }
  return reached;
}

/**
 * True when `npm ci --omit=dev` leaves the package out: a dev-only package. A `devOptional` one (needed
 * by a dev package and, optionally, by another) stays: npm drops it only when both dev and optional
 * packages are omitted.
 */
export function omittedByOmitDev(entry: LockEntry): boolean {
  return entry.dev === true;
}

/** The lockfile path a package `name` required from the package at `from` resolves to (Node's lookup, in the lockfile). */
export function resolveInLock(lock: Lockfile, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base === "" ? "" : `${base}/`}node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (base === "") return null;
    const at = base.lastIndexOf("/node_modules/");
    base = at === -1 ? "" : base.slice(0, at);
  }
}

/** One reason the learner install would miss something a learner command needs. */
export interface Missing {
  /** The lockfile path of the package (or the name, when it is not in the lockfile at all). */
  path: string;
  /** Why it is a problem. */
  problem: string;
}

/**
 * What `npm ci --omit=dev` would miss of the packages reached: a package not in the lockfile, a
 * dev-only one, and, in the closure of each (dependencies, required peers, and the optional
 * dependencies, which hold the platform binaries), any package the install would leave out.
 * An optional dependency that is in no lockfile entry is allowed (npm records only what it resolved).
 */
export function missingFromLearnerInstall(lock: Lockfile, packages: Iterable<string>): Missing[] {
  const missing: Missing[] = [];
  const seen = new Set<string>();
  const queue: Array<{ path: string; via: string }> = [];
  for (const name of packages) {
    const path = resolveInLock(lock, "", name);
    if (path === null) missing.push({ path: name, problem: "is not in package-lock.json" });
    else queue.push({ path, via: "reached by a learner command" });
  }
  while (queue.length > 0) {
    const { path, via } = queue.pop() ?? { path: "", via: "" };
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = lock.packages[path];
    if (entry === undefined) continue;
    if (omittedByOmitDev(entry)) missing.push({ path, problem: `is left out by --omit=dev (a dev-only package), ${via}` });
    const required = { ...entry.dependencies };
    for (const peer of Object.keys(entry.peerDependencies ?? {})) if (entry.peerDependenciesMeta?.[peer]?.optional !== true) required[peer] = "*";
    for (const name of Object.keys(required)) {
      const target = resolveInLock(lock, path, name);
      if (target === null) missing.push({ path: `${path} → ${name}`, problem: "is needed and not in package-lock.json" });
      else queue.push({ path: target, via: `needed by ${path}` });
    }
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const target = resolveInLock(lock, path, name);
      if (target !== null) queue.push({ path: target, via: `a platform package of ${path}` });
    }
  }
  return missing;
}
