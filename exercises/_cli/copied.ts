/**
 * Copied answers, flagged for the instructor (the points stay as the tests give them): a learner
 * file that is the worked answer once layout is set aside, or a learner file that imports the
 * worked answers instead of answering.
 *
 * "The same once layout is set aside" is a token compare, not Prettier: both texts are cut into
 * tokens with comments and white space dropped, string literals read by their value (so the quote
 * style does not count), semicolons dropped and a comma before a closing bracket dropped (so trailing
 * commas do not count). A reformatted, re-indented or re-commented copy is still the same; a renamed
 * variable is not. An import of the answers is any module path, in `import … from`, `export … from`,
 * `import(…)`, `require(…)` or a bare `import "…"`, with a folder `solutions` (or the template's
 * `_oracle`) in it, written with `/` or `\`, with or without an extension. A path built at run time
 * from pieces is not seen.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What the grader says about copying, per item: null when it saw none. `uses-reference` (an
 * exercise answered with the workbook's own implementation of its part) is found by
 * `reference-use.ts`.
 */
export type CopiedFlag = "identical" | "imports-solutions" | "uses-reference" | null;

/** The folder names whose modules are the worked answers. */
export const ANSWER_FOLDERS = ["solutions", "_oracle"] as const;

const PUNCTUATION_CLOSING = new Set([")", "]", "}", ">"]);

function isWordChar(c: string): boolean {
  return /[\w$]/.test(c);
}

/** The text of a quoted string literal starting at `start` (its quote), and where it ends. */
function readQuoted(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = "";
  let i = start + 1;
  while (i < text.length && text[i] !== quote && text[i] !== "\n") {
    if (text[i] === "\\" && i + 1 < text.length) {
      const next = text[i + 1] ?? "";
      value += next === "'" || next === '"' ? next : `\\${next}`;
      i += 2;
    } else {
      value += text[i];
      i++;
    }
  }
  return { value, end: i + 1 };
}

/** A template literal starting at `start` (its backtick), raw, and where it ends; `${…}` may nest. */
function readTemplate(text: string, start: number): { value: string; end: number } {
  let depth = 0;
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\") i += 2;
    else if (depth === 0 && c === "`") break;
    else if (c === "$" && text[i + 1] === "{") {
      depth++;
      i += 2;
    } else {
      if (c === "}" && depth > 0) depth--;
      i++;
    }
  }
  return { value: text.slice(start + 1, i), end: i + 1 };
}

/**
 * The tokens of a TypeScript text with its layout set aside: no white space, no comments, strings
 * as `"…"` with their value, no semicolons, no comma before a closing bracket.
 */
export function layoutFreeTokens(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? "";
    if (/\s/.test(c)) i++;
    else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === '"' || c === "'") {
      const { value, end } = readQuoted(text, i);
      tokens.push(`"${value}"`);
      i = end;
    } else if (c === "`") {
      const { value, end } = readTemplate(text, i);
      tokens.push(`\`${value}\``);
      i = end;
    } else if (isWordChar(c)) {
      let j = i;
      while (j < text.length && isWordChar(text[j] ?? "")) j++;
      tokens.push(text.slice(i, j));
      i = j;
    } else {
      tokens.push(c);
      i++;
    }
  }
  return tokens.filter((token, at) => token !== ";" && !(token === "," && PUNCTUATION_CLOSING.has(tokens[at + 1] ?? "")));
}

/** True when two TypeScript texts are the same once layout, comments, quote style, semicolons and trailing commas are set aside. */
export function sameOnceFormatted(a: string, b: string): boolean {
  const [left, right] = [layoutFreeTokens(a), layoutFreeTokens(b)];
  return left.length === right.length && left.every((token, at) => token === right[at]);
}

/** The module paths a TypeScript text imports or re-exports, as written (without their quotes). */
export function modulePaths(text: string): string[] {
  const tokens = layoutFreeTokens(text);
  const paths: string[] = [];
  const literal = (token: string | undefined): string | null =>
    token !== undefined && token.length >= 2 && (token.startsWith('"') || token.startsWith("`")) ? token.slice(1, -1) : null;
  tokens.forEach((token, at) => {
    let found: string | null = null;
    if (token === "from" || (token === "import" && tokens[at + 1] !== "(")) found = literal(tokens[at + 1]);
    else if ((token === "import" || token === "require") && tokens[at + 1] === "(") found = literal(tokens[at + 2]);
    if (found !== null) paths.push(found);
  });
  return paths;
}

/** True when a module path names a folder of worked answers (`solutions`, the template's `_oracle`), however it is written. */
export function isAnswerPath(path: string): boolean {
  const parts = path.split(/[\\/]+/);
  return parts.some((part) => (ANSWER_FOLDERS as readonly string[]).includes(part));
}

/** True when a TypeScript text imports or re-exports a module of the worked answers. */
export function importsAnswers(text: string): boolean {
  return modulePaths(text).some(isAnswerPath);
}

/** The learner's files one item is judged by: its own files, and for an exercise every script file in its folder (a helper it imports). */
export function learnerScripts(dir: string, files: readonly string[], wholeFolder: boolean): string[] {
  const named = files.map((file) => join(dir, file));
  if (!wholeFolder || !existsSync(dir)) return named.filter((path) => existsSync(path));
  const all = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?ts|[cm]?js|tsx|jsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  return [...new Set([...named.filter((path) => existsSync(path)), ...all])].sort();
}

/** One file of an item: the learner's text, the stub's, and the worked answer's (null where there is none). */
export interface CopyEvidence {
  /** The learner's text, or null when the file is missing. */
  learner: string | null;
  /** The stub's text. */
  stub: string;
  /** The worked answer's text, or null when this copy of the workbook has none. */
  answer: string | null;
}

/**
 * The flag of one item: `imports-solutions` when one of `scripts` (the learner's texts) imports the
 * worked answers, else `identical` when one of its files is the worked answer once formatted (and
 * that answer is not the stub itself), else null.
 */
export function copiedFlag(files: readonly CopyEvidence[], scripts: readonly string[]): CopiedFlag {
  if (scripts.some(importsAnswers)) return "imports-solutions";
  const copied = files.some(({ learner, stub, answer }) => learner !== null && answer !== null && !sameOnceFormatted(stub, answer) && sameOnceFormatted(learner, answer));
  return copied ? "identical" : null;
}

/** The texts of `paths`, those that can be read. */
export function readTexts(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    try {
      return [readFileSync(path, "utf8")];
    } catch {
      return [];
    }
  });
}
