/**
 * The repository paths that prose names: in the comments of code files, and anywhere in a Markdown
 * file (READMEs, hints, lessons, doc pages). The site's link check follows links only; a path
 * written as text (`src/util/python-space.ts`, or `./root.js` in a comment of a file beside
 * `test/docs/root.ts`) is checked here, so a file that moves cannot leave its old name behind.
 *
 * Two kinds of path are read:
 * - from the root: a path that starts with one of the workbook's top folders (`src/`, `test/`,
 *   `.ci/`, …), in code comments and Markdown alike;
 * - relative: a path that starts with `./` or `../` and ends in a file name, in a code comment, from
 *   the comment's own folder (an import names the `.js` of a `.ts` file, so either exists).
 *   Relative paths in Markdown are links or examples of user input, which the link check and the
 *   lessons own.
 *
 * A placeholder is not a path: a name holding `<`, `*`, `{`, `$`, `…` or `NN`
 * (`exercises/NN-slug/<file>.ts`).
 */
import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import { join, posix, relative, sep } from "node:path";

/** The workbook's top folders: a path that starts with one of them is read from the root. */
const TOP = ["src", "test", "lessons", "exercises", "solutions", "docs", "playground", "bench", ".ci", ".github", ".vscode"];

/** Folders no prose lives in: installed, generated or written by runs (`.gitignore`). */
const SKIPPED_DIRS = new Set([
  "node_modules",
  ".git",
  "coverage",
  "reports",
  "test-results",
  ".stryker-tmp",
  ".exercise-backups",
  ".tool-results",
  "docs/api",
  "docs/generated",
]);

/** Paths that exist only after a command has run (`.gitignore`): named, never committed. */
const GENERATED = [
  /^docs\/api(?:\/|$)/,
  /^docs\/generated(?:\/|$)/,
  /^docs\/playground\.html$/,
  /^coverage(?:\/|$)/,
  /^test-results(?:\/|$)/,
  /^reports(?:\/|$)/,
  /^bench\/results\.local\.json$/,
];

/** A run of path characters that starts with a top folder or with `./` or `../` (not inside a longer word or path). */
const CANDIDATE = /(?<![\w./@-])(?:\.\.?\/)*[\w.@-]+(?:\/[\w.@<>*{}$…-]*)+/g;

/** One path named by one file. */
export interface NamedPath {
  /** The file that names it, from the root, with `/`. */
  file: string;
  /** The path as written. */
  written: string;
  /** The path from the root it stands for. */
  path: string;
}

/** The comments of a code file (`// …` and block comments), one after another; string contents may come along, which only adds candidates. */
export function commentsOf(code: string): string {
  return [...code.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map((m) => m[0]).join("\n");
}

/** Whether `file` (from the root, with `/`) is code whose comments are read. */
export function isCode(file: string): boolean {
  return /\.(?:ts|mts|js|mjs|cjs)$/.test(file) || file.endsWith(".ts.txt");
}

/**
 * The paths a text names, read as {@link isCode} or as Markdown says for `file` (from the root,
 * with `/`), each with the path from the root it stands for.
 */
export function namedPaths(file: string, text: string): NamedPath[] {
  const code = isCode(file);
  const prose = code ? commentsOf(text) : text;
  const found = new Map<string, NamedPath>();
  for (const match of prose.matchAll(CANDIDATE)) {
    // A full stop after a path ends the sentence, not the name.
    let written = match[0];
    while (written.endsWith(".")) written = written.slice(0, -1);
    if (/[<>*{}$…]|\bNN\b|NN-/.test(written)) continue;
    const relativeToFile = written.startsWith("./") || written.startsWith("../");
    if (relativeToFile) {
      if (!code) continue;
      if (!/\.(?:ts|js|mjs|cjs|mts|json|md|txt)$/.test(written)) continue;
      found.set(written, { file, written, path: posix.normalize(posix.join(posix.dirname(file), written)) });
    } else if (TOP.includes(written.split("/")[0] ?? "")) {
      found.set(written, { file, written, path: posix.normalize(written) });
    }
  }
  return [...found.values()];
}

/** Whether a named path is there in `root`: the file or folder itself, or the `.ts` an import's `.js` stands for; a generated path counts as there. */
export function pathExists(root: string, path: string): boolean {
  if (GENERATED.some((pattern) => pattern.test(path))) return true;
  const candidates = [path, path.replace(/\.js$/, ".ts"), path.replace(/\.mjs$/, ".mts")];
  return candidates.some((candidate) => existsSync(join(root, candidate)));
}

/** Whether `error` says a file or folder is not there. */
function isMissing(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ENOENT";
}

/** A folder's entries; none when it went away since it was listed (other tests make and remove folders while this one reads). */
function readdirIfThere(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** A file's text, or null when it went away since it was listed. */
function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Every code file and Markdown file of the workbook, from the root, with `/`. */
export function proseFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirIfThere(dir)) {
      const path = join(dir, entry.name);
      const rel = relative(root, path).split(sep).join("/");
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !SKIPPED_DIRS.has(rel)) walk(path);
      } else if (isCode(rel) || rel.endsWith(".md")) found.push(rel);
    }
  };
  walk(root);
  return found.sort();
}

/** Every path the workbook's prose names, with whether it exists. */
export function allNamedPaths(root: string): (NamedPath & { exists: boolean })[] {
  return proseFiles(root).flatMap((file) => {
    const text = readIfThere(join(root, file));
    return text === null ? [] : namedPaths(file, text).map((named) => ({ ...named, exists: pathExists(root, named.path) }));
  });
}
