/**
 * The workbook's own copies of the tests that grade a learner: every exercise's and self-check
 * question's test file, and the test files they import (`test/exercises/_support/`, the
 * self-check helpers), kept as `<path>.txt` under `exercises/_cli/pristine-tests/` so neither the
 * compiler nor vitest picks them up. `npm run grade` runs these copies, never the learner's,
 * and names every learner test file that differs from its copy. `sync-pristine.ts` writes them;
 * a test checks that they equal the committed tests.
 *
 * @module
 */
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative } from "node:path";
import { listExercises, listQuestions, normalize, PRISTINE_DIR, ROOT } from "./catalog.js";

/** Where the copies live: `exercises/_cli/pristine-tests/test/exercises/05-argument-processing.test.ts.txt`. */
export const PRISTINE_TESTS_DIR = join(ROOT, "exercises", "_cli", "pristine-tests");

/** Where a Classroom template keeps the oracle the exercise tests import, relative to the root (`template.ts`). */
export const ORACLE_TEST_DIR = "test/exercises/_oracle";

/** The grader's copy of one file of the template's oracle (present only in a template). */
export function oracleCopyPath(id: string, file: string): string {
  return join(PRISTINE_TESTS_DIR, ORACLE_TEST_DIR, id, `${file}.txt`);
}

/** The test file of every exercise and question, relative to the root, in the catalog's order. */
export function gradedTestFiles(): string[] {
  return [...new Set([...listExercises(), ...listQuestions()].map((item) => item.testFile))];
}

/** The relative imports of a TypeScript text (`from "./_support/tools.js"`), as written. */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(/\bfrom\s+"(\.[^"\n]*)"/g)].map((match) => match[1] ?? "");
}

/**
 * `files` and every file under `test/` they import, directly or through each other, relative to
 * the root and sorted; `read` gives a file's text. Imports of `src/` and `exercises/` are left out:
 * they are the code under test.
 */
export function withTestImports(files: readonly string[], read: (file: string) => string): string[] {
  const found = new Set<string>();
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (found.has(file)) continue;
    found.add(file);
    for (const spec of relativeImports(read(file))) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, ".ts");
      if (target.startsWith("test/") && !found.has(target)) queue.push(target);
    }
  }
  return [...found].sort();
}

/** The graded test files and the test files they import, each with its text, and a line for each that is missing. */
export interface TestSources {
  /** Every file found, relative to the root, sorted, with its text. */
  texts: Map<string, string>;
  /** One line per missing file: which, what needs it, and the step of `docs/authoring.md` that writes it. */
  missing: string[];
}

/**
 * Reads the graded test files (`graded`: each file with the label of the item it tests) and every
 * file under `test/` they import, directly or through each other, once each; `read` gives a file's
 * text, or null when it is missing. Nothing is thrown for a missing file: it is named in `missing`.
 */
export function readTestSources(graded: ReadonlyMap<string, string>, read: (file: string) => string | null): TestSources {
  const texts = new Map<string, string>();
  const missing: string[] = [];
  const queue: Array<{ file: string; by: string | null }> = [...graded.keys()].map((file) => ({ file, by: null }));
  const seen = new Set<string>();
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { file, by } = next;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = read(file);
    if (text === null) {
      missing.push(
        by === null
          ? `${file} is missing: the tests of ${graded.get(file) ?? file} (docs/authoring.md, step 4, "The tests"). Write it, then run sync-pristine again.`
          : `${file}, imported by ${by}, is missing (docs/authoring.md, step 4, "The tests"). Write it or correct the import, then run sync-pristine again.`,
      );
      continue;
    }
    texts.set(file, text);
    for (const spec of relativeImports(text)) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, ".ts");
      if (target.startsWith("test/") && !seen.has(target)) queue.push({ file: target, by: file });
    }
  }
  return { texts: new Map([...texts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), missing };
}

/** The files the copies should hold, from the tests in the working tree. */
export function expectedPristineTests(): string[] {
  return withTestImports(gradedTestFiles(), (file) => readFileSync(join(ROOT, file), "utf8"));
}

/** The files the copies hold (`test/...`, relative to the root), sorted. */
export function pristineTestFiles(): string[] {
  if (!existsSync(PRISTINE_TESTS_DIR)) return [];
  return readdirSync(PRISTINE_TESTS_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts.txt"))
    .map((entry) => relative(PRISTINE_TESTS_DIR, join(entry.parentPath, entry.name)).split("\\").join("/").slice(0, -".txt".length))
    .sort();
}

/** The workbook's text of one test file (`test/...`). */
export function pristineTestText(file: string): string {
  return readFileSync(join(PRISTINE_TESTS_DIR, `${file}.txt`), "utf8");
}

/** A learner test file that is not the workbook's: changed, or gone. */
export interface TestChange {
  /** The file, relative to the root: `test/exercises/05-argument-processing.test.ts`. */
  file: string;
  /** "changed": its text differs from the workbook's copy; "missing": it is not there. */
  change: "changed" | "missing";
}

/**
 * A test's text with its imports of the worked answers written one way: the workbook's tests import
 * `../../solutions/`, the Classroom template's the same files from `./_oracle/` (`template-plan.ts`).
 * Either way it is the same test, so a folder made from the template is not "changed" when the
 * workbook grades it, nor a clone of the workbook when a template grades it.
 */
export function oracleNeutral(text: string): string {
  return text.replace(/(["'`])\.\.\/\.\.\/solutions\//g, "$1./_oracle/");
}

/** True when two texts of a test file are the same test: line endings and the spelling of the answers' folder aside. */
export function sameTest(a: string, b: string): boolean {
  return normalize(oracleNeutral(a)) === normalize(oracleNeutral(b));
}

/** Every file of the copies that differs in `root` (by default the workbook itself), line endings and the answers' folder (`oracleNeutral`) aside. */
export function changedTests(root: string = ROOT): TestChange[] {
  return pristineTestFiles().flatMap((file): TestChange[] => {
    const path = join(root, file);
    if (!existsSync(path)) return [{ file, change: "missing" }];
    return sameTest(readFileSync(path, "utf8"), pristineTestText(file)) ? [] : [{ file, change: "changed" }];
  });
}

/** A temporary folder laid out like the workbook, holding the copies of the tests. */
export interface PristineTests {
  /** The folder: its `test/` holds the copies; `src/`, `exercises/`, `solutions/` and `node_modules/` link to the workbook's. */
  root: string;
  /** The copy of the setup file run before each test file (`run-setup.ts`), inside the folder. */
  setupFile: string;
  /**
   * The files that are no longer what was read before any test ran: a copy in the folder (a test, the
   * setup file) or the workbook's own copy in `exercises/_cli/pristine-tests/`, relative names. Empty
   * when graded code changed none of them.
   */
  changed(): string[];
  /**
   * Puts back, as they were read, the workbook's copies of the tests and of the stubs
   * (`exercises/_cli/pristine-tests/`, `exercises/_cli/pristine/`) that graded code changed, so the
   * next grade reads them whole; returns their names. Only those generated copies: nobody edits them.
   */
  restore(): string[];
  /** Deletes the folder. */
  dispose(): Promise<void>;
}

/** The grader's files copied next to the tests, from `exercises/_cli/`: the setup file and what it imports. */
const GRADER_FILES = ["run-setup.ts", "matcher-guard.ts", "matchers.ts"] as const;

function sha256(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

function hashOrNull(path: string): string | null {
  try {
    return sha256(readFileSync(path));
  } catch {
    return null;
  }
}

/**
 * Writes the copies to `<tmp>/test/...`, next to links to the workbook's `src/`, `exercises/`,
 * `solutions/` and `node_modules/` and a copy of its `tsconfig.json`, so the tests' imports (`../../src/...`,
 * `vitest`) resolve and compile exactly as in the workbook. Run them with the learner alias
 * pointing at the code to grade, and `setupFile` as vitest's setup file. Every text is read once,
 * here, and its hash kept, so {@link PristineTests.changed} can tell afterwards whether graded code
 * rewrote a test, the setup file, or the workbook's copies.
 */
export async function materializePristineTests(): Promise<PristineTests> {
  const root = await mkdtemp(join(tmpdir(), "workbook-grade-"));
  const written = new Map<string, string>();
  /** The generated copies in the workbook, as read before any test ran: what {@link PristineTests.restore} puts back. */
  const kept = new Map<string, Buffer>();
  try {
    for (const dir of [PRISTINE_TESTS_DIR, PRISTINE_DIR].filter((d) => existsSync(d))) {
      for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const bytes = readFileSync(path);
        kept.set(path, bytes);
        written.set(path, sha256(bytes));
      }
    }
    // The worked answers are the oracle of the differential properties (`test/exercises/_support/differential.ts`).
    // A Classroom template has no `solutions/`: its tests import the oracle among the copies instead.
    for (const name of ["src", "exercises", "solutions", "node_modules"]) if (existsSync(join(ROOT, name))) await symlink(join(ROOT, name), join(root, name), "junction");
    await copyFile(join(ROOT, "tsconfig.json"), join(root, "tsconfig.json"));
    for (const file of pristineTestFiles()) {
      const text = pristineTestText(file);
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), text);
      written.set(join(root, file), sha256(text));
    }
    await mkdir(join(root, "_grader"));
    for (const file of GRADER_FILES) {
      const text = readFileSync(join(ROOT, "exercises", "_cli", file), "utf8");
      await writeFile(join(root, "_grader", file), text);
      written.set(join(root, "_grader", file), sha256(text));
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    root,
    setupFile: join(root, "_grader", "run-setup.ts"),
    changed: () =>
      [...written]
        .filter(([path, hash]) => hashOrNull(path) !== hash)
        .map(([path]) => (path.startsWith(root) ? relative(root, path) : relative(ROOT, path)).split("\\").join("/")),
    restore: () =>
      [...kept]
        .filter(([path, bytes]) => hashOrNull(path) !== sha256(bytes))
        .map(([path, bytes]) => {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, bytes);
          return relative(ROOT, path).split("\\").join("/");
        }),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
