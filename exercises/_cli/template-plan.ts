/**
 * What the GitHub Classroom template of the workbook holds (`npm run template`), as a pure plan over
 * the tracked files: what is copied as it is, what is left out and why, what is rewritten.
 *
 * Left out:
 * - `solutions/`: the worked answers, the self-check answers and the instructors' answer sheet
 *   (`solutions/self-check-answers.md`);
 * - every other file that reads the worked answers (a text naming `solutions/`: the authors' tests
 *   of the answers, the mutation set-up, a bench), except the learner CLI, which works without them,
 *   and prose that only points at the folder;
 * - the instructor's material (`INSTRUCTOR_ONLY`): the instructor's guide, the course plan and the
 *   authoring guide, which say how grading judges copying and where the oracle is, and the
 *   instructor's commands (making the template, grading a class); every other script that names
 *   one of those guides (an authors' check of them);
 * - the authors' tests and benchmarks that import a package only the full install has (a
 *   devDependency: the browser tests need Playwright, the check of the lint ESLint), so that the
 *   copy type-checks with the learner install (`npm ci --omit=dev`) and TypeScript 5;
 * - every test or script that imports a file left out, and so on.
 *
 * Rewritten for the learners' copy: every kept Markdown file loses its passages for the authors
 * alone, between `<!-- authors-only -->` and `<!-- /authors-only -->` (`template-markers.ts`); in
 * every kept Markdown file a link to a file or folder left out
 * becomes its text followed by "(not in this copy)"; the site's `typedoc.config.mjs` no longer lists
 * a document left out; in `package.json`, every script that runs a file left out, and the authors'
 * own commands (`AUTHORS_COMMANDS`), run `exercises/_cli/not-in-copy.mjs`, which says plainly that
 * the command is the workbook authors' and not in this copy, and exits with 1, and every command that
 * runs a tool of the full install only (ESLint, Prettier, vitest's coverage) runs it through
 * `exercises/_cli/installed.mjs`, which says in one line where the learner install lacks it; the
 * README's table of commands loses the rows of the commands not in this copy; the grader's modules
 * that judge copying (`QUIET_MODULES`) keep their code with a one-line opening comment.
 *
 * Kept, and said plainly: the exercise tests compare the learner's code with the worked answers
 * (the differential properties), so the template must hold those answers as the tests' oracle. They
 * are moved out of `solutions/` into `test/exercises/_oracle/` (and the grader's sealed copies into
 * `exercises/_cli/pristine-tests/`), and the tests' imports rewritten to match. A learner who opens
 * that folder can read them: the template hides the answers from `--solution`, the lessons and the
 * folder list, not from someone who reads the tests' imports. The class grader (`npm run
 * grade-class`, run by the instructor on the learners' folders) flags a file identical to the
 * oracle, or one that imports it; a learner's own `npm run grade` works out no flag.
 *
 * @module
 */
import { posix } from "node:path";
import { ORACLE_TEST_DIR } from "./pristine-tests.js";
import { withoutAuthorsOnly } from "./template-markers.js";

/** A file left out of the template, and why. */
export interface LeftOut {
  /** The path, relative to the root. */
  file: string;
  /** Why, in a few words. */
  reason: string;
}

/** The template, file by file. */
export interface TemplatePlan {
  /** Copied as they are. */
  keep: string[];
  /** Written with a new text (the exercise tests, their grader copies), or added (the oracle): path → text. */
  write: Map<string, string>;
  /** Left out, with the reason. */
  leftOut: LeftOut[];
}

/** The folder of the worked answers. */
export const SOLUTIONS_FOLDER = "solutions/";

/** The instructor's guides, left out of the learners' copy (`INSTRUCTOR_ONLY`). */
export const INSTRUCTOR_DOCS = ["docs/instructor-guide.md", "docs/course-plan.md", "docs/authoring.md"] as const;

/** The authors' commands (`npm run <name>`), which need what the learner install leaves out or read the worked answers: in the template they say so and stop. */
export const AUTHORS_COMMANDS = [
  "bench",
  "soak",
  "fidelity",
  "mutation",
  "wrong-answers",
  "course-times",
  "counts",
  "exercise-list",
  "template",
  "grade-class",
  "workflow",
  "test:browser",
  "check:template",
] as const;

/** The script the template's authors' commands run instead: it says the command is not in this copy. */
export const NOT_IN_COPY_SCRIPT = "exercises/_cli/not-in-copy.mjs";

/** Why a file is for the instructor only (left out of the learners' copy), or null. */
export function instructorOnly(file: string): string | null {
  if ((INSTRUCTOR_DOCS as readonly string[]).includes(file)) return "for the instructor and the authors (how grading judges copying, where the oracle is)";
  if (/^exercises\/_cli\/(?:template(?:-[a-z]+)?|class-[a-z]+|grade-class)\.ts$/.test(file)) return "the instructor's command";
  return null;
}

/** True when a text names one of the instructor's guides. */
function namesInstructorDocs(text: string): boolean {
  return INSTRUCTOR_DOCS.some((doc) => text.includes(posix.basename(doc)));
}

/** True when `file` is left out, or lies in a folder (`dir/`) every file of which is left out. */
function isGone(target: string, gone: (file: string) => boolean, files: readonly string[]): boolean {
  if (gone(target)) return true;
  const folder = target.endsWith("/") ? target : `${target}/`;
  const inside = files.filter((file) => file.startsWith(folder));
  return inside.length > 0 && inside.every(gone);
}

/** A Markdown text with every link to a left-out file or folder made plain text, followed by "(not in this copy)". */
export function unlinkLeftOut(from: string, text: string, gone: (file: string) => boolean, files: readonly string[]): string {
  return text.replace(/\[([^[\]\n]*)\]\(([^)\s]+)\)/g, (whole: string, label: string, href: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#")) return whole;
    const path = posix.normalize(posix.join(posix.dirname(from), decodeURI(href.split("#")[0] ?? ""))).replace(/\/$/, "");
    return path !== "." && isGone(path, gone, files) ? `${label} (not in this copy)` : whole;
  });
}

/** The site's TypeDoc configuration without the documents left out. */
export function withoutDocuments(text: string, gone: (file: string) => boolean): string {
  return text
    .split("\n")
    .filter((line) => {
      const match = /^\s*["']([^"']+\.md)["'],?\s*$/.exec(line);
      return match === null || !gone(match[1] ?? "");
    })
    .join("\n");
}

/** The script that runs a tool of the full install where it is installed, and says the command needs the full install where it is not. */
export const INSTALLED_SCRIPT = "exercises/_cli/installed.mjs";

/**
 * One command of a script (between `&&`) sent through `INSTALLED_SCRIPT` when its program is a
 * devDependency only (`eslint`, `prettier`) or it is vitest with coverage (`@vitest/coverage-v8` is
 * a devDependency); in `npm test` the coverage is kept where installed and left out where not.
 */
function throughInstalled(script: string, part: string, devOnly: ReadonlySet<string>): string {
  const trimmed = part.trim();
  const lead = part.slice(0, part.indexOf(trimmed));
  const trail = part.slice(lead.length + trimmed.length);
  const [program, ...args] = trimmed.split(/\s+/);
  if (program === undefined || program === "") return part;
  const coverage = program === "vitest" && args.some((arg) => arg === "--coverage" || arg.startsWith("--coverage."));
  if (!devOnly.has(program) && !coverage) return part;
  const kept = script === "test" ? args.map((arg) => (arg === "--coverage" ? "--coverage-if-installed" : arg)) : args;
  return `${lead}node ${INSTALLED_SCRIPT} ${[program, ...kept].join(" ")}${trail}`;
}

/**
 * `package.json` with every script that runs a left-out file, and every authors' command, sent to
 * `NOT_IN_COPY_SCRIPT`; a script that chains one of those (`npm run check` runs the authors'
 * `npm run check:template`) without it; and every command that runs a tool of the full install only sent through
 * `INSTALLED_SCRIPT`: with the learner install (`npm ci --omit=dev`) every script either works or
 * says in one line that it needs the full install.
 */
export function learnerPackageJson(text: string, gone: (file: string) => boolean): string {
  const pkg = JSON.parse(text) as { scripts?: Record<string, string> };
  const scripts = pkg.scripts ?? {};
  const devOnly = devOnlyPackages(text);
  const notInCopy = new Set<string>();
  for (const [name, command] of Object.entries(scripts)) {
    const runsGone = command.split(/\s+/).some((word) => gone(word.replace(/^\.\//, "")));
    if (runsGone || (AUTHORS_COMMANDS as readonly string[]).includes(name)) notInCopy.add(name);
  }
  for (const [name, command] of Object.entries(scripts)) {
    const parts = command.split("&&").filter((part) => !notInCopy.has(/^npm run ([\w:-]+)$/.exec(part.trim())?.[1] ?? ""));
    // A script made only of authors' commands is one itself.
    if (notInCopy.has(name) || parts.length === 0) scripts[name] = `node ${NOT_IN_COPY_SCRIPT} ${name}`;
    else scripts[name] = parts.map((part) => throughInstalled(name, part, devOnly)).join("&&");
  }
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** The scripts of a learner's `package.json` (as `learnerPackageJson` writes it) that only say they are not in this copy. */
export function notInCopyScripts(packageJson: string): Set<string> {
  const scripts = (JSON.parse(packageJson) as { scripts?: Record<string, string> }).scripts ?? {};
  return new Set(Object.keys(scripts).filter((name) => scripts[name]?.startsWith(`node ${NOT_IN_COPY_SCRIPT} `) === true));
}

/** What the README's `npm run check` row tells everyone, which a learner's copy cannot keep: there `npm test` fails until every exercise passes. */
const CHECK_BEFORE_PUSH = "; run it before you push";

/**
 * The README of the learners' copy: the table of commands without the rows of the commands that
 * are not in this copy (`notInCopy`), no section (`## …`) that opens on one of them, and the row of
 * `npm run check` no longer telling learners to run it before they push (there `npm test` fails
 * until every exercise passes) nor naming, in its list of what it runs, a command not in this copy.
 */
export function learnerReadme(text: string, notInCopy: ReadonlySet<string>): string {
  const opensOnGone = (line: string): boolean => {
    const match = /^\|? ?`npm run ([\w:-]+)[ `]/.exec(line);
    return match !== null && notInCopy.has(match[1] ?? "");
  };
  const sections = text.split(/(?=^## )/m);
  const kept = sections.filter((section) => {
    if (!section.startsWith("## ")) return true;
    const first = section
      .split("\n")
      .slice(1)
      .find((line) => line.trim() !== "");
    return first === undefined || !opensOnGone(first);
  });
  return kept
    .join("")
    .split("\n")
    .filter((line) => !(line.startsWith("| ") && opensOnGone(line)))
    .map((line) =>
      line.startsWith("| `npm run check` |")
        ? line
            .replace(CHECK_BEFORE_PUSH, "; in this copy `npm test` fails until every exercise passes")
            .replace(/`npm run ([\w:-]+)`, /g, (named: string, name: string) => (notInCopy.has(name) ? "" : named))
        : line,
    )
    .join("\n");
}

/** The grader's modules whose opening comment tells how copying is judged: in the learners' copy it is a short one. */
export const QUIET_MODULES = ["exercises/_cli/copied.ts", "exercises/_cli/reference-use.ts", "exercises/_cli/capstone/reference-names.ts"] as const;

/** A module's text with its opening documentation comment replaced by one line saying what it is for. */
export function withShortModuleDoc(text: string): string {
  const end = text.startsWith("/**") ? text.indexOf("*/") : -1;
  const short = "/**\n * Part of the grader: what it reports about copying, for the instructor.\n *\n * @module\n */";
  return end < 0 ? text : `${short}${text.slice(end + 2)}`;
}

/** Where the grader keeps its copies of the tests. */
const PRISTINE_TESTS = "exercises/_cli/pristine-tests/";

/** Kept even though they name `solutions/`: the learner CLI (it works without the answers) and the files that configure the tests. */
function mayNameSolutions(file: string): boolean {
  return (
    (file.startsWith("exercises/_cli/") && !file.startsWith(PRISTINE_TESTS)) ||
    file.endsWith(".md") ||
    file.endsWith(".json") ||
    file.endsWith(".yml") ||
    file === "vitest.config.ts"
  );
}

/** An exercise test (`test/exercises/05-argument-processing.test.ts`) or its grader copy (`…/pristine-tests/test/exercises/….test.ts.txt`). */
export function isGradedExerciseTest(file: string): boolean {
  return /^(?:exercises\/_cli\/pristine-tests\/)?test\/exercises\/\d\d-[a-z0-9-]+\.test\.ts(?:\.txt)?$/.test(file);
}

/** The exercise test's text with its imports of the worked answers sent to the oracle folder beside it. */
export function toOracleImports(text: string): string {
  return text.replace(/(["'`])\.\.\/\.\.\/solutions\//g, "$1./_oracle/");
}

/** A worked answer's text moved two folders deeper (`test/exercises/_oracle/<id>/`): its imports of the root's folders reach up two more. */
export function deeperImports(text: string): string {
  return text.replace(/(["'`])\.\.\/\.\.\//g, "$1../../../../");
}

/** The packages a script's text imports by name (`import`, `import type`, `export … from`, `import()`, `require()`, `require.resolve()`), as written. */
function packageImports(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\.resolve\s*\(\s*)["']([^"'.\n][^"'\n]*)["']/g)].map((match) => {
    const parts = (match[1] ?? "").split("/");
    return (match[1] ?? "").startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
  });
}

/** The packages `package.json` lists as devDependencies and not as dependencies: the learner install (`npm ci --omit=dev`) leaves them out. */
export function devOnlyPackages(packageJson: string): Set<string> {
  const pkg = JSON.parse(packageJson) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  return new Set(Object.keys(pkg.devDependencies ?? {}).filter((name) => !Object.hasOwn(pkg.dependencies ?? {}, name)));
}

/** The relative imports of a script's text, as written. */
function relativeImports(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)["'](\.{1,2}\/[^"'\n]*)["']/g)].map((match) => match[1] ?? "");
}

/** The tracked file a relative import from `from` names (`.js` read as `.ts` too), if it is one of `files`. */
function importTarget(from: string, spec: string, files: ReadonlySet<string>): string | null {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const candidate of [base, base.replace(/\.js$/, ".ts"), base.replace(/\.mjs$/, ".mts"), `${base}.ts`, `${base}/index.ts`]) if (files.has(candidate)) return candidate;
  return null;
}

/** The worked answer of an exercise (`solutions/NN-slug/<file>.ts`), which the template keeps as the oracle: its exercise folder and file, or null. */
function answerFile(file: string): { id: string; name: string } | null {
  const match = /^solutions\/(\d\d-[a-z0-9-]+)\/([^/]+\.ts)$/.exec(file);
  return match === null ? null : { id: match[1] ?? "", name: match[2] ?? "" };
}

/** True for the learner CLI's own scripts, which may read a worked answer: in the template they read the oracle's copy instead. */
function isCliScript(file: string): boolean {
  return file.startsWith("exercises/_cli/") && !file.startsWith(PRISTINE_TESTS) && /\.(?:[cm]?ts|[cm]?js)$/.test(file);
}

/** A learner CLI script's text with its imports of worked answers sent to the oracle's copies (`test/exercises/_oracle/`). */
function cliOracleImports(from: string, text: string, files: ReadonlySet<string>): string {
  return text.replace(/(\bfrom\s+|\bimport\s*\(\s*)(["'])(\.{1,2}\/[^"'\n]*)\2/g, (whole: string, lead: string, quote: string, spec: string) => {
    const target = importTarget(from, spec, files);
    const answer = target === null ? null : answerFile(target);
    if (answer === null) return whole;
    const moved = posix.relative(posix.dirname(from), `${ORACLE_TEST_DIR}/${answer.id}/${answer.name.replace(/\.ts$/, ".js")}`);
    return `${lead}${quote}${moved.startsWith(".") ? moved : `./${moved}`}${quote}`;
  });
}

/** True for the files whose text is read for the plan: scripts and tests. */
function isScript(file: string): boolean {
  return /\.(?:[cm]?ts|[cm]?js)(?:\.txt)?$/.test(file);
}

/**
 * The plan of the template from the tracked `files` (relative, `/`-separated) and `read` (a file's
 * text). Every exercise folder `NN-slug` under `solutions/` becomes the oracle.
 */
export function templatePlan(files: readonly string[], read: (file: string) => string): TemplatePlan {
  const all = new Set(files);
  const reasons = new Map<string, string>();
  const devOnly = all.has("package.json") ? devOnlyPackages(read("package.json")) : new Set<string>();
  for (const file of files) {
    const instructor = instructorOnly(file);
    const needsFull = (file.startsWith("test/") || file.startsWith("bench/")) && isScript(file) ? packageImports(read(file)).find((name) => devOnly.has(name)) : undefined;
    if (file.startsWith(SOLUTIONS_FOLDER)) reasons.set(file, "the worked answers");
    else if (instructor !== null) reasons.set(file, instructor);
    else if (needsFull !== undefined) reasons.set(file, `imports ${needsFull}, which the learner install leaves out (an authors' check)`);
    else if (!isGradedExerciseTest(file) && !mayNameSolutions(file) && isScript(file) && /\bsolutions\b/.test(read(file)))
      reasons.set(file, "reads the worked answers (an authors' check)");
    else if (!isGradedExerciseTest(file) && !mayNameSolutions(file) && file !== "typedoc.config.mjs" && isScript(file) && namesInstructorDocs(read(file)))
      reasons.set(file, "reads the instructor's guides (an authors' check)");
  }
  // Whatever imports a file left out goes too, until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const file of files) {
      if (reasons.has(file) || !isScript(file) || isGradedExerciseTest(file)) continue;
      const gone = relativeImports(read(file))
        .map((spec) => importTarget(file, spec, all))
        .find((target) => target !== null && reasons.has(target) && !(isCliScript(file) && answerFile(target) !== null));
      if (gone !== undefined && gone !== null) {
        reasons.set(file, `imports ${gone}, left out`);
        changed = true;
      }
    }
  }
  const write = new Map<string, string>();
  const gone = (file: string): boolean => reasons.has(file);
  const notInCopy = all.has("package.json") ? notInCopyScripts(learnerPackageJson(read("package.json"), gone)) : new Set<string>();
  for (const file of files) {
    if (reasons.has(file)) continue;
    if (file.endsWith(".md")) {
      const text = read(file);
      let learners: string;
      try {
        learners = withoutAuthorsOnly(text);
      } catch (error) {
        throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const unlinked = unlinkLeftOut(file, learners, gone, files);
      const plain = file === "README.md" ? learnerReadme(unlinked, notInCopy) : unlinked;
      if (plain !== text) write.set(file, plain);
    } else if (file === "typedoc.config.mjs") {
      const text = read(file);
      const kept = withoutDocuments(text, gone);
      if (kept !== text) write.set(file, kept);
    } else if (file === "package.json") write.set(file, learnerPackageJson(read(file), gone));
    else if ((QUIET_MODULES as readonly string[]).includes(file)) write.set(file, withShortModuleDoc(read(file)));
  }
  for (const file of files) {
    if (isGradedExerciseTest(file)) write.set(file, toOracleImports(read(file)));
    else if (isCliScript(file) && !reasons.has(file)) {
      const text = read(file);
      const moved = cliOracleImports(file, text, all);
      if (moved !== text) write.set(file, moved);
    }
    const answer = answerFile(file);
    if (answer !== null) {
      const text = deeperImports(read(file));
      write.set(`${ORACLE_TEST_DIR}/${answer.id}/${answer.name}`, text);
      write.set(`${PRISTINE_TESTS}${ORACLE_TEST_DIR}/${answer.id}/${answer.name}.txt`, text);
    }
  }
  return {
    keep: files.filter((file) => !reasons.has(file) && !write.has(file)),
    write,
    leftOut: files.filter((file) => reasons.has(file)).map((file) => ({ file, reason: reasons.get(file) ?? "" })),
  };
}
